package lint

import "fmt"

// srf008 is SRF008 prompt-duplicate-name.
func srf008() Rule {
	return Rule{
		ID: "SRF008", Name: "prompt-duplicate-name", Family: "Resources & prompts",
		Summary: "Two prompts, or two arguments of one prompt, share a name.",
		Default: Error, Scope: ScopePrompt, Origin: OriginMcpgauge,
		Revision: 1, Check: checkSRF008,
	}
}

// checkSRF008 fires once on each prompt name listed twice or more, and
// once on each argument name one prompt declares twice or more.
func checkSRF008(ctx *Context) []Problem {
	var out []Problem
	seen := map[string]int{}
	for _, p := range ctx.Snap.Prompts {
		seen[p.Name]++
		if seen[p.Name] == 2 {
			out = append(out, Problem{Entity: "prompt:" + p.Name,
				Message:    fmt.Sprintf("More than one prompt is named `%s`.", p.Name),
				Suggestion: "Give every prompt a unique name; prompts/get selects by name, so all but one are unreachable."})
		}
	}
	for _, p := range ctx.Snap.Prompts {
		args := map[string]int{}
		for _, a := range p.Arguments {
			args[a.Name]++
			if args[a.Name] == 2 {
				out = append(out, Problem{Entity: "prompt:" + p.Name, Parameter: a.Name,
					Message:    fmt.Sprintf("Prompt `%s` declares the argument `%s` more than once.", p.Name, a.Name),
					Suggestion: "Declare each argument once; arguments are passed as a name-to-value map."})
			}
		}
	}
	return out
}
