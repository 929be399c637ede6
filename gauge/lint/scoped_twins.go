package lint

import (
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// scopeWords open the scope a name adds to another tool's name: the words
// after them name what the narrower tool is limited to (search_modules
// and search_modules_by_org, get_tools and get_tools_by_author).
var scopeWords = map[string]bool{"by": true, "for": true, "in": true, "within": true}

// preciseScopedTwins returns the pairs (i<j) of tools where one is the
// other narrowed to a value of one of the other's own parameters: its
// name is the other's name (two words at least) with a scope word and the
// words of a parameter name added at the end (search_iac_modules_by_org
// beside search_iac_modules, bulk_move_by_sender beside bulk_move), that
// parameter is one the broader tool takes as an option of the same type
// and the narrower one requires, and every parameter of the narrower tool
// is a parameter of the broader one of the same type. Called with that
// parameter set, the broader tool does the narrower one's job, so a model
// has two calls for one request and nothing to choose by unless a
// description says when to use each (the usual MCP014 excuse). A suffix
// that names no parameter (by_id beside an integrationId, in_monday), a
// scope parameter the broader tool already requires (reverse_transaction
// and reverse_transaction_by_id, both requiring the id) or a narrower
// tool with a parameter of its own is another call, not a twin. Names are
// indexed by their words, so the reading is linear in tools.
func preciseScopedTwins(tools []tgTool) [][2]int {
	byName := map[string]int{}
	for i := range tools {
		key := strings.Join(tools[i].nameWords, " ")
		if _, dup := byName[key]; !dup {
			byName[key] = i
		}
	}
	var out [][2]int
	for i := range tools {
		long := &tools[i]
		w := long.nameWords
		for k := 2; k < len(w)-1; k++ {
			if !scopeWords[w[k]] {
				continue
			}
			j, ok := byName[strings.Join(w[:k], " ")]
			if !ok || j == i {
				continue
			}
			if scopedTwin(&tools[j], long, strings.Join(w[k+1:], "")) {
				out = append(out, [2]int{min(i, j), max(i, j)})
			}
			break
		}
	}
	slices.SortFunc(out, comparePairs)
	return slices.Compact(out)
}

// scopedTwin reports whether narrow is broad limited to the parameter its
// name's scope words spell (scope, the words joined): narrow requires that
// parameter, broad takes it without requiring it, and each of narrow's
// parameters is one of broad's of the same type.
func scopedTwin(broad, narrow *tgTool, scope string) bool {
	if len(narrow.params) == 0 || !paramsWithin(narrow, broad) {
		return false
	}
	for i := range narrow.params {
		name := narrow.params[i].name
		if !scopeNames(scope, name) {
			continue
		}
		named := func(r string) bool { return strings.EqualFold(r, name) }
		return slices.ContainsFunc(narrow.t.Required(), named) && !slices.ContainsFunc(broad.t.Required(), named)
	}
	return false
}

// scopeNames reports whether a name's scope words (joined, lower case)
// spell a parameter's name, its separators and case aside, or the
// singular of one spells the other's (tag and tags).
func scopeNames(scope, param string) bool {
	p := strings.Join(text.IdentifierTokens(param), "")
	p = strings.ToLower(p)
	return scope != "" && (scope == p || text.Singular(scope) == text.Singular(p))
}

// paramTypeOf is a parameter schema's "type" as written ("" when it has
// none or a list of types).
func paramTypeOf(obj map[string]any) string {
	s, _ := obj["type"].(string)
	return s
}
