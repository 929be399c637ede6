package lint

import (
	"fmt"
	"strings"
)

// srf009 is SRF009 instructions-too-long.
func srf009() Rule {
	return Rule{
		ID: "SRF009", Name: "instructions-too-long", Family: "Resources & prompts",
		Summary: "The server instructions are longer than 1,000 tokens.",
		Default: Warning, Scope: ScopeInstr, Origin: OriginMcpgauge,
		Revision: 1, Check: checkSRF009,
	}
}

// srfInstructionsMaxToken is the longest server instructions, in o200k
// tokens, that SRF009 lets pass.
const srfInstructionsMaxToken = 1000

// checkSRF009 fires on instructions longer than srfInstructionsMaxToken
// o200k tokens.
func checkSRF009(ctx *Context) []Problem {
	ins := ctx.Snap.Server.Instructions
	if strings.TrimSpace(ins) == "" {
		return nil
	}
	n := lintTokens(ctx).Count(ins)
	if n <= srfInstructionsMaxToken {
		return nil
	}
	return []Problem{{Entity: "instructions",
		Message:    fmt.Sprintf("The server instructions are %d o200k tokens long (more than %d).", n, srfInstructionsMaxToken),
		Suggestion: "Keep instructions to how the tools fit together (order, prerequisites, limits); move reference material into resources that a client loads only when needed."}}
}
