package lint

import "fmt"

// mcp051 is MCP051 server-tool-budget-exceeded.
func mcp051() Rule {
	return Rule{
		ID: "MCP051", Name: "server-tool-budget-exceeded", Family: "Budget",
		Summary: "The server's tool definitions add up to a large context cost.",
		Default: Warning, Toolgauge: Warning, Scope: ScopeServer, Origin: OriginToolgauge,
		Revision: 2, Check: checkMCP051,
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
	unit := "tokens"
	if ctx.Precise() {
		// The default profile counts as every other line of a report does
		// (the scan header, QG012, the efficiency part): one figure per
		// server, the o200k BPE size, not toolgauge's chars/4 estimate.
		total, unit = serverTokens(ctx), "o200k tokens"
	}
	if total <= tgServerBudget {
		return nil
	}
	return []Problem{{
		Message:    fmt.Sprintf("The server's %d tool definitions total about %d %s, above the ~%d-token budget every request has to carry.", len(ctx.Tools), total, unit, tgServerBudget),
		Suggestion: fmt.Sprintf("Bring the tool surface under about %d tokens: shorten the largest definitions (MCP050 lists any over %d), merge near-duplicate tools, and move rarely used tools to a separate server. All definitions are sent with every request, before the user's words.", tgServerBudget, tgSingleToolLimit),
	}}
}
