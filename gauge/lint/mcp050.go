package lint

import "fmt"

// mcp050 is MCP050 single-tool-definition-too-large.
func mcp050() Rule {
	return Rule{
		ID: "MCP050", Name: "single-tool-definition-too-large", Family: "Budget",
		Summary: "A single tool's definition is large enough to crowd out its neighbours.",
		Default: Info, Toolgauge: Info, Scope: ScopeTool, Origin: OriginToolgauge,
		Revision: 3, Check: checkMCP050,
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
		p := Problem{
			Tool:       name,
			Message:    fmt.Sprintf("`%s`'s definition is about %d %s, well past the ~%d where one tool starts to crowd the others.", name, n, unit, tgSingleToolLimit),
			Suggestion: fmt.Sprintf("Trim `%s` to what a model needs to choose it: move exhaustive detail into the parameter descriptions it needs once chosen, cut repeated boilerplate, and split a tool that does several jobs. Every request pays for this definition whether or not the tool is called.", name),
		}
		if ctx.Precise() {
			// Revision 3 (round 36): a description that alone is past
			// mcp050ManualTokens is a manual, not a choice aid: that is
			// sure, where a schema's size may be what the tool needs.
			if d := lintTokens(ctx).Count(ctx.Tools[i].RawDescription); d >= mcp050ManualTokens {
				p.Severity = Warning
				p.Message = fmt.Sprintf("`%s`'s description alone is about %d o200k tokens (its definition about %d): a reference manual, sent with every request.", name, d, n)
				p.Suggestion = fmt.Sprintf("Keep two or three sentences in `%s`'s description (what it does, when to use it) and move the reference, examples and workflow into a resource, a prompt or the server's docs. Every request pays for this description whether or not the tool is called.", name)
			}
		}
		out = append(out, p)
	}
	return out
}

// mcp050ManualTokens is the description size (o200k tokens) from which the
// default profile reports MCP050 at warning: a description over a thousand
// tokens is already past the ~800 that the whole definition of one tool
// should stay under, with no schema counted.
const mcp050ManualTokens = 1000
