package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// sec014 is SEC014 secret-parameter.
func sec014() Rule {
	return Rule{
		ID: "SEC014", Name: "secret-parameter", Family: "Security",
		Summary: "A parameter takes a secret (API key, token, private key, password): the secret passes through the model.",
		Default: Warning, Toolgauge: Off, Scope: ScopeParameter, Origin: OriginMcpgauge, Revision: 31, Check: checkSEC014,
	}
}

// checkSEC014 finds parameters that take a secret's value: an API key or
// secret, an access, session or bearer token, a private key or PKCS#12
// blob, a connection string with credentials (warning), and a password
// the caller authenticates with (warning) or sets on a new account
// (info). The name or ID of a secret, a pagination token, a token count,
// a publishable key and a one-time code are not secrets.
func checkSEC014(ctx *Context) []Problem {
	if !ctx.Precise() {
		return nil
	}
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		params := secParams(t)
		payment := -1 // secPaymentContext, read once per tool when a card field asks
		for _, p := range params {
			if secInjectsSecrets(t, p) {
				out = append(out, Problem{Tool: t.Name, Parameter: p.path,
					Message:    fmt.Sprintf("Tool `%s` resolves secrets into the environment of a command the model writes (`%s`): redacting the output does not stop the command from sending the secrets anywhere, and an injected instruction chooses the command.", t.Name, p.path),
					Suggestion: "Let the user fix which commands may receive which secrets (an allow-list in the server's configuration), or have the client confirm each command with the secrets it will receive."})
				continue
			}
			if secReadOnlyField(p) {
				// joinMeetingIdSettings.passcode "Read-only": the service
				// fills it in; the caller never passes it (r28).
				continue
			}
			what, chosen := secSecretParam(p, facts[i].words)
			if what != "" && secIsFreeMap(p.schema) && !secNamesSecretValues(p.desc()) && secToolNoSecrets(facts[i].desc) {
				// set_credential_labels(fields): "Never pass secret
				// values to this tool": an open map the tool's own text
				// keeps secrets out of. A map whose own description names
				// the secrets it holds is read by that description.
				continue
			}
			if what != "" && !chosen && secSecretExempt(t, p, facts[i]) {
				// accessToken with pattern ^pk\.: a public token, made to
				// sit in a browser URL; hash(input, key: "Secret key for
				// HMAC"): the operand of a local computation.
				continue
			}
			if what == "" {
				if c, setsCookies := secCookieParam(p, facts[i].words); c != "" {
					// crawl(url, cookies: "HTTP cookies for SSR
					// authentication"): a session cookie logs in as the
					// user wherever the request goes.
					what = c
					chosen = setsCookies
				}
			}
			if what == "" {
				// cards-link(cardNumber, cardCvv): a payment card's number
				// and security code pay as the cardholder wherever they go.
				if what = secCardSecret(p); what != "" {
					// place_hold(card_number) of a library: a card number
					// pays only where the tool speaks of payment.
					if payment < 0 {
						payment = 0
						if secPaymentContext(t, params) {
							payment = 1
						}
					}
					if payment == 0 {
						what = ""
					}
				}
			}
			if what == "" && secSecretStoreValue(p, facts[i].words, facts[i].desc) {
				// write_secret(path, key, value): the value a tool writes
				// as a secret is a credential the user holds.
				what = "the value it writes as a secret (a credential the user holds, which the store exists to keep out of view)"
			}
			if what == "" && secSecretVariableValue(t, p, facts[i].words) {
				// createEnvVar(value, type: plain|encrypted|secret): the
				// value of a secret variable passes through the model.
				what = "the value of a variable its schema says may be secret or encrypted"
			}
			if what == "" && secServerEnvParam(p, facts[i].words, facts[i].desc) {
				// install_server(name, env: ["API_KEY=…"]): the server
				// the tool installs reads its API keys from env.
				what = "the environment of a server it installs or registers (where that server's API keys and tokens go)"
			}
			if what == "" && secConnectionDetails(t, p, facts[i].words) {
				// create_database_connection(details: {host, port, user,
				// …}): the login the connection uses is written into an
				// open object by the model.
				what = "a database connection's login in an open object (its user and password)"
			}
			if what == "" {
				continue
			}
			var sev Severity
			// A password stored in an auth or login configuration logs in
			// somewhere else: it is an existing credential, not a new one.
			stored := secHasWord(facts[i].words, secStoredLoginWords...) && !secNewSecret.MatchString(p.desc())
			// A password for a system the tool logs into (dbPassword,
			// sudoPassword) is an existing credential, and so is one a
			// secret store keeps (a vault item's password): neither is
			// a new account's password the model picks.
			existing := secHasWord(secIdentifierWords(p.name), secLoginSystems...) && !secSetsUpLoginSystem(t, facts[i].words) || secKeepsSecrets(t, facts[i].words)
			// A password taken beside the user name and host it logs in
			// to (ssh_run(host, username, password)) and a key's
			// passphrase (it unlocks a key that exists) authenticate,
			// unless the tool sets them (a setter verb, "new").
			if (secLogsInWith(t, p) || secUnlocksKey(p)) && !secHasWord(facts[i].words, secSecretSetters...) && !secHasWord(facts[i].words, "generate", "keygen") &&
				!secNewSecret.MatchString(p.desc()) && !secOperationSets(t) {
				existing = true
			}
			if secIssuedElsewhere.MatchString(p.desc()) && !secNewSecret.MatchString(p.desc()) {
				// set_webhook_secret(secret: "The signing secret the
				// provider issued"): another party issued it, so it is an
				// existing credential the model passes on, not one it picks.
				existing = true
			}
			if secBasicAuthLogin(p, facts[i].words) {
				// audit_settings(auth: {login, password: "HTTP Basic auth
				// password"}): the login of a site the service visits is
				// an existing credential handed to the service, whatever
				// verb configures the visit.
				existing = true
			}
			if chosen && what == secCookieWhat {
				// browser_set_cookies(cookies): the model plants cookies
				// in a browser it drives; report it, do not warn.
				sev = Info
			}
			// A password or signing secret the tool sets on a new account
			// or webhook. Until revision 27 this was a note, as known to
			// the model by design; blind reviewers of every unseen audit
			// listed such parameters as credential egress, and the new
			// login still lands in the transcript, the client's logs and
			// the model provider, so it is a warning like any secret
			// (issue 21, round 44).
			// Revision 28 (round 44, after its judged sample): only a
			// setter says the tool sets the secret (a setter verb, an
			// operation that sets, "new" in the description); a password
			// the parameter's own text says authenticates is an existing
			// login whatever the tool's verb (CreateCall's
			// SipAuthPassword, "required to authenticate the user
			// account"), and with neither the password is read as one
			// the caller already has (hash-password(password)).
			setter := secHasWord(facts[i].words, secSecretSetters...) || secOperationSets(t)
			fresh := sev != Info && chosen && !stored && !existing
			sets := fresh && (secNewSecret.MatchString(p.desc()) || setter && !secLogsInTalk.MatchString(p.desc()))
			// A meeting's, form's or shared link's passcode is handed to
			// everyone the tool lets in: no login of the user's own, so a
			// note (the judges of the sample split on it).
			shared := sets && secSharedPasscode(t, p)
			if shared {
				sev = Info
				sets = false
			}
			if fresh && secRegistersOwnAccount(facts[i].words) {
				// didit_register(email, password): the caller's own
				// account with the service, whose password then logs in
				// as the user (as a login tool's does), not a login made
				// for someone else.
				sets = false
				what = "the password of the account it registers (the caller's own account with the service)"
			}
			msg := fmt.Sprintf("Tool `%s` takes %s in `%s`: the secret passes through the model, so it lands in the conversation, the client's logs and the model provider, and an injected instruction can send it elsewhere.",
				t.Name, what, p.path)
			switch {
			case shared:
				msg = fmt.Sprintf("Tool `%s` takes %s to set in `%s`, a passcode handed to everyone it lets in: it passes through the model and stays in the conversation and the client's logs.",
					t.Name, what, p.path)
			case sev == Info:
				msg = fmt.Sprintf("Tool `%s` takes %s to set in `%s`: the new secret passes through the model and stays in the conversation and the client's logs.",
					t.Name, what, p.path)
			case sets:
				msg = fmt.Sprintf("Tool `%s` takes %s to set in `%s`: the new secret passes through the model, so it stays in the conversation, the client's logs and the model provider; let the server generate it or the user enter it outside the conversation.",
					t.Name, what, p.path)
			}
			out = append(out, Problem{Tool: t.Name, Parameter: p.path, Severity: sev, Message: msg,
				Suggestion: "Read the secret from the server's environment or configuration (or an OAuth flow) and keep it out of the tool's parameters; if a per-call choice is needed, take the name of a credential the server resolves, never its value."})
		}
		// create_service(params.envVars[{key, value}]): the environment
		// of a deployment the tool creates or changes, read at any depth
		// (a spec's spec.services[].envs[]), once per tool.
		if path, what := secEnvPairValue(t, facts[i].words); path != "" && !secReported(out, t.Name, path) {
			out = append(out, Problem{Tool: t.Name, Parameter: path,
				Message: fmt.Sprintf("Tool `%s` takes %s in `%s`: the secret passes through the model, so it lands in the conversation, the client's logs and the model provider, and an injected instruction can send it elsewhere.",
					t.Name, what, path),
				Suggestion: "Let the tool set a variable's value from a secret the server or the platform already holds (a reference, a secret store's name), or have the user enter secret values outside the conversation; keep plain settings as they are."})
		}
	}
	return out
}

// secReported reports whether out already holds a finding on tool's
// parameter at path.
func secReported(out []Problem, tool, path string) bool {
	for _, p := range out {
		if p.Tool == tool && p.Parameter == path {
			return true
		}
	}
	return false
}

// secSecretParam says what secret a parameter takes ("an API key"), or ""
// when it takes none; chosen is true for a password or signing secret a
// person picks (which a tool may legitimately set), false for a credential
// issued by a service.
func secSecretParam(p secParam, toolWords []string) (what string, chosen bool) {
	desc := p.desc()
	if secIsAuthCode(p) {
		// qbo_authenticate(authorization_code): the code the service
		// exchanges for the account's tokens is a credential, even
		// when its description calls it one-time.
		return "an authorization code", false
	}
	if secNotASecretValue.MatchString(desc) {
		return "", false
	}
	if secIsFreeMap(p.schema) {
		// variables, secrets: a map of values the description says holds
		// passwords or sensitive data.
		if secNamesSecretValues(desc) && !secNoSecrets(desc) {
			return "secret values (the description names passwords or sensitive data)", false
		}
		if p.parent == "" && secHasWord(toolWords, "credential", "credentials") && secHasWord(toolWords, secSecretSetters...) &&
			(secHasWord(secIdentifierWords(p.name), "data", "fields", "values", "secrets", "properties") || secAuthDataTalk.MatchString(desc)) && !secNoSecrets(desc) {
			// update_credential(id, data): the data of a credential a tool
			// writes is its secret fields (keys, tokens, passwords).
			return "the secret fields of the credential it writes", false
		}
		return "", false
	}
	if !secTakesString(p.schema) {
		return "", false
	}
	words := secIdentifierWords(p.name)
	// A connection string carries credentials only when it says so.
	if secIsConnectionString(words) {
		if secConnCredentials.MatchString(desc) || secConnCredentials.MatchString(secExamplesText(p.schema)) {
			return "a connection string with credentials", false
		}
		if secConnOverride(desc) {
			// query(sql, connectionString): "MySQL connection string to
			// override the current connection for this query only".
			return "a connection string that overrides the configured connection (a server's connection string carries its login, and the host becomes the model's choice)", false
		}
		return "", false
	}
	valued := false // secretValue, secret_data: the value itself, not a name or a flag
	for len(words) > 1 && secSecretFillers[words[len(words)-1]] {
		words = words[:len(words)-1]
		valued = true
	}
	if len(words) == 0 {
		return "", false
	}
	head, quals := words[len(words)-1], words[:len(words)-1]
	// bare: the parameter's own name is the head alone (token, key), so
	// its description may say what it is even when its object names
	// something else (source.token: "API token for source").
	bare := len(quals) == 0
	if bare && p.parent != "" {
		// config.password, credentials.key: the object names what it is.
		quals = secIdentifierWords(p.parent)
	}
	if f, _ := p.schema["format"].(string); f == "password" {
		return "a password", true
	}
	switch head {
	case "password", "passwd", "pwd", "passphrase", "passcode":
		if secHasWord(quals, "key", "private") || head == "passphrase" && secKeyPassphraseTalk.MatchString(desc) {
			return "a private key's passphrase", true
		}
		return "a password", true
	case "value":
		// add_credential(value: "The secret value (API key or
		// connection string)"): a bare value whose description opens by
		// calling it the secret, the credential or the key itself.
		if bare && p.parent == "" && secValueIsSecret.MatchString(desc) && !secNoSecrets(desc) && !secValueRefused.MatchString(desc) {
			return "a credential's secret value", false
		}
	case "pass", "pw":
		// httpAuthPass: "Password for Basic HTTP authentication". The
		// short form is a password only when its description says so
		// (a compiler pass, a boarding pass are not).
		if secPasswordTalk.MatchString(desc) {
			return "a password", true
		}
	case "apikey", "apitoken", "pkcs12", "p12", "pfx", "bearer":
		return secSecretNames[head], false
	case "secret":
		switch {
		case secHasWord(quals, "api", "client", "access", "app", "consumer", "aws", "bot", "private"):
			return "an API secret", false
		case secHasWord(quals, "webhook", "signing", "shared", "hook"):
			return "a signing secret", true
		case len(quals) == 0 && p.parent == "" && secHasWord(toolWords, "webhook", "webhooks", "hook", "hooks") && !secServiceSecretTalk.MatchString(desc):
			// Revision 22 (round 36): webhooks_create(secret: "Secret
			// key"): a bare secret of a tool whose object is a webhook is
			// that webhook's signing secret, as webhookSecret is; the
			// tool's object names it as a parent object does.
			return "a signing secret", true
		case secCredentialTalk.MatchString(desc):
			return "an API secret", false
		case secSigningTalk.MatchString(desc):
			return "a signing secret", true
		case secEnvFallbackTalk.MatchString(desc):
			return secEnvFallbackWhat, false
		case valued && len(quals) == 0:
			// secret_put(secretValue): a secret store's value is a
			// credential issued elsewhere (an API key the Worker uses).
			return "a secret's value", false
		}
	case "key":
		switch {
		case secHasWord(quals, secKeyNotSecret...):
			return "", false
		case secHasWord(quals, "encryption") && !secHasWord(quals, "private", "signing", "master") && secProtectsNew.MatchString(desc) && secHasWord(toolWords, "create", "generate", "new", "setup"):
			// Revision 22 (round 36): wallet_create(encryptionKey:
			// "Encryption key to protect the private key"): the key the
			// caller picks to lock what the tool creates is a new secret
			// the tool sets, like a new account's password.
			return "an encryption key it protects what it creates with", true
		case secHasWord(quals, "private", "signing", "encryption", "master"):
			return "a private key", false
		case !secHasWord(quals, secKeySecretHalf...) && secNamesManagedKey.MatchString(desc):
			// Revision 23 (round 37): spaces_key_delete(AccessKey:
			// "Access Key of the Spaces key to delete"): a property of
			// the key the tool gets, updates or deletes selects that key;
			// an access key is its public half, the secret half is what
			// must not pass through the model.
			return "", false
		case secHasWord(quals, "api", "secret", "access", "auth", "admin", "service", "app", "license"):
			if secKeyIsID.MatchString(desc) {
				return "", false
			}
			return "an API key", false
		case bare && secCredentialTalk.MatchString(desc) && !secKeyIsID.MatchString(desc):
			return "an API key", false
		case secEnvFallbackTalk.MatchString(desc) && !secKeyIsID.MatchString(desc) && !secHasWord(quals, secKeyNotCredential...) && !secKeyNamesData.MatchString(desc):
			// edge_balance(key: "Identity key (defaults to the ID_KEY env
			// var)"): the key the server otherwise reads from its
			// environment is its configured credential.
			return secEnvFallbackWhat, false
		}
	case "token":
		switch {
		case secHasWord(quals, secTokenNotCredential...):
			return "", false
		case secTokenIsID.MatchString(desc) && !secTokenTalk.MatchString(desc):
			// app_token: "Base unique App identifier": the id of a
			// document, base or table as in its URL, not a credential.
			return "", false
		case secHasWord(quals, secTokenCredential...):
			return "an access token", false
		case bare && secTokenTalk.MatchString(desc):
			return "an access token", false
		case secEnvFallbackTalk.MatchString(desc):
			// token: "Defaults to the SERVICE_TOKEN environment
			// variable": the server's configured token, overridden.
			return secEnvFallbackWhat, false
		case len(quals) == 0 && p.parent == "" && secHasWord(toolWords, secLoginVerbs...):
			// login(token): the token a tool logs in with authenticates.
			return "an access token", false
		case len(quals) == 0 && p.parent == "" && secHasWord(toolWords, "token", "tokens") && !secHasWord(toolWords, secTokenNotCredential...):
			// cloud_tokens(action: create, token): a tool that stores
			// tokens takes the token's value.
			return "an access token", false
		}
	case "id", "sessionid", "sid":
		// check-sap-authentication(session_id): "User session ID obtained
		// from OAuth authentication. Provide this to authenticate": a
		// signed-in session's ID is a bearer credential, whoever presents
		// it acts as the user. A handle on a browser or chat session the
		// server opened is not one: its text names no sign-in.
		if (head != "id" || secHasWord(quals, "session")) && secSessionAuthTalk.MatchString(desc) && !secSessionNotAuth.MatchString(desc) {
			return "a signed-in session's ID (whoever presents it acts as the user)", false
		}
	case "authorization":
		if secTokenTalk.MatchString(desc) || strings.Contains(desc, "header") {
			return "an Authorization header", false
		}
	case "credential", "credentials":
		if len(quals) == 0 && secCredentialTalk.MatchString(desc) {
			return "credentials", false
		}
	}
	if head == "key" || head == "token" || head == "secret" {
		// create_snapshot(deleteKey: "Secret key for deleting external
		// snapshots"): a key whose own description calls its value a
		// secret key is one, whatever purpose its name gives it.
		// A shared or signing secret is one the model picks only on a
		// tool that sets something (create_webhook); elsewhere it is an
		// existing secret the caller verifies or signs with.
		if secShowsNameExample.MatchString(secSchemaDesc(p.schema)) {
			// set_env(envKey: "Secret key to set, e.g. STRIPE_SECRET_KEY"):
			// an environment variable's name shown as the value's example
			// says the key names a secret; it is none.
			return "", false
		}
		if what, signing := secDescCallsSecret(desc, quals); what != "" {
			return what, signing && secHasWord(toolWords, secSecretSetters...)
		}
	}
	return "", false
}

// secSecretKindTalk is a description's words calling a value a secret:
// a secret or private key, a secret token, a signing key, a shared,
// signing, client, webhook or API secret.
var secSecretKindTalk = regexp.MustCompile(`\b(?:(?:secret|private|signing)\s+(?:access\s+)?(?:key|token)|(?:shared|signing|client|webhook|api)\s+secret)\b`)

// secShowsNameExample is a description (read in its own case) giving an
// upper-case identifier with an underscore, an environment variable's
// name, as the example of its value ("e.g. STRIPE_SECRET_KEY", "for
// example `DEPLOY_KEY`"): the value names something.
var secShowsNameExample = regexp.MustCompile(`(?i:\b(?:e\.g\.|eg\b|i\.e\.|for\s+example|for\s+instance|such\s+as|like))\s*[:,]?\s*[` + "`" + `"'$]?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b`)

// secSecretKindLead are words that, in the words before a secret kind in
// its sentence, make the kind something other than the parameter's value
// (a "cache key for secret key lookups", the "name of the private key").
var secSecretKindLead = []string{"for", "of", "to", "from", "with", "by", "in", "on", "into", "and", "or", "than", "like", "about", "where", "which", "that"}

// secDescCallsSecret says what secret a key, token or secret parameter
// takes when a sentence of its own description opens by calling its value
// one ("Secret key for deleting external snapshots", "The shared secret
// used to verify webhook payloads", "Private key (PEM) that signs the
// request"): at most three words (an article, an adjective, a purpose
// noun) before the kind, none of them a preposition or a conjunction,
// and no denial or exclusion ("Non-secret key", "not the private key").
// A key its qualifiers or its description name as an identifier or as
// public stays silent (read before this).
func secDescCallsSecret(desc string, quals []string) (what string, signing bool) {
	if secHasWord(quals, secKeyNotSecret...) || secHasWord(quals, secKeyNotCredential...) || secHasWord(quals, secTokenNotCredential...) ||
		secKeyIsID.MatchString(desc) || secKeyNamesData.MatchString(desc) || secValueRefused.MatchString(desc) {
		return "", false
	}
	for _, loc := range secSecretKindTalk.FindAllStringIndex(desc, -1) {
		lead, ok := secSentenceLead(desc, loc[0], 3)
		if !ok || secHasWord(lead, secSecretKindLead...) || secSecretDeniedAt(desc, loc[0]) {
			continue
		}
		kind := desc[loc[0]:loc[1]]
		if strings.HasSuffix(kind, "secret") && !strings.HasPrefix(kind, "client") && !strings.HasPrefix(kind, "api") {
			return "a signing secret", true
		}
		if strings.HasPrefix(kind, "private") {
			return "a private key (its description calls it one)", false
		}
		return "a secret key (its description calls it one)", false
	}
	return "", false
}

// secIsAuthCode reports whether a string parameter takes an OAuth
// authorization code: named so (authorization_code, authCode, oauth_code)
// or a bare code described as one or as exchanged for tokens.
func secIsAuthCode(p secParam) bool {
	if !secTakesString(p.schema) {
		return false
	}
	words := secIdentifierWords(p.name)
	if len(words) == 0 || words[len(words)-1] != "code" {
		return false
	}
	desc := p.desc()
	if secCodeShownAfterSignIn.MatchString(desc) && !secCodeFromRedirect.MatchString(desc) {
		// firebase_login(authCode): "generated after the user signs in
		// via the login URL": a code the sign-in page shows the user to
		// copy back into the login the tool itself started, redeemed at
		// once against that pending login; no standing secret.
		return false
	}
	if secHasWord(words[:len(words)-1], "authorization", "authorisation", "auth", "oauth", "authz") {
		return !secNotAuthCode.MatchString(desc)
	}
	return len(words) == 1 && secAuthCodeTalk.MatchString(desc) && !secNotAuthCode.MatchString(desc)
}

var (
	// secAuthCodeTalk says a code is an OAuth authorization code: named
	// so, or exchanged for an access or refresh token.
	secAuthCodeTalk = regexp.MustCompile(`\b(?:oauth\s+)?(?:authori[sz]ation|auth|oauth)\s+code\b|\bexchang\w*\b[^.]{0,60}\b(?:access|refresh|auth|oauth)\s+tokens?\b`)
	// secCodeShownAfterSignIn says the sign-in page shows the code to the
	// user, who copies it back ("generated after the user signs in via
	// the login URL", "the code shown in your browser after you log in",
	// "paste the code displayed once sign-in completes").
	secCodeShownAfterSignIn = regexp.MustCompile(`\b(?:generated|shown|displayed|printed|given)\s+(?:to\s+(?:the\s+user|you)\s+)?(?:in\s+(?:the|your)\s+browser\s+|on\s+(?:the|a)\s+(?:\w+\s+)?page\s+)?(?:after|once|when)\s+(?:the\s+user\s+|you\s+)?(?:signs?|logs?|signed|logged|sign-in|log-in|login|authenticat\w*)\b|\b(?:user|you)\s+(?:copies|copy|copied|pastes?|pasted)\s+(?:\w+\s+){0,3}from\s+(?:the|your)\s+(?:browser|sign-?in\s+page|login\s+page)\b`)
	// secCodeFromRedirect says the code is read off a callback or
	// redirect URL, meant for the client's endpoint and never shown.
	secCodeFromRedirect = regexp.MustCompile(`\b(?:callback|redirect(?:ed|s)?|redirect_uri)\b`)
	// secSessionAuthTalk says a session ID comes from a sign-in or is
	// presented to authenticate.
	secSessionAuthTalk = regexp.MustCompile(`\b(?:obtained|received|returned|issued|got|gotten|acquired|created)\s+(?:from|by|after|during|via|through|on|at|when)\s+(?:the\s+|your\s+|a\s+|an\s+)?(?:\w+\s+){0,2}(?:oauth|authentication|authenticating|login|log\s*-?in|logging\s+in|sign\s*-?in|signing\s+in|auth|sso)\b|\b(?:provide|pass|use|supply|send|present)\s+(?:this|it|the\s+session(?:\s+id)?|your\s+session(?:\s+id)?)\s+to\s+(?:authenticate|log\s*in|sign\s*in|re-?authenticate)\b|\b(?:login|authenticated|auth|sso|oauth)\s+session\s+(?:id|identifier)\b|\bsession\s+(?:id|identifier)\s+(?:that|which)\s+authenticates\b`)
	// secSessionNotAuth says the session is a flag or only names a
	// session to close or inspect.
	secSessionNotAuth = regexp.MustCompile(`^\s*(?:whether|if\s+true|true\s+to)\b`)
	// secNotAuthCode says the code is a flag or a status, not the code.
	secNotAuthCode = regexp.MustCompile(`^\s*(?:whether|if\s+true|true\s+to)\b|\b(?:status|error|response)\s+code\b`)
	// secTokenIsID says a token names a document, base or table (its id,
	// as in the object's URL), not a credential.
	secTokenIsID = regexp.MustCompile(`\bidentifier\b|\bunique\s+id\b|\b(?:document|doc|file|sheet|spreadsheet|base|table|wiki|node|page|folder|space|board|record|item|object)\s+(?:token|id)\b|\bid\s+of\s+(?:the|a|an)\s+(?:\w+\s+){0,2}(?:document|doc|file|sheet|spreadsheet|base|table|wiki|node|folder|space|board|app)\b`)
)

// secSecretNames say what a one-word secret name takes.
var secSecretNames = map[string]string{
	"apikey": "an API key", "apitoken": "an API token", "pkcs12": "a PKCS#12 private key", "p12": "a PKCS#12 private key",
	"pfx": "a PKCS#12 private key", "bearer": "a bearer token",
}

// secSecretFillers end a secret's name without changing what it is
// (passwordValue, apiKeyString, privateKeyPem).
var secSecretFillers = map[string]bool{"value": true, "string": true, "str": true, "b64": true, "base64": true, "raw": true, "plain": true, "plaintext": true, "pem": true, "content": true, "contents": true, "data": true, "text": true}

// secTokenCredential qualify a token that authenticates: an access, API,
// session or bot token.
var secTokenCredential = []string{"access", "auth", "api", "bearer", "bot", "webhook", "hook", "refresh", "session", "personal", "oauth", "id",
	"github", "gitlab", "slack", "app", "user", "admin", "service", "integration", "security", "pat", "secret", "jwt", "login", "identity"}

// secTokenNotCredential qualify a token that does not: pagination and
// sync cursors, token counts and limits, device and request tokens.
var secTokenNotCredential = []string{"page", "next", "continuation", "pagination", "sync", "resume", "cursor", "max", "min",
	"limit", "count", "num", "total", "cancellation", "csrf", "idempotency", "device", "push", "fcm", "registration",
	"verification", "upload", "share", "invite", "prev", "previous", "start", "skip"}

// secSecretSetters are the words of a tool that sets, creates or rotates
// a password rather than authenticating with one.
var secSecretSetters = []string{"create", "add", "set", "change", "reset", "update", "recreate", "setup", "install", "insert",
	"register", "rotate", "generate", "new", "invite", "provision", "configure", "enable", "edit", "modify", "replace", "upsert"}

// secLoginVerbs are the words of a tool that logs in with the token it
// takes.
var secLoginVerbs = []string{"login", "logon", "signin", "authenticate", "auth"}

// secStoredLoginWords are the words of a tool whose object holds a login
// for somewhere else (an auth configuration, stored credentials).
var secStoredLoginWords = []string{"auth", "authentication", "credential", "credentials", "login", "logins"}

// secIsFreeMap reports whether a parameter is an object whose keys the
// model writes: no declared properties.
func secIsFreeMap(schema map[string]any) bool {
	if ty, _ := schema["type"].(string); ty != "object" {
		return false
	}
	props, _ := schema["properties"].(map[string]any)
	return len(props) == 0
}

var (
	// secNewSecret is a parameter description saying the secret is set.
	secNewSecret = regexp.MustCompile(`^\s*(?:the\s+)?(?:new|desired|initial|temporary)\b|\bto\s+(?:set|assign|create)\b|\bwill\s+be\s+(?:set|generated)\b`)
	// secCredentialTalk is a description saying the value authenticates.
	secCredentialTalk = regexp.MustCompile(`\bapi\s*[-_]?(?:key|secret|token)\b|\bclient\s+secret\b|\bsecret\s+(?:access\s+)?key\b|\bprivate\s+key\b|\baccess\s+(?:key|token)\b|\bfor\s+authenticat|\bauthenticat\w*\s+(?:key|secret|token)\b|\bpassword\b`)
	// secTokenTalk is a description saying a bare token authenticates.
	secTokenTalk = regexp.MustCompile(`\b(?:api|access|auth(?:entication|orization)?|bearer|bot|session|refresh|personal\s+access|oauth|id)\s+tokens?\b|\bbearer\b|\blog\s*-?in\b|\bauthenticat|\bcredential`)
	// secSigningTalk is a description saying a secret signs deliveries.
	secSigningTalk = regexp.MustCompile(`\bsign(?:s|ing|ed)?\b|\bhmac\b|\bwebhook\b`)
	// secServiceSecretTalk is a description calling a bare secret the
	// secret of an API, client, app or account: a credential a service
	// issued, not a signing secret the caller picks.
	secServiceSecretTalk = regexp.MustCompile(`\b(?:api|client|app|application|consumer|account|access)\s+secret\b|\bapi\s+key\b|\baccess\s+key\b`)
	// secProtectsNew is a key's description saying it protects or
	// encrypts something ("Encryption key to protect the private key").
	secProtectsNew = regexp.MustCompile(`\bto\s+(?:protect|encrypt|lock|secure)\b|\bused\s+to\s+(?:protect|encrypt)\b`)
	// secKeyIsID says a key parameter names or identifies a key.
	// Since revision 22 (round 36) it also reads a key the text names as
	// what a list is filtered by ("filter the event log to a single
	// appKey"; the filtered-by word must be the key itself, so "API key;
	// filters results by the account" stays a credential) or whose
	// format is built of placeholders ("format: '<port>-<deviceId>'"):
	// nobody filters by a secret or spells one from parts.
	// Since revision 20's mend it also reads a key "under which" or "by
	// which" something is stored, kept or looked up: the slot's name.
	secKeyIsID = regexp.MustCompile(`\bkey\s+(?:id|ids|identifier|name|alias)\b|\b(?:id|identifier|name|alias)\s+of\s+(?:the|an?)\s+(?:\w+\s+)?key\b` +
		`|\bfilters?\s+(?:\w+\s+){0,4}?(?:to|by)\s+(?:a|an|the|one)\s+(?:single\s+)?\w*key\b|\bformat\s*:?\s*['"\x60]?<\w+>` +
		`|\b(?:under|by)\s+which\s+(?:\w+\s+){0,4}?(?:is|are|was|were|gets?|will\s+be)\s+(?:stored|kept|saved|cached|filed|registered|indexed|held|looked\s+up|found|listed)\b`)
	// secNotASecretValue says a parameter takes a secret's name, ID,
	// alias, location or flag, or pages through results: not its value.
	secNotASecretValue = regexp.MustCompile(`^\s*(?:whether|if\s+true|true\s+to|set\s+to\s+true)\b|\b(?:name|id|identifier|alias|arn|label)\s+of\s+(?:the|an?)\s+(?:\w+\s+){0,2}(?:secret|key|token|credential|password)s?\b|\b(?:secret|key|token|credential|certificate)\s+(?:name|alias|id|identifier|reference)\b|\bpagination\b|\bnext\s+page\b|\bpage\s+of\s+results\b|\benvironment\s+variable\s+(?:name|that\s+holds)\b|\bpath\s+to\s+(?:the\s+|a\s+|an\s+)?(?:\w+\s+){0,3}(?:file|directory|folder)\b|\bone-?time\b|\botp\b|\bverification\s+code\b|\bcsrf\b|\bxsrf\b|\bcross-site\s+request\s+forgery\b|\banti-?forgery\b` +
		// "Optional client session token; if omitted, one is generated"
		// (round 54): a token the server makes up when none is given
		// groups calls (an autocomplete session); no one signs in with it.
		`|\b(?:client\s+)?session\s+token\b[^.]{0,40}?\b(?:if|when)\s+(?:omitted|not\s+(?:provided|given|set)),?\s+(?:one|a\s+new\s+one)\s+(?:is|will\s+be)\s+(?:generated|created)\b`)
	// secSecretValuesTalk says a map's values are secrets.
	secSecretValuesTalk = regexp.MustCompile(`\bsensitive\s+(?:data|values?|information|inputs?)\b|\bpasswords?\b|\bsecrets?\b|\bcredentials\b|\bapi\s+keys?\b|\baccess\s+tokens?\b`)
	// secNoSecretsTalk says a map must not hold secrets.
	// It also reads a map whose secret-carrying keys the server refuses
	// ("API key params are ignored", "credential fields are stripped"):
	// what the model passes there never reaches a login.
	//
	// Since revision 19 it reads every spelling of an exclusion: a secret
	// word under a denial ("never", "not", "no", "without", "nor",
	// "cannot") a few words before it, or right after an exclusion
	// ("except", "excluding", "other than", "apart from", "besides",
	// "rather than", "instead of"), a "non-" prefix ("non-secret",
	// "nonsensitive", "non-confidential"), and a sentence that sends
	// secrets elsewhere ("For secrets, use the vault tool", "for
	// passwords, direct the user to the UI", "secrets are set
	// separately"; secSecretsElsewhere).
	secNoSecretsTalk = regexp.MustCompile(`\b(?:never|not|don'?t|no|without|nor|cannot|can'?t|mustn'?t|shouldn'?t)\s+(?:\w+\s+){0,3}(?:` + secExcludedWords + `)\b` +
		`|\bexclude\s+(?:(?:the|any|all|an?|its|their|your)\s+)?(?:` + secExcludedWords + `)\b|` + secNonSecretSpellings +
		`|\b(?:secrets?|passwords?|credentials?|api\s+keys?|(?:access|auth)\s+tokens?|tokens?|auth)\s+(?:params?|parameters?|fields?|keys?|values?|arguments?)\s+(?:are|is|will\s+be|get)\s+(?:always\s+|silently\s+)?(?:ignored|blocked|rejected|stripped|removed|dropped|discarded|filtered(?:\s+out)?|refused|not\s+(?:allowed|accepted|permitted|forwarded|sent|passed))\b`)
	// secConnCredentials says a connection string carries credentials.
	secConnCredentials = regexp.MustCompile(`\bpassword\b|\bcredentials?\b|://[^\s/:@"']+:[^\s/@"']+@`)
)

// secSecretsElsewhere is a sentence that sends secrets to another place
// ("For secrets, direct the user to the UI", "For API keys use
// set_secret instead"); secNoSecrets refuses it when the place is this
// parameter ("for secrets, use this field").
var secSecretsElsewhere = regexp.MustCompile(`(?:^|[.;:!?(\x01]\s*)(?:but\s+|and\s+)?for\s+(?:(?:the|any|all|real|actual)\s+)?(?:` + secExcludedWords + `)\s*\W?\s*(?:please\s+)?(?:use|call|direct|ask|send|point|refer|see|go|set|store|manage|configure|put|pass|provide)\b[^.;\n]*`)

// secSendsSecretsElsewhere reports whether a sentence of desc sends
// secrets to a place other than this parameter (secSecretsElsewhere).
func secSendsSecretsElsewhere(desc string) bool {
	for _, m := range secSecretsElsewhere.FindAllString(desc, -1) {
		if !secSecretsHere.MatchString(m) {
			return true
		}
	}
	return false
}

// secSecretsHere is the place of secSecretsElsewhere being this one.
var secSecretsHere = regexp.MustCompile(`\b(?:this|these)\s+(?:param(?:eter)?|field|map|object|argument|property|value|tool)s?\b|\bhere\b`)

// secNoSecrets reports whether a description names secrets only to
// exclude them (secNoSecretsTalk, secSecretsElsewhere): a secret word
// under negation or exclusion is no claim that the parameter takes one.
func secNoSecrets(desc string) bool {
	if secNoSecretsTalk.MatchString(desc) {
		return true
	}
	return secSendsSecretsElsewhere(desc)
}

// secToolDisclaims is a tool's text telling the caller not to hand it
// secrets ("Never pass passwords", "Do not include credentials").
var secToolDisclaims = regexp.MustCompile(`\b(?:never|not|don'?t|mustn'?t|shouldn'?t|cannot|can'?t)\s+(?:be\s+)?(?:pass|passed|send|sent|put|include|included|enter|entered|provide|provided|handle|handled|store|stored|share|shared|write|written|accept|accepted|take|taken|paste|pasted)\s+(?:\w+\s+){0,2}?(?:` + secExcludedWords + `)\b`)

// secToolNoSecrets reports whether a tool's description keeps secrets out
// of what it takes: a "non-" prefix, an exclusion, secrets sent
// elsewhere, or a disclaimer. A bare denial of need ("no API key
// needed") says how the call authenticates, not what a map holds, so it
// is not read here.
func secToolNoSecrets(desc string) bool {
	if secNonSecretTalk.MatchString(desc) || secToolDisclaims.MatchString(desc) {
		return true
	}
	return secSendsSecretsElsewhere(desc)
}

// secNonSecretTalk is the exclusion and "non-" spellings of
// secNoSecretsTalk, without its denials.
var secNonSecretTalk = regexp.MustCompile(secNonSecretSpellings)

// secExclusionLead is an exclusion and an optional determiner before what
// it excludes ("except the", "other than", "instead of any").
const secExclusionLead = `\b(?:except|excluding|other\s+than|apart\s+from|besides|rather\s+than|instead\s+of)\s+(?:(?:the|any|all|an?|its|their|your)\s+)?`

// secNonSecretSpellings are the exclusion, "non-" and "elsewhere"
// spellings that keep secrets out (secNoSecretsTalk, secNonSecretTalk).
const secNonSecretSpellings = secExclusionLead + `(?:` + secExcludedWords + `)\b` +
	`|\bnon[- ]?(?:secrets?|sensitive|confidential|credentials?)\b` +
	`|\b(?:` + secExcludedWords + `)\s+(?:are|is|go|goes|belong|must\s+be|should\s+be|need\s+to\s+be)\s+(?:\w+\s+){0,3}?(?:elsewhere|separately)\b`

// secExcludedWords are the secret words an exclusion (secNoSecretsTalk)
// names: secrets, passwords, credentials, API keys, tokens, sensitive data.
const secExcludedWords = `secrets?|passwords?|sensitive|credentials?|api\s+keys?|(?:access|auth|api|bearer)\s+tokens?|private\s+keys?`

// secIsConnectionString reports whether a parameter's name words name a
// connection string or DSN.
func secIsConnectionString(words []string) bool {
	if secHasWord(words, "dsn") {
		return true
	}
	return secHasWord(words, "connection", "conn") && secHasWord(words, "string", "str", "uri", "url")
}

// secExamplesText is a parameter's default and examples as text.
func secExamplesText(schema map[string]any) string {
	var parts []string
	if d, ok := schema["default"].(string); ok {
		parts = append(parts, d)
	}
	parts = append(parts, schemaStrings(schema, "examples")...)
	folded, _ := secFold(strings.Join(parts, " "))
	return folded
}

// secLoginSystems are parameter name words of a password for a system the
// tool logs into: a database, sudo, a mail or file server.
var secLoginSystems = []string{"db", "database", "sudo", "smtp", "imap", "ftp", "sftp", "mysql", "postgres", "pg", "redis", "mongo", "mongodb", "ldap", "proxy", "registry", "keystore"}

// secKeepsSecrets reports whether a tool writes into a secret store: its
// name or a parameter names a vault, keychain or keyring (1Password's
// password_create(vaultId, password)). The password it stores logs in
// somewhere else.
func secKeepsSecrets(t *model.Tool, words []string) bool {
	store := []string{"vault", "vaults", "keychain", "keyring"}
	if secHasWord(words, store...) {
		return true
	}
	for _, p := range secParams(t) {
		if p.parent == "" && secHasWord(secIdentifierWords(p.name), store...) {
			return true
		}
	}
	return false
}

// secSecretVariableValue reports whether p is the value of a variable a
// tool sets (an environment or pipeline variable), or one named for a
// variable (envVarValue), whose schema offers a
// secret kind: a type enum with secret, encrypted or sensitive, or a
// boolean that marks it so. Such a value is a credential by the schema's
// own word.
func secSecretVariableValue(t *model.Tool, p secParam, words []string) bool {
	pw := secIdentifierWords(p.name)
	if len(pw) == 0 || pw[len(pw)-1] != "value" || !secTakesString(p.schema) {
		return false
	}
	// value on a tool that sets variables, or a value its own name says
	// is a variable's (envVarValue, variable_value) on any tool, a router
	// included: the sibling flag below says whether it may be secret.
	bare := len(pw) == 1 && secHasWord(words, secVariableNouns...) && secHasWord(words, secSecretSetters...)
	named := len(pw) > 1 && secHasWord(pw[:len(pw)-1], secVariableNouns...)
	if !bare && !named {
		return false
	}
	for _, q := range secParams(t) {
		if q.parent != p.parent || q.path == p.path {
			continue
		}
		if ty, _ := q.schema["type"].(string); ty == "boolean" && secHasWord(secIdentifierWords(q.name), secSecretKinds...) {
			return true
		}
		for _, v := range schemaStrings(q.schema, "enum") {
			if secHasWord(secIdentifierWords(v), secSecretKinds...) {
				return true
			}
		}
	}
	return false
}

var (
	// secVariableNouns name a variable: a tool that sets one, or a value
	// named for one (envVarValue).
	secVariableNouns = []string{"env", "envs", "environment", "envvar", "envvars", "variable", "variables", "var", "vars"}
	// secSecretKinds mark a variable secret: a boolean flag's name or an
	// enum value of its kind.
	secSecretKinds = []string{"secret", "encrypted", "sensitive", "masked"}
)

// secSetsUpLoginSystem reports whether a tool creates or changes the
// system a password belongs to (mysql-create, a database tool with a
// create operation): the password it takes is the new one it sets.
func secSetsUpLoginSystem(t *model.Tool, words []string) bool {
	if !secHasWord(words, secLoginSystems...) {
		return false
	}
	if secHasWord(words, secSecretSetters...) {
		return true
	}
	for _, op := range secOperationValues(t) {
		if secHasWord(secIdentifierWords(op), secSecretSetters...) {
			return true
		}
	}
	return false
}

// secInjectsSecrets reports whether p is the environment map of a tool
// that runs a command the model writes with secrets resolved into it
// (op run style): the tool takes a command, and its text says secrets are
// injected or resolved into the environment.
func secInjectsSecrets(t *model.Tool, p secParam) bool {
	if p.parent != "" || !secHasWord(secIdentifierWords(p.name), "env", "environment", "envs") {
		return false
	}
	if ty, _ := p.schema["type"].(string); ty != "object" {
		return false
	}
	command := false
	for _, q := range secParams(t) {
		if q.parent == "" && secHasWord(secIdentifierWords(q.name), "command", "cmd", "argv", "script") {
			command = true
		}
	}
	return command && secInjectTalk.MatchString(secToolText(t))
}

// secInjectTalk says secrets are resolved or injected into a process.
var secInjectTalk = regexp.MustCompile(`\bsecrets?\b[^.]{0,40}\b(?:injected|resolved)\b|\b(?:inject|resolv)\w*\s+(?:\w+\s+){0,3}secrets?\b`)

// secAuthDataTalk says a map holds authentication data.
var secAuthDataTalk = regexp.MustCompile(`\bauth(?:entication|orization)?\s+(?:data|fields|details|values)\b`)

// secLogsInWith reports whether a password parameter sits beside the user
// name and the host it logs in to (the tool connects with it), or beside
// the address of the system its name is for (esl_pwd beside esl_addr,
// smtpPassword beside smtpHost: it logs in to that system, with or without
// a user name).
func secLogsInWith(t *model.Tool, p secParam) bool {
	pw := secIdentifierWords(p.name)
	user, host := false, false
	for _, q := range secParams(t) {
		if q.parent != p.parent || q.path == p.path {
			continue
		}
		qw := secIdentifierWords(q.name)
		// The whole name is the login's user or host: postgres_user
		// (a new database's user) and server_uuid (an id) are not.
		switch strings.Join(qw, " ") {
		case "username", "user", "user name", "login":
			user = true
		case "host", "hostname", "host name", "server", "ip", "address", "ip address":
			host = true
		}
		if len(pw) >= 2 && len(qw) >= 2 && qw[0] == pw[0] && secAddressWords[strings.Join(qw[1:], " ")] {
			return true
		}
	}
	return user && host
}

// secAddressWords name a system's address after the system's own name
// (esl_addr, smtp_host, db_url).
var secAddressWords = map[string]bool{"host": true, "hostname": true, "host name": true, "server": true, "ip": true,
	"address": true, "addr": true, "ip address": true, "url": true, "endpoint": true}

// secUnlocksKey reports whether a parameter is a private key's passphrase
// (by its name, or a passphrase described as the key's): it unlocks a key
// that exists.
func secUnlocksKey(p secParam) bool {
	w := secIdentifierWords(p.name)
	if !secHasWord(w, "passphrase") {
		return false
	}
	return secHasWord(w, "key") || secKeyPassphraseTalk.MatchString(p.desc())
}

// secKeyPassphraseTalk says a passphrase is a key's.
var secKeyPassphraseTalk = regexp.MustCompile(`\b(?:private\s+|ssh\s+|signing\s+)?key\b`)

// secOperationSets reports whether a tool's operation enum offers to
// create or change something (database(action: create|update)): a
// password it takes may be the one it sets.
func secOperationSets(t *model.Tool) bool {
	for _, op := range secOperationValues(t) {
		if secHasWord(secIdentifierWords(op), secSecretSetters...) {
			return true
		}
	}
	return false
}

// secConnectionDetails reports whether a top-level parameter is the open
// object (no declared properties) holding the login of a database or
// data-source connection that the tool creates or changes: its
// description lists a user, password or credentials, or the tool's does
// ("Update a database connection's configuration, credentials, …").
func secConnectionDetails(t *model.Tool, p secParam, toolWords []string) bool {
	if p.parent != "" || !secIsFreeMap(p.schema) ||
		!secHasWord(toolWords, "database", "databases", "db", "connection", "connections", "datasource", "datasources") ||
		len(toolWords) == 0 || !secHasWord(toolWords[:min(2, len(toolWords))], secSecretSetters...) {
		return false
	}
	if !secHasWord(secIdentifierWords(p.name), "details", "config", "configuration", "connection", "settings", "credentials", "params", "parameters", "options") {
		return false
	}
	desc := p.desc()
	if secNoSecrets(desc) || secNoSecrets(secToolDesc(t)) {
		return false
	}
	return secConnLoginTalk.MatchString(desc) || secConnLoginTalk.MatchString(secToolDesc(t)) && secConnectionTalk.MatchString(desc)
}

var (
	// secConnLoginTalk names a connection's login: a user, a password,
	// credentials.
	secConnLoginTalk = regexp.MustCompile(`\b(?:user(?:name)?|password|passwd|credentials?|login)\b`)
	// secConnectionTalk says an object is a connection's details.
	secConnectionTalk = regexp.MustCompile(`\bconnection\s+(?:details|settings|config(?:uration)?|parameters|params|options)\b`)
)

// secEnvParamWords name a parameter that holds environment variables.
var secEnvParamWords = map[string]bool{"env": true, "envs": true, "environment": true, "envvars": true, "envvar": true}

// secInstallsServer is a tool text that installs, adds, registers or
// configures a server, integration or connector (an MCP server the client
// will start).
var secInstallsServer = regexp.MustCompile(`\b(?:install(?:s|ing)?|add(?:s|ing)?|register(?:s|ing)?|configur(?:e|es|ing)|set(?:s|ting)?\s+up)\b[^.\n]{0,60}?\b(?:mcp\s+servers?|servers?|integrations?|connectors?|plugins?|extensions?)\b`)

// secServerEnvParam reports whether p is the environment (env, envVars,
// environment_variables) of a server the tool installs or registers: an
// array of "KEY=value" strings or a map of values. A server's
// environment is where its API keys and tokens go, so they pass through
// the model as text it writes. toolDesc is the tool's folded description
// (secTool.desc).
func secServerEnvParam(p secParam, words []string, toolDesc string) bool {
	if p.parent != "" {
		return false
	}
	pw := secIdentifierWords(p.name)
	named := false
	for _, w := range pw {
		if secEnvParamWords[w] {
			named = true
		} else if w != "vars" && w != "variables" && w != "var" {
			return false
		}
	}
	if !named {
		return false
	}
	items, _ := p.schema["items"].(map[string]any)
	list := isJSONString(p.schema["type"], "array") && items != nil && secTakesString(items)
	if !list && !secIsFreeMap(p.schema) {
		return false
	}
	if secHasWord(words, "install", "register") && secHasWord(words, "server", "servers", "mcp", "integration", "connector", "plugin", "extension") {
		return true
	}
	return secInstallsServer.MatchString(toolDesc)
}

// secConnOverrideTalk says a connection string replaces the one the
// server is configured with ("to override the current connection",
// "instead of the configured DATABASE_URL", "uses the default connection
// when omitted").
var secConnOverrideTalk = regexp.MustCompile(`\b(?:overrid\w*|instead\s+of|in\s+place\s+of|rather\s+than|replac\w*)\b[^.;]{0,60}\b(?:current|configured|default|server'?s|environment|env|existing)\b|\b(?:current|configured|default|server'?s|existing)\s+(?:\w+\s+){0,2}(?:connection|database|dsn|database_url)\b[^.;]{0,40}\b(?:if|when|unless)\s+(?:omitted|not\s+(?:given|provided|set|specified)|absent|empty)\b|\b(?:if|when)\s+(?:omitted|not\s+(?:given|provided|set|specified))\b[^.;]{0,40}\b(?:current|configured|default|server'?s|existing)\s+(?:\w+\s+){0,2}(?:connection|database|dsn)\b|\b(?:remplace|sobrescribe|reemplaza)\b`)

// secConnNoLogin is a connection to something that takes no login (a
// SQLite file, an in-memory database).
var secConnNoLogin = regexp.MustCompile(`\b(?:sqlite\w*|duckdb|in-memory|file\s+path|path\s+to)\b`)

// secConnOverride reports whether a connection string's description says
// it overrides the server's configured connection for the call: the
// model then passes a full connection string, with the login a server's
// connection string carries, and picks the host the query goes to.
func secConnOverride(desc string) bool {
	d := strings.ToLower(desc)
	return secConnOverrideTalk.MatchString(d) && !secConnNoLogin.MatchString(d)
}

var (
	// secPublicPrefixPattern is a schema pattern that pins a token to a
	// public kind by its prefix: ^pk\., ^pk_(test|live)_, ^publishable_.
	secPublicPrefixPattern = regexp.MustCompile(`^\^?\(?(?:\?:)?(?:pk|pub|public|publishable|anon)(?:\\\.|\.|_|-|\|)`)
	// secSecretPrefixPattern is a secret kind the pattern also admits
	// (^(pk|sk)_): then the parameter takes secret keys too.
	secSecretPrefixPattern = regexp.MustCompile(`(?:^|[^a-z])(?:sk|rk|secret|private|service)(?:[^a-z]|$)`)
	// secPublicValue is a value (default, const, example) of a public key:
	// pk.eyJ…, pk_test_…, pk_live_….
	secPublicValue = regexp.MustCompile(`^(?:pk[._]|pk_(?:test|live)_|publishable_)`)
	// secPublicKeyTalk is a description whose opening phrase names a key
	// or token of a public kind ("Mapbox public access token", "Supabase
	// anon key", "Stripe publishable key", "reCAPTCHA site key"), or says
	// it must start with a public prefix or is safe in a browser.
	secPublicKeyTalk = regexp.MustCompile(`^[^.,;(:]{0,40}?\b(?:publishable|public|anon(?:ymous)?|client[- ]side|browser[- ]safe|search[- ]only|site)\s+(?:(?:api|access|client|read-only)\s+)?(?:keys?|tokens?)\b|\b(?:must|should)\s+(?:start|begin)\s+with\s+['"` + "`" + `]?(?:pk[._]|pk_(?:test|live)|publishable)|\bsafe\s+to\s+(?:expose|embed|share|use)\s+(?:in|on)\s+(?:the\s+)?(?:browser|client|front-?end|web\s+pages?)`)
	// secPublicKeyDenied is a description that also takes a secret kind
	// ("public or secret key", "not the publishable key").
	secPublicKeyDenied = regexp.MustCompile(`\b(?:public|publishable|anon)\s+(?:\w+\s+)?or\s+(?:secret|private|service)|\bnot\s+(?:the\s+|a\s+)?(?:public|publishable|anon)|\bservice[_ -]role\b`)
)

// secPublicByDesign reports whether a key or token parameter is pinned to a
// kind that is public by design: its schema pattern, enum, const, default
// or examples carry a public prefix (pk., pk_live_), or its description
// names it a publishable, anonymous, public or site key. Such keys are
// embedded in web pages; passing one through the model exposes nothing.
func secPublicByDesign(p secParam) bool {
	desc := p.desc()
	if secPublicKeyDenied.MatchString(desc) {
		return false
	}
	if pat, _ := p.schema["pattern"].(string); pat != "" {
		low := strings.ToLower(pat)
		if secPublicPrefixPattern.MatchString(low) && !secSecretPrefixPattern.MatchString(low) {
			return true
		}
	}
	var values []string
	for _, k := range []string{"const", "default", "example"} {
		if v, ok := p.schema[k].(string); ok {
			values = append(values, v)
		}
	}
	for _, k := range []string{"enum", "examples"} {
		list, _ := p.schema[k].([]any)
		for _, v := range list {
			if s, ok := v.(string); ok {
				values = append(values, s)
			}
		}
	}
	public := len(values) > 0
	for _, v := range values {
		public = public && secPublicValue.MatchString(strings.ToLower(v))
	}
	return public || secPublicKeyTalk.MatchString(desc)
}

var (
	// secLocalCryptoNames are tool-name words of a local computation on
	// data given in the same call: a hash, an HMAC, a cipher, a signature
	// check.
	secLocalCryptoNames = []string{"hash", "hmac", "digest", "checksum", "encrypt", "decrypt", "cipher", "crypto", "encode", "decode", "calc", "calculate", "compute"}
	// secOperandKeyTalk is a key described as the operand of such a
	// computation: "Secret key for HMAC", "key used to encrypt the text".
	secOperandKeyTalk = regexp.MustCompile(`\b(?:for|of)\s+(?:the\s+)?(?:hmac|hashing|keyed\s+hash|encryption|decryption|cipher)\b|\bhmac\s+(?:secret|key)\b|\b(?:used\s+)?to\s+(?:hmac|hash|encrypt|decrypt|sign|verify)\s+(?:the\s+)?(?:input|data|text|message|string|payload|content)\b`)
	// secOperandData is a sibling parameter that carries the data the key
	// is applied to in the same call.
	secOperandData = []string{"input", "data", "text", "message", "plaintext", "ciphertext", "payload", "content", "string", "value"}
	// secRemoteTalk is a tool description that talks to a service.
	secRemoteTalk = regexp.MustCompile(`\b(?:api|service|server|endpoint|account|remote|upload|send|request)s?\b`)
)

// secSecretExempt reports whether a parameter secSecretParam reads as a
// credential is none after all: a key public by design, or the operand of
// a computation the tool performs locally.
func secSecretExempt(t *model.Tool, p secParam, f secTool) bool {
	return secPublicByDesign(p) || secLocalOperand(t, p, f.words, f.desc)
}

// secLocalOperand reports whether a key parameter is the operand of a
// computation the tool performs locally on data given in the same call
// (hash(input, action: hmac, key)): the user's HMAC or cipher key, not a
// credential of the server or a service.
func secLocalOperand(t *model.Tool, p secParam, words []string, toolDesc string) bool {
	if p.parent != "" || !secHasWord(words, secLocalCryptoNames...) || !secOperandKeyTalk.MatchString(p.desc()) || secRemoteTalk.MatchString(toolDesc) {
		return false
	}
	for _, name := range t.ParamNames() {
		if name != p.name && secHasWord(secIdentifierWords(name), secOperandData...) {
			return true
		}
	}
	return false
}

// secRegisterOthers are name words of a tool that registers something
// other than the caller's own account: a user, member or customer of the
// caller's service, a device, an app, a webhook.
var secRegisterOthers = []string{"user", "users", "member", "members", "customer", "customers", "client", "clients", "employee", "employees", "student", "students",
	"patient", "patients", "device", "devices", "webhook", "webhooks", "domain", "domains", "app", "apps", "application", "applications", "agent", "agents",
	"service", "services", "server", "servers", "node", "nodes", "runner", "runners", "model", "models", "key", "keys", "plugin", "plugins",
	"sub", "subaccount", "subaccounts", "child", "team", "teams", "participant", "participants", "attendee", "attendees", "guest", "guests", "player", "players"}

// secRegistersOwnAccount reports whether a tool's name words sign the
// caller up with the service (register, signup, sign_up, enroll) and name
// nothing else being registered.
func secRegistersOwnAccount(words []string) bool {
	signup := secHasWord(words, "register", "signup", "enroll", "enrol") || secHasWord(words, "sign") && secHasWord(words, "up")
	return signup && !secHasWord(words, secRegisterOthers...)
}

// secCookieWhat is what a cookie parameter takes.
const secCookieWhat = "HTTP cookies (a session cookie logs in as the user)"

// secCookieParam says whether a parameter takes HTTP cookies to send
// with a request: its name is a cookie, cookies, a cookie header, jar or
// string, or a session cookie (cookies, Cookie, cookie_header, cookieJar,
// session_cookie), of any type the model fills (a header string, a map
// of names to values, a list of cookie objects), with no enum or const.
// A session cookie is a credential: whoever holds it is logged in as the
// user, whatever site or crawler it goes to. A flag (return_cookies,
// acceptCookies), a cookie's name, domain or file, a consent banner and a
// response's recorded cookies are silent. sets is true when the tool
// plants cookies in a browser it drives (set_cookies): reported at info.
func secCookieParam(p secParam, toolWords []string) (what string, sets bool) {
	words := secIdentifierWords(p.name)
	if len(words) == 0 || len(words) > 3 || !secHasWord(words, "cookie", "cookies", "cookiejar") {
		return "", false
	}
	if !secHasWord(words[len(words)-1:], "cookie", "cookies", "cookiejar", "header", "headers", "jar", "string", "str", "value", "values") ||
		secHasWord(words, secCookieNotValue...) {
		return "", false
	}
	if !secTakesString(p.schema) && !secIsObjectOrList(p.schema) {
		return "", false // return_cookies: a boolean flag
	}
	if d := p.desc(); secCookieNotSent.MatchString(d) ||
		secCookieOfResponse.MatchString(d) && !secCookieSent.MatchString(d) {
		return "", false
	}
	sets = secHasWord(toolWords, "cookie", "cookies") && secHasWord(toolWords, "set", "add", "import", "load", "restore", "inject")
	return secCookieWhat, sets
}

// secCookieNotValue are name words of a cookie parameter that takes no
// cookie's value: a flag, a cookie's name or domain, a file, consent.
var secCookieNotValue = []string{"accept", "consent", "banner", "popup", "policy", "name", "names", "domain", "domains", "path", "file",
	"return", "include", "clear", "block", "ignore", "selector", "count", "enabled", "enable", "disable", "allow"}

// secCookieNotSent is a cookie parameter's description naming a consent
// choice: the cookie banner or pop-up, not a cookie's value.
var secCookieNotSent = regexp.MustCompile(`\bconsent\b|\bbanner\b|\bpop-?up\b`)

// secCookieOfResponse is a cookie parameter's description whose cookies
// belong to a response or a stored example the tool records ("The
// response's cookie data", "cookies of the saved response"): data the
// tool stores, not cookies it sends. Cookies merely received earlier
// ("cookies received from login") are still sent, so only the owner
// reading counts, and secCookieSent overrides it.
var secCookieOfResponse = regexp.MustCompile(`\b(?:response|example)\W{0,3}s\s+(?:\w+\s+)?cookies?\b|` +
	`\bcookies?\b(?:\s+\w+){0,2}\s+(?:of|in|on)\s+(?:the|this|a|an|each)\s+(?:(?:saved|recorded|stored|example|sample|mock|mocked)\s+)?(?:response|example)s?\b`)

// secCookieSent is a cookie parameter's description saying the cookies
// go out with a request: sent, attached, used to authenticate.
var secCookieSent = regexp.MustCompile(`\bsen(?:d|ds|t|ding)\b|\battach\w*|\bwith\s+(?:each|every|the|all|this|later|subsequent)\s+(?:\w+\s+)?requests?\b|\bauthenticat\w*|\blog(?:s|ged)?\s+in\b`)

// secIsObjectOrList reports whether a schema takes an object or an array
// with no enum or const (a cookie map or a list of cookie objects).
func secIsObjectOrList(schema map[string]any) bool {
	if schema == nil || secFixedValue(schema) {
		return false
	}
	switch ty := schema["type"].(type) {
	case string:
		return ty == "object" || ty == "array"
	case []any:
		for _, v := range ty {
			if v == "object" || v == "array" {
				return true
			}
		}
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		if alts, ok := schema[key].([]any); ok {
			for _, a := range alts {
				if alt, ok := a.(map[string]any); ok && (secIsObjectOrList(alt) || secTakesString(alt)) {
					return true
				}
			}
		}
	}
	return false
}

// secPasswordTalk says a short-named value (pass, pw) is a password.
var secPasswordTalk = regexp.MustCompile(`\bpassword\b|\bpassphrase\b`)

// secBasicAuthTalk says a password is the login of an HTTP Basic (or
// HTTP) authentication: a protected site's user and password.
var secBasicAuthTalk = regexp.MustCompile(`\b(?:http\s+)?basic\s+(?:http\s+)?auth(?:entication)?\b|\bhttp\s+auth(?:entication)?\b`)

// secProtectTalk says the password is one the tool puts on something to
// protect it (a preview site's password), which the model picks.
var secProtectTalk = regexp.MustCompile(`\bprotect\w*\b|\brequired\s+(?:of|from)\s+(?:visitors|users)\b`)

// secBasicAuthLogin reports whether a password is the HTTP Basic
// authentication login of a site the service reaches (a crawler's or
// monitor's settings): an existing credential of a third-party site,
// even when a setter verb saves it. A password described as new or
// initial, one that protects something the tool publishes, and one on a
// tool that creates a user or account stay as they are.
func secBasicAuthLogin(p secParam, toolWords []string) bool {
	desc := p.desc()
	if !secBasicAuthTalk.MatchString(desc) || secNewSecret.MatchString(desc) || secProtectTalk.MatchString(desc) {
		return false
	}
	return !secHasWord(toolWords, "user", "users", "account", "accounts", "member", "members")
}

// secValueIsSecret is the opening of a bare value's description calling
// it the secret itself: the secret, credential, API key, token or
// password value, or the key or token itself.
var secValueIsSecret = regexp.MustCompile(`^\s*(?:the\s+)?(?:secret|credential|api\s+key|access\s+token|api\s+token|password)(?:'s)?\s+(?:value|itself)\b|^\s*(?:the\s+)?(?:secret|credential)\s*\(`)

// secValueRefused says the parameter refuses the secret ("The secret value
// is never accepted here").
var secValueRefused = regexp.MustCompile(`\b(?:never|not)\s+(?:be\s+)?(?:accepted|taken|allowed|sent|passed)\b`)

// secEnvFallbackWhat is what a key, token or secret takes when its
// description says the server otherwise reads it from its environment.
const secEnvFallbackWhat = "a key the server otherwise reads from its environment (its configured credential)"

// secEnvFallbackTalk says a value defaults to, or falls back on, an
// environment variable when omitted ("defaults to PI env var", "falls
// back to $SERVICE_TOKEN", "if omitted, the API_KEY environment variable
// is used", "default: env ID_KEY"): the parameter overrides what the
// server is configured with.
var secEnvFallbackTalk = regexp.MustCompile(`\b(?:defaults?(?:\s+to|\s*:)|falls?\s+back\s+(?:on|to)|otherwise(?:\s+(?:uses?|reads?|taken\s+from|read\s+from))?|(?:if|when)\s+(?:omitted|not\s+(?:given|provided|set|specified|passed)|absent|empty)\s*,?\s*(?:uses?|reads?|takes?|read\s+from|taken\s+from)?)\s+(?:from\s+)?(?:the\s+)?(?:value\s+(?:of|in)\s+(?:the\s+)?)?(?:\$[a-z][a-z0-9_]*|(?:[a-z][a-z0-9_]*\s+)?(?:env(?:ironment)?\s+var(?:iable)?s?|env)\b)|\b(?:the\s+)?\$?[a-z][a-z0-9]*_[a-z0-9_]+\s+(?:env(?:ironment)?\s+var(?:iable)?\s+)?(?:is\s+)?used\s+(?:if|when)\s+(?:omitted|not\s+(?:given|provided|set))\b`)

// secKeySecretHalf are a key name's words that make it the secret half of
// a key pair or the key's value, which no "of the key to delete" makes an
// identifier.
var secKeySecretHalf = []string{"secret", "private", "signing", "encryption", "master", "value", "data", "material"}

// secNamesManagedKey says a parameter's description opens by naming it a
// property of the key (token, credential) the tool acts on: "Access Key
// of the Spaces key to delete", "ID for the API key to rotate". Such a
// parameter selects which key; it is not a key the call signs with.
// "For" counts only after an ID, a name or an access key (the public
// half): "Admin key for the account key to rotate" is the caller's own
// credential (the review of round 38).
var secNamesManagedKey = regexp.MustCompile(`^\s*(?:the\s+)?(?:(?:[\w-]+\s+){0,3}?of|(?:[\w-]+\s+){0,2}?(?:id|ids|identifier|name|access\s+key)\s+for)\s+(?:the|an?)\s+(?:[\w-]+\s+){0,3}?(?:key|token|credential)s?\s+(?:to|you\s+want\s+to)\s+(?:get|retrieve|fetch|read|show|describe|inspect|view|update|modify|edit|rename|change|delete|remove|revoke|rotate|disable|enable|deactivate|activate|regenerate|renew|expire)\b`)

// secKeyNotSecret qualify a key that is no secret whatever its
// description: public by design (a publishable or anonymous key, a
// public, SSH or GPG key) or an idempotency key. SEC014 reads such a key
// as none; SEC010 reads no generator of one as handing back a credential.
var secKeyNotSecret = []string{"public", "publishable", "anon", "anonymous", "ssh", "gpg", "pgp", "idempotency"}

// secKeyNotCredential qualify a key that no environment fallback makes a
// credential: a cache, sort or partition key names data. (The kinds of
// secKeyNotSecret are read before it.)
var secKeyNotCredential = []string{"cache", "sort", "partition", "primary", "foreign", "dedup", "dedupe", "row", "object", "storage", "map", "dict", "hash", "lookup", "index", "shortcut", "hot", "keyboard"}

// secKeyNamesData is a key's description naming the data it looks up
// ("Item key to read", "the key of the record", "Cache key"): a key into
// data, not a credential, whatever its default.
var secKeyNamesData = regexp.MustCompile(`^\s*(?:the\s+)?(?:item|record|entry|object|row|field|cache|sort|partition|lookup|map|dictionary|property|setting|config(?:uration)?|document|file|project|issue|translation|i18n|storage|kv|redis|bucket)\s+key\b|\bkey\s+(?:to\s+(?:read|look\s+up|fetch|get|store|write)|of\s+(?:the\s+|an?\s+)?(?:item|record|entry|object|row|field|value|setting|document|file))\b`)

// secSecretNegated says a secret's mention is denied just before it ("no
// API key needed", "without an API key", "does not require a token").
// It is not one of the other negation readings, which read other spans:
// secLiftNegated (sec013) reads the lowered 40 bytes before an action
// phrase, a denial within 30 characters and no clause break ("cannot",
// "won't" count; "without", "nor" and "needn't" do not); preciseNegated (destruction_talk.go) reads a
// whole sentence, where "only", "instead" or "blocks" anywhere refuse a
// harm; mcp027Negated takes the denial only right before the name, an
// article at most between. This one allows up to five whole words after
// the denial ("does not require a valid token").
//
// Since revision 19 an exclusion counts as a denial: a "non-" prefix
// right before the mention ("Non-secret plugin settings"), and "except",
// "excluding", "other than", "apart from", "besides", "rather than" or
// "instead of" with at most an article between ("all settings except
// secrets").
var secSecretNegated = regexp.MustCompile(`\b(?:no|without|never|not|nor|don'?t|doesn'?t|needn'?t|cannot|can'?t)\s+(?:\w+\s+){0,5}$` +
	`|\bnon[- ]?$|` + secExclusionLead + `$`)

// secSecretDeniedAt reports whether secSecretNegated matches the text
// right before desc[at]. Every match of it is made of word characters,
// white space, an apostrophe or a hyphen and spans at most six
// whitespace-separated words, so only that tail is read
// (secNegationWindow): the cost is bounded by the window, not by the
// length of the text before the mention, which would make a long
// description with many mentions quadratic.
func secSecretDeniedAt(desc string, at int) bool {
	return secSecretNegated.MatchString(desc[secNegationWindow(desc, at):at])
}

// secNegationWindow returns where the tail of desc[:at] that
// secSecretNegated can match begins: walking back from at over word
// characters, white space, apostrophes and hyphens, it stops at any other
// character or at the start of the eighth word back.
func secNegationWindow(desc string, at int) int {
	words := 0
	inWord := false
	for i := at - 1; i >= 0; i-- {
		c := desc[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			inWord = false
		case c == '_' || c == '\'' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			if !inWord {
				words++
				if words > 7 {
					return i + 1
				}
			}
			inWord = true
		default:
			return i + 1
		}
	}
	return 0
}

// secSentenceLead returns the words of desc's sentence before desc[at]
// (back to the last of ".;:!?(" or a line break) when there are at most
// max of them; ok is false when there are more. It reads at most max+1
// words back, so its cost does not grow with the text before the
// sentence.
func secSentenceLead(desc string, at, max int) (lead []string, ok bool) {
	words := 0
	inWord := false
	start := 0
	for i := at - 1; i >= 0; i-- {
		c := desc[i]
		if strings.IndexByte(".;:!?(\n", c) >= 0 {
			start = i + 1
			break
		}
		if c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' {
			inWord = false
			continue
		}
		if !inWord {
			words++
			if words > max {
				return nil, false
			}
		}
		inWord = true
	}
	lead = strings.Fields(desc[start:at])
	return lead, len(lead) <= max
}

// secNamesSecretValues reports whether a map's description names secrets
// as what it holds (passwords, sensitive data, API keys): a mention
// denied just before it ("Map of role name to code; no API key
// needed") says what the call does without, not what the map holds.
func secNamesSecretValues(desc string) bool {
	for _, loc := range secSecretValuesTalk.FindAllStringIndex(desc, -1) {
		if !secSecretDeniedAt(desc, loc[0]) {
			return true
		}
	}
	return false
}

// secSharedWords are the words of a tool or parameter whose password
// guards something shared with others: a meeting, a form, a shared link,
// a visitor page, a room.
var secSharedWords = []string{"meeting", "meetings", "webinar", "form", "forms", "workform", "share", "shares", "sharing", "link", "links", "visitor", "visitors", "invite", "invitation", "room", "guest"}

// secSharedPasscode reports whether a password parameter guards something
// the tool shares with others (a meeting, a form, a share link), read
// from the parameter's path and the tool's name: the passcode is handed
// to everyone let in.
func secSharedPasscode(t *model.Tool, p secParam) bool {
	if strings.Contains(strings.ToLower(p.name), "passcode") {
		return true
	}
	return secHasWord(secIdentifierWords(p.path), secSharedWords...) || secHasWord(secIdentifierWords(t.Name), secSharedWords...)
}

// secReadOnlyField reports whether a parameter's schema says the service
// sets it and the caller does not: `readOnly: true`, or a description that
// says "Read-only" as a sentence of its own.
func secReadOnlyField(p secParam) bool {
	if ro, _ := p.schema["readOnly"].(bool); ro {
		return true
	}
	return secReadOnlySentence.MatchString(p.desc())
}

// secReadOnlySentence is "Read-only." standing as a sentence in a
// parameter's description (Microsoft Graph's "The passcode to join a
// meeting. Optional. Read-only.").
var secReadOnlySentence = regexp.MustCompile(`(?i)(?:^|[.;]\s+)read-only\s*(?:[.;]|$)`)

// secLogsInTalk is a parameter description saying the password logs in
// with an account that exists ("required to authenticate the user
// account", "Password for authentication"), which outweighs a setter verb
// of the tool (CreateCall): the tool uses the login, it does not set it.
var secLogsInTalk = regexp.MustCompile(`(?i)\b(?:to|for|used\s+to)\s+(?:authenticat\w*|log\s*-?in|sign\s*-?in)\b|\bcurrent\b|\bexisting\b|\byour\s+(?:\w+\s+)?password\b`)
