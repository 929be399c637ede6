package lint

import (
	"regexp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// secFlagChangesOpening is a boolean parameter's description that opens on
// a change the call makes when the flag is on: it marks, saves, writes,
// installs, stores, sends, publishes, uploads, deletes, updates or creates
// ("Mark the conversation read up to now"), or it actually runs the query,
// statement or command the tool otherwise only plans ("Actually run the
// query to get real execution times"). An optional "if true", "when true",
// "set to true to" or "also" may come first.
var secFlagChangesOpening = regexp.MustCompile(`(?i)^\s*(?:(?:if|when)\s+(?:set\s+to\s+)?true\s*,?\s*|set\s+to\s+true\s+to\s+|also\s+)?` +
	`(?:(?:marks?|saves?|writes?|installs?|commits?|persists?|stores?|sends?|publish(?:es)?|uploads?|deletes?|updates?|creates?)\s+\w` +
	`|(?:actually\s+)?(?:runs?|executes?)\s+(?:the\s+|your\s+|this\s+)?(?:query|queries|statements?|sql|commands?|scripts?)\b)`)

// secFlagChangesCache is a flag description whose change stays in a cache
// the server rebuilds ("Store results in the cache").
var secFlagChangesCache = regexp.MustCompile(`(?i)\bcache[ds]?\b`)

// secSideEffectFlag returns the boolean parameter of a tool whose own
// description says that turning it on changes state (whatsapp_read_messages
// markRead: "Mark the conversation read up to now"; db_query_explain
// analyze: "Actually run the query"), or "" (round 36). On a tool marked
// readOnlyHint: true the read in its name no longer holds once the model
// turns the flag on, and clients do not ask. A flag that makes the call
// safer (dry_run, preview, skip…, no…) or whose change stays in a cache is
// not one.
func secSideEffectFlag(t *model.Tool) string {
	for name, obj := range booleanParams(t) {
		pw := secIdentifierWords(name)
		if secHasWord(pw, secSaferFlagWords...) {
			continue
		}
		d, _ := obj["description"].(string)
		if d == "" || !secFlagChangesOpening.MatchString(d) || secFlagChangesCache.MatchString(d) {
			continue
		}
		return name
	}
	return ""
}
