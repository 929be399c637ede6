package lint

import "fmt"

// mcp052 is MCP052 too-many-tools.
func mcp052() Rule {
	return Rule{
		ID: "MCP052", Name: "too-many-tools", Family: "Budget",
		Summary: "The server has enough tools that selection accuracy suffers.",
		Default: Warning, Toolgauge: Warning, Scope: ScopeServer, Origin: OriginToolgauge,
		Revision: 1, Check: checkMCP052,
	}
}

// tgToolCountLimit is the number of tools past which MCP052 fires.
const tgToolCountLimit = 40

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
