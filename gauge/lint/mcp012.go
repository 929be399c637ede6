package lint

import (
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/text"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// mcp012 is MCP012 description-restates-name.
func mcp012() Rule {
	return Rule{
		ID: "MCP012", Name: "description-restates-name", Family: "Description",
		Summary: "The description only repeats the words already in the name.",
		Default: Info, Toolgauge: Warning, Scope: ScopeTool, Origin: OriginToolgauge,
		Revision: 1, Check: checkMCP012,
	}
}

func checkMCP012(ctx *Context) []Problem {
	var out []Problem
	for _, t := range tgTools(ctx) {
		if t.desc == "" || !text.IsSubsetOfName(t.desc, t.name) {
			continue
		}
		out = append(out, Problem{
			Tool:       t.name,
			Message:    fmt.Sprintf("`%s`'s description (%s) only restates its name.", t.name, compat.PyRepr(text.CollapseSpace(t.desc))),
			Suggestion: fmt.Sprintf("Tell the model what the name `%s` cannot: what the tool acts on, what it returns, and when to use it rather than a similar tool. A description that repeats the name adds tokens and no signal.", t.name),
		})
	}
	return out
}
