package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// A tool of several operations may cancel with one of them: an `action`
// whose enum offers "cancel" beside "list" and "trigger" (a workflow run
// cancelled), a maintenance window's "cancel", a job tool whose
// description lists its operations "list/get/log/build/wait/abort". Since
// MCP040 r39 (round 34) such an operation is read as a name that cancels
// or aborts is (cancel_job, abort_run), at warning, as stopping running
// work is: what ran or was planned is lost, though an author may fairly
// say it can be started again. Left out: an operation whose siblings
// continue it (git_rebase mode start/continue/abort/skip: the abort ends
// the tool's own step operation and restores the state from before it,
// as rolling back one's own transaction is the safe way out), a cancel
// the description limits to work not yet started (r37), a tool whose name
// opens on a read, and a list of values that filters what is read (a
// parameter not named for the operation).

// effectCancelWords are the first words of an operation value that
// cancels or aborts work: "cancel", "cancel_run", "abort-job".
var effectCancelWords = map[string]bool{"cancel": true, "abort": true}

// effectStepWords are the first words of an operation value that carries
// on a step operation the tool itself began ("continue", "skip"): beside
// them, an abort ends that operation and puts back what was there.
var effectStepWords = map[string]bool{"continue": true, "skip": true}

// effectOpListTalk is a description listing a tool's operations after a
// label: "Job ops: list/get/log/build/buildAndWait/wait/abort", "Actions:
// list, get, create, update, cancel". The list is of bare identifiers
// joined by slashes, bars or commas.
var effectOpListTalk = regexp.MustCompile(`(?i)\b(?:ops|operations|actions|commands|modes)\s*:\s*((?:[a-z][\w-]*\s*[/,|]\s*){2,16}[a-z][\w-]*)`)

// effectCancelsByOperation says why a tool one of whose operations cancels
// or aborts work may lose what ran or was planned, or "": an operation
// parameter (action, operation, op, mode, method, command) offers a value
// whose first word is cancel or abort, or the tool's or that parameter's
// description lists such an operation after an operations label.
func effectCancelsByOperation(t *tgTool) string {
	if len(t.nameWords) > 0 && text.IsReadVerb(t.nameWords[0]) {
		return ""
	}
	if preciseNotStartedOnly.MatchString(t.desc) {
		// "Cancel a scheduled send before it goes out": submitted again
		// as it was (r37).
		return ""
	}
	props := t.t.Params()
	for _, name := range preciseActingParams(t) {
		obj, _ := props[name].(map[string]any)
		if obj == nil || !preciseActionParams[strings.ToLower(name)] {
			continue
		}
		if v := effectCancelValue(preciseOperationValues(obj)); v != "" {
			return fmt.Sprintf("its `%s` operation %q cancels work under way or scheduled, and what ran or was planned is lost", name, v)
		}
		if d, _ := obj["description"].(string); d != "" {
			if v := effectListedCancel(d); v != "" {
				return fmt.Sprintf("its `%s` parameter lists the operation %q, which cancels work under way or scheduled, and what ran or was planned is lost", name, v)
			}
		}
	}
	if v := effectListedCancel(preciseProse(t.desc)); v != "" {
		return fmt.Sprintf("its description lists the operation %q, which cancels work under way or scheduled, and what ran or was planned is lost", v)
	}
	return ""
}

// effectListedCancel returns the cancelling operation of a list of
// operations in prose (effectOpListTalk), or "".
func effectListedCancel(desc string) string {
	for _, m := range effectOpListTalk.FindAllStringSubmatch(desc, -1) {
		items := strings.FieldsFunc(m[1], func(r rune) bool { return r == '/' || r == ',' || r == '|' || r == ' ' })
		if v := effectCancelValue(items); v != "" {
			return v
		}
	}
	return ""
}

// effectCancelValue returns the first of values whose first word cancels
// or aborts, or "" when there is none or a sibling value continues a step
// operation (git_rebase's start/continue/abort/skip).
func effectCancelValue(values []string) string {
	found := ""
	for _, v := range values {
		words := secIdentifierWords(v)
		if len(words) == 0 {
			continue
		}
		if effectStepWords[words[0]] {
			return ""
		}
		if found == "" && effectCancelWords[words[0]] {
			found = v
		}
	}
	return found
}

// Stopping running work read from the description (MCP040 r45, round 39,
// branch dest39). preciseLessCertain reads a stop from the name: a stop
// verb leading it and a noun of running work in it (stop_pipeline_job_run).
// A name that puts the verb last (agent_abort, cluster_shutdown) or names
// no work (guest_stop) says the same act in its description's opening:
// "Abort a running import job", "Shut down the cluster and terminate all
// workers", "Forcefully stop a VM". The opening, or a clause joined to it
// by "and" or a comma, opens on a stop verb whose object, a noun phrase
// opening on a determiner, names running work (the nouns
// preciseLessCertain reads, their plurals, and workers), or the stop is
// forced: what was under way, or what a machine had not yet written, is
// lost. Reported at warning, as the name reading is: an author may fairly
// say the work can be started again. Left out: a stop of something that
// is not work ("Stop a running server", "Stop the currently running
// scene"), a noun after a preposition ("Stop a plan for a deployment":
// the plan stops), a gerund object ("Stop accepting new jobs"), a forced
// stop of an app (preciseStopsApp's note), a tool whose name opens on a
// read, and a stop the description limits to work not yet started.

// effectStopOpening is a clause opening on a stop verb, maybe forced:
// "Abort a running ...", "Forcefully stop a VM", "Shutdown the hive-mind",
// "Terminates all workers". Group 1 is the adverb, group 2 what follows
// the verb.
var effectStopOpening = regexp.MustCompile(`(?i)^\s*(?:(forcefully|forcibly|force|hard)[\s-]+)?(?:stop|stops|abort|aborts|halt|halts|shut\s*down|shuts\s+down|shutdown|kill|kills|terminate|terminates)\b(.*)$`)

// effectObjectEnd ends the object of a stop verb: a preposition, a
// conjunction, a relative pronoun or punctuation. "a Flex Plan for a
// deployment" ends before "for".
var effectObjectEnd = regexp.MustCompile(`(?i)\s(?:by|for|on|in|from|of|with|to|at|using|via|if|when|and|or|that|which|who|after|before|while|so|then|use|since)\b|[(:;,—–]`)

// effectClauseJoin separates the clauses of an opening: "Shutdown the
// hive-mind and terminate all workers".
var effectClauseJoin = regexp.MustCompile(`(?i)\s+and\s+|,\s*`)

// effectDeterminers open the noun phrase a stop verb takes as its object
// ("a running pipeline", "all workers"); a gerund there ("Stop accepting
// new jobs") names an act the call stops, not the work.
var effectDeterminers = map[string]bool{
	"a": true, "an": true, "the": true, "all": true, "every": true, "each": true, "any": true, "its": true,
	"their": true, "this": true, "these": true, "one": true, "both": true,
}

// effectWorkNouns name running work whose progress a stop loses: the
// nouns preciseLessCertain reads in a name, their plurals, and workers.
var effectWorkNouns = map[string]bool{
	"tasks": true, "workflows": true, "executions": true, "pipelines": true, "migrations": true, "rollouts": true,
	"worker": true, "workers": true,
}

// effectStopsRunningWork says why a tool whose description opens on
// stopping running work loses it, or "".
func effectStopsRunningWork(t *tgTool) string {
	if len(t.nameWords) > 0 && text.IsReadVerb(t.nameWords[0]) {
		return ""
	}
	if preciseNotStartedOnly.MatchString(t.desc) {
		return ""
	}
	opening := strings.TrimSpace(preciseProse(t.desc))
	if k := effectSentenceEnd.FindStringIndex(opening); k != nil {
		opening = opening[:k[0]]
	}
	for i, clause := range effectClauseJoin.Split(opening, -1) {
		m := effectStopOpening.FindStringSubmatch(clause)
		if m == nil {
			if i == 0 {
				return ""
			}
			continue
		}
		object := m[2]
		if k := effectObjectEnd.FindStringIndex(object); k != nil {
			object = object[:k[0]]
		}
		words := strings.Fields(strings.ToLower(object))
		if len(words) == 0 || !effectDeterminers[words[0]] {
			// "Stop accepting new jobs": the verb's object is an act (a
			// gerund), not the jobs.
			continue
		}
		if len(words) > 6 {
			words = words[:6]
		}
		app := false
		for _, w := range words {
			app = app || preciseAppWords[strings.Trim(w, "`'\"*")]
		}
		// The work is the phrase's head, its last word before an adverb
		// ("all running ingest jobs immediately"): "the build watcher"
		// and "the job queue listener" stop a watcher and a listener.
		for len(words) > 1 && (strings.HasSuffix(words[len(words)-1], "ly") || words[len(words)-1] == "now") {
			words = words[:len(words)-1]
		}
		head := strings.Trim(words[len(words)-1], "`'\"*")
		work := preciseStoppedNouns[head] || effectWorkNouns[head]
		shown := secSnippet(strings.TrimSpace(clause[:len(clause)-len(m[2])] + object))
		switch {
		case work:
			return fmt.Sprintf("its description opens on stopping running work (%q), whose progress is lost", shown)
		case m[1] != "" && !app:
			return fmt.Sprintf("its description opens on a forced stop (%q), which loses what was not yet written", shown)
		}
	}
	return ""
}

// effectSentenceEnd ends a description's first sentence: a full
// stop, question or exclamation mark before a space, or a line break.
var effectSentenceEnd = regexp.MustCompile(`[.!?](?:\s|$)|\n`)
