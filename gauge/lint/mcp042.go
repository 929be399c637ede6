package lint

import "github.com/mcpgauge/mcpgauge/gauge/model"

// mcp042 is MCP042 missing-idempotent-hint.
func mcp042() Rule {
	return Rule{
		ID: "MCP042", Name: "missing-idempotent-hint", Family: "Annotations",
		Summary: "A tool that changes state declares no idempotentHint.",
		Default: Info, Toolgauge: Info, Scope: ScopeTool, Origin: OriginToolgauge,
		Revision: 1, Check: checkMCP042,
	}
}

func checkMCP042(ctx *Context) []Problem {
	return annotationCheck(ctx,
		func(t *tgTool) bool {
			if ctx.Precise() && t.t.Annotations != nil && t.t.Annotations.ReadOnlyHint != nil && *t.t.Annotations.ReadOnlyHint {
				return false // a read-only tool changes no state
			}
			return !tgReadsLikeQuery(t) && hintUnset(t, func(a *model.Annotations) *bool { return a.IdempotentHint })
		},
		"`%s` changes state but declares no `idempotentHint`.",
		"Set `idempotentHint` in `%s`'s annotations: true if calling it twice with the same arguments has the same effect as calling it once, "+
			"false otherwise. Clients use it to decide whether a call that timed out may be retried.")
}
