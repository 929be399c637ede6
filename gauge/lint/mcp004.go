package lint

import (
	"fmt"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// mcp004 is MCP004 mixed-naming-conventions.
func mcp004() Rule {
	return Rule{
		ID: "MCP004", Name: "mixed-naming-conventions", Family: "Naming",
		Summary: "The server mixes naming conventions across its tools.",
		Default: Warning, Toolgauge: Warning, Scope: ScopeServer, Origin: OriginToolgauge,
		Revision: 1, Check: checkMCP004,
	}
}

func checkMCP004(ctx *Context) []Problem {
	type named struct{ name, style string }
	var decided []named
	var styles []string
	counts := map[string]int{}
	for _, t := range tgTools(ctx) {
		s := text.NamingStyle(t.name)
		if s == text.StyleFlat {
			continue
		}
		decided = append(decided, named{t.name, s})
		if counts[s] == 0 {
			styles = append(styles, s)
		}
		counts[s]++
	}
	if len(styles) < 2 {
		return nil
	}
	// Most common first; ties keep first-seen order (Python's Counter).
	ranked := append([]string(nil), styles...)
	for i := 1; i < len(ranked); i++ {
		for j := i; j > 0 && counts[ranked[j]] > counts[ranked[j-1]]; j-- {
			ranked[j], ranked[j-1] = ranked[j-1], ranked[j]
		}
	}
	majority := ranked[0]
	var odd []string
	for _, d := range decided {
		if d.style != majority {
			odd = append(odd, d.name)
		}
	}
	parts := make([]string, len(ranked))
	for i, s := range ranked {
		parts[i] = fmt.Sprintf("%d %s", counts[s], s)
	}
	listed := quoteList(odd)
	return []Problem{{
		Related:    odd,
		Message:    fmt.Sprintf("Tool names mix conventions: %s. The odd ones out are %s.", strings.Join(parts, ", "), listed),
		Suggestion: fmt.Sprintf("Rename %s to %s, the convention most of this server's tools already use. One convention makes the list read as one designed API, and stops a model from treating a difference in spelling as a difference in meaning.", listed, majority),
	}}
}
