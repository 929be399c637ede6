package lint

import (
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
func nameReadHeaded(words []string) bool {
	if secReadNamed(words) {
		return true
	}
	i := nameVerbIndex(words)
	if i < 2 || !text.IsReadVerb(words[i]) {
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
