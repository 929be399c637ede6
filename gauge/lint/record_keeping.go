package lint

import (
	"regexp"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Record-keeping tools: a hook that runs around an act another party does
// (before an edit, after a command), a tool that files an outcome, a
// report that points to the sibling tool which prunes, a counter reset, a
// preview that throws away the copy it loaded itself (an agent registered
// with a task description used only to route it is read in sec011.go).
// Their words name destruction or an agent's reach, but the call itself
// does neither (round 31).

// preciseHookOpening is the opening sentence of a hook that runs around an
// act another party does: it gets, assesses, checks, records or suggests
// something "before editing a file", "after running a command", "prior to
// deleting".
var preciseHookOpening = regexp.MustCompile(`(?i)^\s*(?:gets?|returns?|assess(?:es)?|checks?|validates?|records?|logs?|reports?|suggests?|scores?|analy[sz]es?|notif(?:y|ies)|provides?)\b[^.\n]{0,80}?\b(?:before|after|prior\s+to|ahead\s+of)\s+(?:an?\s+|the\s+)?[a-z]+ing\b`)

// preciseHookMomentWords mark, in a tool's name, that the verb after them
// is the moment the hook runs at (pre-edit, post_command, before_delete),
// not the tool's own act.
var preciseHookMomentWords = map[string]bool{"pre": true, "post": true, "before": true, "after": true}

// preciseHookAround reports whether a tool is a hook around an act it does
// not do itself: its name says when it runs (a moment word, pre, post,
// before or after, before another word), its opening gets, assesses or
// records something before or after an act (preciseHookOpening), and every
// verb of its name that acts follows a moment word (hooks_pre-edit,
// hooks_post-command). An operation
// or command parameter of such a tool names the act about to happen or
// just done: "Type of operation (create, update, delete)" beside "Get
// context ... before editing a file" deletes nothing.
func preciseHookAround(t *tgTool) bool {
	// The name must say when the hook runs (a moment word before a
	// word): "Checks for dependants before deleting an entity" on
	// entity_admin(action: delete) is the check before its own act.
	moment := false
	for i, w := range t.nameWords {
		if i+1 < len(t.nameWords) && preciseHookMomentWords[w] {
			moment = true
		}
	}
	if !moment || !preciseHookOpening.MatchString(preciseProse(t.desc)) {
		return false
	}
	for i, w := range t.nameWords {
		if text.IsReadVerb(w) || i > 0 && preciseHookMomentWords[t.nameWords[i-1]] {
			continue
		}
		if text.IsDestructiveVerb(w) || secHasWord([]string{w}, secWriteVerbs...) {
			return false
		}
	}
	return true
}

// preciseOtherToolClause is a clause that sends the reader to another tool
// for an act: "For pruning expired entries use memory_cleanup", "To delete
// a key, call `memory_delete`". The act it names is that tool's, not this
// one's. The clause must end on the tool's name: "To delete it, use
// delete_key and then ..." is read as written.
var preciseOtherToolClause = regexp.MustCompile("(?i)^\\s*(?:for|to)\\s+[^,]{1,80}?,?\\s+(?:use|call|try|see|run)\\s+(?:the\\s+)?`?[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+`?(?:\\s+(?:tool|instead))?\\s*[.!]?\\s*$")

// preciseCounterResetPart is one conjunct of an opening sentence that
// resets, restarts or clears only a counter or a timer: "Reset autopilot
// iteration counter", "restart the timer", "Resets the retry count".
var preciseCounterResetPart = regexp.MustCompile(`(?i)^\s*(?:re)?(?:sets?|starts?|clears?|zeroe?s?)\s+(?:the\s+|its\s+|all\s+)?(?:[\w-]+\s+){0,2}?(?:counters?|counts?|timers?|clocks?|badges?)\s*$`)

// preciseConjunction splits a sentence into its conjuncts.
var preciseConjunction = regexp.MustCompile(`(?i)\s*,\s*(?:and\s+)?|\s+and\s+`)

// preciseCounterResetOnly reports whether a tool's first sentence resets
// only counters or timers, each of its conjuncts one
// (preciseCounterResetPart: "Reset autopilot iteration counter and
// restart the timer"), and nothing in its description says it destroys,
// revokes or deletes. What is counted or timed stays; "Reset the database
// and its counters" resets more.
func preciseCounterResetOnly(t *tgTool) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(t.desc), ".")
	if t.destructPhrase || preciseRevokesTalk.MatchString(t.desc) || strings.TrimSpace(first) == "" {
		return false
	}
	for _, part := range preciseConjunction.Split(first, -1) {
		if !preciseCounterResetPart.MatchString(part) {
			return false
		}
	}
	return true
}

// preciseOwnCopyDestroyed is a sentence in which the tool loads, creates
// or inserts something and then destroys that very thing ("Loads the
// asset, builds a hierarchy tree ..., then destroys it"): a scratch copy
// the call made for itself.
var preciseOwnCopyDestroyed = regexp.MustCompile(`(?i)^\s*(?:loads?|creates?|inserts?|clones?|spawns?|instantiates?|opens?|imports?)\b[^.]*?\bthen\s+(?:destroys?|deletes?|removes?|discards?|cleans?\s+up)\s+(?:it|them)\s*(?:[.;]|$)`)

// preciseNegatedPermanence is a "permanently" under a denial: "without
// permanently inserting it", "does not permanently store".
var preciseNegatedPermanence = regexp.MustCompile(`(?i)\b(?:without|not|never|no)\s+(?:\w+\s+)?permanently\b`)

// preciseScratchCopyOnly reports whether the only destruction a tool's
// description tells is of a scratch copy the call itself made: no
// destructive verb in its name, each "permanently" it says is denied
// ("Preview a Roblox asset without permanently inserting it"), no other
// destructive phrase, and a sentence that loads something and "then
// destroys it".
func preciseScratchCopyOnly(t *tgTool) bool {
	for _, tok := range t.nameTokens {
		if text.IsDestructiveVerb(tok) {
			return false
		}
	}
	rest := preciseNegatedPermanence.ReplaceAllString(t.desc, " ")
	if text.DestructivePhrase.Match(rest) {
		return false
	}
	for _, s := range preciseLineOrSentence.Split(t.desc, -1) {
		if preciseOwnCopyDestroyed.MatchString(s) {
			return true
		}
	}
	return false
}

// preciseReadsOperationList reports whether a tool's description opens on
// a read ("Retrieve usage snippets") and no verb of its name acts: a list
// of API operations in its schema selects what it reads.
func preciseReadsOperationList(t *tgTool) bool {
	if !t.readOpening {
		return false
	}
	for _, w := range t.nameWords {
		if text.IsDestructiveVerb(w) || secHasWord([]string{w}, secWriteVerbs...) {
			return false
		}
	}
	return true
}

// preciseOperationRef reports whether an object's properties are exactly
// an HTTP method (its enum all methods, in either case) and a path, route
// or endpoint: the name of one operation of an API, with no body, headers
// or parameters that a request would carry.
func preciseOperationRef(props map[string]any) bool {
	if len(props) != 2 {
		return false
	}
	method, path := false, false
	for name, v := range props {
		obj, _ := v.(map[string]any)
		switch {
		case preciseMethodParam(name):
			var values []string
			for _, e := range preciseEnumValues(obj) {
				values = append(values, strings.ToUpper(e))
			}
			if len(values) == 0 || !preciseAllHTTPMethods(values) {
				return false
			}
			method = true
		case slices.Contains([]string{"path", "route", "endpoint", "operation_path"}, strings.ToLower(name)):
			path = true
		}
	}
	return method && path
}
