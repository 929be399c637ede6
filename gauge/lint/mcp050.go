package lint

import "fmt"

// mcp050 is MCP050 single-tool-definition-too-large.
func mcp050() Rule {
	return Rule{
		ID: "MCP050", Name: "single-tool-definition-too-large", Family: "Budget",
		Summary: "A single tool's definition is large enough to crowd out its neighbours.",
		Default: Info, Toolgauge: Info, Scope: ScopeTool, Origin: OriginToolgauge,
		Revision: 2, Check: checkMCP050,
	}
}

func checkMCP050(ctx *Context) []Problem {
	var out []Problem
	unit := "tokens"
	if ctx.Precise() {
		unit = "o200k tokens"
	}
	for i, n := range tgDefinitionTokens(ctx) {
		if ctx.Precise() {
			// One figure per tool in every line of a report: the o200k size.
			n = lintTokens(ctx).ToolTokens(&ctx.Tools[i])
		}
		if n <= tgSingleToolLimit {
			continue
		}
		name := ctx.Tools[i].Name
		out = append(out, Problem{
			Tool:       name,
			Message:    fmt.Sprintf("`%s`'s definition is about %d %s, well past the ~%d where one tool starts to crowd the others.", name, n, unit, tgSingleToolLimit),
			Suggestion: fmt.Sprintf("Trim `%s` to what a model needs to choose it: move exhaustive detail into the parameter descriptions it needs once chosen, cut repeated boilerplate, and split a tool that does several jobs. Every request pays for this definition whether or not the tool is called.", name),
		})
	}
	return out
}
