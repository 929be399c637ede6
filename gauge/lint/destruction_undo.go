package lint

import (
	"regexp"
	"slices"
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

// Reading since MCP040 revision 51, QG009 revision 24 and SEC012
// revision 40 (issue 21, round 43): a removal its converse sibling undoes.
//
// jellyfin_unset_favorite beside jellyfin_set_favorite, issue_unstar
// beside issue_star, hive-mind_leave beside hive-mind_join,
// remove_from_playlist(playlistId, entryIds) beside
// add_to_playlist(playlistId, itemIds, userId): the two names are equal
// but for a pair of converse verbs (undoConverseVerbs), the two tools
// share the holder's parameter, and the maker takes nothing beyond the
// removal's own parameters but references to existing things (the entries
// may be named differently: entry ids beside item ids). What goes is then
// a mark or a place in a holder, and the maker puts it back. Left out: a
// pair that removes a thing with its data (create/delete, upload/delete
// are no converse verbs here), a plain "remove X" with no "from" whose
// object is no link or marker noun (remove_domain beside add_domain: the
// domain's settings go; preciseInverseTool reads that case by its own
// rules), a removal whose text says something is lost or deleted for good,
// a person removed (the access-revocation reading keeps its severity), and
// a maker that takes a value of its own (set_variable's value: the value
// removed is lost).

// undoConverseVerbs pair a verb that takes a mark, link or entry away with
// the verbs that put it back.
var undoConverseVerbs = map[string][]string{
	"unset": {"set"}, "unstar": {"star"}, "unfavorite": {"favorite"}, "unfavourite": {"favourite"},
	"unassign": {"assign"}, "unlink": {"link"}, "unpin": {"pin"}, "untag": {"tag"}, "unlabel": {"label"},
	"unfollow": {"follow"}, "unsubscribe": {"subscribe"}, "unwatch": {"watch"}, "unbookmark": {"bookmark"},
	"unlike": {"like"}, "unsave": {"save"}, "unmute": {"mute"}, "unreact": {"react"},
	"leave": {"join"}, "detach": {"attach"}, "disconnect": {"connect"},
	"remove": {"add", "append", "apply", "assign", "attach", "set", "put"},
	// A set of links replaced (replace_issue_labels beside
	// add_issue_labels): only with a link noun, as "remove".
	"replace": {"add"},
}

// undoLooseVerbs need more than the pair of names: "remove" and
// "replace" pair only when the name says "from" or names a link or a
// marker. A description's "Remove X from Y" alone is not enough: a
// firewall's rules, a load balancer's forwarding rules and a custom domain
// are removed "from" a holder and carry settings of their own.
var undoLooseVerbs = map[string]bool{"remove": true, "replace": true}

// undoRefLike reports whether a parameter refers to existing things
// rather than carrying a value: its name ends on a reference word
// (itemIds, playlist_id, issue_key) or is an index or number of a thing.
func undoRefLike(name string) bool {
	w := secIdentifierWords(name)
	if len(w) == 0 {
		return false
	}
	last := w[len(w)-1]
	return undoRefEnds[last] || last == "index" || last == "number"
}

// undoConverse names the sibling that puts back what t takes away, read as
// the comment above says, or "". The removal's own facts are read first;
// siblings are compared by their name words only until one pairs.
func undoConverse(tools []tgTool, t *tgTool) string {
	if t.destructPhrase || precisePersonRemoval(t) != "" || secHardDeleteTalk.MatchString(strings.ToLower(t.desc)) {
		return ""
	}
	toks := t.nameWords
	at, makers := -1, []string(nil)
	for i, w := range toks {
		if m, ok := undoConverseVerbs[w]; ok {
			at, makers = i, m
			break
		}
	}
	if at < 0 || len(toks) < 2 {
		return ""
	}
	if undoRemovesOthers(toks) {
		return ""
	}
	if undoLooseVerbs[toks[at]] {
		link := at > 0 && undoLinkNoun(toks[at-1])
		for _, w := range toks[at+1:] {
			link = link || w == "from" || undoLinkNoun(w)
		}
		if !link {
			return ""
		}
	}
	mine := undoParamSet(t)
	for k := range tools {
		u := &tools[k]
		if u.name == t.name || len(u.nameWords) != len(toks) {
			continue
		}
		if !undoNamesConverse(toks, u.nameWords, at, makers) {
			continue
		}
		theirs := undoParamSet(u)
		if undoMakerTakesOnlyRefs(t, u, mine, theirs) && !undoEntriesHoldValues(tools, t, theirs) && !undoTakesOthersID(t, theirs) {
			return u.name
		}
	}
	return ""
}

// undoLinkNoun reports whether a name word is a link, a marker or a
// reaction: what a plain "remove" or "replace" may take away and its
// converse put back.
func undoLinkNoun(w string) bool {
	return preciseLinkObjects[w] || preciseMarkers[w] || undoReactions[w]
}

// undoParamSet is the set of a tool's parameter names, lower-cased.
func undoParamSet(t *tgTool) map[string]bool {
	set := map[string]bool{}
	for _, n := range t.t.ParamNames() {
		set[strings.ToLower(n)] = true
	}
	return set
}

// undoNamesConverse reports whether the sibling's name words equal the
// removal's but for the verb at position at (one of makers in its place)
// and "from" (to, into or on in its place); a plural s is ignored.
func undoNamesConverse(toks, other []string, at int, makers []string) bool {
	for j, w := range toks {
		o := other[j]
		switch {
		case j == at:
			if !slices.Contains(makers, o) {
				return false
			}
		case w == "from":
			if o != "to" && o != "into" && o != "on" {
				return false
			}
		case text.Singular(w) != text.Singular(o):
			return false
		}
	}
	return true
}

// undoMakerTakesOnlyRefs reports whether the maker u shares a parameter
// with the removal t (the holder, or the thing marked), every parameter
// of t the maker lacks is a reference (entry ids), and every parameter of
// u that t lacks is a reference too (item ids, a user): the maker needs no
// value the removal took away.
func undoMakerTakesOnlyRefs(t, u *tgTool, mine, theirs map[string]bool) bool {
	shared := 0
	for _, n := range u.t.ParamNames() {
		if mine[strings.ToLower(n)] {
			shared++
			continue
		}
		if !undoRefLike(n) {
			return false
		}
	}
	for _, n := range t.t.ParamNames() {
		if !theirs[strings.ToLower(n)] && !undoRefLike(n) {
			return false
		}
	}
	return shared > 0
}

// undoEntryWrites are name verbs that write values into a thing.
var undoEntryWrites = map[string]bool{"update": true, "edit": true, "modify": true, "patch": true, "set": true}

// undoEntriesHoldValues reports whether an entry the removal t names by a
// reference its maker u does not take is a thing the server writes
// values into: some tool's name pairs a write verb with the entry's noun
// (remove-record-from-list(listId, entryId) beside update-list-entry: the
// entry's own attribute values go with it, and add-record-to-list does
// not bring them back).
func undoEntriesHoldValues(tools []tgTool, t *tgTool, theirs map[string]bool) bool {
	for _, n := range t.t.ParamNames() {
		w := secIdentifierWords(n)
		if theirs[strings.ToLower(n)] || len(w) < 2 {
			continue
		}
		noun := text.Singular(w[len(w)-2])
		for k := range tools {
			nw := tools[k].nameWords
			write, names := false, false
			for _, x := range nw {
				write = write || undoEntryWrites[x]
				names = names || text.Singular(x) == noun
			}
			if write && names {
				return true
			}
		}
	}
	return false
}

// undoPersonWords name people in a tool name: a person taken off a thing
// loses access, which the access-revocation reading reports at its own
// severity.
var undoPersonWords = map[string]bool{
	"member": true, "user": true, "assignee": true, "collaborator": true, "watcher": true, "reviewer": true,
	"delegate": true, "subscriber": true, "follower": true, "moderator": true, "admin": true, "maintainer": true,
	"editor": true, "viewer": true, "approver": true, "person": true, "people": true, "guest": true,
	"contact": true, "customer": true, "employee": true, "tester": true, "owner": true,
}

// undoSelfWords name the caller: unassigning the current user takes
// nobody else's access away.
var undoSelfWords = map[string]bool{"current": true, "me": true, "self": true, "my": true, "myself": true}

// undoRemovesOthers reports whether a removal's name words name a person
// other than the caller (remove_member_from_card, unassign_user).
func undoRemovesOthers(toks []string) bool {
	person := false
	for _, w := range toks {
		if undoSelfWords[w] {
			return false
		}
		if undoPersonWords[text.Singular(w)] {
			person = true
		}
	}
	return person
}

// undoReactions are the words of an emoji reaction on a message: the
// converse call puts one back with the same parameters (zulip's
// remove_reaction beside add_reaction, round 45).
var undoReactions = map[string]bool{"reaction": true, "reactions": true}

// undoTakesOthersID reports whether the removal takes a person's id its
// maker (whose parameter names are theirs) does not
// (discord_remove_reaction(userId) beside discord_add_reaction): it can
// take away what another person put there, which the maker, acting as the
// caller, cannot put back as it was. People are undoPersonWords.
func undoTakesOthersID(t *tgTool, theirs map[string]bool) bool {
	for _, n := range t.t.ParamNames() {
		if theirs[strings.ToLower(n)] {
			continue
		}
		for _, w := range secIdentifierWords(n) {
			if undoPersonWords[text.Singular(w)] {
				return true
			}
		}
	}
	return false
}
