package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Reading destructive intent beyond a tool's name: a description that
// opens on destruction, an operation parameter with a destructive value, a
// flag whose description says it overwrites or deletes.

// secDestructiveVerb returns the first of words that is a destructive verb
// (delete, remove, purge, ...), or "".
func secDestructiveVerb(words []string) string {
	for _, w := range words {
		if text.IsDestructiveVerb(w) {
			return w
		}
	}
	return ""
}

// preciseDescribesDestruction says why a tool destroys data although its
// name does not say so, or "": its description opens on an act of
// destruction (git_clean: "Remove untracked files ..."; set_page:
// "Replaces the content of one page ..."), an operation parameter offers a
// destructive value (git_branch mode "delete"), or a flag's description
// says it overwrites or deletes (git_push force: "Force push (overwrites
// remote history)").
func preciseDescribesDestruction(t *tgTool) string {
	first := strings.TrimSpace(preciseProse(t.desc))
	if preciseDestructiveOpening.MatchString(first) {
		return "its description opens with what it destroys"
	}
	props := t.t.Params()
	for _, name := range t.t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		if obj == nil {
			continue
		}
		lname := strings.ToLower(name)
		if preciseActionParams[lname] {
			for _, v := range preciseEnumValues(obj) {
				if preciseDestructiveModes[strings.ToLower(v)] {
					return fmt.Sprintf("its `%s` parameter takes %q", name, v)
				}
			}
		}
		if preciseFlagParams[lname] && obj["type"] == "boolean" {
			if d, _ := obj["description"].(string); preciseDestroysTalk.MatchString(d) {
				return fmt.Sprintf("its `%s` flag %q", name, secSnippet(d))
			}
		}
	}
	return ""
}

// preciseDestructiveModes are the values of an action parameter that make
// the tool destroy something.
var preciseDestructiveModes = map[string]bool{
	"delete": true, "remove": true, "drop": true, "clear": true, "destroy": true, "purge": true, "wipe": true,
	"prune": true, "uninstall": true, "erase": true, "truncate": true, "hard": true, "discard": true,
}

// preciseActionParams are parameter names whose enum picks the operation.
var preciseActionParams = map[string]bool{
	"mode": true, "action": true, "operation": true, "op": true, "command": true, "subcommand": true, "method": true,
}

// preciseFlagParams are boolean parameter names that switch a tool into a
// destructive mode when their description says so.
var preciseFlagParams = map[string]bool{
	"force": true, "overwrite": true, "prune": true, "delete": true, "hard": true, "purge": true, "cascade": true,
	"replace": true, "clobber": true,
}

var (
	// preciseDestroysTalk is what a flag's description says when setting it
	// destroys something.
	preciseDestroysTalk = regexp.MustCompile(`(?i)\b(?:overwrit\w*|delet\w*|remov\w*|discard\w*|destroy\w*|purg\w*|wip(?:e|es|ing)|eras\w*|force[- ]push\w*|rewrit\w+\s+(?:the\s+)?history)\b`)
	// preciseDestructiveOpening is a description opening on an act of
	// destruction: "Remove untracked files", "Replaces the content of one page".
	preciseDestructiveOpening = regexp.MustCompile(`(?i)^\s*(?:this\s+tool\s+)?(?:permanently\s+|irreversibly\s+|completely\s+)?(?:(?:remove|delete|destroy|drop|purge|wipe|erase|truncate|overwrite|discard)s?\b|replaces?\s+(?:the\s+)?(?:entire\s+|whole\s+|full\s+|existing\s+)?(?:content|contents|body|data|file)\b)`)
)

// preciseEnumValues returns the string enum values of a schema or of its
// array items.
func preciseEnumValues(obj map[string]any) []string {
	var out []string
	for _, src := range []map[string]any{obj, func() map[string]any { m, _ := obj["items"].(map[string]any); return m }()} {
		if src == nil {
			continue
		}
		list, _ := src["enum"].([]any)
		for _, v := range list {
			if s, ok := v.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// preciseSessionOnly matches a tool that only clears or resets a session
// setting or in-memory state, not data.
var preciseSessionOnly = regexp.MustCompile(`(?i)\b(session|setting|settings|working directory|context|selection|cache|filter)\b`)

// preciseAsksConfirmation matches a description that already makes the
// model confirm with the user.
var preciseAsksConfirmation = regexp.MustCompile(`(?i)\b(ask(s)? (the user )?(for )?confirm|requires? (explicit |user )?confirmation|confirm with the user|after (the )?user confirms|with confirmation)`)

// preciseHarmlessDestruction reports whether a tool that reads as
// destructive only clears a session setting or in-memory state (its
// destructive verb is clear/reset/close/end/stop/cancel and its name or
// description is about a session or setting), or already asks the user to
// confirm.
func preciseHarmlessDestruction(t *tgTool) bool {
	if preciseAsksConfirmation.MatchString(t.desc) {
		return true
	}
	soft := false
	for _, tok := range t.nameTokens {
		switch strings.ToLower(tok) {
		case "clear", "reset", "close", "end", "stop", "cancel":
			soft = true
		}
	}
	if !soft {
		return false
	}
	first, _, _ := strings.Cut(t.desc, ".")
	return preciseSessionOnly.MatchString(strings.Join(t.nameTokens, " ")) || preciseSessionOnly.MatchString(first)
}

// preciseReadNamed reports whether the tool's name opens with a read verb
// (after the server's shared prefix): a destructive word later in the name
// (get_deletion_status, list_reset_requests) names what is read, not an
// action, and the description does not say it destroys anything.
func preciseReadNamed(t *tgTool) bool {
	if t.destructPhrase {
		return false
	}
	for i, tok := range t.nameTokens {
		if i > 1 {
			break
		}
		if text.IsReadVerb(tok) {
			return true
		}
		if text.IsDestructiveVerb(tok) {
			return false
		}
	}
	return false
}
