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
	if m == nil || secHasWord(strings.Fields(m[1]), secStoredSecretFillerStops...) || secCredentialQualifies.MatchString(m[3]) || strings.HasPrefix(m[3], "-") {
		return ""
	}
	if secRedacted.MatchString(desc) || secValuesHidden.MatchString(desc) || secPublicPartOnly.MatchString(desc) {
		return ""
	}
	what := strings.Join(strings.Fields(m[2]), " ")
	return "a stored " + what + " (its description opens by reading it back: the service answers with the value it keeps)"
}

// secPublicPartOnly is a description saying a key's read answers its
// public half or metadata ("Returns public key and metadata"), or that
// the secret is not stored (a getter cannot hand back what the service
// does not keep).
var secPublicPartOnly = regexp.MustCompile(`\breturns?\s+(?:only\s+)?(?:the\s+|its\s+)?(?:public\s+keys?|metadata)\b|\b(?:is|are)\s+not\s+(?:stored|kept|retained|retrievable)\b|\b(?:does|do)\s*(?:not|n't)\s+(?:store|keep|retain)\b`)

// secAddsToWebhook is a description that adds something to a webhook
// named as the destination ("Add addresses to the activity webhook",
// "subscribe events on a webhook"): the webhook exists already, and the
// tool edits what it watches, creating no URL or token.
var secAddsToWebhook = regexp.MustCompile(`\b(?:add|append|attach|subscribe|insert|include|put)\w*\s+[^.\n]{1,60}?\s(?:to|into|on|onto)\s+(?:(?:an?|the|this|that|your|its|existing|an\s+existing)\s+)?(?:[\w-]+\s+){0,3}webhooks?\b`)
