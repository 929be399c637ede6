package lint

import (
	"fmt"
	"regexp"
	"strings"
)

// Destruction the tool's own description says of itself (round 41): the
// author calls the tool, or one of the tool's own operations, destructive.
// That is the author's answer to the question destructiveHint asks, given
// in prose the client never reads.

var (
	// selfSaidDestructive predicates "destructive" of the tool itself:
	// "This is destructive", "This is an irreversible, destructive
	// operation", "Imports a dump ... and is destructive to existing
	// data", "Mutates remote state and can be destructive". The subject is
	// the tool ("this", "it") or the tool's own verb phrase joined by
	// "and"; "is not destructive" and "non-destructive" never match.
	selfSaidDestructive = regexp.MustCompile(`(?i)\b(?:this|it)\s+(?:tool\s+|operation\s+|action\s+|call\s+|command\s+)?(?:is|can\s+be|may\s+be)\s+(?:an?\s+)?(?:(?:irreversible|permanent|potentially|very|highly)\s*,?\s+)?destructive\b` +
		`|\band\s+(?:is|can\s+be|may\s+be)\s+destructive\b`)

	// selfLabelDestructive is "destructive" written as a label on the
	// tool: the description or a sentence opens on it, after at most a
	// warning sign or "WARNING:", and a colon or a dash follows ("⚠️
	// DESTRUCTIVE: Permanently deletes ...", "Destructive — wipes existing
	// privileges"), or it follows a dash that closes a marker of what the
	// tool does ("WRITE — destructive"). "Destructive tools (...)" and
	// "Destructive commands ... are refused" name other things, not this
	// tool, and have no colon or dash after the adjective.
	selfLabelDestructive = regexp.MustCompile(`(?i)^(?:[^\w\s]{1,3}\s*)?(?:warning:\s*)?destructive\s*(?::|—|–|\s-\s)|\b[A-Z]{3,}\s+(?:—|–|-)\s*destructive\b`)

	// selfValueDestructive is one word said to be destructive: "uninstall
	// is destructive", "cache_purge is destructive". It counts only when
	// the word is one of the tool's own operation values.
	selfValueDestructive = regexp.MustCompile(`(?i)\b([a-z][\w-]*)\s+(?:is|are)\s+(?:also\s+)?destructive\b`)

	// selfOperationWord is a word an operation parameter's description
	// lists as a value: "list_installed, outdated, update, uninstall".
	selfOperationWord = regexp.MustCompile(`[A-Za-z][\w-]*`)
)

// selfSaysDestructive returns the words of a tool's own description that
// call the tool, or one of its own operation values, destructive, or "".
// A sentence that refuses ("BLOCKED: Destructive commands") is skipped.
func selfSaysDestructive(t *tgTool) string {
	prose := preciseProse(t.desc)
	if !strings.Contains(strings.ToLower(prose), "destructive") {
		return ""
	}
	values := selfOperationValues(t)
	for _, sent := range preciseLineOrSentence.Split(prose, -1) {
		sent = strings.TrimSpace(sent)
		if sent == "" || preciseRefusedTalk.MatchString(sent) {
			continue
		}
		if m := selfSaidDestructive.FindString(sent); m != "" {
			return m
		}
		if m := selfLabelDestructive.FindString(sent); m != "" {
			return strings.TrimSpace(m)
		}
		for _, sm := range selfValueDestructive.FindAllStringSubmatch(sent, -1) {
			if values[strings.ToLower(sm[1])] {
				return sm[0]
			}
		}
	}
	return ""
}

// selfOperationValues returns the values a tool's operation parameters
// (action, operation, mode, command, ...) take, at the top level: their
// enum, const, default and examples, and the words their description
// lists. Lowercased.
func selfOperationValues(t *tgTool) map[string]bool {
	out := map[string]bool{}
	props := t.t.Params()
	for _, name := range t.t.ParamNames() {
		if !preciseActionParams[strings.ToLower(name)] {
			continue
		}
		obj, _ := props[name].(map[string]any)
		if obj == nil {
			continue
		}
		for _, v := range preciseOperationValues(obj) {
			out[strings.ToLower(v)] = true
		}
		if d, _ := obj["description"].(string); d != "" {
			for _, w := range selfOperationWord.FindAllString(d, -1) {
				out[strings.ToLower(w)] = true
			}
		}
	}
	return out
}

// selfSaidWhy phrases the finding's reason for a tool whose description
// calls it destructive.
func selfSaidWhy(m string) string {
	return fmt.Sprintf("its own description calls it destructive: %q", secSnippet(m))
}
