package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// sec010 is SEC010 env-exposure.
func sec010() Rule {
	return Rule{
		ID: "SEC010", Name: "env-exposure", Family: "Security",
		Summary: "The tool appears to return environment variables or secrets.",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge, Revision: 4, Check: checkSEC010,
	}
}

// checkSEC010 finds a tool that returns environment variables (by its name
// and description, or a description that says so), and under the default
// profile one whose description opens by saying it returns credentials.
func checkSEC010(ctx *Context) []Problem {
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		words, desc := facts[i].words, facts[i].desc
		envName := secHasWord(words, "env", "environment", "envs", "environ", "envvar", "envvars", "dotenv", "printenv", "getenv")
		envHit := envName && secEnvTalk.MatchString(desc) || secEnvReturn.MatchString(desc)
		if ctx.Precise() {
			if sw := secRevealSwitch(t, desc); sw != "" {
				// get_database(reveal): masked by default, plaintext on demand.
				out = append(out, Problem{Tool: t.Name,
					Message:    fmt.Sprintf("Tool `%s` returns credentials in plaintext when the model sets `%s`: masking by default does not help when the switch is the model's, and an injected instruction can ask for it.", t.Name, sw),
					Suggestion: "Keep the unmasking switch out of the tool's parameters (a server setting the user turns on), or return a reference the user resolves outside the conversation."})
				continue
			}
		}
		if envHit && ctx.Precise() && (secWritesOnly(words) || secValuesHidden.MatchString(desc) || secHasWord(words, "names") && !secHasWord(words, "value", "values")) {
			// vercel_create_env_var sets a variable and returns none;
			// a list whose values are masked, or of names only
			// (list_env_var_names), returns no secret.
			continue
		}
		if !envHit {
			// The default profile also reads a description that says the
			// tool returns credentials (a kubeconfig, tokens, API keys).
			if cred := ""; ctx.Precise() {
				if cred = secReturnsCredentials(t.RawDescription); cred != "" {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` says it returns %s: credentials in a tool result reach the model's context, logs and any server the conversation is sent to.", t.Name, secCredentialWhat(cred)),
						Suggestion: "Return only what the model needs (names, contexts, expiry dates) and redact secret values (tokens, keys, passwords, certificate data), or remove the tool."})
				} else if cred, op := secNamedSecretRead(t, words); cred != "" {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` returns %s (its name, read with %s): credentials in a tool result reach the model's context, logs and any server the conversation is sent to.", t.Name, cred, op),
						Suggestion: "Return only what the model needs (names, contexts, expiry dates) and redact secret values (tokens, keys, passwords, certificate data), or remove the tool."})
				}
			}
			continue
		}
		out = append(out, Problem{Tool: t.Name,
			Message:    fmt.Sprintf("Tool `%s` appears to return environment variables; a server's environment usually holds API keys and tokens.", t.Name),
			Suggestion: "Return only an allow-list of non-secret settings, redact values whose names look like keys, tokens or passwords, or remove the tool."})
	}
	return out
}

var (
	secEnvTalk   = regexp.MustCompile(`environment\s+variables?|\benv\s+vars?\b|\benv\b|\bsecrets?\b|\bapi\s+keys?\b|\bcredentials\b|\.env\b|\bprocess\.env\b`)
	secEnvReturn = regexp.MustCompile(`\b(?:returns?|prints?|dumps?|lists?|shows?|exposes?|reads?|gets?|outputs?|displays?|retrieves?)\s+(?:all\s+|the\s+|every\s+|any\s+)?(?:of\s+the\s+)?(?:current\s+|process\s+|server\s+|system\s+|shell\s+)?(?:environment\s+variables|env\s+vars)\b`)
)

// secValuesHidden is a description saying the values never come back
// (masked, write-only, not readable) or that they are a sandbox's own,
// not the server's ("from the persistent bash environment").
var secValuesHidden = regexp.MustCompile(`\bfrom\s+the\s+(?:persistent|sandbox(?:ed)?|virtual|isolated|in-memory)\b|\b(?:masked|redacted|write[- ]only|cannot\s+be\s+read(?:\s+back)?|never\s+(?:returned|returns?|shown|shows?|exposed)|values?\s+(?:are\s+)?(?:not|never)\s+(?:returned|shown|included)|without\s+(?:their\s+|the\s+|its\s+)?values|names\s+only|only\s+(?:their\s+|the\s+)?names)\b`)

// secEnvWriteVerbs are name words of a tool that sets, changes or removes
// something rather than returning it.
var secEnvWriteVerbs = []string{"create", "update", "set", "delete", "remove", "replace", "setup", "add", "unset", "put", "upsert", "write", "import", "sync", "bulk", "edit", "modify", "change", "rotate",
	"save", "saves", "store", "assign", "configure", "apply", "patch"}

// secWritesOnly reports whether a tool's name says it writes (a write verb
// and no read verb): it does not return what it writes.
func secWritesOnly(words []string) bool {
	if !secHasWord(words, secEnvWriteVerbs...) {
		return false
	}
	for _, w := range words {
		if text.IsReadVerb(w) {
			return false
		}
	}
	return true
}

// secCredentialReturn matches a description whose opening sentence says
// the tool returns credentials: a kubeconfig, tokens, API keys, passwords.
var secCredentialReturn = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:gets?|returns?|shows?|views?|prints?|outputs?|exports?|reveals?|retrieves?|reads?|dumps?|fetch(?:es)?|displays?|lists?)\b[^.\n]{0,80}?\b(kubeconfig|kube\s+config|credentials|access\s+tokens?|refresh\s+tokens?|auth(?:entication)?\s+tokens?|bearer\s+tokens?|api\s+keys?|secret\s+values?|secrets|passwords?|private\s+keys?|session\s+cookies?|cookies|jwt\s+tokens?|jwts|session\s+tokens?|id\s+tokens?|(?:webhook\s+|signing\s+|endpoint\s+|client\s+)+secrets?|secret\s+keys?)\b`)

// secRedacted marks a sentence saying the secret parts are left out.
var secRedacted = regexp.MustCompile(`\b(?:redact\w*|mask\w*|omit\w*|without\s+(?:the\s+)?(?:secret|token|credential|password|key)s?|names?\s+only|never\s+(?:returns?|includes?|shows?))\b`)

// secReturnsCredentials returns the credential a tool's description says
// it returns, or "".
func secReturnsCredentials(desc string) string {
	prose, _ := secFold(preciseCodeOnly(desc))
	first := prose
	if k := strings.IndexAny(prose, ".\n"); k >= 0 && strings.TrimSpace(prose[:k]) != "" {
		first = prose[:k]
	} else if k >= 0 {
		first = strings.TrimLeft(prose, " \n")
		if j := strings.IndexAny(first, ".\n"); j >= 0 {
			first = first[:j]
		}
	}
	if secRedacted.MatchString(first) {
		return ""
	}
	if m := secCredentialReturnIdx.FindStringSubmatchIndex(first); m != nil {
		// "projects accessible with current credentials": the credential is
		// the means, not what is returned; "a password setup form": it
		// qualifies another noun.
		cred := strings.Join(strings.Fields(first[m[2]:m[3]]), " ")
		switch {
		case secCredentialMeans.MatchString(first[m[0]:m[2]]) || secCredentialQualifies.MatchString(first[m[3]:]):
		case secCredentialPublic.MatchString(first[m[0]:m[3]]):
			// Publishable and anonymous client keys are public by design.
		case secCredentialListed.MatchString(first[m[0]:m[2]]) && secCredentialCollection.MatchString(cred) && !secCredentialValues.MatchString(first):
			// "List all secrets", "Get all API keys": a secret store
			// enumerates names and metadata; values come from a get or
			// reveal call on one.
		default:
			return cred
		}
	}
	for _, p := range secCredentialOutputs {
		if m := p.re.FindStringSubmatchIndex(first); m != nil {
			return p.what(strings.Join(strings.Fields(first[m[2]:m[3]]), " "))
		}
	}
	for _, sentence := range strings.FieldsFunc(prose, func(r rune) bool { return r == '.' || r == '\n' }) {
		if secRedacted.MatchString(sentence) {
			continue
		}
		for _, p := range secCredentialReturnedLater {
			if m := p.re.FindStringSubmatchIndex(sentence); m != nil {
				return p.what(strings.Join(strings.Fields(sentence[m[2]:m[3]]), " "))
			}
		}
	}
	return ""
}

var (
	// secCredentialListed is a list verb at the opening.
	secCredentialListed = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:lists?\b|(?:gets?|retrieves?|fetch(?:es)?|returns?|shows?)\s+(?:all|every)\b)`)
	// secCredentialPublic is a key that is public by design.
	secCredentialPublic = regexp.MustCompile(`\b(?:publishable|anon(?:ymous)?|public|client[- ]side)\s+(?:api\s+)?(?:keys?|tokens?)\b`)
	// secCredentialCollection is a credential a list names rather than
	// returns.
	secCredentialCollection = regexp.MustCompile(`^(?:secrets|api keys|access tokens|refresh tokens|auth(?:entication)? tokens|bearer tokens|passwords|private keys)$`)
	// secCredentialValues says a list returns the values too.
	secCredentialValues = regexp.MustCompile(`\b(?:values?|contents?|plaintext|decrypted|raw)\b`)
)

// secCredentialOutputs are the other openings of a tool whose output is a
// bearer credential: one it mints (an API key, an access token), a
// connection string, a pre-signed URL, or a URL built with the caller's
// token. Each turns the matched words into what the message names.
var secCredentialOutputs = []struct {
	re   *regexp.Regexp
	what func(string) string
}{
	{regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:creates?|generates?|mints?|issues?|rotates?|regenerates?)\b(?:\s+or\s+\w+)?[^.\n]{0,60}?\b(api\s+(?:keys?|tokens?)|access\s+tokens?|auth(?:entication)?\s+tokens?|personal\s+access\s+tokens?|app\s+passwords?|service\s+account\s+keys?|client\s+secrets?|deploy\s+tokens?|private\s+keys?|ssh\s+key\s?pairs?)\b`),
		func(s string) string {
			return "the new " + strings.Replace(s, "api ", "API ", 1) + " it creates (a credential is shown once, at creation)"
		}},
	{regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:rotates?|regenerates?|rolls?)\b[^.\n]{0,40}?\b((?:webhook\s+|signing\s+|client\s+)?(?:secrets?|keys?|tokens?|passwords?))\b`),
		func(s string) string { return "the " + s + " it regenerates (a new value comes back in the result)" }},
	{regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:gets?|returns?|shows?|views?|prints?|outputs?|reveals?|retrieves?|reads?|fetch(?:es)?|displays?|generates?|creates?)\b[^.\n]{0,60}?\b(connection\s+(?:strings?|ur[il]s?)|database\s+urls?)\b`),
		func(s string) string { return "a " + s + ", which holds the database password" }},
	{regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:gets?|returns?|generates?|creates?|builds?|makes?|signs?|provides?|issues?|resolves?|mints?)\b[^.\n]{0,60}?\b((?:pre-?signed|signed|pre-?authenticated|sas)\s+(?:[\w-]+\s+)?(?:urls?|links?|tokens?))\b`),
		func(s string) string { return "a " + s + ", which works for whoever holds it, without logging in" }},
	{regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:generates?|creates?|builds?|makes?|constructs?|composes?)\b[^.\n]{0,60}?\b(?:urls?|endpoints?|links?)\b[^.\n]{0,60}?\b(?:with|using|containing|including|carrying|embedding)\s+(?:the\s+|an?\s+|its\s+|your\s+)?(?:current\s+)?((?:auth(?:entication)?|access|session|bearer)\s+(?:credentials|tokens?|keys?))\b`),
		func(s string) string { return "a URL or endpoint that carries the " + s }},
	{regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:gets?|returns?|generates?|creates?|builds?|makes?|provides?|issues?)\b[^.\n]{0,60}?\b((?:customer\s+|billing\s+|account\s+)?(?:portal|login|sign-?in|magic|impersonation)\s+(?:links?|urls?))\b`),
		func(s string) string {
			if strings.HasSuffix(s, "s") {
				return s + ", which sign whoever opens them in as the account holder"
			}
			return "a " + s + ", which signs whoever opens it in as the account holder"
		}},
}

// secCredentialReturnedLater finds a later sentence saying a credential
// comes back in the result: "The endpointSecretKey is returned",
// "Authenticated links are returned which automatically sign in the
// customer", "The returned URL streams the bytes with NO Authorization
// header". Each yields what the message names.
var secCredentialReturnedLater = []struct {
	re   *regexp.Regexp
	what func(string) string
}{
	{regexp.MustCompile(`\b(\w*secret\w*|api\s+keys?|access\s+tokens?|refresh\s+tokens?|auth(?:entication)?\s+tokens?|passwords?|private\s+keys?|credentials|connection\s+strings?)\s+(?:is|are)\s+(?:also\s+)?(?:returned|included\s+in\s+the\s+(?:result|response|output)|exposed)\b`),
		func(s string) string { return s + " (its description says it is returned)" }},
	{regexp.MustCompile(`\b((?:pre-?authenticated|pre-?signed|authenticated|signed|magic)\s+(?:[\w-]+\s+)?(?:links?|urls?))\s+(?:is|are)\s+returned\b`),
		func(s string) string { return s + ", which work for whoever holds them, without logging in" }},
	{regexp.MustCompile(`\b(?:returned|resulting)\s+(urls?|links?)\b[^.\n]{0,80}?\b(?:with\s+no|without(?:\s+an?)?|no)\s+(?:authori[sz]ation|auth|login|sign-?in|credentials)\b`),
		func(s string) string { return "a " + s + " that works without authorization, for whoever holds it" }},
}

// secNamedSecretRead reads a tool whose name is a secret (a kubeconfig, a
// private key, a secret value) and that reads it: a read verb in the name
// or a read value in its operation enum (coolify's private-keys with
// `operation: get`). It returns what and how, or "".
func secNamedSecretRead(t *model.Tool, words []string) (what, how string) {
	switch {
	case secHasWord(words, "kubeconfig", "kubeconfigs"):
		what = "a kubeconfig, which holds cluster credentials"
	case secHasWord(words, "private") && secHasWord(words, "key", "keys"):
		what = "private keys"
	case secHasWord(words, "secret", "secrets") && secHasWord(words, "value", "values"):
		what = "secret values"
	default:
		return "", ""
	}
	if secRedacted.MatchString(strings.ToLower(t.RawDescription)) {
		return "", ""
	}
	for _, w := range words {
		if w == "get" || w == "read" || w == "show" || w == "export" || w == "reveal" || w == "view" || w == "fetch" || w == "download" {
			return what, fmt.Sprintf("the verb `%s`", w)
		}
	}
	for _, s := range secOperationValues(t) {
		if s == "get" || s == "read" || s == "show" || s == "export" || s == "reveal" || s == "view" {
			return what, fmt.Sprintf("its `%s` operation", s)
		}
	}
	return "", ""
}

var (
	secCredentialReturnIdx = secCredentialReturn
	secCredentialMeans     = regexp.MustCompile(`\b(?:with|using|via|through|by|accessible|authori[sz]ed|authenticated)\s+(?:the\s+|your\s+|current\s+|its\s+)*$`)
	secCredentialQualifies = regexp.MustCompile(`^\s+(?:setup|set[- ]up|reset|change|form|field|policy|policies|strength|prompt|manager|rotation|requirements?|expiry|expiration|status)\b`)
)

// secCredentialWhat names a credential for a message.
func secCredentialWhat(cred string) string {
	switch cred {
	case "kubeconfig", "kube config":
		return "a kubeconfig, which holds cluster credentials (tokens, client keys)"
	case "cookies":
		return "cookies, which carry session credentials"
	}
	return cred
}

// secRevealSwitch returns a boolean parameter that unmasks the secrets a
// tool returns (`reveal`, `showSecrets`, `include_secrets`, `decrypt`),
// when the tool's text says what it unmasks are credentials or values, or
// "".
func secRevealSwitch(t *model.Tool, desc string) string {
	for _, p := range secParams(t) {
		if typ, _ := p.schema["type"].(string); typ != "boolean" {
			continue
		}
		w := secIdentifierWords(p.name)
		switch {
		case secHasWord(w, "reveal", "unmask", "unredact", "decrypt", "decrypted", "plaintext"):
		case secHasWord(w, "show", "include", "with", "return") && secHasWord(w, "secret", "secrets", "password", "passwords", "credentials", "values", "value", "tokens", "keys"):
		default:
			continue
		}
		if secRevealTalk.MatchString(desc + " " + p.desc()) {
			return p.path
		}
	}
	return ""
}

// secRevealTalk says what a switch unmasks is secret.
var secRevealTalk = regexp.MustCompile(`\b(?:credentials?|secrets?|passwords?|tokens?|api\s+keys?|masked|redacted|plaintext|plain\s+text|decrypted|sensitive)\b`)
