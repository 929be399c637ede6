package lint

import (
	"regexp"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// SEC014 and SEC010 (revisions 21 and 23): payment card data is a secret the
// cardholder holds. Whoever has a card's number (PAN) with its security
// code (CVV, CVC) and expiry can pay with it, so the number and the code
// are credentials whatever the tool calls them; a card's id, token, brand,
// BIN or last four digits open nothing.

// secCardNotSecret says a card field's description is about a part of the
// number that pays with nothing (last four digits, BIN, masked or
// truncated form), or about a flag or a token standing in for the card.
var secCardNotSecret = regexp.MustCompile(`\b(?:last\s+(?:4|four)|first\s+(?:6|six|8|eight)|bin\b|masked|truncated|redacted|obfuscated|tokeni[sz]ed|whether|if\s+true|indicates)`)

// secCardNumberTalk names a card's number without the word card: its
// primary account number, or PAN (in a card field's folded text).
var secCardNumberTalk = regexp.MustCompile(`\b(?:primary\s+account\s+number|pan)\b`)

// secCardTalk says a text speaks of a payment card: it names a card, or a
// card's number.
func secCardTalk(desc string) bool {
	return secCardWord.MatchString(desc) || secCardNumberTalk.MatchString(desc)
}

// secCardNameNotSecret holds name words that make a card field a part or
// a stand-in of the number, not the number.
var secCardNameNotSecret = []string{"last4", "last", "masked", "bin", "brand", "type", "id", "token", "hash", "fingerprint", "mask", "prefix", "suffix", "length", "required", "present"}

// secCardSecret says what payment card secret a parameter takes ("a
// payment card number (PAN)"), or "" when it takes none: a string named
// for a card's number (cardNumber, card_no, pan beside a card) or its
// security code (cvv, cvc, cardCvv, securityCode described as a card's).
func secCardSecret(p secParam) string {
	if !secTakesString(p.schema) {
		return ""
	}
	words := secIdentifierWords(p.name)
	if len(words) == 0 || secHasWord(words, secCardNameNotSecret...) {
		return ""
	}
	desc := p.desc()
	if secCardNotSecret.MatchString(desc) {
		return ""
	}
	if secHasWord(words, "cvv", "cvc", "cvv2", "cvc2") ||
		secWordsAdjacent(words, "security", "code") && (secCardTalk(desc) || secHasWord(secIdentifierWords(p.parent), "card")) {
		return "a payment card's security code (CVV), which with the card's number pays as the cardholder"
	}
	cardContext := secCardTalk(desc) || secHasWord(secIdentifierWords(p.parent), "card", "cards")
	if secWordsAdjacent(words, "card", "number") || secWordsAdjacent(words, "card", "no") || secWordsAdjacent(words, "card", "num") ||
		words[len(words)-1] == "pan" && (cardContext || secHasWord(words, "card")) {
		return "a payment card number (PAN), with which anyone who also has its expiry and code pays as the cardholder"
	}
	return ""
}

// secCardDataReturn reads an opening that reads or returns a card's full
// number or its security code: "Get issued card with PAN, CVV, and
// expiration", "Reveal the full card number". PAN is read in capitals
// only (a camera's pan is not a card's).
var (
	secCardReadVerb   = regexp.MustCompile(`(?i)^\W*(?:get|gets|retrieve|retrieves|return|returns|fetch|fetches|reveal|reveals|show|shows|read|reads|view|views|display|displays|look\s+up|list|lists)\b`)
	secCardDataWords  = regexp.MustCompile(`(?i)\b(?:cvv2?|cvc2?|card\s+verification\s+(?:value|code)|card\s+security\s+codes?|(?:full|unmasked|complete|plain-?text|raw)\s+(?:card\s+)?(?:numbers?|pan)|full\s+card\s+details)\b`)
	secCardPAN        = regexp.MustCompile(`\bPANs?\b`)
	secCardDataHidden = regexp.MustCompile(`(?i)\b(?:masked|last\s+(?:4|four)|truncated|redact\w*|without\s+(?:the\s+)?(?:full\s+)?(?:pan|cvv|cvc|card\s+number)|(?:never|not)\s+(?:returns?|returned|includes?|included|shows?|shown)|except\s+(?:the\s+)?(?:pan|cvv|cvc|card\s+number))\b`)
)

// secReturnsCardData reports whether a tool's opening says it reads or
// returns a payment card's full number or security code: with them (and
// the expiry) anyone pays as the cardholder, so they are a credential in
// the result.
func secReturnsCardData(t *model.Tool) bool {
	open := secOpeningSentence(t.RawDescription)
	if !secCardReadVerb.MatchString(open) || secCardDataHidden.MatchString(open) {
		return false
	}
	if secCardDataWords.MatchString(open) {
		return true
	}
	// PAN is read in its raw capitals (the folded opening is lower case).
	raw := strings.TrimLeft(t.RawDescription, " \n")
	if k := strings.IndexAny(raw, ".\n"); k >= 0 {
		raw = raw[:k]
	}
	return secCardPAN.MatchString(raw) && secCardWord.MatchString(open)
}

// secPaymentWords are the words that make a card a payment card: payment
// and its verbs, a card network, the card's other payment fields (its
// security code, expiry, billing address, cardholder) and PCI.
var secPaymentWords = regexp.MustCompile(`\b(?:pay|pays|paying|paid|payments?|pci|credit|debit|prepaid|cvv2?|cvc2?|cardholders?|card\s+holders?|billing|charges?|charged|checkout|merchants?|acquirer|visa|mastercard|amex|american\s+express|discover|expiry|expiration|exp\s+(?:month|year|date))\b`)

// secPaymentContext reports whether a tool speaks of payment anywhere in
// its description or its parameters' names and descriptions: the number of
// a library, loyalty or membership card lends books or counts points, and
// pays as no one. The parameters are those of secParams(t), read once.
func secPaymentContext(t *model.Tool, params []secParam) bool {
	if secPaymentWords.MatchString(strings.ToLower(t.RawDescription)) {
		return true
	}
	for _, p := range params {
		if secPaymentWords.MatchString(strings.Join(secIdentifierWords(p.name), " ")) || secPaymentWords.MatchString(strings.ToLower(p.desc())) {
			return true
		}
	}
	return false
}

// secCardWord names a card in a text (a camera's "PAN and tilt" names none).
var secCardWord = regexp.MustCompile(`\bcards?\b`)

// secIssuedElsewhere says a secret's description names another party as
// the one that issued it ("The signing secret the provider issued",
// "client secret provided by the identity provider"): the value exists
// already and unlocks something at that party, so the model does not pick
// it, whatever verb the tool has.
var secIssuedElsewhere = regexp.MustCompile(`\b(?:provider|service|platform|bank|issuer|vendor|third[- ]party|identity\s+provider|idp|registrar|gateway|dashboard|console)\s+(?:has\s+)?(?:issued|issues|provided|provides|generated|generates|returned|returns|gave|gives)\b|\b(?:issued|provided|generated|returned)\s+by\s+(?:the\s+|your\s+|a\s+|an\s+)?(?:[\w-]+\s+){0,2}?(?:provider|service|platform|bank|issuer|vendor|third[- ]party|identity\s+provider|idp|registrar|gateway|dashboard|console)\b`)

// secStoreValueNames are the bare names of a parameter that carries what
// a tool writes (write_secret(key, value)).
var secStoreValueNames = map[string]bool{"value": true, "data": true, "content": true, "contents": true, "plaintext": true, "payload": true}

// secStoreWriteVerbs write a value into a store.
var secStoreWriteVerbs = []string{"write", "put", "set", "create", "store", "save", "add", "upsert", "update", "insert"}

// secSecretStoreValue reports whether a parameter is the value a tool
// writes as a secret: a bare value, data or content string on a tool whose
// name writes a secret (write_secret, secret_put, set_secrets; "secret" as
// the object, nothing but value or version after it) and whose text does
// not keep secrets out ("Update non-secret fields"). The value of a secret
// is a credential the user holds; the store exists to keep it out of view.
func secSecretStoreValue(p secParam, toolWords []string, toolDesc string) bool {
	if p.parent != "" || !secTakesString(p.schema) {
		return false
	}
	words := secIdentifierWords(p.name)
	if len(words) != 1 || !secStoreValueNames[words[0]] || !secHasWord(toolWords, secStoreWriteVerbs...) {
		return false
	}
	if secSecretNameObject(toolWords) < 0 {
		return false
	}
	return !secNonSecretWrite.MatchString(toolDesc) && !secNonSecretWrite.MatchString(p.desc())
}

// secSecretNameTail holds the words that may follow "secret" in a name
// whose object the secret is (write_secret_value, rotate_secret_version).
var secSecretNameTail = map[string]bool{"value": true, "values": true, "version": true, "data": true}

// secSecretNameObject is the index of "secret" or "secrets" in a tool's
// name words when a secret is the name's object: the last such word, with
// nothing after it but value, version or data (write_secret,
// generate_webhook_secret_value); -1 otherwise. A secret that qualifies
// another noun is not the object (generate_secret_scanning_report makes a
// report).
func secSecretNameObject(words []string) int {
	at := -1
	for i, w := range words {
		if w == "secret" || w == "secrets" {
			at = i
		}
	}
	if at < 0 {
		return -1
	}
	for _, w := range words[at+1:] {
		if !secSecretNameTail[w] {
			return -1
		}
	}
	return at
}

// secNonSecretWrite says a text keeps to values that are not secret.
var secNonSecretWrite = regexp.MustCompile(`\bnon-?\s?secret\b|\bnot\s+(?:a\s+)?secrets?\b|\bnever\s+(?:pass|put|store|write)\s+(?:secret|credential|password)`)

// secNewSecretHeads are the nouns of a secret a tool can issue.
// A generated password is no credential of anything yet (a password
// generator's result), so it is not among them.
var secNewSecretHeads = map[string]string{"token": "token", "secret": "secret"}

// secAccessTokenQuals name what a token opens: an access, API, session,
// bearer, grant, deploy, webhook, invite or one-time token is a bearer of
// access. A bare token may be a receipt of something else ("a token that
// can then be used to accept the terms of service").
var secAccessTokenQuals = []string{"access", "api", "auth", "authentication", "authorization", "bearer", "session", "grant", "refresh", "personal",
	"bot", "service", "deploy", "deployment", "webhook", "signing", "invite", "invitation", "login", "sign-in", "one-time", "registration", "runtime", "agent", "client", "upload", "download", "join", "enrollment", "bootstrap"}

// secTokenOpensTalk says a text's token authenticates or grants access.
var secTokenOpensTalk = regexp.MustCompile(`\b(?:authenticat\w*|authoriz\w*|grants?\s+access|log\s+in|sign\s+in|bearer)\b`)

// secPhraseStops end the object of an opening verb: the noun after them
// belongs to something else ("Create a user with password").
var secPhraseStops = map[string]bool{"with": true, "for": true, "of": true, "and": true, "or": true, "to": true, "in": true, "on": true, "from": true, "by": true, "using": true, "via": true, "that": true, "which": true, "whose": true, "without": true, "if": true, "when": true, "into": true, "as": true, "at": true}

// secIssueVerbs open a sentence that hands out a new secret.
// Revision 32: "request" asks the service to issue one ("Request a
// scoped, expiring access key").
var secIssueVerbs = map[string]bool{"issue": true, "issues": true, "generate": true, "generates": true, "mint": true, "mints": true, "rotate": true, "rotates": true, "regenerate": true, "regenerates": true, "roll": true, "rolls": true, "create": true, "creates": true, "request": true, "requests": true}

// secAccessKeyQuals name a key that opens an account or a service (an
// access, API, secret or signing key), as secAccessTokenQuals do a token
// (revision 32). A key of no such kind may be a data key (a cache key, an
// alternate key, a translation key) or a public one (an SSH key).
var secAccessKeyQuals = []string{"access", "api", "secret", "signing", "auth", "authentication", "service", "deploy", "client", "session", "private"}

// secSecretKeyTalk names a key as a secret or access key anywhere in a
// text ("The returned secret key should never be committed"): a key the
// opening names by its service's kind ("a new Spaces key") is one.
var secSecretKeyTalk = regexp.MustCompile(`\b(?:secret|access|api|private|signing)\s+keys?\b`)

// secTitleDash is a dash standing alone after a one-word title before a
// description's first verb ("agentbbs — Mint a single-use token"): the
// sentence starts after the dash (revision 32). Folding turns an em or
// en dash into \x01.
var secTitleDash = map[string]bool{"\x01": true, "-": true, "--": true, "|": true}

// secIssuesSecret says what new secret a tool hands out ("token",
// "secret"), or "": its opening sentence issues, generates, mints,
// rotates or creates a token, secret, password or credential, the noun
// ending the verb's object within five words ("Issue one-time runtime
// update grant token for an agent", "Generate a new signing secret for a
// hosted webhook endpoint"), or its name pairs such a verb with "secret"
// (generate_webhook_secret: the verb before it, "secret" the name's
// object, as secSecretNameObject reads it). Issuing a secret hands it to the caller.
// Silent: a tool that takes the value it stores (create_secret(name,
// value): the model gives it, the tool keeps it), a text that says the
// value is masked or not returned, and public, design or on-chain tokens.
func secIssuesSecret(t *model.Tool, words []string, desc string) string {
	if secRedacted.MatchString(desc) || secValuesHidden.MatchString(desc) || secCredentialPublic.MatchString(desc) ||
		secHasWord(words, "publishable", "anon", "anonymous", "public") || secOnChainToken(t, words) || secDesignToken(t, words) {
		return ""
	}
	for _, p := range secParams(t) {
		pw := secIdentifierWords(p.name)
		if p.parent == "" && len(pw) > 0 && secTakesString(p.schema) {
			switch pw[len(pw)-1] {
			case "value", "secret", "token", "password", "data", "plaintext", "content", "credential", "credentials":
				return ""
			}
		}
	}
	if secOnChainTalk.MatchString(desc) {
		return "" // "Create a new ERC-20 token": an asset, not a credential
	}
	open := strings.Fields(strings.Trim(secOpeningSentence(t.RawDescription), " .:;"))
	if len(open) > 3 && !secIssueVerbs[open[0]] && secTitleDash[open[1]] {
		open = open[2:]
	}
	if len(open) > 1 && secIssueVerbs[open[0]] {
		for i, w := range open[1:] {
			if i > 5 || secPhraseStops[w] {
				break
			}
			raw := w
			if w = strings.Trim(w, ",.;:()"); w == "key" || w == "keys" {
				// "Create an access key for a namespace", "Request a
				// scoped, expiring access key": a key that opens an
				// account or service, not a public, SSH or data key,
				// nor one the model passes in. A key that qualifies the
				// next noun ("an access key rotation schedule", "an API
				// key audit report") is not what the verb makes (review
				// of rounds 39-40).
				modifies := raw == w && i+2 < len(open) && !secPhraseStops[open[i+2]]
				if modifies || secHasWord(open[1:i+1], secKeyNotSecret...) || secTakesKeyValue(t) ||
					!secHasWord(open[1:i+1], secAccessKeyQuals...) && !secSecretKeyTalk.MatchString(desc) {
					break
				}
				return "key"
			}
			if head, ok := secNewSecretHeads[w]; ok {
				if head == "secret" && (open[0] == "create" || open[0] == "creates") {
					break // "Create a secret" stores one; it does not hand one out
				}
				if head == "token" && !secHasWord(open[1:i+1], secAccessTokenQuals...) && !secTokenOpensTalk.MatchString(desc) {
					break // "Generates a non-expiring token that can then be used to accept the terms"
				}
				return head
			}
		}
	}
	if at := secSecretNameObject(words); at > 0 && secHasWord(words[:at], "generate", "regenerate", "rotate", "issue", "mint", "roll") {
		return "secret" // the secret is what the name's verb issues
	}
	return ""
}

// secTakesKeyValue reports whether a tool takes a key's value as a
// top-level string argument (key, public_key, apiKey): a tool that
// registers a key the model passes in hands none out.
func secTakesKeyValue(t *model.Tool) bool {
	for _, p := range secParams(t) {
		pw := secIdentifierWords(p.name)
		if p.parent == "" && len(pw) > 0 && secTakesString(p.schema) && (pw[len(pw)-1] == "key" || pw[len(pw)-1] == "apikey") {
			return true
		}
	}
	return false
}

// secOnChainTalk speaks of a token as an asset on a blockchain.
var secOnChainTalk = regexp.MustCompile(`\b(?:erc-?\d+|nfts?|coins?|fungible|blockchain|on-?chain|smart\s+contracts?|token\s+(?:supply|symbol|contract)|tokens?\s+(?:on|to)\s+(?:the\s+)?(?:\w+\s+)?(?:chain|network|mainnet|testnet))\b`)

// secSecretScanOpening is an opening that hunts for secrets left in code
// or files: "Detect hardcoded secrets like API keys", "Scan the repository
// for leaked credentials", "Find exposed API keys in the given path".
var secSecretScanOpening = regexp.MustCompile(`^\W*(?:detect|find|scan|search|look|hunt|check)s?\b(?:\s+[\w./-]+){0,5}?\s+(?:for\s+)?(?:(?:any|all|possible|potential)\s+)?(?:(?:hard-?coded|leaked|exposed|embedded|plain-?text|committed)\s+(?:secrets?|credentials?|api\s+keys?|passwords?|tokens?|private\s+keys?)|for\s+(?:secrets|credentials|api\s+keys|passwords|private\s+keys))\b`)

// secScansForSecrets reports whether a tool hunts for secrets left in code
// or files and reports them: a scanner's finding carries the matched
// secret (the key, the password, the token), so what it finds comes back
// into the result, unless its text says the matches are masked or
// redacted, or that only their locations or kinds are reported.
func secScansForSecrets(t *model.Tool, desc string) bool {
	if !secSecretScanOpening.MatchString(secOpeningSentence(t.RawDescription)) {
		return false
	}
	return !secRedacted.MatchString(desc) && !secValuesHidden.MatchString(desc) && !secScanLocationsOnly.MatchString(desc)
}

// secScanLocationsOnly says a scanner reports where and what kind, not the
// value.
var secScanLocationsOnly = regexp.MustCompile(`\b(?:only\s+(?:the\s+)?(?:file|files|locations?|line\s+numbers?|paths?|kinds?|types?)|(?:file|files|locations?|line\s+numbers?|paths?)\s+only|fingerprints?\s+only)\b`)

// secRequiredPaths returns the paths of a tool's input parameters that
// are required at every level above them (entry, params.envVars,
// params.envVars[].value, request.token.key), at most two levels down: a
// call must carry them.
func secRequiredPaths(t *model.Tool) map[string]bool {
	out := map[string]bool{}
	var walk func(path string, obj map[string]any, depth int)
	walk = func(path string, obj map[string]any, depth int) {
		if depth > secParamDepth {
			return
		}
		if items, ok := obj["items"].(map[string]any); ok {
			walk(path+"[]", items, depth+1)
		}
		props, _ := obj["properties"].(map[string]any)
		req, _ := obj["required"].([]any)
		for _, r := range req {
			k, _ := r.(string)
			child, _ := props[k].(map[string]any)
			if child == nil {
				continue
			}
			p := k
			if path != "" {
				p = path + "." + k
			}
			out[p] = true
			walk(p, child, depth+1)
		}
	}
	walk("", t.InputSchema, 0)
	return out
}

// secValueFieldWords name the field of an object that holds its value.
var secValueFieldWords = []string{"value", "key", "secret", "token", "password", "data"}

// secRequiresSecretInput reports whether a call of tool i must carry a
// secret's value (revision 33): a required parameter SEC014 reads as a
// secret (`entry` "with 'value' (literal string)", `envVars[].value` of
// "Environment variables to set"), or the required value field of a
// required object named for a credential (`WorkspaceToken.key`). What
// such a write hands back, the stored object, holds what the model
// passed in, nothing the model did not hold.
func secRequiresSecretInput(ctx *Context, i int) bool {
	t := &ctx.Tools[i]
	facts := secTools(ctx)
	req := secRequiredPaths(t)
	if len(req) == 0 {
		return false
	}
	for _, p := range secParams(t) {
		if !req[p.path] {
			continue
		}
		if what, chosen := secSecretParam(p, facts[i].words); what != "" && !chosen && !secSecretExempt(t, p, facts[i]) {
			return true
		}
		if secCarriesVariableValues(p) {
			return true
		}
		if p.parent != "" && secTakesString(p.schema) && secHasWord(secIdentifierWords(p.name), secValueFieldWords...) &&
			secHasWord(secIdentifierWords(p.parent), "token", "secret", "password", "credential", "apikey") {
			return true
		}
	}
	return false
}

// secRenewVerbs replace a secret with a new value the service makes.
var secRenewVerbs = []string{"rotate", "rotates", "regenerate", "regenerates", "roll", "rolls", "renew", "renews", "refresh", "refreshes", "reset", "resets", "reissue", "reissues"}

// secEchoesCarriedSecret reports whether tool i writes a secret its call
// must carry (revision 33), so what it hands back is what the model
// passed in. A rotation is not such a write, even when the call carries
// the old key (review of rounds 39-40: rotate_workspace_token
// (WorkspaceToken.key), "Rotate a workspace token and return the new
// token"): the new value is one the model never held.
func secEchoesCarriedSecret(ctx *Context, i int, words []string) bool {
	return secWritesOnly(words) && !secHasWord(words, secRenewVerbs...) && secRequiresSecretInput(ctx, i)
}

// secCarriesVariableValues reports whether a parameter named for
// variables or secrets (envVars, variables, secrets) is a list or map of
// entries with a required value (`[{key, value}]`): the entries to set.
func secCarriesVariableValues(p secParam) bool {
	w := secIdentifierWords(p.name)
	if !secHasWord(w, "vars", "variables", "envvars", "env", "environment", "secrets") {
		return false
	}
	entry := p.schema
	if items, ok := p.schema["items"].(map[string]any); ok {
		entry = items
	}
	req, _ := entry["required"].([]any)
	return slices.Contains(req, any("value"))
}
