package lint

import (
	"fmt"
	"strings"
)

// srf007 is SRF007 prompt-argument-missing-description.
func srf007() Rule {
	return Rule{
		ID: "SRF007", Name: "prompt-argument-missing-description", Family: "Resources & prompts",
		Summary: "A prompt argument has no description.",
		Default: Warning, Scope: ScopePrompt, Origin: OriginMcpgauge,
		Revision: 1, Check: checkSRF007,
	}
}

// checkSRF007 fires on each prompt argument whose description is empty or
// blank.
func checkSRF007(ctx *Context) []Problem {
	var out []Problem
	for _, p := range ctx.Snap.Prompts {
		for _, a := range p.Arguments {
			if strings.TrimSpace(a.Description) == "" {
				req := "optional"
				if a.Required {
					req = "required"
				}
				out = append(out, Problem{Entity: "prompt:" + p.Name, Parameter: a.Name,
					Message:    fmt.Sprintf("The %s argument `%s` of prompt `%s` has no description.", req, a.Name, p.Name),
					Suggestion: fmt.Sprintf("Describe `%s`: what value to give and in what format, with an example; clients show it when asking the user to fill it in.", a.Name)})
			}
		}
	}
	return out
}
