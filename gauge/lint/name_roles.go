package lint

import (
	"regexp"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Grammatical roles in a tool's name (round 37). A tool name has a shape:
// an optional service prefix of nouns (genai-simulation-, gitlab_), a head
// verb, and the object noun phrase it acts on, in verb-object order
// (get_run, getScenarioSet) or object-verb order (run_get). A change or
// execution word in the object phrase after a read head verb is a noun
// ("get run", "get scenario set"), and "eval" beside a model, an agent, a
// prompt, a dataset or a metric names a measurement, not code evaluation.

// nameVerbIndex returns the index of the head verb of a tool name's words:
// the first word that is a read, write, destructive, run, check,
// hand-over or manage verb, or -1 when no word is one. The words before it
// are the service prefix.
func nameVerbIndex(words []string) int {
	for i, w := range words {
		if text.IsReadVerb(w) || text.IsDestructiveVerb(w) ||
			secHasWord(words[i:i+1], secWriteVerbs...) || secHasWord(words[i:i+1], secRunVerbs...) ||
			secHasWord(words[i:i+1], secCheckVerbs...) || secHasWord(words[i:i+1], secHandOverVerbs...) || w == "manage" {
			return i
		}
	}
	return -1
}

// nameReadHeaded reports whether a tool name is headed by a read verb: it
// opens on one in the first or second place (secReadNamed), or its head
// verb comes after a longer service prefix of nouns and is a read verb
// (genai-simulation-get-run, genai-model-eval-get-run: "run" is what is
// read). A prefix holding a write, destructive or run verb heads the name
// itself (deploy_status, update_status), so that name is not read-headed.
func nameReadHeaded(words []string, desc string) bool {
	if secReadNamed(words) {
		return true
	}
	i := nameVerbIndex(words)
	if i < 2 || !text.IsReadVerb(words[i]) || nameDescActs(strings.ToLower(desc)) {
		// ci_pipeline_get_run "Gets the pipeline and runs it again": the
		// description's acting verb says what the name's object does
		// (the review of round 38).
		return false
	}
	// crm_contacts_get_or_create: a second verb joined to the head verb
	// acts as well.
	for j := i + 1; j+1 < len(words); j++ {
		if secHasWord(words[j:j+1], "or", "and", "then") && nameVerbIndex(words[j+1:j+2]) == 0 && !text.IsReadVerb(words[j+1]) {
			return false
		}
	}
	return true
}

// nameMeasuredSubjects are what an evaluation measures when "eval" stands
// beside them in a name (model_eval, eval_dataset, agent_eval): the
// quality of a model, an agent, a prompt, its answers, a dataset, scored by
// a metric or a judge.
var nameMeasuredSubjects = []string{"model", "models", "llm", "llms", "agent", "agents", "prompt", "prompts", "dataset", "datasets",
	"metric", "metrics", "judge", "rag", "retrieval", "response", "responses", "answer", "answers", "benchmark", "benchmarks"}

// nameEvalMeasures reports whether every "eval" among a tool name's words
// stands beside something an evaluation measures (genai-model-eval-create-run,
// prompt_eval_results, eval_dataset_upload): model evaluation, scoring
// with a metric or a judge, not evaluation of code. codeTalk is whether
// the tool's own text says it runs code or an expression; then the name
// keeps its reading.
func nameEvalMeasures(words []string, codeTalk bool) bool {
	if codeTalk {
		return false
	}
	found := false
	for i, w := range words {
		if w != "eval" && w != "evaluate" && w != "evaluation" {
			continue
		}
		found = true
		before := i > 0 && secHasWord(words[i-1:i], nameMeasuredSubjects...)
		after := i+1 < len(words) && secHasWord(words[i+1:i+2], nameMeasuredSubjects...)
		if !before && !after {
			return false
		}
	}
	return found
}

// A change word used as a noun (round 38). Many words that change things
// are nouns as often (commit, merge, revert, run, set, release, deploy,
// update, build, import, export, post, record, log, change, patch,
// reset): git_commit_frequency, merge_base_lookup, deploy_history_report
// read commits, merge bases and deploys. The name alone does not settle
// the part of speech (revert_commit is an order, revert_analysis is not),
// so the tool's own description does: when it opens on a read or an
// analysis verb and no sentence of it names a change the call makes, the
// name's change word is what is read.

// nameReadOrAnalysisOpening is a description opening on a read or an
// analysis verb, imperative or third person: read, get, find, list, show,
// display, look up, inspect, analyse, retrieve, fetch, describe, view,
// search, detect, count, compare, summarise, measure, calculate,
// identify, examine, explain, trace or return. Check is left out ("check
// out a branch" changes the work tree).
var nameReadOrAnalysisOpening = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:` + readOpeningVerbs + `|detects?|counts?|compares?|summari[sz]es?|measures?|calculates?|identif(?:y|ies)|examines?|explains?|traces?|returns?)\s+(?:the\s+|a\s+|an\s+|all\s+|how\s+|which\s+|what\s+)?[a-z]`)

// nameActingLead are the words after which a change verb acts when an
// object follows it: a verb joined to the one before it, an infinitive
// ("time-to-revert statistics" is a noun), a comma in a series.
var nameActingLead = map[string]bool{"also": true, "to": true, "it": true, "this": true}

// nameModalLead are the words after which a change word is read as a
// verb whatever follows it: a modal, "then", and "and" or "or", which join
// it to the read verb before ("Find and replace text", "or manage saved
// filters"), unless a noun of what a read yields follows it ("cancel
// counts and cancel rate", "merge and revert patterns").
var nameModalLead = map[string]bool{"will": true, "can": true, "may": true, "must": true, "should": true, "then": true, "and": true, "or": true}

// nameObjectLead are the words that open a change verb's object: an
// article, a determiner, a pronoun.
var nameObjectLead = map[string]bool{"the": true, "a": true, "an": true, "it": true, "them": true, "this": true, "that": true, "these": true, "those": true,
	"all": true, "any": true, "every": true, "each": true, "your": true, "its": true, "their": true, "new": true}

// nameChangeWordIsNoun reports whether the change word heading a tool
// name stands in a noun's place and the description says the call only
// reads: the name's first verb (after any service prefix) is a change
// word, not a read verb (get_run is nameReadHeaded's), and it is
// followed by more of the name (git_commit_show, merge_base,
// revert_analysis; not orders_update, whose change word ends the name in
// object-verb order), the name does not end on a change word
// (revert_commit), the description opens on a read or an analysis verb,
// the compound's last word is a read verb or a noun of what a read yields
// or the description uses the change word itself, and no sentence of it has a change verb acting: opening the sentence,
// or after "and", "to", "will" and the like with an object after it
// ("Shows the commit and reverts it"). A participle ("commits created by
// a revert", "what will be merged") describes and is not read, nor is a
// change word in a noun's place ("Analyze revert patterns", "merge
// ratio, merge frequency").
func nameChangeWordIsNoun(words []string, desc string) bool {
	i := -1
	for j, w := range words {
		if text.IsReadVerb(w) || nameChangeWord(w) {
			i = j
			break
		}
	}
	if i < 0 || i+1 >= len(words) || text.IsReadVerb(words[i]) || nameChangeWord(words[len(words)-1]) {
		return false
	}
	desc = strings.ToLower(desc)
	if !nameReadOrAnalysisOpening.MatchString(desc) {
		return false
	}
	// The noun's place: the compound's head (its last word) is a read verb
	// (commit_show) or a noun of what a read yields (commit_graph,
	// refund_trends), or the description uses the change word itself
	// ("Find the common ancestor (merge base)"). buy_phone_number "Get a
	// number" has neither: "buy" acts on the number.
	last := words[len(words)-1]
	if !text.IsReadVerb(last) && !secHasWord([]string{last}, nameReadResults...) && !nameDescUses(desc, words[i]) {
		return false
	}
	return !nameDescActs(desc)
}

// nameDescActs reports whether a sentence of a lower-cased description
// has a change verb acting: opening the sentence, after a modal, "then",
// "and" or "or", or after "to", "also" or a comma with an object after it
// ("Shows the commit and reverts it", "then squashes the last two
// commits"). A participle ("commits created by a revert", "what will be
// merged") describes and is not read, nor is a change word in a noun's
// place ("Analyze revert patterns", "merge ratio, merge frequency").
func nameDescActs(desc string) bool {
	for _, sentence := range nameSentenceSplit.Split(desc, -1) {
		toks := strings.FieldsFunc(sentence, func(r rune) bool { return (r < 'a' || r > 'z') && r != ',' && r != '\'' })
		var seq []string
		for _, tok := range toks {
			// "merge ratio, merge frequency": a comma stands as its own
			// token, so a verb after it is read in its place.
			for _, part := range strings.SplitAfter(tok, ",") {
				if w := strings.Trim(part, ",'"); w != "" {
					seq = append(seq, w)
				}
				if strings.HasSuffix(part, ",") {
					seq = append(seq, ",")
				}
			}
		}
		for j, w := range seq {
			if strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "en") || w == "sent" || w == "," {
				continue
			}
			if !nameChangeForm(w) {
				if j > 0 && (nameModalLead[seq[j-1]] || nameActingLead[seq[j-1]]) && j+1 < len(seq) && nameObjectLead[seq[j+1]] && !nameReadForm(w) && !strings.HasSuffix(w, "ly") {
					// "then squashes the last two commits", "then pins the
					// job": a verb the change list does not know acts too
					// when it is joined on and takes an object (the review
					// of round 38); "and explains the branches" reads, and
					// "and optionally the diff" holds no verb.
					return true
				}
				continue
			}
			if j == 0 {
				return true
			}
			if nameModalLead[seq[j-1]] && !(j+1 < len(seq) && secHasWord(seq[j+1:j+2], nameReadResults...)) {
				// "will cancel jobs older than an hour", "find and replace
				// text": a verb; "and cancel rate" a noun.
				return true
			}
			if nameActingLead[seq[j-1]] || seq[j-1] == "," {
				if j+1 < len(seq) && nameObjectLead[seq[j+1]] {
					return true
				}
			}
		}
	}
	return false
}

// nameDescUses reports whether a lower-cased description uses word w in
// any of its forms ("Find the common ancestor (merge base)" uses merge).
func nameDescUses(desc, w string) bool {
	for _, tok := range strings.FieldsFunc(desc, func(r rune) bool { return r < 'a' || r > 'z' }) {
		if slices.Contains(secVerbStems(tok), w) {
			return true
		}
	}
	return false
}

// nameReadVerbs are the read and analysis verbs nameReadOrAnalysisOpening
// opens on that text.IsReadVerb does not hold.
var nameReadVerbs = []string{"read", "get", "find", "list", "show", "display", "inspect", "analyse", "analyze", "retrieve", "fetch", "describe",
	"view", "search", "detect", "count", "compare", "summarise", "summarize", "measure", "calculate", "identify", "examine", "explain", "trace", "return",
	"look", "include", "contain", "group", "sort", "rank", "highlight", "report", "estimate", "check", "verify", "validate",
	"classify", "categorize", "categorise", "aggregate", "reveal", "score", "plot", "chart"}

// nameReadForm reports whether a description word is a read or an
// analysis verb in any form (explains, shows, summarizes).
func nameReadForm(w string) bool {
	for _, s := range secVerbStems(w) {
		if text.IsReadVerb(s) || secHasWord([]string{s}, nameReadVerbs...) {
			return true
		}
	}
	return false
}

// nameReadResults are nouns of what a read or an analysis yields, the
// head of a compound whose first word names what is read (commit
// frequency, deploy history, refund trends).
var nameReadResults = []string{"analysis", "analyses", "analytics", "stats", "statistics", "history", "histories", "report", "reports", "summary",
	"frequency", "timeline", "pattern", "patterns", "trend", "trends", "quality", "cluster", "clusters", "graph", "metrics", "metric",
	"count", "counts", "rate", "rates", "reasons", "overview", "insights", "distribution", "breakdown", "heatmap", "hotspots", "info", "details", "status"}

// nameSentenceSplit splits a description into its sentences and clauses.
var nameSentenceSplit = regexp.MustCompile(`[.!?;:\n]+\s*|\s+[-–—]+\s+`)

// nameChangeWord reports whether a name word changes, starts or deletes
// something: a destructive verb, a write verb, a run verb or a verb that
// changes what it opens on, one that cannot be taken back (cancel,
// revert, refund, pay), or manage.
func nameChangeWord(w string) bool {
	return secChangeVerb(w) || secHasWord([]string{w}, secRunVerbs...) || preciseIrreversibleNames[w] != "" || w == "manage"
}

// nameChangeForm reports whether a description word is a change verb in
// an acting form (base, third person, -ing), a verb that rewrites in
// place (replace, change, overwrite) among them.
func nameChangeForm(w string) bool {
	for _, s := range secVerbStems(w) {
		if nameChangeWord(s) || preciseRewriteVerbs[s] {
			return true
		}
	}
	return false
}
