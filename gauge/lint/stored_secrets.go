package lint

import (
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// secStoredSecretOpening is an opening sentence that reads back one
// secret a service keeps for its caller: a read verb, an optional
// article and up to three words of what it is (previously generated,
// webhook, database), and the secret itself in the singular (a shared,
// signing or client secret, a secret, API, private, signing, access,
// master or encryption key, a password). Group 1 is the words between
// the verb and the secret, group 2 the secret, group 3 what follows it.
// It is case-sensitive: callers pass folded text (secOpeningSentence).
var secStoredSecretOpening = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:gets?|retrieves?|fetch(?:es)?|reads?|returns?|reveals?|shows?|displays?|views?|exports?|obtains?)\s+(?:(?:the|a|an|your|its|this|that|one)\s+)?((?:[\w-]+\s+){0,3}?)((?:shared|signing|client|webhook|app|application)\s+secret|secret\s+key|(?:api|private|signing|access|master|encryption)\s+key|password)\b(.{0,40})`)

// secStoredSecretFillerStops are words that, between the read verb and
// the secret, make the secret something other than what is read: a
// preposition (an address from a private key, the owner of an API key),
// a conjunction, or "public" (a public key is no secret).
var secStoredSecretFillerStops = []string{"from", "for", "of", "by", "with", "using", "via", "to", "in", "on", "and", "or", "whether", "if",
	"public", "no", "without", "new"}

// secStoredSecretRead reads a tool that hands back a secret the service
// stores: its opening sentence gets, retrieves or shows one shared,
// signing or client secret, API, private or signing key, or password
// ("Get a previously generated shared secret"). The service answers with
// the value, whether the secret was created a moment ago or long since,
// and the model holds it from then on. What names or describes the
// secret instead (its name, id, expiry, status, "whether a password is
// set"), a public key, and a text saying the value is masked or left out
// are no secret. It returns what the message names, or "".
func secStoredSecretRead(t *model.Tool, desc string) string {
	m := secStoredSecretOpening.FindStringSubmatch(secOpeningSentence(t.RawDescription))
	// "password-protected", "API key-based": the secret's word is part
	// of a compound naming something else.
	if m == nil || secHasWord(strings.Fields(m[1]), secStoredSecretFillerStops...) || secCredentialQualifies.MatchString(m[3]) || secStoredSecretAbout.MatchString(m[3]) || strings.HasPrefix(m[3], "-") {
		return ""
	}
	if secRedacted.MatchString(desc) || secValuesHidden.MatchString(desc) || secPublicPartOnly.MatchString(desc) {
		return ""
	}
	what := strings.Join(strings.Fields(m[2]), " ")
	return "a stored " + what + " (its description opens by reading it back: the service answers with the value it keeps)"
}

// secStoredSecretAbout is what follows the secret when the read is of a
// fact about it rather than its value: when it was last used, created or
// rotated, when it expires, its owner, scopes, age or dates ("Get access
// key last used date").
var secStoredSecretAbout = regexp.MustCompile(`^\s*(?:'s\s+)?(?:last[- ](?:used|rotat\w*|modified|updated|accessed|seen)|created|creation|rotat\w*|owners?|scopes?|age|dates?|times?|timestamps?|history|audit|expir\w*|validity|type|algorithm|length)\b`)

// secPublicPartOnly is a description saying a key's read answers its
// public half or metadata ("Returns public key and metadata"), or that
// the secret is not stored (a getter cannot hand back what the service
// does not keep).
var secPublicPartOnly = regexp.MustCompile(`\breturns?\s+(?:only\s+)?(?:the\s+|its\s+)?(?:public\s+keys?|metadata)\b|\b(?:is|are)\s+not\s+(?:stored|kept|retained|retrievable)\b|\b(?:does|do)\s*(?:not|n't)\s+(?:store|keep|retain)\b`)

// secAddsToWebhook is an opening sentence that adds something to a
// webhook named as the destination ("Add addresses to the activity
// webhook", "subscribe events on a webhook"): the webhook exists already,
// and the tool edits what it watches, creating no URL or token. Group 1
// is what is added. It is case-sensitive: callers pass folded text
// (secOpeningSentence).
var secAddsToWebhook = regexp.MustCompile(`\b(?:add|append|attach|subscribe|insert|include|put)\w*\s+([^.\n]{1,60}?)\s(?:to|into|on|onto)\s+(?:(?:an?|the|this|that|your|its|existing|an\s+existing)\s+)?(?:[\w-]+\s+){0,3}webhooks?\b`)

// secAddedIsTheWebhook is an added object that is the webhook the tool
// makes, or its URL or token ("adds it to the channel's webhooks"): the
// webhook is new, not one that exists.
var secAddedIsTheWebhook = regexp.MustCompile(`^(?:it|them|(?:the|this|that|its|a|an)\s+(?:new\s+|returned\s+|created\s+|incoming\s+)*(?:webhook|url|token|secret|endpoint)s?)$`)

// secAddsToExistingWebhook reports whether a description's own opening
// sentence adds something other than the new webhook to a webhook that
// exists, read as above. Advice later in the text ("Add the returned URL
// to your repo's webhook list") says what the caller does with the
// webhook the tool creates, not what the tool does.
func secAddsToExistingWebhook(raw string) bool {
	m := secAddsToWebhook.FindStringSubmatch(secOpeningSentence(raw))
	return m != nil && !secAddedIsTheWebhook.MatchString(strings.TrimSpace(m[1]))
}
