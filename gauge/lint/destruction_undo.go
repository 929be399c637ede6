package lint

import (
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Readings since MCP040 revision 40 and QG009 revision 22 (issue 21, round
// 36): a thing taken out of a grouping that a sibling puts back by
// reference, read from the two descriptions when the names do not pair.
//
// delete_module_issue "Remove an issue from a module" beside
// add_module_issues "Add issues to a module" (project_id, module_id,
// issues[]): the removal's name uses a delete verb and a compound object,
// so the name reading (preciseInverseTool) does not pair it, but its
// description says what goes is the place in the module, and the
// sibling's description puts issues into the same holder. The reading
// holds only when every parameter of the removal is a reference to an
// existing thing (the link holds nothing of its own) and the sibling
// takes nothing the removal does not already hold: each of its
// parameters has the same name as one of the removal's, or is the list
// form of the removed entry's reference (issues beside issue_id). A
// sibling that takes values of its own (a card's position, a job's data,
// a template's body) makes a new thing, not a link, and a person removed
// is left to the access-revocation reading.

// undoRemoveFromOpening is a first sentence that takes one named thing
// out of a holder: "Remove an issue from a module", "Detach a policy from
// the role". The entry and the holder are up to three words each.
var undoRemoveFromOpening = regexp.MustCompile(`(?i)^\s*(?:removes?|detach(?:es)?|unassigns?|unlinks?|disconnects?)\s+(?:(?:a|an|the|one)\s+)?((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)\s+from\s+(?:(?:a|an|the|its|their|this|that)\s+)?((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)\s*(?:[.;:,)]|$)`)

// undoAddToOpening is a first sentence that puts things into a holder:
// "Add issues to a module", "Attach policies to a role".
var undoAddToOpening = regexp.MustCompile(`(?i)^\s*(?:adds?|attach(?:es)?|assigns?|links?|connects?)\s+(?:(?:a|an|the|one|one\s+or\s+more|multiple|several)\s+)?((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)\s+(?:to|into)\s+(?:(?:a|an|the|its|their|this|that)\s+)?((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)\s*(?:[.;:,)]|$)`)

// undoRefEnds end the name of a parameter that refers to an existing
// thing rather than carrying a value.
var undoRefEnds = map[string]bool{"id": true, "ids": true, "uuid": true, "uuids": true, "gid": true, "key": true, "keys": true, "slug": true, "ref": true}

// undoPeople name people beyond precisePersonLinks: a person taken out
// of a group loses access at once, which the access-revocation reading
// shows.
var undoPeople = map[string]bool{"user": true, "person": true, "people": true, "tester": true, "customer": true, "contact": true, "employee": true, "guest": true, "member": true}

// undoFirstSentence is a description's prose up to its first full stop
// or line break.
func undoFirstSentence(desc string) string {
	s := strings.TrimSpace(preciseProse(desc))
	if k := strings.IndexAny(s, "\n"); k >= 0 {
		s = s[:k]
	}
	if k := strings.Index(s, ". "); k >= 0 {
		s = s[:k+1]
	}
	return s
}

// undoHead returns the last word of a phrase, lower-cased and without a
// plural s: the noun the phrase is about ("issues" -> "issue").
func undoHead(phrase string) string {
	f := strings.Fields(strings.ToLower(phrase))
	if len(f) == 0 {
		return ""
	}
	return text.Singular(f[len(f)-1])
}

// undoLinkReAdded names the sibling that puts back what a removal takes
// out of a holder, read as the comment at the top of this file says, or
// "". Each sibling's opening is read once per removal; the removal's own
// facts are read first, so a tool that is no such removal costs nothing
// per sibling.
func undoLinkReAdded(tools []tgTool, t *tgTool) string {
	if t.destructPhrase || precisePersonRemoval(t) != "" {
		return ""
	}
	m := undoRemoveFromOpening.FindStringSubmatch(undoFirstSentence(t.desc))
	if m == nil {
		return ""
	}
	entry, holder := undoHead(m[1]), undoHead(m[2])
	if entry == "" || holder == "" || entry == holder || qgDataNouns[entry] || qgDataNouns[entry+"s"] || precisePersonLinks[entry+"s"] || undoPeople[entry] {
		return ""
	}
	names := t.t.ParamNames()
	if len(names) == 0 {
		return ""
	}
	mine := make(map[string]bool, len(names))
	entryRef := false
	for _, n := range names {
		w := secIdentifierWords(n)
		if len(w) < 2 || !undoRefEnds[w[len(w)-1]] {
			// A parameter that is no reference carries a value the
			// link holds: not read.
			return ""
		}
		mine[strings.ToLower(n)] = true
		if text.Singular(w[len(w)-2]) == entry {
			entryRef = true
		}
	}
	if !entryRef {
		return ""
	}
	for k := range tools {
		u := &tools[k]
		if u.name == t.name {
			continue
		}
		a := undoAddToOpening.FindStringSubmatch(undoFirstSentence(u.desc))
		if a == nil || undoHead(a[1]) != entry || undoHead(a[2]) != holder {
			continue
		}
		if undoTakesOnlyRefs(u, mine, entry) {
			return u.name
		}
	}
	return ""
}

// undoTakesOnlyRefs reports whether every parameter of the sibling u is
// one the removal holds (mine, by lower-cased name) or the list of
// references to the removed entries (issues, issue_ids: an array of
// plain values named for the entry).
func undoTakesOnlyRefs(u *tgTool, mine map[string]bool, entry string) bool {
	props := u.t.Params()
	names := u.t.ParamNames()
	if len(names) == 0 {
		return false
	}
	listOfEntries := false
	for _, n := range names {
		if mine[strings.ToLower(n)] {
			continue
		}
		obj, _ := props[n].(map[string]any)
		w := secIdentifierWords(n)
		if len(w) > 1 && undoRefEnds[w[len(w)-1]] {
			w = w[:len(w)-1]
		}
		if obj != nil && listOfPlainValues(obj) && len(w) == 1 && text.Singular(w[0]) == entry {
			listOfEntries = true
			continue
		}
		return false
	}
	return listOfEntries || len(names) == len(mine)
}

// undoKeptTalk is a description saying the things a removal acts on are
// kept ("The rows/columns themselves are kept", "The column itself is not
// deleted", "the label itself survives").
var undoKeptTalk = regexp.MustCompile(`(?i)` + keptItselfPattern + `|\b(?:itself|themselves)\s+(?:is|are|will\s+be)\s+not\s+(?:deleted|removed)\b`)

// keptItselfPattern is text saying the things an act touches are kept
// ("the rows themselves are kept", "the label itself survives"): shared
// by undoKeptTalk and QG009's qgScopeTalk.
const keptItselfPattern = `\b(?:itself|themselves)\s+(?:is|are|will\s+be)\s+(?:kept|preserved|retained|untouched|unaffected)\b|\b(?:itself|themselves)\s+survives?\b`

// undoOnlyGoesTalk is a description saying what alone goes: "only the
// grouping is deleted", "only its AI behavior is removed".
var undoOnlyGoesTalk = regexp.MustCompile(`(?i)\bonly\s+(?:the|its|their)\s+(?:[\w-]+\s+){0,2}?[\w-]+\s+(?:is|are|gets?)\s+(?:deleted|removed)\b`)

// undoSaysKept returns the words of a description that draws the line of
// a removal both ways, what is kept and what alone goes ("The
// rows/columns themselves are kept; only the grouping is deleted"), or
// "". Since MCP040 revision 40 (round 36) such a removal is read as
// taking away only a grouping or a setting the server makes again; a
// description that says only what is kept ("The hosting plan itself is
// kept" after "files and databases will be removed") is not read.
func undoSaysKept(desc string) string {
	k := undoKeptTalk.FindString(desc)
	if k == "" {
		return ""
	}
	o := undoOnlyGoesTalk.FindString(desc)
	if o == "" {
		return ""
	}
	return k + "; " + o
}
