package lint

import "github.com/mcpgauge/mcpgauge/gauge/text"

// The server's namespace: a name prefix most of its tools share.

// preciseSharedPrefix returns the first name token shared by at least half
// of the server's tools (and by at least two): git_ on a git server,
// browser_ on a browser server. It is the server's namespace, not a subject
// a description should repeat.
func preciseSharedPrefix(ctx *Context) string {
	return ctx.Memo("precise.prefix", func() any {
		tools := tgTools(ctx)
		if len(tools) < 2 {
			return ""
		}
		counts := map[string]int{}
		for i := range tools {
			if len(tools[i].nameTokens) > 1 {
				counts[text.Singular(tools[i].nameTokens[0])]++
			}
		}
		best, n := "", 0
		for tok, c := range counts {
			if c > n || c == n && tok < best {
				best, n = tok, c
			}
		}
		if n < 2 || 2*n < len(tools) {
			return ""
		}
		return best
	}).(string)
}
