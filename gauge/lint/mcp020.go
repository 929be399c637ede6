package lint

import "fmt"

// mcp020 is MCP020 parameter-missing-description.
func mcp020() Rule {
	return Rule{
		ID: "MCP020", Name: "parameter-missing-description", Family: "Parameters",
		Summary: "A parameter has no description.",
		Default: Warning, Toolgauge: Warning, Scope: ScopeParameter, Origin: OriginToolgauge,
		Revision: 1, Check: checkMCP020,
	}
}

func checkMCP020(ctx *Context) []Problem {
	var out []Problem
	eachObjectParam(ctx, func(t *tgTool, p *tgParam) {
		if p.hasDesc {
			return
		}
		out = append(out, Problem{
			Tool: t.name, Parameter: p.name,
			Message:    fmt.Sprintf("`%s.%s` has no description.", t.name, p.name),
			Suggestion: fmt.Sprintf("Add a `description` to `%s`: what it means, what a valid value looks like, and what happens when it is left out. An auto-generated `title` does not count; it is only the parameter name capitalised.", p.name),
		})
	})
	return out
}
