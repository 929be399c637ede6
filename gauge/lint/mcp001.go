package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// mcp001 is MCP001 near-duplicate-tool-names.
func mcp001() Rule {
	return Rule{
		ID: "MCP001", Name: "near-duplicate-tool-names", Family: "Naming",
		Summary: "Two tools have names that reduce to the same words.",
		Default: Error, Toolgauge: Error, Scope: ScopePair, Origin: OriginToolgauge,
		Revision: 3, Check: checkMCP001,
	}
}

func checkMCP001(ctx *Context) []Problem {
	type group struct{ names []string }
	var order []string
	groups := map[string]*group{}
	for _, t := range tgTools(ctx) {
		var key []string
		for _, tok := range t.nameTokens {
			if !text.IsDigits(tok) {
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

// preciseNamesExplained reports whether two tools whose names reduce to the
// same words are told apart by a description that names the other
// (browser_network_requests lists, browser_network_request details one:
// "Use browser_network_request with the number").
func preciseNamesExplained(ctx *Context, names []string) bool {
	if len(names) != 2 || names[0] == names[1] {
		return false
	}
	tools := tgTools(ctx)
	var a, b *tgTool
	for i := range tools {
		switch tools[i].name {
		case names[0]:
			a = &tools[i]
		case names[1]:
			b = &tools[i]
		}
	}
	if a == nil || b == nil {
		return false
	}
	return a.lowered.MentionsName(b.mentionName) || b.lowered.MentionsName(a.mentionName) || preciseListAndItem(a.nameTokens, b.nameTokens) ||
		preciseNumberNamesType(a, b) || preciseNumberNamesType(b, a)
}

// preciseNumberNamesType reports whether a number in a's name that b's
// lacks is part of the name of a different thing, as its description
// says: show_services_icmp6 describes "ICMPv6 service objects", a word
// of letters ending in the number that b's description does not use
// (IPv6, S3, HTTP2). A bare copy counter (search2 beside search) has no
// such word.
func preciseNumberNamesType(a, b *tgTool) bool {
	for _, tok := range a.nameTokens {
		if !text.IsDigits(tok) || slices.Contains(b.nameTokens, tok) {
			continue
		}
		for _, w := range preciseWord.FindAllString(strings.ToLower(a.desc), -1) {
			if len(w) > len(tok)+1 && strings.HasSuffix(w, tok) && !text.IsDigits(w[:len(w)-len(tok)]) &&
				!slices.Contains(preciseWord.FindAllString(strings.ToLower(b.desc), -1), w) {
				return true
			}
		}
	}
	return false
}

// preciseListAndItem reports whether two names differ only by one token
// being the plural of the other's (get_users and get_user,
// firecrawl_monitor_checks and firecrawl_monitor_check, get_entries and
// get_entry): the usual pair of a list and its item.
func preciseListAndItem(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	diff := 0
	for i := range a {
		x, y := strings.ToLower(a[i]), strings.ToLower(b[i])
		if x == y {
			continue
		}
		// get_entries and get_entry, activities and activity: a plural
		// in -ies is the same list-and-item pair.
		if x+"s" != y && y+"s" != x && x+"es" != y && y+"es" != x && text.Singular(x) != text.Singular(y) {
			return false
		}
		diff++
	}
	return diff == 1
}
