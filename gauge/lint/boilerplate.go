package lint

import "github.com/mcpgauge/mcpgauge/gauge/text"

// A server's boilerplate: the words most of its descriptions share, and
// what is left of each description without them.

// preciseBoilerplate is the set of content words that appear in most of
// the server's descriptions (at least 3 tools and at least 60% of them):
// the shared phrasing, which says nothing about any one tool.
func preciseBoilerplate(ctx *Context) text.Bag {
	return ctx.Memo("precise.boilerplate", func() any {
		tools := tgTools(ctx)
		bag := text.Bag{}
		described := 0
		counts := map[string]int{}
		for i := range tools {
			if tools[i].desc == "" {
				continue
			}
			described++
			for w := range tools[i].bag {
				counts[w]++
			}
		}
		if described < 3 {
			return bag
		}
		for w, c := range counts {
			if 10*c >= 6*described {
				bag[w] = struct{}{}
			}
		}
		return bag
	}).(text.Bag)
}

// preciseSpecific is a tool's description bag without the server's
// boilerplate words.
func preciseSpecific(ctx *Context, t *tgTool) text.Bag {
	bp := preciseBoilerplate(ctx)
	out := make(text.Bag, len(t.bag))
	for w := range t.bag {
		if _, shared := bp[w]; !shared {
			out[w] = struct{}{}
		}
	}
	return out
}
