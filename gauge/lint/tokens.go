package lint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/tokens"
)

// memoTokenCounter is the memo key of the run's BPE counter (Config.Tokens).
const memoTokenCounter = "tokens.counter"

// lintTokens returns the run's shared BPE counter: Config.Tokens, or a new
// counter made on first use.
func lintTokens(ctx *Context) *tokens.Counter {
	return ctx.Memo(memoTokenCounter, func() any { return tokens.New() }).(*tokens.Counter)
}

// serverTokens is the o200k size of all tool definitions, computed once.
func serverTokens(ctx *Context) int {
	return ctx.Memo("qg.serverTokens", func() any { return lintTokens(ctx).ServerTokens(ctx.Tools) }).(int)
}

// largestTools names the k largest tool definitions with their o200k
// sizes, largest first ("`a` 900, `b` 400").
func largestTools(ctx *Context, k int) string {
	type ts struct {
		name string
		n    int
	}
	c := lintTokens(ctx)
	var all []ts
	for i := range ctx.Tools {
		all = append(all, ts{ctx.Tools[i].Name, c.ToolTokens(&ctx.Tools[i])})
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].n > all[b].n })
	var parts []string
	for i := 0; i < len(all) && i < k; i++ {
		parts = append(parts, fmt.Sprintf("`%s` %d", all[i].name, all[i].n))
	}
	return strings.Join(parts, ", ")
}
