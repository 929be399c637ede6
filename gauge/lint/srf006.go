package lint

import (
	"fmt"
	"strings"
)

// srf006 is SRF006 prompt-missing-description.
func srf006() Rule {
	return Rule{
		ID: "SRF006", Name: "prompt-missing-description", Family: "Resources & prompts",
		Summary: "A prompt has no description.",
		Default: Warning, Scope: ScopePrompt, Origin: OriginMcpgauge,
		Revision: 1, Check: checkSRF006,
	}
}

// checkSRF006 fires on a prompt whose description is empty or blank.
func checkSRF006(ctx *Context) []Problem {
	var out []Problem
	for _, p := range ctx.Snap.Prompts {
		if strings.TrimSpace(p.Description) == "" {
			out = append(out, Problem{Entity: "prompt:" + p.Name,
				Message:    fmt.Sprintf("Prompt `%s` has no description.", p.Name),
				Suggestion: "Describe what the prompt produces and when to use it; clients list prompts (often as slash commands) with their descriptions."})
		}
	}
	return out
}
