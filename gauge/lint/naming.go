package lint

import (
	"fmt"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// namingRules returns the Naming family of mcp-toolgauge (MCP001-MCP004).
func namingRules() []Rule {
	return []Rule{
		{
			ID: "MCP001", Name: "near-duplicate-tool-names", Family: "Naming",
			Summary: "Two tools have names that reduce to the same words.",
			Default: Error, Toolgauge: Error, Scope: ScopePair, Origin: OriginToolgauge,

			Check: checkMCP001,
		},
		{
			ID: "MCP002", Name: "non-descriptive-tool-name", Family: "Naming",
			Summary: "Every word in the name is generic, so it says nothing about what the tool does.",
			Default: Info, Toolgauge: Warning, Scope: ScopeTool, Origin: OriginToolgauge,

			Check: checkMCP002,
		},
		{
			ID: "MCP003", Name: "name-subject-missing-from-description", Family: "Naming",
			Summary: "A subject named in the tool name never appears in its description.",
			Default: Info, Toolgauge: Warning, Scope: ScopeTool, Origin: OriginToolgauge,

			Check: checkMCP003,
		},
		{
			ID: "MCP004", Name: "mixed-naming-conventions", Family: "Naming",
			Summary: "The server mixes naming conventions across its tools.",
			Default: Warning, Toolgauge: Warning, Scope: ScopeServer, Origin: OriginToolgauge,

			Check: checkMCP004,
		},
	}
}

func checkMCP001(ctx *Context) []Problem {
	type group struct{ names []string }
	var order []string
	groups := map[string]*group{}
	for _, t := range tgTools(ctx) {
		var key []string
		for _, tok := range t.nameTokens {
			if !isDigits(tok) {
				key = append(key, text.Singular(tok))
			}
		}
		if len(key) == 0 {
			continue
		}
		k := strings.Join(key, "\x00")
		g, ok := groups[k]
		if !ok {
			g = &group{}
			groups[k] = g
			order = append(order, k)
		}
		g.names = append(g.names, t.name)
	}
	var out []Problem
	for _, k := range order {
		names := groups[k].names
		if len(names) < 2 {
			continue
		}
		if ctx.Precise() && preciseNamesExplained(ctx, names) {
			continue
		}
		first, rest := names[0], append([]string(nil), names[1:]...)
		exact := true
		for _, n := range rest {
			if n != first {
				exact = false
			}
		}
		msg := fmt.Sprintf("`%s` and %s reduce to the same words, so only the descriptions tell them apart.", first, quoteList(rest))
		sug := fmt.Sprintf("Rename %s so each name carries the difference on its own: name the object or the scope that sets them apart (say `create_bug_ticket` and `create_billing_ticket`), never a trailing number or a plural. A model ranks tools by name first, and these names give it nothing to separate them.", quoteList(names))
		if exact {
			msg = fmt.Sprintf("Two tools are both named `%s`.", first)
			sug = fmt.Sprintf("Give each `%s` a unique name, or merge them into one tool. A client can call only one tool per name, so every tool listed after the first is unreachable.", first)
		}
		out = append(out, Problem{Tool: first, Related: rest, Message: msg, Suggestion: sug})
	}
	return out
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func checkMCP002(ctx *Context) []Problem {
	var out []Problem
	for _, t := range tgTools(ctx) {
		n := 0
		generic := true
		for _, tok := range t.nameTokens {
			if isDigits(tok) {
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

func checkMCP003(ctx *Context) []Problem {
	var out []Problem
	for _, t := range tgTools(ctx) {
		if t.desc == "" || len(t.subject) == 0 {
			continue
		}
		var missing []string
		low := strings.ToLower(t.desc)
		prefix := ""
		if ctx.Precise() {
			prefix = preciseSharedPrefix(ctx)
		}
		for _, tok := range t.subject {
			if ctx.Precise() && (tok == prefix || preciseStopwords[tok] || preciseMentions(low, tok)) {
				continue
			}
			if !text.TokenAppears(tok, t.bag) {
				missing = append(missing, tok)
			}
		}
		if len(missing) == 0 {
			continue
		}
		q := quoteList(missing)
		out = append(out, Problem{
			Tool:       t.name,
			Message:    fmt.Sprintf("`%s` promises %s in its name, but the description never mentions it.", t.name, q),
			Suggestion: fmt.Sprintf("Name %s in the first sentence of `%s`'s description and say what it means here. Models match a request against the description as much as the name, and a description that never names its own subject loses to a sibling whose description does.", q, t.name),
		})
	}
	return out
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
