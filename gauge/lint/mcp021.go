package lint

import (
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/text"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// mcp021 is MCP021 parameter-description-restates-name.
func mcp021() Rule {
	return Rule{
		ID: "MCP021", Name: "parameter-description-restates-name", Family: "Parameters",
		Summary: "A parameter's description only repeats its name.",
		Default: Info, Toolgauge: Info, Scope: ScopeParameter, Origin: OriginToolgauge,
		Revision: 1, Check: checkMCP021,
	}
}

func checkMCP021(ctx *Context) []Problem {
	var out []Problem
	eachObjectParam(ctx, func(t *tgTool, p *tgParam) {
		d := p.desc
		if !p.hasDesc || !text.IsSubsetOfName(d, p.name) {
			return
		}
		out = append(out, Problem{
			Tool: t.name, Parameter: p.name,
			Message:    fmt.Sprintf("`%s.%s`'s description (%s) only restates its name.", t.name, p.name, compat.PyRepr(text.CollapseSpace(d))),
			Suggestion: fmt.Sprintf("Describe what `%s` adds beyond its name: units, the accepted range, where the value comes from, or an example. \"The limit\" as the description of `limit` costs tokens and teaches the model nothing.", p.name),
		})
	})
	return out
}
