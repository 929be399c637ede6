package lint

import (
	"fmt"
	"maps"
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
		Revision: 7, Check: checkMCP001,
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
	if len(names) > 2 {
		return preciseKindsExplained(ctx, names)
	}
	if len(names) != 2 || names[0] == names[1] {
		return false
	}
	group := preciseNamedTools(ctx, names)
	if group == nil {
		return false
	}
	a, b := group[0], group[1]
	return kindTokensTellApart(a, b) || a.lowered.MentionsName(b.mentionName) || b.lowered.MentionsName(a.mentionName) || (preciseListAndItem(a.nameTokens, b.nameTokens) || preciseListAndItems(a, b)) && !preciseOneJobNumber(a, b) ||
		preciseNumberNamesType(a, b) || preciseNumberNamesType(b, a) || preciseVersionNumbers(a, b)
}

// preciseVersionNumbers reports whether the numbers that tell two names
// apart are versions of what the tools are about: in each name every
// number follows a "v" or "version" token and more of the name follows it
// (get_v4_breaking_changes beside get_v3_breaking_changes, "Get Vuetify 4
// breaking changes" and "... 3 ..."), and the two names carry different
// numbers there. Those name different things. A version that ends the
// name is the tool's own (export_v1 beside export_v2: which to call?),
// and a bare copy counter (search2 beside search) names nothing (round
// 54).
func preciseVersionNumbers(a, b *tgTool) bool {
	versions := func(toks []string) []string {
		var out []string
		for i, tok := range toks {
			if !text.IsDigits(tok) {
				continue
			}
			if i == 0 || i == len(toks)-1 || !(strings.EqualFold(toks[i-1], "v") || strings.EqualFold(toks[i-1], "version")) {
				return nil
			}
			out = append(out, tok)
		}
		return out
	}
	va, vb := versions(a.nameTokens), versions(b.nameTokens)
	return len(va) > 0 && len(vb) > 0 && !slices.Equal(va, vb)
}

// preciseOneJobNumber reports whether two names that differ only in the
// number of a word before their last (get_variable_group beside
// get_variables_group) still name one job: the two tools take mostly the
// same parameters, require the same ones (none counts), and their descriptions open on verbs of the same
// operations, none of them a list ("Retrieve a variable group by ID …"
// beside "Retrieve the full details of a variables group by its ID …").
// The plural then qualifies the object, it does not make a list of it,
// and one letter is all that tells the two apart (round 47; planton of
// the unseen audits). A plural last word (find_element beside
// find_elements, create_item beside create_items) names many of the
// object: a list or batch beside one item; so does a plural that the
// identity follows (issue_details requiring issueId beside issues_details
// requiring issueIds).
func preciseOneJobNumber(a, b *tgTool) bool {
	if len(a.nameWords) == 0 || len(b.nameWords) == 0 {
		return false
	}
	// The last words must be the same as written: a plural there is a
	// batch, and a trailing version (v1) leaves no head noun to compare.
	last := a.nameWords[len(a.nameWords)-1]
	if last != b.nameWords[len(b.nameWords)-1] || last == "v" || preciseVersionWord.MatchString(last) ||
		!preciseSchemasAlike(a, b) || requiredKey(a) != requiredKey(b) {
		return false
	}
	p, q := preciseLeadVerbOps(a.desc), preciseLeadVerbOps(b.desc)
	return p != nil && !p["list"] && maps.Equal(p, q)
}

// preciseKindsMax is the largest group of names reducing to the same
// words that kind tokens may explain: a family of standards or versions
// is a handful (erc20, erc721, erc1155), and every pair is compared.
const preciseKindsMax = 8

// preciseKindsExplained reports whether three or more tools whose names
// reduce to the same words are told apart pairwise by kind tokens each
// one's description names (list_erc20, list_erc721, list_erc1155: "Lists
// ERC-20 …", "Lists ERC-721 …", "Lists ERC-1155 …"). Two tools of one
// name, or one pair not told apart, keep the group reported.
func preciseKindsExplained(ctx *Context, names []string) bool {
	if len(names) > preciseKindsMax {
		return false
	}
	group := preciseNamedTools(ctx, names)
	if group == nil {
		return false
	}
	for i := range group {
		for j := i + 1; j < len(group); j++ {
			if !kindTokensTellApart(group[i], group[j]) {
				return false
			}
		}
	}
	return true
}

// preciseNamedTools returns the tools of the given names, found through
// one index per run (never a scan of all tools per group), or nil when a
// name is missing or two tools share it.
func preciseNamedTools(ctx *Context, names []string) []*tgTool {
	idx := ctx.Memo("mcp001.toolIndex", func() any {
		tools := tgTools(ctx)
		m := make(map[string]int, len(tools))
		for i := range tools {
			if _, dup := m[tools[i].name]; dup {
				m[tools[i].name] = -1
				continue
			}
			m[tools[i].name] = i
		}
		return m
	}).(map[string]int)
	tools := tgTools(ctx)
	group := make([]*tgTool, 0, len(names))
	for _, n := range names {
		i, ok := idx[n]
		if !ok || i < 0 {
			return nil
		}
		group = append(group, &tools[i])
	}
	return group
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
	diff, _ := pluralDiffs(a, b)
	return diff == 1
}

// pluralDiffs returns how many tokens of two names of the same length
// differ, each the plural of the other's, and whether every plural is in
// the same name; diff is 0 when the names differ in length or in a token
// that is no plural of the other's.
func pluralDiffs(a, b []string) (diff int, oneSide bool) {
	if len(a) != len(b) {
		return 0, false
	}
	side := 0
	oneSide = true
	for i := range a {
		x, y := strings.ToLower(a[i]), strings.ToLower(b[i])
		if x == y {
			continue
		}
		// get_entries and get_entry, activities and activity: a plural
		// in -ies is the same list-and-item pair.
		if x+"s" != y && y+"s" != x && x+"es" != y && y+"es" != x && text.Singular(x) != text.Singular(y) {
			return 0, false
		}
		s := 1
		if len(x) < len(y) {
			s = -1
		}
		if side != 0 && s != side {
			oneSide = false
		}
		side = s
		diff++
	}
	return diff, oneSide
}

// preciseListAndItems reports whether two names differ in two tokens or
// more, each the plural of the other's, all the plurals in one name
// (get_servers_actions beside get_server_action), and the two tools
// require different parameters (MCP001 revision 7, round 56: audit az as
// design material): the item takes the ids the list does not, so the
// names and the schemas carry the one-or-many difference. Without that
// difference in the schemas (get_entries_activities beside
// get_entry_activity, neither taking an id) the pair is still reported.
func preciseListAndItems(a, b *tgTool) bool {
	if requiredKey(a) == requiredKey(b) {
		return false
	}
	diff, oneSide := pluralDiffs(a.nameTokens, b.nameTokens)
	return diff >= 2 && oneSide
}
