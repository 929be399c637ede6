package lint

import (
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// mcp002 is MCP002 non-descriptive-tool-name.
func mcp002() Rule {
	return Rule{
		ID: "MCP002", Name: "non-descriptive-tool-name", Family: "Naming",
		Summary: "Every word in the name is generic, so it says nothing about what the tool does.",
		Default: Info, Toolgauge: Warning, Scope: ScopeTool, Origin: OriginToolgauge,
		Revision: 1, Check: checkMCP002,
	}
}

func checkMCP002(ctx *Context) []Problem {
	var out []Problem
	for _, t := range tgTools(ctx) {
		n := 0
		generic := true
		for _, tok := range t.nameTokens {
			if text.IsDigits(tok) {
				continue
			}
			n++
			if !text.IsGeneric(tok) {
				generic = false
			}
		}
		if n == 0 || !generic {
			continue
		}
		out = append(out, Problem{
			Tool:       t.name,
			Message:    fmt.Sprintf("Every word in `%s` is generic, so the name says nothing about what the tool operates on.", t.name),
			Suggestion: fmt.Sprintf("Rename `%s` to a verb plus the thing it acts on, such as `search_tickets` or `get_user_profile`. A name built only from words like get, run, data or stuff could belong to any server, so a model has nothing to match a request against.", t.name),
		})
	}
	return out
}
