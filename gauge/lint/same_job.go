package lint

import (
	"slices"
	"strings"

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
	words := sameJobLead(desc)
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

// sameJobInputs is a key of a tool's inputs, the names of its parameters
// (lower case, sorted) and of those it requires, or "" when it requires
// none: an identity the caller gives is what makes two jobs one.
func sameJobInputs(l *tgTool) string {
	req := requiredKey(l)
	if req == "" || len(l.params) == 0 {
		return ""
	}
	// A parameter that wraps a body (an object with properties) takes
	// what its properties name: two `request` bodies holding a cardID and
	// an issuedCardID are other inputs.
	var names []string
	for _, p := range l.params {
		names = append(names, strings.ToLower(p.name))
		if props, ok := p.obj["properties"].(map[string]any); ok {
			for k := range props {
				names = append(names, strings.ToLower(p.name+"."+k))
			}
		}
	}
	slices.Sort(names)
	return strings.Join(names, ",") + "|" + req
}

// preciseSameJobTwins returns the pairs (i<j) of tools that do one job in
// other words: the same job key (sameJobOf), whose object head both names
// carry (canary-like `..._diagnostics` beside `..._diagnostics`), and the
// same parameter names with the same required ones, one at least. Tools
// are indexed by that key, so the reading is linear in tools. A job that
// three or more tools' leads state is a family (a generated API's
// per-resource reads), not a pair, and stays silent whatever their
// parameters, as do two tools of one name.
func preciseSameJobTwins(tools []tgTool) [][2]int {
	groups := map[string][]int{}
	jobs := map[string]int{}
	var keys []string
	for i := range tools {
		t := &tools[i]
		job := sameJobOf(t.desc)
		if job == "" {
			continue
		}
		jobs[job]++
		in := sameJobInputs(t)
		if in == "" {
			continue
		}
		obj := text.Singular(strings.Split(job, "|")[1])
		if !slices.ContainsFunc(t.nameWords, func(w string) bool { return text.Singular(w) == obj }) {
			continue
		}
		k := job + "#" + in
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], i)
	}
	var out [][2]int
	for _, k := range keys {
		g := groups[k]
		job, _, _ := strings.Cut(k, "#")
		if len(g) != 2 || jobs[job] > 2 || tools[g[0]].name == tools[g[1]].name ||
			sameJobNameTold(&tools[g[0]], &tools[g[1]]) || sameJobNameTold(&tools[g[1]], &tools[g[0]]) {
			continue
		}
		out = append(out, [2]int{g[0], g[1]})
	}
	return out
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
func sameJobNameTold(t, other *tgTool) bool {
	onlyT, onlyO, _ := singularWordDiff(t.nameWords, other.nameWords)
	if len(onlyT) == 0 {
		return false
	}
	own, theirs := sameJobLeadWords(t.desc), sameJobLeadWords(other.desc)
	verb := false
	for _, w := range onlyT {
		if own[w] && !theirs[w] {
			if preciseLeadOp(w) == "" {
				return true
			}
			verb = true
		}
	}
	if verb {
		for _, w := range onlyO {
			if theirs[w] && !own[w] && preciseLeadOp(w) != "" {
				return true
			}
		}
	}
	return false
}

// sameJobLeadWords returns the singular words of a description's lead
// clause, the clause sameJobOf reads.
func sameJobLeadWords(desc string) map[string]bool {
	return singularWordSet(sameJobLead(desc))
}

// sameJobLeadLen is how many words of the lead clause the job reading
// uses.
const sameJobLeadLen = 24

// sameJobLead returns the first words (sameJobLeadLen at most, lower
// case) of a description's lead clause, up to the first stop mark. Only
// those words are looked at and lowered, so a huge description with no
// stop mark costs what its first words cost.
func sameJobLead(desc string) []string {
	locs := preciseWord.FindAllStringIndex(desc, sameJobLeadLen)
	end := 0
	if len(locs) > 0 {
		end = locs[len(locs)-1][1]
	}
	if i := strings.IndexAny(desc[:end], ".;:,()\n"); i >= 0 {
		end = i
	}
	words := make([]string, 0, len(locs))
	for _, l := range locs {
		if l[1] > end {
			break
		}
		words = append(words, strings.ToLower(desc[l[0]:l[1]]))
	}
	return words
}
