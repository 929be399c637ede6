package lint

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// A tool's job, as its description's lead states it: the operation of its
// lead verb (preciseLeadOps), the head of the object that verb takes ("Get
// AI-generated failure DIAGNOSTIC for a specific workflow RUN": diagnostic)
// and the head of the thing that object belongs to, after of, for, in, on
// or from (run). Two tools that do one job in other words share these
// three, while their word overlap is low.

// sameJobSkip are words that never head an object: determiners and
// adjectives of choice ("the individual steps", "a specific run").
var sameJobSkip = map[string]bool{"a": true, "an": true, "the": true, "its": true, "their": true, "your": true, "this": true,
	"specific": true, "given": true, "single": true, "individual": true, "particular": true, "one": true}

// sameJobStops end an object phrase: prepositions and the words that open
// a clause.
var sameJobStops = map[string]bool{"of": true, "for": true, "in": true, "on": true, "from": true, "to": true, "with": true,
	"by": true, "including": true, "within": true, "at": true, "about": true, "using": true, "via": true, "that": true,
	"which": true, "and": true, "or": true, "as": true, "into": true, "if": true, "when": true, "where": true}

// sameJobOwners are the prepositions that name what the object belongs to.
var sameJobOwners = map[string]bool{"of": true, "for": true, "in": true, "on": true, "from": true}

// sameJobOf returns a tool's job key (operation, object head, owner head)
// or "" when its lead is not read: no lead verb of one operation, or no
// object after it. Only the first clause is read, up to a stop mark.
func sameJobOf(desc string) string {
	return sameJobOfWords(sameJobLead(desc))
}

// sameJobOfWords is sameJobOf on a lead clause already read (its words,
// lower case).
func sameJobOfWords(words []string) string {
	ops := preciseLeadVerbOps(strings.Join(words[:min(len(words), 6)], " "))
	if len(ops) != 1 {
		return ""
	}
	var op string
	for o := range ops {
		op = o
	}
	if len(words) < 2 {
		return ""
	}
	// phrase returns the head of the phrase from words[i] and where it stops.
	phrase := func(i int) (string, int) {
		head := ""
		for ; i < len(words) && !sameJobStops[words[i]]; i++ {
			if !sameJobSkip[words[i]] {
				head = words[i]
			}
		}
		return head, i
	}
	obj, i := phrase(1)
	if obj == "" {
		return ""
	}
	owner := ""
	if i < len(words) && sameJobOwners[words[i]] {
		owner, _ = phrase(i + 1)
	}
	return op + "|" + obj + "|" + owner
}

// sameJobInputNames is the set of a tool's input names, lower case: its
// parameters and, for a parameter that wraps a body (an object with
// properties), each property as parameter.property: two `request` bodies
// holding a cardID and an issuedCardID are other inputs.
func sameJobInputNames(l *tgTool) map[string]struct{} {
	names := map[string]struct{}{}
	for _, p := range l.params {
		names[strings.ToLower(p.name)] = struct{}{}
		if props, ok := p.obj["properties"].(map[string]any); ok {
			for k := range props {
				names[strings.ToLower(p.name+"."+k)] = struct{}{}
			}
		}
	}
	return names
}

// sameJobInputsAlike reports whether two tools that require the same
// parameters take mostly the same inputs: half or more of their input
// names (sameJobInputNames) in common. An option one adds (a tab to move
// a card to, a property name for a property search) does not make the job
// another; a body of other fields does.
func sameJobInputsAlike(l, r *tgTool) bool {
	a, b := sameJobInputNames(l), sameJobInputNames(r)
	shared := 0
	for n := range a {
		if _, ok := b[n]; ok {
			shared++
		}
	}
	return 2*shared >= len(a)+len(b)-shared
}

// sameJobShingle is how many words of a lead clause make one shingle of
// the server's pasted text, and sameJobShingleMin how many a shingle that
// the lead clause's end cuts short keeps at least.
const (
	sameJobShingle    = 6
	sameJobShingleMin = 3
)

// sameJobShingleAt is the shingle of a lead clause's words from k: the
// next sameJobShingle words, or those up to the clause's end.
func sameJobShingleAt(words []string, k int) string {
	return strings.Join(words[k:min(len(words), k+sameJobShingle)], " ")
}

// sameJobLeads returns each tool's lead clause (sameJobLead), cut where
// it runs on, with no stop mark, into a paragraph the server pastes into
// other descriptions: from the first word, third or later and written
// with a capital, that opens a run of sameJobShingle words (or of three
// words at least up to the clause's end) which three or more tools' lead
// clauses carry ("Get swarm status from persistent state
// Use when native Task tool is wrong because ..."). What follows is the
// server's boilerplate, not this tool's job, and its words (a namespace
// the paragraph names, "AgentDB-specific controllers") would tell two
// tools apart that their own words do not. Computed once per run, on the
// lead clauses only, so it is linear in tools whatever their
// descriptions' length.
func sameJobLeads(ctx *Context) [][]string {
	return ctx.Memo("precise.sameJobLeads", func() any {
		tools := tgTools(ctx)
		leads := make([][]string, len(tools))
		caps := make([][]bool, len(tools))
		count := map[string]int{}
		for i := range tools {
			leads[i], caps[i] = sameJobLeadCased(tools[i].desc)
			seen := map[string]bool{}
			for k := 0; k+sameJobShingleMin <= len(leads[i]); k++ {
				sh := sameJobShingleAt(leads[i], k)
				if !seen[sh] {
					seen[sh] = true
					count[sh]++
				}
			}
		}
		for i, words := range leads {
			for k := 2; k+sameJobShingleMin <= len(words); k++ {
				// Never at an owner word or right after one: "Delete File
				// In The Trash" beside "... In The Shared Drive" keeps the
				// place that tells the two deletes apart.
				if sameJobOwners[words[k]] || sameJobOwners[words[k-1]] {
					continue
				}
				if caps[i][k] && count[sameJobShingleAt(words, k)] >= 3 {
					leads[i] = words[:k]
					break
				}
			}
		}
		return leads
	}).([][]string)
}

// preciseSameJobTwins returns the pairs (i<j) of tools that do one job in
// other words: the same job key (sameJobOf, read on sameJobLeads), the
// same required parameters, one at least, and mostly the same inputs
// (sameJobInputsAlike). Tools are indexed by job and required parameters,
// so the reading is linear in tools. A job that three or more tools'
// leads state is a family (a generated API's per-resource reads), not a
// pair, and stays silent whatever their parameters, as do two tools of
// one name and two whose names carry a difference their leads confirm
// (sameJobNameTold).
func preciseSameJobTwins(ctx *Context) [][2]int {
	tools := tgTools(ctx)
	leads := sameJobLeads(ctx)
	var groups toolGroups
	jobs := map[string]int{}
	for i := range tools {
		t := &tools[i]
		job := sameJobOfWords(leads[i])
		if job == "" {
			continue
		}
		jobs[job]++
		req := requiredKey(t)
		if req == "" || len(t.params) == 0 {
			continue
		}
		groups.add(job+"#"+req, i)
	}
	var out [][2]int
	for _, k := range groups.keys {
		g := groups.groups[k]
		job, _, _ := strings.Cut(k, "#")
		if len(g) != 2 || jobs[job] > 2 || tools[g[0]].name == tools[g[1]].name || !sameJobInputsAlike(&tools[g[0]], &tools[g[1]]) ||
			sameJobSettled(&tools[g[0]], &tools[g[1]]) || sameJobSettled(&tools[g[1]], &tools[g[0]]) ||
			sameJobNameTold(&tools[g[0]], &tools[g[1]], leads[g[0]], leads[g[1]]) || sameJobNameTold(&tools[g[1]], &tools[g[0]], leads[g[1]], leads[g[0]]) ||
			sameJobWholeLeadsTell(&tools[g[0]], &tools[g[1]], leads[g[0]], leads[g[1]]) {
			continue
		}
		out = append(out, [2]int{g[0], g[1]})
	}
	return out
}

// sameJobWholeLeadsTell reports whether the two tools' whole lead clauses,
// read across the shared capitalised phrase sameJobLeads cuts (its
// first sameJobShingleMin words, no further: a pasted paragraph after a
// lead with no stop mark stays out), tell them apart
// (round 51): a name word one whole lead uses and the other's does not
// ("Update an existing MySQL database instance" beside "... PostgreSQL
// database instance", cut to "Update an existing" because each engine
// has a family of tools), or two leads of the same words but one, each
// naming its own kind of the object ("Get a single device interface by
// its NetBox ID" beside "Get a single VM interface ..."). The kind the
// cut removed is what a model reads to choose.
func sameJobWholeLeadsTell(a, b *tgTool, cutA, cutB []string) bool {
	la, lb := sameJobLeadAcrossCut(a.desc, cutA), sameJobLeadAcrossCut(b.desc, cutB)
	if sameJobNameTold(a, b, la, lb) || sameJobNameTold(b, a, lb, la) {
		return true
	}
	if len(la) != len(lb) {
		return false
	}
	diff := -1
	for k := range la {
		if text.Singular(la[k]) == text.Singular(lb[k]) {
			continue
		}
		if diff >= 0 {
			return false
		}
		diff = k
	}
	if diff < 0 {
		return false // the same lead
	}
	for _, w := range []string{la[diff], lb[diff]} {
		if preciseLeadOp(w) != "" || preciseQuantifiers[w] || text.IsStopword(w) {
			return false
		}
	}
	return true
}

// sameJobLeadAcrossCut is a description's lead clause up to the cut
// sameJobLeads made and the shingle the cut was made at.
func sameJobLeadAcrossCut(desc string, cut []string) []string {
	whole := sameJobLead(desc)
	return whole[:min(len(whole), len(cut)+sameJobShingleMin)]
}

// sameJobSettled reports whether t's description settles the choice for
// both tools: it says t is retired (preciseRetiredNotice) and names the
// other ("Read the complete contents of a file as text. DEPRECATED: Use
// read_text_file instead."). A retired tool that points to its successor
// leaves no choice to make, so the successor's silence is no coin flip.
// A live tool that steers ("for the chat view use get_team_summary
// instead") excuses itself only, as everywhere in MCP014.
func sameJobSettled(t, other *tgTool) bool {
	return t.lowered.MentionsName(other.mentionName) && preciseRetiredNotice.MatchString(t.desc)
}

// sameJobNameTold reports whether a word of t's name that the other's
// name lacks distinguishes the two leads: t's lead clause uses it (as a
// modifier of the object or of its owner: `facebook_get_post` "Get a
// Facebook post" beside `ptt_get_post` "Get a PTT post";
// `payment-links-get` "Get a payment link") and the other's lead clause
// does not. The two are then per-kind twins, not one job. A name word that
// neither lead uses (`test_suite` in a tool about "a workflow run") or
// that both leads use ("workflow run" in both) tells them apart nowhere.
// A verb counts when each name carries its own lead's verb and the verbs
// differ: `patch_label` "Patch a label" beside `update_label` "Update a
// label" names two ways of writing (a partial and a full update). A verb
// only one name carries (`remarks_fetch` beside `entry_remarks`, "Get
// remarks") tells nothing.
func sameJobNameTold(t, other *tgTool, tLead, otherLead []string) bool {
	onlyT, onlyO, _ := singularWordDiff(t.nameWords, other.nameWords)
	if len(onlyT) == 0 {
		return false
	}
	own, theirs := singularWordSet(tLead), singularWordSet(otherLead)
	verb := false
	for _, w := range onlyT {
		if sameJobUses(own, w) && !sameJobUses(theirs, w) {
			if preciseLeadOp(w) == "" {
				return true
			}
			verb = true
		}
	}
	if verb {
		for _, w := range onlyO {
			if sameJobUses(theirs, w) && !sameJobUses(own, w) && preciseLeadOp(w) != "" {
				return true
			}
		}
	}
	return false
}

// sameJobUses reports whether a lead clause's words (singular) use a name
// word: the word itself, or a word of the same stem, sharing the first
// five letters or, the shorter one being four letters long, all four of
// them (`multi` in "multiple", `bridgers` in "bridged"). Only the few
// words a name has and its sibling's lacks are looked up, each against
// one lead clause.
func sameJobUses(lead map[string]bool, w string) bool {
	if lead[w] {
		return true
	}
	if len(w) < 4 {
		return false
	}
	for v := range lead {
		n := min(len(v), len(w))
		if n < 4 {
			continue
		}
		k := 0
		for k < n && v[k] == w[k] {
			k++
		}
		if k >= min(5, n) {
			return true
		}
	}
	return false
}

// sameJobLeadLen is how many words of the lead clause the job reading
// uses.
const sameJobLeadLen = 24

// sameJobLead returns the first words (sameJobLeadLen at most, lower
// case) of a description's lead clause, up to the first stop mark. Only
// those words are looked at and lowered, so a huge description with no
// stop mark costs what its first words cost.
func sameJobLead(desc string) []string {
	words, _ := sameJobLeadCased(desc)
	return words
}

// sameJobLeadCased is sameJobLead and, for each word, whether it was
// written with a capital first letter.
func sameJobLeadCased(desc string) ([]string, []bool) {
	locs := preciseWord.FindAllStringIndex(desc, sameJobLeadLen)
	end := 0
	if len(locs) > 0 {
		end = locs[len(locs)-1][1]
	}
	if i := strings.IndexAny(desc[:end], ".;:,()\n"); i >= 0 {
		end = i
	}
	words := make([]string, 0, len(locs))
	caps := make([]bool, 0, len(locs))
	for _, l := range locs {
		if l[1] > end {
			break
		}
		w := desc[l[0]:l[1]]
		r, _ := utf8.DecodeRuneInString(w)
		words = append(words, strings.ToLower(w))
		caps = append(caps, unicode.IsUpper(r))
	}
	return words, caps
}
