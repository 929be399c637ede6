package lint

import (
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// tgSingleToolLimit is the size in tokens past which one tool's definition
// crowds the others (MCP050; MCP051's advice names it). toolgauge fixes it.
const tgSingleToolLimit = 800

// DefinitionText is the text mcp-toolgauge sizes a tool by: its name, "\n",
// its normalised description (or ""), "\n", and its input schema serialised
// with sorted keys, Python's default separators and ASCII escapes, numbers
// spelled as Python writes them (1.5, 1e+21, 100.0). The output schema and
// annotations are left out.
func DefinitionText(t *model.Tool) string {
	schema, err := model.Canonical(t.InputSchema, model.PyDefault)
	if err != nil || t.InputSchema == nil {
		schema = []byte("{}")
	}
	return t.Name + "\n" + t.Description + "\n" + string(schema)
}

// DefinitionTokens is the chars/4 token estimate of DefinitionText.
func DefinitionTokens(t *model.Tool) int { return text.EstimateTokens(DefinitionText(t)) }

// tgDefinitionTokens returns every tool's DefinitionTokens, computed once per run.
func tgDefinitionTokens(ctx *Context) []int {
	return ctx.Memo("toolgauge.definition_tokens", func() any {
		out := make([]int, len(ctx.Tools))
		for i := range ctx.Tools {
			out[i] = DefinitionTokens(&ctx.Tools[i])
		}
		return out
	}).([]int)
}
