package lint

import "fmt"

// budgetRules returns the Budget family of mcp-toolgauge (MCP050-MCP052).
// Sizes are the chars/4 estimate of DefinitionText; the limits are fixed.
func budgetRules() []Rule {
	return []Rule{
		{
			ID: "MCP050", Name: "single-tool-definition-too-large", Family: "Budget",
			Summary: "A single tool's definition is large enough to crowd out its neighbours.",
			Default: Info, Toolgauge: Info, Scope: ScopeTool, Origin: OriginToolgauge,
			Check: checkMCP050,
		},
		{
			ID: "MCP051", Name: "server-tool-budget-exceeded", Family: "Budget",
			Summary: "The server's tool definitions add up to a large context cost.",
			Default: Warning, Toolgauge: Warning, Scope: ScopeServer, Origin: OriginToolgauge,
			Check: checkMCP051,
		},
		{
			ID: "MCP052", Name: "too-many-tools", Family: "Budget",
			Summary: "The server has enough tools that selection accuracy suffers.",
			Default: Warning, Toolgauge: Warning, Scope: ScopeServer, Origin: OriginToolgauge,
			Check: checkMCP052,
		},
	}
}

func checkMCP050(ctx *Context) []Problem {
	var out []Problem
	for i, n := range tgDefinitionTokens(ctx) {
		if n <= tgSingleToolLimit {
			continue
		}
		name := ctx.Tools[i].Name
		out = append(out, Problem{
			Tool:       name,
			Message:    fmt.Sprintf("`%s`'s definition is about %d tokens, well past the ~%d where one tool starts to crowd the others.", name, n, tgSingleToolLimit),
			Suggestion: fmt.Sprintf("Trim `%s` to what a model needs to choose it: move exhaustive detail into the parameter descriptions it needs once chosen, cut repeated boilerplate, and split a tool that does several jobs. Every request pays for this definition whether or not the tool is called.", name),
		})
	}
	return out
}

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

func checkMCP052(ctx *Context) []Problem {
	n := len(ctx.Tools)
	if n <= tgToolCountLimit {
		return nil
	}
	return []Problem{{
		Message:    fmt.Sprintf("The server advertises %d tools, past the ~%d where model tool-selection measurably degrades.", n, tgToolCountLimit),
		Suggestion: fmt.Sprintf("Cut the list to at most about %d tools: merge variants of one action into a single tool with a parameter, drop tools nobody calls, or split the rest across focused servers a client can enable on demand.", tgToolCountLimit),
	}}
}
