package lint

import "strings"

// srf010 is SRF010 instructions-empty.
func srf010() Rule {
	return Rule{
		ID: "SRF010", Name: "instructions-empty", Family: "Resources & prompts",
		Summary: "The server sends instructions that are only whitespace.",
		Default: Info, Scope: ScopeInstr, Origin: OriginMcpgauge,
		Revision: 1, Check: checkSRF010,
	}
}

// checkSRF010 fires on instructions that are sent but hold only whitespace.
func checkSRF010(ctx *Context) []Problem {
	ins := ctx.Snap.Server.Instructions
	if ins == "" || strings.TrimSpace(ins) != "" {
		return nil
	}
	return []Problem{{Entity: "instructions",
		Message:    "The server sends instructions that contain only whitespace.",
		Suggestion: "Either write instructions (how the tools fit together) or leave the field out."}}
}
