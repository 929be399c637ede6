package lint

import (
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// A readOnlyHint against the name alone (round 43). readOnlyHint: true is
// the author's explicit claim that the call changes nothing; a tool's name
// is weak evidence against it, because names are noun-heavy: a change
// word in a name is as often what is read (commit_show, scenario_set_get,
// deploy_status), run (run_seo_audit, execute_mdx, query_execute) or
// worked out (plan_stack_update, add_time) as an act. So the name is read
// as a contradiction only when the tool's own text does not settle what
// the call does: when the description's opening sentence is a read, a
// query, an analysis, a check, a computation, a plan or a wait, and no
// sentence of it has a change verb acting, and the schema affirms no
// change (a writing mode or flag, a command to run, a local write, a
// remote send), the name stays silent.

// secNonChangeOpening is a description opening, after an optional "this
// tool" or "use this tool to", on a verb of a call that changes nothing:
// a read (get, list, show, search, query, fetch), an analysis or a check
// (analyse, audit, scan, detect, count, compare, verify, validate), a
// computation (calculate, compute, estimate, convert, parse), a plan or a
// preview (plan, preview, simulate), or "returns". "Check out" is left
// out: checking out a branch changes the work tree.
var secNonChangeOpening = regexp.MustCompile(`^\s*(?:this\s+tool\s+|use\s+(?:this\s+)?(?:tool\s+)?to\s+)?(?:` + readOpeningVerbs +
	`|quer(?:y|ies)|browses?|checks?|verif(?:y|ies)|validates?|audits?|scans?|detects?|counts?|compares?|summari[sz]es?|measures?|identif(?:y|ies)|examines?|traces?|returns?` +
	`|calculates?|computes?|estimates?|converts?|parses?|plans?|previews?|simulates?` +
	`|` + secLinkBuiltTalk + `)\b`)

// secLinkBuiltTalk is an opening that builds a link to a site's page or
// form for someone to open (round 54): "Generate a link to the Vuetify
// issues site with the repository and bug report type pre-selected".
// Nothing is stored; the person who opens it acts there.
const secLinkBuiltTalk = `(?:generates?|builds?|creates?|returns?)\s+an?\s+(?:pre-?filled\s+)?(?:link|url)\s+to\s+(?:the\s+|a\s+)?[\w\s-]{0,40}?(?:site|page|form)\b`

// secLinkBuiltOpening is secLinkBuiltTalk at the start of a lower-cased
// description.
var secLinkBuiltOpening = regexp.MustCompile(`^\s*` + secLinkBuiltTalk)

// secCheckOutOpening is a description opening on checking out, which
// changes the work tree.
var secCheckOutOpening = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?checks?\s+out\b`)

// secRunsReadOpening is a description opening on running something whose
// result is read: a query, an audit, an analysis, a scan, a check, a
// report, a search or a lookup, after at most four words that qualify it
// ("Execute an MDX query", "Executes a prepared query", "Run a real
// PageSpeed Insights v5 audit"). A job, a script, a build, a migration or
// a command run is not read here.
var secRunsReadOpening = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:execut(?:e|es)|runs?|performs?|issues?)\s+(?:an?\s+|the\s+|one\s+)?((?:[\w-]+\s+){0,4}?)(?:quer(?:y|ies)|audits?|analys[ie]s|scans?|checks?|reports?|search(?:es)?|lookups?|diagnostics?)\b`)

// secWritingQueryKinds qualify a query in a language that also writes
// (SQL, GraphQL mutations, Cypher, SPARQL updates): running one is no
// read by itself.
var secWritingQueryKinds = []string{"sql", "graphql", "cypher", "gremlin", "sparql", "n1ql", "cql", "hql", "mutation", "mutations", "dml", "ddl", "raw", "arbitrary", "custom", "any"}

// secRunsReadQualifiersRead reports whether the words qualifying what a
// run opening runs ("a stored purge query", "the clean-up and returns a
// report") keep it a read: no conjunction joins another act, no write or
// destructive verb names what the run does, no query language that also
// writes.
func secRunsReadQualifiersRead(q string) bool {
	w := secLetterWords.FindAllString(q, -1)
	if strings.Contains(q, ",") || secHasWord(w, "and", "or", "then") || secHasWord(w, secWritingQueryKinds...) {
		return false
	}
	for _, x := range w {
		if strings.HasSuffix(x, "ed") {
			continue // "a saved search", "the stored query": a participle describes
		}
		for _, st := range secVerbStems(x) {
			if text.IsDestructiveVerb(st) || secHasWord([]string{st}, secWriteVerbs...) {
				return false
			}
		}
	}
	return true
}

// secArithmeticOpening is a description opening on a verb joined to an
// arithmetic one ("Adds or subtracts a duration"): the pair computes a
// value; subtracting, multiplying and dividing change nothing stored.
var secArithmeticOpening = regexp.MustCompile(`^\s*[a-z]+\s+(?:or|and|/)\s+(?:subtracts?|multipl(?:y|ies)|divides?)\b`)

// secNonChangeOpeningEnd returns where a lower-cased description's
// opening on a call that changes nothing ends (a read, an analysis, a
// check, a computation, a plan, a run of a query or an analysis, or a
// wait), or 0 when it opens on none. The rest is read for acts.
func secNonChangeOpeningEnd(desc string) int {
	if secCheckOutOpening.MatchString(desc) {
		return 0
	}
	if m := secRunsReadOpening.FindStringSubmatchIndex(desc); m != nil {
		if !secRunsReadQualifiersRead(desc[m[2]:m[3]]) {
			return 0
		}
		return m[1]
	}
	for _, re := range []*regexp.Regexp{secArithmeticOpening, secWaitOpening, secNonChangeOpening} {
		if loc := re.FindStringIndex(desc); loc != nil {
			return loc[1]
		}
	}
	return 0
}

// secModalAct is a description saying the call will, then or also
// change something ("Will cancel jobs older than an hour", "then
// archives them"). Group 1 is the verb.
var secModalAct = regexp.MustCompile(`\b(?:will|would|then|also)\s+(?:also\s+|then\s+|automatically\s+|permanently\s+)*([a-z]+)\b`)

// secNameJoinsActs reports whether a name joins a change verb to the one
// before it (wait_then_publish, run_cleanup_and_delete_report): by its
// own grammar the name orders that act too.
func secNameJoinsActs(words []string) bool {
	for i := 0; i+1 < len(words); i++ {
		if secHasWord(words[i:i+1], "then", "and", "or") && (text.IsDestructiveVerb(words[i+1]) || secHasWord(words[i+1:i+2], secWriteVerbs...)) {
			return true
		}
	}
	return false
}

// secNameHeadRestated reports whether a name's head verb leaves the
// description in charge: the name has no head verb, or its head verb
// reads or checks (query_execute, bfs_plan_update, get_run), or it is a
// change or run word the description's first sentence restates in its
// non-change reading ("Adds or subtracts a duration" for add_time, "Show
// details of a commit" for commit_show; a run verb by a run of a query or
// an audit). A change verb heading the name in verb-object order that the
// description does not restate (merge_feature_branch "Show the feature
// branch") is an order the text leaves standing.
func secNameHeadRestated(words []string, first string, runsRead bool) bool {
	i := nameVerbIndex(words)
	if i < 0 || text.IsReadVerb(words[i]) || secHasWord(words[i:i+1], secCheckVerbs...) {
		return true
	}
	if secHasWord(words[i:i+1], secRunVerbs...) && runsRead {
		return true
	}
	if secLinkBuiltOpening.MatchString(first) {
		// create_bug_report "Generate a link to the Vuetify issues
		// site ...": the name's act is the link's, done by whoever
		// opens it.
		return true
	}
	if i > 0 && i == len(words)-1 && !nameDescUses(first, words[i]) {
		// weather_archive "Get historical weather data ...": a change
		// word that ends the name after a noun, which the description
		// never uses, is the head noun of what is read (round 54).
		return true
	}
	return nameDescUses(first, words[i])
}

// secNameOutweighed reports whether a read-only tool's change or
// destructive name word is outweighed by its own text (since revision 39,
// round 43): its description opens on a call that changes nothing
// (secNonChangeOpeningEnd), the rest of its first sentence has no change
// verb acting (nameDescActs: "and then deletes them") and no later
// sentence names an act of the tool's (secLaterAct: "Deletes the
// originals", "and then publishes"), and the schema affirms no change: the tool takes no command or script
// and is no execution surface, no flag or mode of it writes, and it
// writes no local file, sends nothing out and widens no tool set. Then
// readOnlyHint: true, the author's explicit claim, stands against the
// name.
func secNameOutweighed(t *model.Tool, tg *tgTool, f secTool) bool {
	desc := f.desc
	end := secNonChangeOpeningEnd(desc)
	if end == 0 || secNameJoinsActs(f.words) {
		return false
	}
	// The opening's own verb (run, execute, add) is classified. The rest
	// of the first sentence counts any change verb acting; later
	// sentences count an act in the third person or after and, then or
	// also (secLaterAct), or after will ("Will cancel jobs"): ". Set
	// fetchAll=true" instructs the caller.
	first := desc
	if i := strings.IndexAny(desc[end:], ".\n"); i >= 0 {
		first = desc[:end+i]
	}
	if !secNameHeadRestated(f.words, first, secRunsReadOpening.MatchString(desc)) {
		return false
	}
	// The opening stands in as a neutral word, so the word after it is
	// not read as opening the sentence ("Analyze commit frequency").
	if nameDescActs("x "+first[end:]) || secLaterAct(desc[end:]) != "" {
		return false
	}
	for _, m := range secModalAct.FindAllStringSubmatch(desc[end:], -1) {
		for _, st := range secVerbStems(m[1]) {
			if secHasWord([]string{st}, secLaterActVerbs...) {
				return false
			}
		}
	}
	if secTakesCommand(t) || secExecutionSurface(t, f).real {
		return false
	}
	return secWriteFlagOn(t) == "" && secSideEffectFlag(t) == "" && secCompoundWritingMode(t) == "" &&
		preciseMutatingMode(tg) == "" && secWritesLocal(t, desc) == "" && secWidensTools(desc) == "" &&
		secSendsRemote(t.RawDescription) == ""
}
