package lint

import "fmt"

// mcp051 is MCP051 server-tool-budget-exceeded.
func mcp051() Rule {
	return Rule{
		ID: "MCP051", Name: "server-tool-budget-exceeded", Family: "Budget",
		Summary: "The server's tool definitions add up to a large context cost.",
		Default: Warning, Toolgauge: Warning, Scope: ScopeServer, Origin: OriginToolgauge,
		Revision: 1, Check: checkMCP051,
	}
}

// tgServerBudget is the size in tokens of all definitions together past
// which MCP051 fires (fixed, as toolgauge has it).
const tgServerBudget = 5000

func checkMCP051(ctx *Context) []Problem {
	total := 0
	for _, n := range tgDefinitionTokens(ctx) {
		total += n
	}
	if total <= tgServerBudget {
		return nil
	}
	return []Problem{{
		Message:    fmt.Sprintf("The server's %d tool definitions total about %d tokens, above the ~%d-token budget every request has to carry.", len(ctx.Tools), total, tgServerBudget),
		Suggestion: fmt.Sprintf("Bring the tool surface under about %d tokens: shorten the largest definitions (MCP050 lists any over %d), merge near-duplicate tools, and move rarely used tools to a separate server. All definitions are sent with every request, before the user's words.", tgServerBudget, tgSingleToolLimit),
	}}
}
