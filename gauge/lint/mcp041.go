package lint

import "github.com/mcpgauge/mcpgauge/gauge/model"

// mcp041 is MCP041 read-only-tool-without-hint.
func mcp041() Rule {
	return Rule{
		ID: "MCP041", Name: "read-only-tool-without-hint", Family: "Annotations",
		Summary: "A tool that looks read-only declares no readOnlyHint.",
		Default: Warning, Toolgauge: Warning, Scope: ScopeTool, Origin: OriginToolgauge,
		Revision: 1, Check: checkMCP041,
	}
}

func checkMCP041(ctx *Context) []Problem {
	return annotationCheck(ctx,
		func(t *tgTool) bool {
			return tgReadsLikeQuery(t) && hintUnset(t, func(a *model.Annotations) *bool { return a.ReadOnlyHint })
		},
		"`%s` reads as read-only but declares no `readOnlyHint`.",
		"Set `readOnlyHint: true` in `%s`'s annotations. Clients use it to run safe tools without interrupting the user; "+
			"an unmarked read gets the same confirmation prompt as a delete.")
}
