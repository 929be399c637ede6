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
