package lint

import "fmt"

// mcp010 is MCP010 missing-description.
func mcp010() Rule {
	return Rule{
		ID: "MCP010", Name: "missing-description", Family: "Description",
		Summary: "The tool has no description at all.",
		Default: Error, Toolgauge: Error, Scope: ScopeTool, Origin: OriginToolgauge,
		Revision: 1, Check: checkMCP010,
	}
}

func checkMCP010(ctx *Context) []Problem {
	var out []Problem
	for _, t := range tgTools(ctx) {
		if t.desc != "" {
			continue
		}
		out = append(out, Problem{
			Tool:       t.name,
			Message:    fmt.Sprintf("`%s` has no description.", t.name),
			Suggestion: fmt.Sprintf("Write a description for `%s`: one sentence on what it does and when to use it, one on what it returns. Without one a model has only the name and the parameter names to go on, and will pick any sibling that explains itself instead.", t.name),
		})
	}
	return out
}
