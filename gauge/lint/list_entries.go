package lint

import (
	"regexp"
	"strings"
)

// Readings since MCP040 revision 33 and QG009 revision 20 (issue 21, round
// 28): entries taken out of a list that a sibling puts back.
//
// A removal whose description opens "Remove <entries> from <holder>"
// beside a sibling whose description opens "Add <entries> to <holder>"
// and which takes exactly the same arguments (every nested parameter
// path the same) is undone by that sibling, when the arguments carry the
// entries themselves as a list of plain values (addresses, emails,
// domains, ids): what goes is the entries' place in the list, and the
// call that puts them back needs nothing the removal did not already
// hold. The name may say "from" (remove_tag_from_task) or not
// (webhooks-addresses-remove); hyphens, a trailing verb and a wrapped
// request object change nothing.

// listRemoveFromOpening is a first sentence that takes something out of
// a holder: "Remove addresses from EVM activity webhook", "Removes the
// given users from the group", "Detach policies from a role".
var listRemoveFromOpening = regexp.MustCompile(`(?i)^\s*(?:removes?|detach(?:es)?|unassigns?|unlinks?|disconnects?)\s+(?:[\w.-]+\s+){1,5}?from\s+\S`)

// listAddToOpening is a first sentence that puts something into a
// holder: "Add addresses to EVM activity webhook", "Attach policies to a
// role".
var listAddToOpening = regexp.MustCompile(`(?i)^\s*(?:adds?|attach(?:es)?|assigns?|links?|connects?|appends?)\s+(?:[\w.-]+\s+){1,5}?(?:to|into|on)\s+\S`)

// listRemoval is what a removal's own facts say for the reading above,
// computed once per removal however many siblings are compared with it:
// whether its opening takes entries out of a holder, and its parameters.
type listRemoval struct {
	opensRemove bool
	params      []secParam
}

// listRemovalOf reads self's facts for listEntriesUndone.
func listRemovalOf(self *tgTool) listRemoval {
	if self.destructPhrase || !listRemoveFromOpening.MatchString(preciseProse(self.desc)) {
		return listRemoval{}
	}
	return listRemoval{opensRemove: true, params: secParams(self.t)}
}

// listEntriesUndone reports whether other puts back what the removal r
// takes out of a list, read as above. Both descriptions are read from
// their first sentence; the parameters are compared path by path.
func listEntriesUndone(r listRemoval, other *tgTool) bool {
	if !r.opensRemove || len(r.params) == 0 || !listAddToOpening.MatchString(preciseProse(other.desc)) {
		return false
	}
	mine, theirs := r.params, secParams(other.t)
	if len(mine) != len(theirs) {
		return false
	}
	paths := make(map[string]bool, len(theirs))
	for _, p := range theirs {
		paths[p.path] = true
	}
	plainList := false
	for _, p := range mine {
		if !paths[p.path] {
			return false
		}
		if listOfPlainValues(p.schema) {
			plainList = true
		}
	}
	return plainList
}

// listOfPlainValues reports whether a schema is an array of strings,
// numbers or integers: the entries themselves, not records with values
// of their own.
func listOfPlainValues(s map[string]any) bool {
	if !isJSONString(s["type"], "array") {
		return false
	}
	items, _ := s["items"].(map[string]any)
	if items == nil {
		return false
	}
	for _, k := range []string{"string", "integer", "number"} {
		if isJSONString(items["type"], k) {
			return true
		}
	}
	return false
}

// listNameDiffersByVerb reports whether two tool names are the same words
// but for one: self's removal verb where other has its maker.
func listNameDiffersByVerb(self, other []string, verb, maker string) bool {
	if len(self) != len(other) {
		return false
	}
	diff := 0
	for i := range self {
		if self[i] == strings.ToLower(other[i]) {
			continue
		}
		if self[i] != verb || strings.ToLower(other[i]) != maker {
			return false
		}
		diff++
	}
	return diff == 1
}
