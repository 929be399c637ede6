package lint

import (
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// annotationRules returns the Annotations family of mcp-toolgauge not yet in
// their own files (MCP041-MCP042).
func annotationRules() []Rule {
	return []Rule{
		{
			ID: "MCP041", Name: "read-only-tool-without-hint", Family: "Annotations",
			Summary: "A tool that looks read-only declares no readOnlyHint.",
			Default: Warning, Toolgauge: Warning, Scope: ScopeTool, Origin: OriginToolgauge,
			Check: checkMCP041,
		},
		{
			ID: "MCP042", Name: "missing-idempotent-hint", Family: "Annotations",
			Summary: "A tool that changes state declares no idempotentHint.",
			Default: Info, Toolgauge: Info, Scope: ScopeTool, Origin: OriginToolgauge,
			Check: checkMCP042,
		},
	}
}

// hintUnset reports whether the annotations are absent or the chosen hint is
// null. An explicit false is an answer, not a finding.
func hintUnset(t *tgTool, pick func(*model.Annotations) *bool) bool {
	return t.t.Annotations == nil || pick(t.t.Annotations) == nil
}

func annotationCheck(ctx *Context, fires func(t *tgTool) bool, msg, sug string) []Problem {
	var out []Problem
	tools := tgTools(ctx)
	for i := range tools {
		t := &tools[i]
		if !fires(t) {
			continue
		}
		out = append(out, Problem{
			Tool:       t.name,
			Message:    fmt.Sprintf(msg, t.name),
			Suggestion: fmt.Sprintf(sug, t.name),
		})
	}
	return out
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
