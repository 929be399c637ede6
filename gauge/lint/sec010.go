package lint

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// sec010 is SEC010 env-exposure.
func sec010() Rule {
	return Rule{
		ID: "SEC010", Name: "env-exposure", Family: "Security",
		Summary: "The tool appears to return environment variables or secrets.",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge, Revision: 36, Check: checkSEC010,
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
			if sw := secRevealSwitch(t, desc); sw != "" && !(secWritesOnly(words) && secTakesSecretInput(t)) {
				// password_create(password, returnSecret) echoes the
				// password the model just passed in: nothing new.
				// get_database(reveal): masked by default, plaintext on demand.
				out = append(out, Problem{Tool: t.Name,
					Message:    fmt.Sprintf("Tool `%s` returns credentials in plaintext when the model sets `%s`: masking by default does not help when the switch is the model's, and an injected instruction can ask for it.", t.Name, sw),
					Suggestion: "Keep the unmasking switch out of the tool's parameters (a server setting the user turns on), or return a reference the user resolves outside the conversation."})
				continue
			}
		}
		if ctx.Precise() && !secValuesHidden.MatchString(desc) && !secRedacted.MatchString(desc) {
			if sw := secEnvReadSwitch(t); sw != "" {
				// services_updater(operation: manage-env-vars,
				// getAllEnvVars): the switch reads the variables back,
				// whatever the tool's name says.
				out = append(out, Problem{Tool: t.Name,
					Message:    fmt.Sprintf("Tool `%s` returns environment variables or secrets when the model sets `%s`: they usually hold API keys and tokens, and credentials in a tool result reach the model's context, logs and any server the conversation is sent to.", t.Name, sw),
					Suggestion: "Return the variables' names only, or redact the values of those marked secret, and say so in the description."})
				continue
			}
		}
		if envHit && ctx.Precise() {
			switch {
			case secWritesOnly(words) || secValuesHidden.MatchString(desc) || secHasWord(words, "names") && !secHasWord(words, "value", "values") ||
				!secEnvReturn.MatchString(desc) && !secNameReads(words) && secWriteOpening.MatchString(desc):
				// Revision 30: "Add entries to an app's environment
				// variables", "Injects environment variables into the
				// container": the opening verb writes, nothing says the
				// tool returns the variables, and its name reads nothing.
				// vercel_create_env_var sets a variable and returns none;
				// a list whose values are masked, or of names only
				// (list_env_var_names), returns no secret.
				continue
			case !secEnvReturn.MatchString(desc) && secEnvAppName(words):
				// launch_env_manager_server, get_env_editor_url: the
				// variables modify the name's head noun, an app that
				// edits them; the tool starts, stops or locates that app
				// and returns none of the values.
				continue
			case !secEnvReturn.MatchString(desc) && secPlatformEnvironment(t, desc):
				// queryEnv of a cloud platform: "env" is an environment with
				// an id (list, details, domains, usage), not process variables.
				continue
			case !secEnvReturn.MatchString(desc) && !secNameReads(words) && secRequiresSecretInput(ctx, i):
				// Revision 33: manage_env_vars(envVars: [{key, value}]
				// required, "Environment variables to set"): a call must
				// carry the values, so the tool writes them, and nothing
				// in its name or text reads them back.
				continue
			case secEnvCheck(t, words, desc):
				// env_check: "Check environment variable configuration
				// and setup status": a check reports whether each
				// variable is set, not what it holds.
				continue
			case secPackageEnvironment(desc):
				// code_env of a data platform: "Code env ops: list/get. get
				// returns package summaries": a Python/R package
				// environment, whose contents are packages, not variables.
				continue
			case secVariableRecords.MatchString(desc) && !secEnvSecretTalk.MatchString(desc):
				// get-environment-variables of a low-code platform:
				// "environment variable definitions and their current
				// values" are records of the platform's data model
				// (solution components), not the server's process
				// environment; only a text that says they hold secrets
				// makes them credentials.
				continue
			case secResourceVars.MatchString(desc) && !secEnvSecretTalk.MatchString(desc) && secSecretsKeptApart(ctx):
				// env_var_list of a Worker on a server with secret_put and
				// plain variables: the secrets live in the secret store.
				continue
			}
		}
		if !envHit {
			// The default profile also reads a description that says the
			// tool returns credentials (a kubeconfig, tokens, API keys).
			if cred := ""; ctx.Precise() {
				// "Fetch a signing key by SID. Returns sid, friendly name
				// and dates": the text lists what comes back, and no
				// secret is among it; the readings of a secret named by
				// the text or the name yield to it (revision 30).
				plain := secDeclaresPlainOutput(desc)
				if found, held := secAccountKeyReturn(words, strings.ToLower(t.RawDescription)); found {
					what := "the API key or secret of the account it registers (a new credential, created for the caller and shown in the result)"
					if held {
						what = "the API key or secret of the identity the server already holds (a standing credential the server reveals, worse than a new one: it works for every later call)"
					}
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` returns %s: credentials in a tool result reach the model's context, logs and any server the conversation is sent to.", t.Name, what),
						Suggestion: "Hand the key to the user outside the conversation (or keep it in the server's configuration and use it there), and return only the account's id and status."})
				} else if cred = secReturnsCredentials(t.RawDescription); cred != "" && !plain && !secEchoesCarriedSecret(ctx, i, words) {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` says it returns %s: credentials in a tool result reach the model's context, logs and any server the conversation is sent to.", t.Name, secCredentialWhat(cred)),
						Suggestion: "Return only what the model needs (names, contexts, expiry dates) and redact secret values (tokens, keys, passwords, certificate data), or remove the tool."})
				} else if cred := secDeclaredSecret(desc); cred != "" {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` lists %s among what it returns: credentials in a tool result reach the model's context, logs and any server the conversation is sent to.", t.Name, cred),
						Suggestion: "Return only what the model needs (names, hosts, expiry dates) and redact secret values (tokens, keys, passwords), or remove the tool."})
				} else if cred, op := secNamedSecretRead(t, words); cred != "" && !plain {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` returns %s (its name, read with %s): credentials in a tool result reach the model's context, logs and any server the conversation is sent to.", t.Name, cred, op),
						Suggestion: "Return only what the model needs (names, contexts, expiry dates) and redact secret values (tokens, keys, passwords, certificate data), or remove the tool."})
				} else if param, v := secSecretSelector(t, words, desc); param != "" {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` returns a secret's value when the model picks `%s` in `%s`: the credential reaches the model's context, logs and any server the conversation is sent to, and an injected instruction can ask for it.", t.Name, v, param),
						Suggestion: "Leave secret fields out of what the tool can return (or return them masked), and let the user copy the secret outside the conversation."})
				} else if secListsVaultItems(ctx, i, desc) {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` lists the items of a password vault, and the server's other tools show the items hold passwords: a full item carries its login, so the credentials reach the model's context, logs and any server the conversation is sent to.", t.Name),
						Suggestion: "List item names, ids and URIs only, and say in the description that passwords and one-time codes are left out."})
				} else if what := secSecretStoreRead(t, words, desc); what != "" && !plain {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` returns %s: credentials in a tool result reach the model's context, logs and any server the conversation is sent to.", t.Name, what),
						Suggestion: "Return the secret's name, version and metadata, and let the user read the value outside the conversation (or inject it where it is used without showing it to the model)."})
				} else if pw := secRecordPassword(ctx, i); pw != "" {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` returns a record whose writer stores %s: a platform keeps a database's password retrievable for the apps that connect, and nothing in this tool's text says it is masked, so it reaches the model's context, logs and any server the conversation is sent to.", t.Name, pw),
						Suggestion: "Leave the password fields out of the record the tool returns (or mask them), and say so in the description."})
				} else if f := secOutputSecret(t); f != "" && !secRedacted.MatchString(desc) && !secValuesHidden.MatchString(desc) && !secDeletesRecord(words, desc) {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` returns a credential: its output schema declares `%s`. Credentials in a tool result reach the model's context, logs and any server the conversation is sent to.", t.Name, f),
						Suggestion: "Return only what the model needs (names, ids, expiry dates) and hand secret values to the user outside the conversation, or remove the tool."})
				} else if secCreatesOAuthApp.MatchString(secOpeningSentence(t.RawDescription)) && !secRedacted.MatchString(desc) {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` creates an OAuth application: its client secret comes back at creation, a credential that reaches the model's context, logs and any server the conversation is sent to.", t.Name),
						Suggestion: "Create OAuth applications in the provider's console, or return only the client id and hand the secret to the user outside the conversation."})
				} else if key, param := secGeneratesSiblingSecret(ctx, i); key != "" {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` generates a new %s and returns it: the server's own tools take that %s as a credential (`%s`), so the new secret reaches the model's context, logs and any server the conversation is sent to.", t.Name, key, key, param),
						Suggestion: "Store the new key where the server reads it (its configuration, a key file, the OS keychain) and return only its public part or fingerprint; say in the description that the secret is not returned."})
				} else if what, sure := secNamedCredentialOutput(t, words, desc); what != "" && !plain && !secEchoesCarriedSecret(ctx, i, words) {
					p := Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` returns %s: credentials in a tool result reach the model's context, logs and any server the conversation is sent to.", t.Name, what),
						Suggestion: "Return only what the model needs (names, ids, expiry dates) and hand secret values to the user outside the conversation, or say in the description that the value is not returned."}
					if !sure {
						p.Severity = Info
					}
					out = append(out, p)
				} else if what, sure := secCapabilityLink(t, words, desc); what != "" {
					p := Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` returns %s: the link is a bearer credential, and it reaches the model's context, logs and any server the conversation is sent to.%s", t.Name, what, secQuietNote(t)),
						Suggestion: "Return the link to the user outside the conversation (or its id only), keep its lifetime short, and mark the tool readOnlyHint: false so clients ask before minting access."}
					if !sure {
						p.Severity = Info
					}
					out = append(out, p)
				} else if secReturnsStreamURL(t, desc) {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` returns RTSP stream URLs: a camera's stream URL carries its access token or login, so whoever holds it watches the live feed without logging in, and it reaches the model's context, logs and any server the conversation is sent to.", t.Name),
						Suggestion: "Return the stream's id and quality, not its URL, and let the user open the stream from the service's own app; or say in the description that the URL carries no credential."})
				} else if what := secStoredSecretRead(t, desc); what != "" && !plain {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` returns %s: credentials in a tool result reach the model's context, logs and any server the conversation is sent to.", t.Name, what),
						Suggestion: "Return the secret's name, id and expiry, and let the user read the value in the service's own settings (or inject it where it is used without showing it to the model)."})
				} else if secIncomingWebhook(t, words, desc) {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` creates a webhook that others call: the webhook's URL carries its token, a bearer credential that lets whoever holds it post as the integration, and it comes back into the model's context, logs and any server the conversation is sent to.", t.Name),
						Suggestion: "Return the webhook's id and name, not its URL or token, and let the user copy the URL from the service's own settings."})
				} else if secReturnsCardData(t) {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` says it returns a payment card's full number or security code (PAN, CVV): with them anyone pays as the cardholder, and they reach the model's context, logs and any server the conversation is sent to.", t.Name),
						Suggestion: "Return the card's id, brand, expiry and last four digits only, and show the full card data to the cardholder outside the conversation (a secure display the service hosts)."})
				} else if secScansForSecrets(t, desc) {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` hunts for secrets left in code or files and reports what it finds: a scanner's finding carries the matched key, password or token, so the secrets it finds reach the model's context, logs and any server the conversation is sent to.", t.Name),
						Suggestion: "Report each finding's file, line, kind and a masked form of the match (its first characters), never the secret itself, and say so in the description."})
				} else if what := secIssuesSecret(t, words, desc); what != "" && !plain {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` issues a new %s and hands it back: whoever holds an issued secret uses it as the holder would, and it reaches the model's context, logs and any server the conversation is sent to.", t.Name, what),
						Suggestion: "Deliver the new secret where it is used (the server's configuration, a secret store, the user's screen outside the conversation) and return only its id and expiry; or say in the description that the value is not returned."})
				} else if why := secAttachesUserBrowser(t, words); why != "" {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` attaches to the user's own running browser (%s): every site the user is logged in to, with its cookies and sessions, becomes reachable by the model's navigation, scripts and screenshots, and an injected instruction can read or act on those accounts.", t.Name, why),
						Suggestion: "Launch a separate browser with its own empty profile, or let the user pick the tab and confirm the attachment outside the conversation; say in the description which sessions the model reaches."})
				} else if why := secLendsBrowserToRemote(t); why != "" {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` hands a browser on the user's machine to a remote agent or service, and %s: the sites the user is signed in to, with their cookies and sessions, and the local applications the browser reaches, become usable by that remote party.", t.Name, why),
						Suggestion: "Give the remote agent a fresh browser with no saved login, or let the user choose and confirm the profile or session outside the conversation; say in the description what the remote party can reach."})
				}
			}
			continue
		}
		out = append(out, Problem{Tool: t.Name,
			Message:    fmt.Sprintf("Tool `%s` appears to return environment variables; a server's environment usually holds API keys and tokens.", t.Name),
			Suggestion: "Return only an allow-list of non-secret settings, redact values whose names look like keys, tokens or passwords, or remove the tool."})
	}
	if ctx.Precise() {
		if p, ok := secSchemaSecretDefault(ctx); ok {
			out = append(out, p)
		}
	}
	return out
}

// secEnvCheckOpening is an opening sentence that checks, verifies or
// validates (the environment's setup), rather than reads it.
var secEnvCheckOpening = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:checks?|verif(?:y|ies)|validates?|diagnoses?)\b`)

// secEnvValueTalk is a description that says values come back: their
// values or contents, or a verb that shows, prints or lists variables.
var secEnvValueTalk = regexp.MustCompile(`\bvalues?\b|\bcontents?\b|\b(?:shows?|prints?|dumps?|displays?|lists?|reveals?|exports?|echo(?:es)?)\b|\breturns?\s+(?:all\s+|the\s+|every\s+|each\s+)?(?:env|environment|variables?|vars|secrets?|keys?|tokens?)\b`)

// secEnvAppNouns are head nouns of an application or its address: what a
// tool named "<env> <noun>" acts on when the variables only modify it.
var secEnvAppNouns = map[string]bool{
	"manager": true, "editor": true, "server": true, "ui": true, "gui": true,
	"dashboard": true, "app": true, "panel": true, "url": true,
}

// secEnvAppName says the tool's name uses the environment variables as a
// modifier of an application noun (env_manager_url,
// launch-env-editor-server): the word right after the environment words
// ("env", "environment", optionally "var", "vars", "variable",
// "variables") is such a noun, so the tool acts on the application, not on
// the variables. get_env_vars and list_env_var_names end at the
// variables and are left to the other readings.
func secEnvAppName(words []string) bool {
	for i, w := range words {
		if w != "env" && w != "environment" && w != "envvar" && w != "envvars" {
			continue
		}
		j := i + 1
		if j < len(words) && (words[j] == "var" || words[j] == "vars" || words[j] == "variable" || words[j] == "variables") {
			j++
		}
		if j < len(words) && secEnvAppNouns[words[j]] {
			return true
		}
	}
	return false
}

// secEnvCheck reports whether a tool checks the environment's setup: its
// opening sentence (or, when that opening is not a read, its name) is a
// check, verify or validate, and nothing in its text says the values,
// or the variables themselves, come back. Such a tool reports which
// variables are set or missing, not what they hold.
func secEnvCheck(t *model.Tool, words []string, desc string) bool {
	if secEnvValueTalk.MatchString(desc) {
		return false
	}
	opening := strings.ToLower(secOpeningSentence(t.RawDescription))
	if secEnvCheckOpening.MatchString(opening) {
		return true
	}
	return !secReadOpening.MatchString(opening) && secHasWord(words, "check", "verify", "validate", "doctor")
}

// secSchemaSecretDefault finds secret parameters (a private key, an API
// key, a token, a password) whose schema carries a concrete value as its
// default, const or example: tools/list hands that value to every client
// and model that lists the tools, without a call. It reports once per
// server, naming the tools, with the value masked.
func secSchemaSecretDefault(ctx *Context) (Problem, bool) {
	facts := secTools(ctx)
	var tools []string
	var param, value string
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		for _, p := range secParams(t) {
			v := secConcreteSecretValue(p.schema)
			if v == "" {
				continue
			}
			if what, _ := secSecretParam(p, facts[i].words); what == "" {
				continue
			}
			if len(tools) == 0 {
				param, value = p.path, v
			}
			tools = append(tools, t.Name)
			break
		}
	}
	if len(tools) == 0 {
		return Problem{}, false
	}
	where := fmt.Sprintf("tool `%s`", tools[0])
	if len(tools) > 1 {
		where = fmt.Sprintf("%d tools (`%s`", len(tools), strings.Join(tools[:min(3, len(tools))], "`, `"))
		if len(tools) > 3 {
			where += ", …"
		}
		where += ")"
	}
	return Problem{
		Message: fmt.Sprintf("The schema of %s gives the secret parameter `%s` a concrete value (%s) as its default or example: tools/list hands the secret to every client and model that lists the tools, before any call.",
			where, param, secMaskValue(value)),
		Suggestion: "Read the secret from the server's environment inside the handler and leave it out of the schema: no default, const or example holding a real value."}, true
}

// secConcreteSecretValue returns the string a schema gives as its
// default, const or first example when it looks like a real secret
// (long, one token, no placeholder words), or "".
func secConcreteSecretValue(schema map[string]any) string {
	var vals []any
	for _, k := range []string{"default", "const", "example"} {
		vals = append(vals, schema[k])
	}
	if ex, ok := schema["examples"].([]any); ok {
		vals = append(vals, ex...)
	}
	for _, v := range vals {
		s, _ := v.(string)
		s = strings.TrimSpace(s)
		if len(s) >= 16 && !strings.ContainsAny(s, " \t\n") && !secPlaceholderValue.MatchString(s) {
			return s
		}
	}
	return ""
}

// secPlaceholderValue is a value that stands for a secret rather than
// being one: "your-api-key", "sk-xxxxxxxx", "<token>", "${API_KEY}",
// "********", "changeme".
var secPlaceholderValue = regexp.MustCompile(`(?i)your|xxxx|\*\*\*|\.\.\.|…|<|>|\$\{|\{\{|%[a-z_]+%|placeholder|example|sample|changeme|change[-_]me|replace|insert|dummy|redacted|^[a-z_]+$|^\$[a-z_]+$`)

// secMaskValue shows a secret's first four characters and its length.
func secMaskValue(s string) string {
	r := []rune(s)
	return fmt.Sprintf("`%s…`, %d characters", string(r[:4]), len(r))
}

// secEnvSecretTalk is a description saying the variables hold secrets.
var secEnvSecretTalk = regexp.MustCompile(`\bsecrets?\b|\bapi\s+keys?\b|\bcredentials\b|\btokens?\b|\bpasswords?\b|\bconnection\s+strings?\b`)

var (
	secEnvTalk   = regexp.MustCompile(`environment\s+variables?|\benv\s+vars?\b|\benv\b|\bsecrets?\b|\bapi\s+keys?\b|\bcredentials\b|\.env\b|\bprocess\.env\b`)
	secEnvReturn = regexp.MustCompile(`\b(?:returns?|prints?|dumps?|lists?|shows?|exposes?|reads?|gets?|outputs?|displays?|retrieves?)\s+(?:all\s+|the\s+|every\s+|any\s+)?(?:of\s+the\s+)?(?:current\s+|process\s+|server\s+|system\s+|shell\s+)?(?:environment\s+variables|env\s+vars)\b` +
		// "Get information about the instance, including binary path,
		// environment variables, and output file": a list of what comes back.
		`|^\s*(?:this\s+tool\s+)?(?:returns?|prints?|dumps?|shows?|gets?|outputs?|displays?|retrieves?)\b[^.\n]{0,100}\b(?:including|includes|such\s+as)\b[^.\n]{0,60}\b(?:environment\s+variables|env\s+vars)\b`)
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

// secCredentialNouns are the credentials a description can say a tool
// returns: a kubeconfig, tokens, API keys, passwords, secrets.
const secCredentialNouns = `kubeconfig|api_?keys?|(?:access|refresh|auth|session|bearer)_?tokens?|(?:client|secret)_?(?:secrets?|keys?)|private_?keys?|kube\s+config|credentials|access\s+tokens?|refresh\s+tokens?|auth(?:entication)?\s+tokens?|bearer\s+tokens?|api\s+keys?|secret\s+values?|secrets|passwords?|private\s+keys?|session\s+cookies?|cookies|jwt\s+tokens?|jwts|session\s+tokens?|id\s+tokens?|(?:webhook\s+|signing\s+|endpoint\s+|client\s+)+secrets?|secret\s+keys?`

// secCredentialReturn matches a description whose opening sentence says
// the tool returns credentials: a kubeconfig, tokens, API keys, passwords.
var secCredentialReturn = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:gets?|returns?|shows?|views?|prints?|outputs?|exports?|reveals?|retrieves?|reads?|dumps?|fetch(?:es)?|displays?|lists?)\b[^.\n]{0,80}?\b(` + secCredentialNouns + `)\b`)

// secReturnClause finds, in any sentence, a clause that says what the
// tool returns ("… and returns one-time client secrets", "Returns a
// time-limited session token") or what its response holds ("The response
// includes the signing secret"); the clause is read from its verb on.
var secReturnClause = regexp.MustCompile(`(?:^\s*|\b(?:and|it|which|that|then|also|tool)\s+|[,;:(]\s*)(returns?|outputs?)\b|\b(?:response|result|output|reply)\s+(?:also\s+)?(includes|contains|holds|carries)\b`)

// secReadOpening is an opening sentence of a tool that reads or lists.
var secReadOpening = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:lists?|gets?|returns?|shows?|retrieves?|fetch(?:es)?|reads?|views?|displays?|exports?|searches?)\b`)

// secEachHolds is a sentence saying what each listed item has or holds
// ("each destination has its own …", "every entry includes …").
var secEachHolds = regexp.MustCompile(`\b(?:each|every)\s+(?:\w+\s+){0,2}?(?:has|have|includes|contains|carries|holds|comes\s+with)\b`)

// secCredentialPart names a part of a credential that identifies it
// without being it ("the prefix of", "the last four characters of").
var secCredentialPart = regexp.MustCompile(`\b(?:prefix(?:es)?|suffix(?:es)?|hash(?:es)?|fingerprints?|names?|ids?|expiry|expiration|length|status|type|scopes?|hints?|last\s+(?:\d+|four|few)(?:\s+\w+)?|first\s+(?:\d+|four|few)(?:\s+\w+)?)\s+of\s+(?:\w+\s+)?$`)

// secCredentialHeld is a credential named in what an item holds.
var secCredentialHeld = regexp.MustCompile(`^[^.\n]{0,120}?\b(` + secCredentialNouns + `)\b`)

// secCredentialIncluded is a credential a response holds, read from the
// verb of a secReturnClause.
var secCredentialIncluded = regexp.MustCompile(`^\s*(?:includes|contains|holds|carries)\b[^.\n]{0,60}?\b(` + secCredentialNouns + `)\b`)

// secRedacted marks a sentence saying the secret parts are left out.
var secRedacted = regexp.MustCompile(`\b(?:redact\w*|mask\w*|omit\w*|without\s+(?:the\s+)?(?:secret|token|credential|password|key)s?|names?\s+only|never\s+(?:returns?|includes?|shows?|returned|included|shown|exposed)|(?:does|do|will|is|are)\s+not\s+(?:return(?:ed)?|include[ds]?|expose[ds]?|show[ns]?)|(?:doesn't|don't|won't|isn't|aren't)\s+(?:return(?:ed)?|include[ds]?|expose[ds]?|show[ns]?))\b` +
	// Revision 29: a negation on the credential itself ("(NO secrets)",
	// "returns no credentials", "no credential is ever returned").
	`|\(\s*no\s+(?:secrets?|credentials?)\s*\)|\b(?:returns?|shows?|contains?|includes?)\s+no\s+(?:secrets?|credentials?)\b|\bno\s+(?:secrets?|credentials?)\s+(?:is\s+|are\s+)?(?:ever\s+)?(?:returned|shown|included|exposed)\b` +
	// Revision 33: the negation on the secret's values ("No secret
	// values are exposed", "no password values are returned"), and a
	// value said never to reach the response ("so it never enters the
	// inline response").
	`|\bno\s+(?:(?:secret|credential|password|token|key)\s+)?values?\s+(?:is\s+|are\s+)?(?:ever\s+)?(?:returned|shown|included|exposed|revealed)\b` +
	`|` + secNeverInResult.String())

// secCredentialStatus is a clause that reports whether a credential is
// set, not what it holds ("whether credentials are set", "whether the
// webhook verify token + app secret are set", "whether OAuth credentials
// are configured"): a yes/no status (revision 29).
var secCredentialStatus = regexp.MustCompile(`\bwhether\s+(?:[\w'+/-]+\s+){0,7}?(?:is|are)\s+(?:already\s+)?(?:set|configured|present|provided|missing|stored|saved|available)\b` +
	// Revision 30: a yes/no answer after the status word ("api key
	// configured (yes/no)", "token present: true|false").
	`|(?:[\w'+-]+\s+){1,3}?(?:is\s+|are\s+)?(?:set|configured|present|provided|missing|defined|stored|available)\s*[:(]?\s*(?:yes|no|true|false)\s*(?:/|\||or)\s*(?:yes|no|true|false)\b\)?`)

// secWrappedLine is a line break inside a sentence: the next line goes
// on in lower case ("The generated secret is\nreturned only in this
// response").
var secWrappedLine = regexp.MustCompile(`[ \t]*\n[ \t]*([a-z(])`)

// secReturnsCredentials returns the credential a tool's description says
// it returns, or "".
func secReturnsCredentials(desc string) string {
	cred := secReturnsCredentialsSaid(desc)
	if cred == "" {
		return ""
	}
	// Revision 30: a later sentence that says this very credential never
	// comes back ("Fetch a vault handle from the browser-cookies
	// namespace. Raw cookie values are never returned, only the opaque
	// handle") takes the return back.
	noun := secCredentialNoun.FindString(strings.ToLower(cred))
	if noun == "" {
		return cred
	}
	f := strings.Fields(strings.ReplaceAll(noun, "_", " "))
	head := strings.TrimSuffix(f[len(f)-1], "s")
	named := regexp.MustCompile(`\b` + regexp.QuoteMeta(head) + `s?\b`)
	prose, _ := secFold(preciseCodeOnly(desc))
	for _, sentence := range strings.FieldsFunc(prose, func(r rune) bool { return r == '.' || r == '\n' }) {
		if named.MatchString(sentence) && secRedacted.MatchString(sentence) && !secReturnClause.MatchString(sentence) {
			return ""
		}
	}
	return cred
}

// secReturnsCredentialsSaid is secReturnsCredentials before a later
// sentence's negation is read.
func secReturnsCredentialsSaid(desc string) string {
	prose, _ := secFold(secWrappedLine.ReplaceAllString(preciseCodeOnly(desc), " $1"))
	prose = secCredentialStatus.ReplaceAllString(prose, "whether set")
	first := prose
	if k := strings.IndexAny(prose, ".\n"); k >= 0 && strings.TrimSpace(prose[:k]) != "" {
		first = prose[:k]
	} else if k >= 0 {
		first = strings.TrimLeft(prose, " \n")
		if j := strings.IndexAny(first, ".\n"); j >= 0 {
			first = first[:j]
		}
	}
	if secRedacted.MatchString(first) || secSecretsMasked(prose) {
		return ""
	}
	openings := []string{first}
	if next := secAfterTitle(prose, first); next != "" {
		// "Generate Customer Links\n\nGenerate a customer portal
		// link …": a title line, then the opening sentence.
		openings = append(openings, next)
	}
	for _, opening := range openings {
		// Revision 30: the opening's return clause ends at a semicolon or
		// a contrast ("Returns the app's plain variables; secrets are
		// stored apart"): a secret named after it is not what returns.
		if loc := secOpeningClauseBreak.FindStringIndex(opening); loc != nil {
			opening = opening[:loc[0]]
		}
		if cred := secCredentialIn(opening, secCredentialReturn); cred != "" {
			return cred
		}
		for _, p := range secCredentialOutputs {
			if m := p.re.FindStringSubmatchIndex(opening); m != nil {
				if secCredentialPublic.MatchString(opening[m[0]:m[3]]) {
					// "Create a new Mapbox public access token": a
					// public (pk.*) token is made for browser URLs.
					break
				}
				return p.what(strings.Join(strings.Fields(opening[m[2]:m[3]]), " "))
			}
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
		// A reading tool's items each hold a credential: "List webhook
		// destinations. Each destination has its own URL, … and signing
		// secret": every item comes back with its secret.
		if secReadOpening.MatchString(first) {
			if m := secEachHolds.FindStringIndex(sentence); m != nil {
				held := sentence[m[1]:]
				if k := strings.IndexAny(held, ";:"); k >= 0 {
					held = held[:k]
				}
				if m := secCredentialHeld.FindStringSubmatchIndex(held); m != nil && secCredentialPart.MatchString(held[:m[2]]) {
					// "the prefix of their API key": a part that
					// identifies the credential, not the credential.
					held = ""
				}
				if cred := secCredentialIn(held, secCredentialHeld); held != "" && cred != "" {
					return cred
				}
			}
		}
		// A return clause anywhere: "… and returns one-time client and
		// webhook secrets", "Returns a time-limited session token".
		for _, m := range secReturnClause.FindAllStringSubmatchIndex(sentence, -1) {
			re, at := secCredentialReturn, m[2]
			if at < 0 {
				re, at = secCredentialIncluded, m[4]
			}
			clause := sentence[at:]
			if !secReturnsList.MatchString(clause) {
				// "Returns: agent_id, api_key": a list after a colon
				// runs on past its commas.
				clause = secClauseEnd(clause)
			}
			if cred := secCredentialIn(clause, re); cred != "" {
				return cred
			}
		}
	}
	return ""
}

// secMaskWords says a value is shown masked, redacted or in part.
var secMaskWords = regexp.MustCompile(`\b(?:mask(?:ed|s)?|redact(?:ed|s)?|obfuscat\w*|hidden|truncated|last\s+(?:4|four)\b)|\*{3,}`)

// secSecretWord is a secret a masking sentence can be about.
var secSecretWord = regexp.MustCompile(`\b(?:secrets?|tokens?|keys?|passwords?|credentials?)\b`)

// secSecretsMasked reports whether a sentence of prose says the secrets
// are shown masked ("client secret (masked), access token (masked)",
// "tokens are shown with only their last four characters"): a tool that
// displays credentials that way returns no secret.
func secSecretsMasked(prose string) bool {
	for _, sentence := range strings.FieldsFunc(prose, func(r rune) bool { return r == '.' || r == '\n' }) {
		if secMaskWords.MatchString(sentence) && secSecretWord.MatchString(sentence) {
			return true
		}
	}
	return false
}

// secClauseBreak ends a clause: a comma or semicolon, or a conjunction
// that opens another ("returns the user profile, while missing
// credentials are reported as errors").
var secClauseBreak = regexp.MustCompile(`[,;]|\s(?:while|but|whereas|whether|if|when|unless|except|otherwise)\s`)

// secClauseEnd cuts a clause at its first break.
func secClauseEnd(s string) string {
	if loc := secClauseBreak.FindStringIndex(s); loc != nil {
		return s[:loc[0]]
	}
	return s
}

// secCredentialIn returns the credential re finds at the start of clause,
// unless it is the means ("projects accessible with current
// credentials"), qualifies another noun ("a password setup form", "the
// API key's name"), is public by design (a publishable key), or a bare
// list of a secret store ("List all secrets"); or "".
func secCredentialIn(clause string, re *regexp.Regexp) string {
	m := re.FindStringSubmatchIndex(clause)
	if m == nil {
		return ""
	}
	cred := strings.Join(strings.Fields(clause[m[2]:m[3]]), " ")
	switch {
	case secCredentialAbout.MatchString(clause[m[0]:m[2]]) && secCredentialItself.MatchString(clause[m[3]:]):
		// "Returns the usage of your API key and the key itself": a
		// fact about the key, and then the key too.
		return cred
	case secCredentialScoped(clause[m[0]:m[2]]) || secCredentialQualifies.MatchString(clause[m[3]:]):
	case secCredentialPublic.MatchString(clause[m[0]:m[3]]):
		// Publishable and anonymous client keys are public by design.
	case secCredentialEntries.MatchString(clause[m[0]:m[2]]):
		// "Retrieves the cluster names and contexts found in the
		// kubeconfig", "the paths of the key files": names, contexts,
		// paths or counts of a credential store's entries, not its
		// secrets.
	case secCredentialSource.MatchString(clause[m[0]:m[2]]) && !secOutputSecretWord.MatchString(clause[m[0]:m[2]]):
		// Revision 30: "Returns only the cluster names and server
		// addresses found in the kubeconfig": what is found in the store
		// comes back, and nothing named before it is a secret.
	case secCredentialDerived.MatchString(clause[m[0]:m[2]]):
		// "Get the address derived from a private key": the key is
		// the input, what comes back is computed from it.
	case secCredentialListed.MatchString(clause[m[0]:m[2]]) && secCredentialCollection.MatchString(cred) && !secCredentialValues.MatchString(clause):
		// "List all secrets", "Get all API keys": a secret store
		// enumerates names and metadata; values come from a get or
		// reveal call on one.
	default:
		return cred
	}
	return ""
}

var (
	// secCredentialListed is a list verb at the opening.
	secCredentialListed = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:lists?\b|(?:gets?|retrieves?|fetch(?:es)?|returns?|shows?)\s+(?:all|every|an?\s+(?:list|array)\s+of)\b)`)
	// secCredentialPublic is a key that is public by design.
	secCredentialPublic = regexp.MustCompile(`\b(?:publishable|anon(?:ymous)?|public|client[- ]side|browser[- ]safe|search[- ]only)\s+(?:(?:api|access|client|read-only)\s+)?(?:keys?|tokens?)\b`)
	// secCredentialCollection is a credential a list names rather than
	// returns.
	secCredentialCollection = regexp.MustCompile(`^(?:secrets|credentials|api keys|access tokens|refresh tokens|auth(?:entication)? tokens|bearer tokens|passwords|private keys)$`)
	// secCredentialDerived is the text before a credential that makes
	// it the input of what the tool returns: something derived,
	// computed or recovered from it ("the address derived from a private
	// key"), or a public part of it ("the public key for a secret key",
	// "the fingerprint of an SSH key").
	secCredentialDerived = regexp.MustCompile(`\b(?:(?:derived|computed|calculated|recovered|generated|obtained)\s+(?:from|using|with|for)|(?:address(?:es)?|public\s+keys?|fingerprints?|account\s+ids?|checksums?)\s+(?:for|of|from|behind|(?:that\s+)?(?:corresponds?|belongs?)\s+to|corresponding\s+to|belonging\s+to|associated\s+with|matching))\s+(?:(?:an?|the|this|that|your|its|given|provided|supplied|specified|input)\s+)*(?:[a-z0-9-]+\s+)?$`)
	// secCredentialEntries is the text before a credential that makes it
	// the store whose entries' names, contexts, paths or counts the tool
	// returns ("the cluster names and contexts found in the kubeconfig",
	// "the number of API keys", "names of all secrets", "the file paths of
	// the private keys"): what identifies or counts an entry, not what it
	// holds. Contents, values, tokens or users of the store are not
	// entries' names and still count.
	secCredentialEntries = regexp.MustCompile(`\b(?:names?|contexts?|clusters?|paths?|locations?|counts?|number|numbers|ids?|identifiers?|aliases|labels?|titles?|namespaces?|fingerprints?|metadata|list\s+of\s+(?:the\s+)?(?:names?|ids?|contexts?))\s+(?:(?:found|listed|stored|defined|configured|declared|available|present|kept|held|saved|registered)\s+)?(?:in|of|from|inside|within)\s+(?:(?:the|a|an|your|its|this|each|every|all|current|given|local|active|default|configured)\s+)*(?:[a-z0-9-]+\s+)?$`)
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
	{regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:creates?|generates?|mints?|issues?|rotates?|regenerates?)\b(?:\s+or\s+\w+)?[^.\n]{0,60}?\b(api\s+(?:keys?|tokens?)|access\s+tokens?|auth(?:entication)?\s+tokens?|personal\s+access\s+tokens?|app\s+passwords?|service\s+account\s+keys?|client\s+secrets?|deploy\s+tokens?|private\s+keys?|ssh\s+key\s?pairs?|signing\s+key\s?(?:pairs?)?|key\s?pairs?)\b`),
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
		}}, // "Get a credential by name with the actual (unmasked) value": a read
	// whose opening says the stored secret's value comes back in the
	// clear. "The actual value of a metric" names no credential, and a
	// masked value is caught earlier by secRedacted.
	{regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:gets?|returns?|shows?|views?|retrieves?|reads?|fetch(?:es)?|reveals?|displays?)\b[^.\n]{0,60}?\b(credentials?|secrets?|api\s+keys?|passwords?|(?:access|auth|api)\s+tokens?)\b[^.\n]{0,40}?\b(?:actual|real|raw|unmasked|decrypted|plain-?text|clear-?text)\s*(?:\(\s*(?:unmasked|decrypted|plain-?text)\s*\)\s*)?values?\b`),
		func(s string) string {
			return "the unmasked value of a stored " + strings.Replace(s, "api ", "API ", 1)
		}},
	// "Return gateway URL/token for an agent": an endpoint handed back
	// with its token is a connection credential, whoever holds the pair
	// calls the endpoint as the account. The token must close the clause
	// or name what it is for ("token address" of a coin does not).
	{regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:gets?|returns?|shows?|retrieves?|provides?|fetch(?:es)?|issues?|generates?|creates?)\b[^.\n]{0,40}?\b((?:[\w-]+\s+)?(?:urls?|endpoints?)\s*(?:/|\+|&|\band\b)\s*(?:access\s+|auth\s+|bearer\s+)?tokens?)(?:\s*(?:[,;)]|$)|\s+(?:for|of|to)\b)`),
		func(s string) string {
			return "a " + s + " pair, an endpoint with the token that lets whoever holds it call the endpoint"
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
	{regexp.MustCompile(`\b(?:save|store|copy|keep|record|write\s+down|note)\s+(?:down\s+)?(?:the\s+|this\s+|your\s+|its\s+|that\s+)?(?:new\s+|generated\s+|returned\s+)?(private\s+keys?|secrets?|client\s+secrets?|api\s+keys?|access\s+tokens?|tokens?|passwords?)\b[^.\n]{0,60}?\b(?:now|immediately|right\s+away|(?:only\s+)?(?:shown|displayed|returned)\s+(?:only\s+)?once|(?:does|do|will|is|are|can)\s*(?:not|n't)\s+(?:be\s+)?(?:store|stored|shown|retriev\w*|recover\w*|kept))`),
		func(s string) string {
			return "the new " + s + " (its description asks to save it now: it is shown once, in the result)"
		}},
	// "This will generate a new password for this Server and return
	// it" (round 48): a credential made by the call and handed back.
	{regexp.MustCompile(`\b(?:generates?|creates?|sets?|resets?|issues?|mints?)\s+(?:a\s+|the\s+)?new\s+((?:root\s+|admin\s+|user\s+)?passwords?|(?:api\s+|access\s+)?(?:keys?|tokens?)|credentials|secrets?)\b[^.\n]{0,40}?\band\s+returns?\s+(?:it|them)\b`),
		func(s string) string { return "the new " + s + " it makes (its description says it returns it)" }},
	// "the code is a bearer secret — hand it over privately" (round 53):
	// the text itself calls what the call hands back a bearer secret,
	// token or credential, which works for whoever holds it.
	{regexp.MustCompile(`\b(?:the|this|that|each|its|every)\s+((?:invite\s+|invitation\s+|access\s+|share\s+|sharing\s+|join\s+)?(?:code|link|url|token|key|string|value))s?\s+(?:is|are|acts\s+as|works\s+as)\s+(?:a\s+)?bearer\s+(?:secrets?|tokens?|credentials?)\b`),
		func(s string) string {
			return "the " + s + " its description calls a bearer secret (it works for whoever holds it)"
		}},
	// "Requests credentials for remote access via VNC": the call asks
	// the service for credentials and hands them back.
	{regexp.MustCompile(`^\s*(?:this\s+tool\s+)?requests?\s+(?:new\s+|temporary\s+)?(credentials|(?:a\s+)?(?:password|token)s?)\s+for\b`),
		func(s string) string { return "the " + s + " it requests (they come back in the result)" }},
	{regexp.MustCompile(`\b((?:pre-?authenticated|pre-?signed|authenticated|signed|magic)\s+(?:[\w-]+\s+)?(?:links?|urls?))\s+(?:is|are)\s+returned\b`),
		func(s string) string { return s + ", which work for whoever holds them, without logging in" }},
	{regexp.MustCompile(`\b(?:returned|resulting)\s+(urls?|links?)\b[^.\n]{0,80}?\b(?:with\s+no|without(?:\s+an?)?|no)\s+(?:authori[sz]ation|auth|login|sign-?in|credentials)\b`),
		func(s string) string { return "a " + s + " that works without authorization, for whoever holds it" }},
	// "If the workflow has a webhook trigger, the response includes
	// webhookUrl": the URL of an incoming trigger runs the resource for
	// whoever posts to it, as a bearer token would. A webhook the service
	// delivers to (its target URL) is the receiver's address, not this.
	{regexp.MustCompile(`\b(?:webhook|incoming\s+webhook|http)\s+triggers?\b[^.\n]{0,80}?\b(?:returns?|(?:response|result|output)\s+(?:also\s+)?(?:includes|contains))\b[^.\n]{0,40}?\b((?:webhook|trigger)[\s_-]?urls?)`),
		func(s string) string {
			return "the URL of a webhook trigger (" + s + "), which runs the resource for whoever sends a request to it"
		}},
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
	if secRedacted.MatchString(strings.ToLower(t.RawDescription)) || secNamedAsInput(words) || secNamesEntriesOf(words) {
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

// secEntryNouns name what identifies or counts a credential store's
// entries without holding their secrets: names, contexts, clusters,
// paths, counts, ids, fingerprints.
var secEntryNouns = []string{"name", "names", "context", "contexts", "cluster", "clusters", "path", "paths", "location", "locations",
	"count", "ids", "id", "alias", "aliases", "label", "labels", "namespace", "namespaces", "fingerprint", "fingerprints", "metadata"}

// secNamesEntriesOf reports whether a tool's name ends in such a noun
// after the secret's word (get_kubeconfig_contexts, read_secret_names,
// show_private_key_fingerprint): it reads the entries' names, not the
// secret. A noun after a preposition (get_kubeconfig_by_name) picks the
// secret to read.
func secNamesEntriesOf(words []string) bool {
	n := len(words)
	// get_kubeconfig_by_name: the name picks the secret it reads.
	return n > 1 && secHasWord(words[n-1:], secEntryNouns...) && !secHasWord(words[n-2:n-1], "by", "for", "with", "from", "using", "via", "of", "per")
}

// secNamedAsInput reports whether a tool's name makes its secret the
// input of what it reads: a preposition comes before the secret's word
// (get_address_from_private_key, balance_for_secret_value), so the tool
// reads something derived from the secret, not the secret.
func secNamedAsInput(words []string) bool {
	for _, w := range words {
		switch w {
		case "from", "for", "of", "by", "using", "with", "via":
			return true
		case "private", "kubeconfig", "kubeconfigs", "secret", "secrets":
			return false
		}
	}
	return false
}

// secCredentialDeterminers are the words between a preposition and the
// credential it names as scope or means: "the", "your", "the caller's",
// "the configured", "an".
const secCredentialDeterminers = `(?:(?:the|your|my|our|this|that|its|their|an?|current|configured|provided|supplied|given|specified|active|default|same|calling|authenticated|caller'?s|user'?s|account'?s|organi[sz]ation'?s)\s+)*`

var (
	// secCredentialMeans is the text before a credential that makes it
	// the means or authenticator of the call: "projects accessible with
	// current credentials", "repositories visible to your token", "using
	// your API key", "authenticated by the configured token".
	secCredentialMeans = regexp.MustCompile(`\b(?:with|using|via|through|by|accessible(?:\s+(?:to|with|by))?|visible\s+to|available\s+to|authori[sz]ed(?:\s+(?:by|with|for))?|authenticated(?:\s+(?:by|with|via|using))?)\s+` + secCredentialDeterminers + `$`)
	// secCredentialAlongWith is "with" that adds the credential to what
	// comes back ("the project along with its API key"), not the means.
	secCredentialAlongWith = regexp.MustCompile(`\b(?:along|together|plus|paired|combined|complete|bundled)\s+with\s+` + secCredentialDeterminers + `$`)
	// secCredentialOwner is the text before a credential that makes it
	// the owner or scope of what comes back: "the organization that owns
	// the API key", "the account associated with your API key", "the
	// user who created the token", "models belonging to the key". An
	// issuing verb needs its relative pronoun, so "the newly issued API
	// key" is still the key.
	secCredentialOwner = regexp.MustCompile(`\b(?:(?:that|which|who|whom)\s+(?:owns?|issued|created|generated|minted|registered|uses?|used)|(?:that|which|who)\s+(?:is|are|was|were)\s+(?:associated|linked|tied|bound|attached)\s+(?:with|to)|own(?:s|ing|ed\s+by)|owner\s+of|belong(?:s|ing)?\s+to|associated\s+with|linked\s+(?:with|to)|tied\s+to|bound\s+to|scoped\s+to|granted\s+to|assigned\s+to|behind|identified\s+by|making\s+the\s+(?:call|request)\s+with)\s+` + secCredentialDeterminers + `$`)
	// secCredentialAbout is the text before a credential that makes it
	// what a fact is about or what a list is filtered by: "the usage of
	// your API key", "rate limits for the token", "the last-used date of
	// the key", "requests made per API key", "audit events for an access
	// token". A value, contents or copy of it ("the value of the API
	// key") is the credential and is not here; nor are details, info or
	// metadata "for the key" (revision 27), which may be its value:
	// "API key details" after the credential is secCredentialQualifies'.
	secCredentialAbout = regexp.MustCompile(`\b(?:usage|quotas?|limits?|permissions?|scopes?|owners?|organi[sz]ations?|orgs?|accounts?|workspaces?|teams?|projects?|plans?|tiers?|balances?|credits?|spend(?:ing)?|billing|subscriptions?|last[\s-]used(?:\s+(?:date|time|timestamp|at))?|expiry|expiration|status|settings|restrictions|statistics|stats|analytics|logs?|events?|activity|requests|history|identity|user|profile)\s+(?:for|of|on|per|behind)\s+` + secCredentialDeterminers + `$`)
	// secCredentialItself is the rest of a clause that returns the
	// credential after a fact about it (revision 27): "and the key
	// itself", "its value", "the full secret", "in plaintext".
	secCredentialItself = regexp.MustCompile(`\b(?:itself|themselves|plain[\s-]?text|(?:its|their|the)\s+(?:(?:full|raw|plaintext|secret|actual|complete)\s+)*values?|(?:full|raw|complete|actual|unmasked)\s+(?:secret|key|token|value|credential|password)s?|secret\s+values?)\b`)
	// secCredentialQualifies is what follows a credential that names
	// something about it, not it: "a password setup form", "the API
	// key's name", "access token ids", "secret names", "API key
	// details" in an account summary (plan, credits, the key's limits).
	secCredentialQualifies = regexp.MustCompile(`^(?:'s?\b|\s+(?:setup|set[- ]up|reset|change|form|field|policy|policies|rules|complexity|strength|prompt|manager|rotation|requirements?|expiry|expiration|status|ids?|names?|prefix(?:es)?|metadata|fingerprints?|counts?|hints?|labels?|usage|details|info|information|permissions|limits|quotas?|settings|owners?|scopes?|rate\s+limits?|last[\s-]used|activity|analytics|statistics|stats)\b)`)
)

// secCredentialScoped reports whether the text before a credential, from
// the clause's verb on, names the credential as the means, authenticator,
// owner, scope or filter of what the tool returns rather than as what it
// returns ("List all custom models for the organization that owns the API
// key", "Get the usage of your API key", "using your token").
func secCredentialScoped(before string) bool {
	if secCredentialAlongWith.MatchString(before) {
		return false
	}
	return secCredentialMeans.MatchString(before) || secCredentialOwner.MatchString(before) || secCredentialAbout.MatchString(before)
}

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
		if d := p.desc(); secForwardsCredentials.MatchString(d) && !secShowsInResult.MatchString(d) {
			// withCredentials: "Whether Grafana should forward
			// credentials such as cookies": a switch about what the
			// backend sends on, not about what the tool returns.
			continue
		}
		if secNeverInResult.MatchString(p.desc()) || secSwitchWritesToFile(t, p) != "" {
			// Revision 33: "Write the datasource password into the file.
			// Requires writeToFile, so it never enters the inline
			// response": what the switch unmasks goes to a file another
			// parameter names, not to the tool's result.
			continue
		}
		if secRevealTalk.MatchString(desc + " " + p.desc()) {
			return p.path
		}
	}
	return ""
}

// secNeverInResult says a value never reaches the tool's result: "so it
// never enters the inline response", "never appears in the output".
var secNeverInResult = regexp.MustCompile(`\bnever\s+(?:enters?|reaches?|appears?\s+in|goes\s+(?:in)?to)\s+(?:the\s+)?(?:\w+\s+)?(?:response|result|output|reply|context)\b`)

// secFileWords name a parameter that says where a tool writes: a file, a
// directory or a path.
var secFileWords = []string{"file", "files", "dir", "directory", "folder", "path"}

// secSwitchWritesToFile returns the top-level parameter a switch's
// description says it requires, when that parameter names a file,
// directory or path (writeToFile, output_dir), or "": the value the
// switch unmasks is written there, not returned (revision 33).
func secSwitchWritesToFile(t *model.Tool, sw secParam) string {
	d := sw.desc()
	for _, name := range t.ParamNames() {
		if name == sw.path || !secHasWord(secIdentifierWords(name), secFileWords...) {
			continue
		}
		needs := regexp.MustCompile(`\b(?:requires?|needs?|only\s+(?:with|when|if))\s+(?:the\s+|a\s+)?` + regexp.QuoteMeta(strings.ToLower(name)) + `\b`)
		if needs.MatchString(d) {
			return name
		}
	}
	return ""
}

// secForwardsCredentials is a switch's description about sending
// credentials on to another service: a forwarding verb that governs the
// credential, the verb first ("Whether to forward credentials such as
// cookies", "Attach the user's credentials to requests", "Send the
// signing secret with outgoing deliveries", "Authenticate with the
// stored tokens"), a credential said to be forwarded or sent
// ("credentials are forwarded to the upstream"), or one put in the
// requests ("Include the token in requests to the backend").
//
// Since revision 22's mend a credential described by where it went, a
// participle after it ("bearer tokens attached to outgoing requests",
// "credentials sent with each request", "the secrets forwarded to the
// upstream"), is what an export, dump or listing includes: no
// forwarding.
var secForwardsCredentials = regexp.MustCompile(`\b(?:forward(?:s|ing)?|send(?:s|ing)?|pass(?:es|ing)?\s+(?:along|on|through)|attach(?:es|ing)?|propagat(?:e|es|ing)|relay(?:s|ing)?|inject(?:s|ing)?|authenticat(?:e|es|ing)\s+(?:with|using|by))\s+(?:[\w']+\s+){0,4}?` + secForwardedCredential +
	`|` + secForwardedCredential + `\s+(?:are|is|be|get|gets|being)\s+(?:\w+\s+)?(?:forwarded|sent|passed|attached|propagated|relayed|injected)\b` +
	`|` + secForwardedCredential + `\s+(?:in|into)\s+(?:(?:the|each|every|all|its|their)\s+)?(?:\w+\s+)?(?:requests?|calls?|headers?)\b`)

// secForwardedCredential is what secForwardsCredentials forwards.
const secForwardedCredential = `(?:credentials?|cookies?|tokens?|secrets?|passwords?|api\s+keys?|keys?|auth\w*\s+headers?|auth\w*)\b`

// secShowsInResult is a switch's description about what the tool shows:
// returning, showing, revealing or unmasking, or the result itself.
var secShowsInResult = regexp.MustCompile(`\b(?:return\w*|show\w*|reveal\w*|display\w*|print\w*|outputs?|results?|response|unmask\w*|expose\w*|plain\s*text|decrypt\w*|visible)\b`)

// secRevealTalk says what a switch unmasks is secret.
var secRevealTalk = regexp.MustCompile(`\b(?:credentials?|secrets?|passwords?|tokens?|api\s+keys?|masked|redacted|plaintext|plain\s+text|decrypted|sensitive)\b`)

// secOutputSecret returns the path of a field the tool's output schema
// declares that holds a credential (clientSecret, webhookSecret,
// accessToken, apiKey, password, privateKey, connectionString), or "": the
// server says itself that the value comes back. A flag about one
// (has_refresh_token), a page token, a public or publishable key and a
// field whose description says it is masked or hashed are not one.
func secOutputSecret(t *model.Tool) string {
	if t.OutputSchema == nil {
		return ""
	}
	for _, p := range secNestedParams(nil, "", "", t.OutputSchema, 0) {
		switch typ := p.schema["type"].(type) {
		case string:
			if typ != "string" {
				continue
			}
		case []any:
			if !slices.Contains(typ, any("string")) {
				continue
			}
		}
		if secOutputMasked.MatchString(p.desc()) {
			continue
		}
		if w := secIdentifierWords(p.name); secCredentialField(w) && !secFieldAlwaysRedacted(t, w) {
			return strings.TrimPrefix(p.path, ".")
		}
	}
	return ""
}

// secAlwaysRedacted says a value is redacted whatever the call asks:
// "is always redacted at the service layer", "never reveals a real
// secret". A value stripped of whitespace or one that never contains
// spaces is still the secret (review of rounds 39-40): "strip" counts
// only as stripped out, from something, or at the sentence's end, and
// "never" only with the secret or value as the object.
var secAlwaysRedacted = regexp.MustCompile(`\balways\s+(?:\w+\s+)?(?:(?:redact|mask|omit|blank)\w*|strip\w*(?:\s+(?:out|from)\b|\s*$))|\bnever\s+(?:reveals?|returns?|exposes?|shows?|contains?|includes?)\s+(?:the\s+|a\s+|an\s+|its\s+|any\s+)?(?:(?:real|actual|raw|plain-?text|live|full)\s+)?(?:secrets?|values?|passwords?|tokens?|keys?|credentials?|plaintext)\b`)

// secFieldAlwaysRedacted reports whether a sentence of the tool's text
// (its description or a parameter's) names an output field by its name
// words (field: root_password as "root password") and says the field is
// always redacted (revision 33: "the datasource password field is always
// redacted at the service layer", said in the description of a masking
// switch). A field redacted only by default is not: the switch that
// unmasks it is the model's. The whole name, not its last word (review of
// rounds 39-40): "the replica password is always omitted" says nothing of
// root_password, nor "the legacy key is always blanked" of api_key.
func secFieldAlwaysRedacted(t *model.Tool, field []string) bool {
	quoted := make([]string, len(field))
	for i, w := range field {
		quoted[i] = regexp.QuoteMeta(w)
	}
	named := regexp.MustCompile(`\b` + strings.Join(quoted, `[\s_-]*`) + `\b`)
	texts := []string{t.RawDescription}
	for _, p := range secParams(t) {
		texts = append(texts, secSchemaDesc(p.schema))
	}
	for _, text := range texts {
		folded, _ := secFold(text)
		for _, sentence := range strings.FieldsFunc(folded, func(r rune) bool { return r == '.' || r == '\n' || r == ';' }) {
			if named.MatchString(sentence) && secAlwaysRedacted.MatchString(sentence) {
				return true
			}
		}
	}
	return false
}

// secOutputMasked is a field description saying the value is not the
// secret itself.
var secOutputMasked = regexp.MustCompile(`\b(?:mask\w*|redact\w*|hash\w*|whether|last\s+(?:four|4)|prefix|truncated|obfuscated)\b`)

// secCredentialField reports whether a field's name words name a
// credential value.
func secCredentialField(w []string) bool {
	if len(w) == 0 || secHasWord(w[:1], "has", "is", "can", "should", "needs", "requires", "num", "count") ||
		secHasWord(w, "public", "publishable", "anon", "anonymous", "page", "next", "continuation", "sync", "cursor", "name", "id", "type", "expires", "expiry") {
		return false
	}
	last, prev := w[len(w)-1], ""
	if len(w) > 1 {
		prev = w[len(w)-2]
	}
	switch last {
	case "secret", "password", "passphrase", "apikey", "jwt":
		return true
	case "token":
		return secHasWord([]string{prev}, "access", "refresh", "session", "auth", "bearer", "api", "id", "personal", "jwt", "bot", "webhook", "oauth", "app", "installation", "deploy")
	case "key":
		return secHasWord([]string{prev}, "api", "private", "secret", "access", "signing", "encryption")
	case "string", "uri", "url":
		return prev == "connection"
	}
	return false
}

// secIncomingWebhook reports whether a tool creates a webhook that others
// call (Discord's or Slack's incoming webhook): it names no URL to
// deliver to, so what it makes is a URL of its own, whose token lets
// whoever holds it post as the integration.
func secIncomingWebhook(t *model.Tool, words []string, desc string) bool {
	if !secHasWord(words, "webhook", "webhooks") {
		return false
	}
	for _, w := range words {
		if text.IsReadVerb(w) || text.IsDestructiveVerb(w) || secHasWord([]string{w}, "update", "edit", "modify", "execute", "send", "trigger", "test", "rotate") {
			return false
		}
		if secHasWord([]string{w}, "create", "new", "add", "generate") {
			break
		}
	}
	if !secHasWord(words, "create", "new", "add", "generate") || secWebhookDelivers.MatchString(desc) || secAddsToExistingWebhook(t.RawDescription) {
		return false
	}
	for _, p := range secParams(t) {
		if secHasWord(secIdentifierWords(p.name), "url", "uri", "endpoint", "callback", "destination", "address", "config", "target") {
			return false
		}
	}
	return true
}

// secWebhookDelivers is a description of a webhook that delivers events
// to a URL the caller gives: an outgoing one.
var secWebhookDelivers = regexp.MustCompile(`\b(?:register|receive|deliver|send|post|notify|forward|call)\w*\b[^.]{0,40}\b(?:to|at)\s+(?:a|an|the|your|any|given)?\s*(?:\w+\s+)?(?:url|uri|endpoint|address)\b|\b(?:register|receive)\w*\s+(?:a|an|the)?\s*(?:url|uri|endpoint)\b`)

// secCreatesOAuthApp is an opening sentence that creates or registers an
// OAuth application or client: a confidential client's secret comes back
// at creation.
var secCreatesOAuthApp = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:creates?|registers?)\b[^.\n]{0,40}?\boauth\s+(?:2(?:\.0)?\s+)?(?:app|application|client)s?\b`)

// secSecretsKeptApart reports whether a server keeps secrets apart from
// its environment variables: it has a tool that writes secrets
// (secret_put, create_secret), and a tool that writes variables whose
// schema shows what a variable is, with no secret, encrypted or sensitive
// kind among it. A list of such variables (a Worker's plain-text vars)
// returns configuration, not credentials. A secret store alone proves
// nothing: Vercel keeps legacy secrets apart and its variables may still
// be encrypted secrets, which its variable writer's type enum says.
func secSecretsKeptApart(ctx *Context) bool {
	return ctx.Memo("sec010.secretsApart", func() any {
		facts := secTools(ctx)
		store, writer := false, false
		for i := range ctx.Tools {
			w := facts[i].words
			if secHasWord(w, "secret", "secrets") && secHasWord(w, "put", "set", "create", "add", "update", "upsert", "write", "store") {
				store = true
			}
			if !secHasWord(w, "env", "environment", "envs", "envvar", "envvars", "variable", "variables", "var", "vars") || secHasWord(w, "secret", "secrets") {
				continue
			}
			params := secParams(&ctx.Tools[i])
			if secWritesOnly(w) && len(params) > 0 {
				writer = true
			}
			for _, p := range params {
				if secHasWord(secIdentifierWords(p.name), "secret", "sensitive", "encrypted", "encrypt", "masked") {
					return false
				}
				list, _ := p.schema["enum"].([]any)
				for _, e := range list {
					if s, _ := e.(string); secHasWord(secIdentifierWords(s), "secret", "sensitive", "encrypted") {
						return false
					}
				}
			}
		}
		return store && writer
	}).(bool)
}

// secResourceVars is a description of the variables of a deployed
// resource (a Worker, a project, a site), not of the server's own process.
// secVariableRecords is a description of a platform's variable records:
// "environment variable definitions", "env var records", "environment
// variable components" (rows of a data model, not a process environment).
var secVariableRecords = regexp.MustCompile(`\benv(?:ironment)?[\s_-]*var(?:iable)?s?[\s_-]*(?:definitions?|records?|components?|entit(?:y|ies))\b|\benvironmentvariable(?:definition|value)s?\b`)

var secResourceVars = regexp.MustCompile(`\b(?:variables|vars)\s+(?:for|of)\s+(?:a|an|the|this|that|each|given|specified|your)?\s*(?:\w+\s+)?(?:worker|script|project|service|site|app|application|function|deployment|container|environment|pipeline|repository|repo|workspace)s?\b`)

// secTakesSecretInput reports whether a tool takes a secret value as an
// argument (password, newPassword, secret, token, value of a secret): a
// switch that returns "the secret" of such a write returns what the model
// passed in.
func secTakesSecretInput(t *model.Tool) bool {
	for _, p := range secParams(t) {
		if !secTakesString(p.schema) {
			continue
		}
		if secCredentialField(secIdentifierWords(p.name)) {
			return true
		}
	}
	return false
}

// secNamedCredentialOutput reads what a tool returns from its name when a
// one-line description never says: a verb that mints or exchanges and a
// credential noun (create_edge_config_token, exchange_sso_token,
// create_application_password), a read verb and tokens (their values,
// unless the text says names or metadata only), or a signed or temporary
// download URL (get_presigned_url, a log's download URL). A publishable
// or anonymous key and an on-chain token (a symbol, a supply) are not
// credentials. It returns what the message names, or "", and whether
// the reading is sure (a name alone that may mean another thing is not:
// it is reported at info).
func secNamedCredentialOutput(t *model.Tool, words []string, desc string) (what string, sure bool) {
	if secRedacted.MatchString(desc) || secValuesHidden.MatchString(desc) || secCredentialPublic.MatchString(desc) ||
		secHasWord(words, "publishable", "anon", "anonymous", "public") || secOnChainToken(t, words) || secDesignToken(t, words) {
		return "", false
	}
	app := secHasWord(words, "app", "application") && secHasWord(words, "password", "passwords")
	token := secHasWord(words, "token", "tokens") && !secHasWord(words, "count", "counts", "usage", "limit", "limits", "estimate", "cost", "price")
	switch {
	case secHasWord(words, "create", "generate", "mint", "issue", "new", "regenerate", "rotate", "roll") && (app || token):
		if app {
			return "the new application password it creates (a credential is shown once, at creation)", true
		}
		return "the new token it creates (its name says so; a token is shown once, at creation)", true
	case secHasWord(words, "create", "generate", "mint", "issue", "new") && (secWordsAdjacent(words, "signing", "key") || secHasWord(words, "keypair", "apikey") || secWordsAdjacent(words, "key", "pair") || secWordsAdjacent(words, "api", "key")):
		// CreateNewSigningKey, generate_key_pair, create_api_key: the
		// secret half comes back once, at creation.
		return "the new key it creates (its name says so; a key's secret is shown once, at creation)", true
	case secHasWord(words, "exchange", "refresh") && token:
		// exchange_sso_token trades one credential for another; a bare
		// "refresh token" may regenerate one and answer with a flag.
		return "a token it gets in exchange (its name says so), a bearer credential", secHasWord(words, "exchange")
	case secHasWord(words, "get", "list", "fetch", "retrieve", "show") && secHasWord(words, "tokens") && !secTokenMetadata.MatchString(desc):
		// A list of tokens often returns their metadata only (ids,
		// names, scopes): unsure unless its text speaks of values.
		return "the tokens it lists (nothing in its text says the values are left out)", secCredentialValues.MatchString(desc)
	case secHasWord(words, "get", "read", "fetch", "retrieve", "show", "reveal", "export", "copy") && !secHasWord(words, "list", "info", "status", "details", "metadata", "scopes", "expiry", "name", "names", "id", "ids", "count", "usage", "validate", "verify", "check", "revoke") && !secTokenMetadata.MatchString(desc) &&
		(secHasWord(words, "token") && secHasWord(words, "access", "auth", "bearer", "session", "api", "refresh", "personal", "oauth", "bot") || secHasWord(words, "apikey") || secWordsAdjacent(words, "api", "key") ||
			secHasWord(words, "connection") && secHasWord(words, "string", "uri", "url")):
		// get_access_token, get_api_key, get_connection_string: a read of
		// one credential returns it.
		return "the credential its name reads (a read of one token, API key or connection string returns it)", true
	case secHasWord(words, "url", "urls", "link", "links") && secHasWord(words, "signed", "presigned", "presign", "sas"):
		return "a signed or temporary download URL, which works for whoever holds it, without logging in", true
	case secTemporaryURL.MatchString(desc):
		return "a temporary download URL, which works for whoever holds it, without logging in", true
	case secTemporaryURLCJK.MatchString(t.RawDescription):
		// 临时下载链接 downloads, 预签名上传 URL uploads: either works
		// for whoever holds it.
		return "a temporary or signed URL, which works for whoever holds it, without logging in", true
	case secHasWord(words, "url", "urls", "link", "links") && secHasWord(words, "download", "log", "logs") && secHasWord(words, "get", "generate", "create"):
		// get_log_download_url: many download URLs are signed, but the
		// name alone does not say this one is.
		return "a signed or temporary download URL, which works for whoever holds it, without logging in", false
	case secDownloadURLsTalk.MatchString(desc) && !secPublicDownloadTalk.MatchString(desc):
		// list_analytics_report_segments: "(contains download URLs)":
		// a private report's download links are often pre-signed, but
		// the text does not say these are.
		return "download URLs of the account's files or reports (often pre-signed: whoever holds one downloads without logging in)", false
	}
	return "", false
}

var (
	// secDownloadURLsTalk says a result carries download URLs: "contains
	// download URLs", "including their download links", "with a download
	// URL for each export".
	secDownloadURLsTalk = regexp.MustCompile(`\b(?:contains?|includes?|including|with|returns?|provides?)\s+(?:the\s+|their\s+|its\s+|an?\s+)?(?:\w+\s+)?download\s+(?:urls?|links?)\b`)
	// secPublicDownloadTalk is a download link to something public: a
	// release, an update, an external product file.
	secPublicDownloadTalk = regexp.MustCompile(`\b(?:external|public(?:ly)?|releases?|updates?|versions?|installers?|open[- ]source)\b`)
)

// secStreamURLs is a description saying the tool gets or returns RTSP
// stream URLs or sessions ("Get active RTSPS stream sessions", "returns
// the camera's rtsp url").
var secStreamURLs = regexp.MustCompile(`\b(?:gets?|returns?|lists?|provides?|creates?|generates?|starts?|fetch(?:es)?|retrieves?|shows?)\b[^.\n]{0,60}\brtsps?\b[^.\n]{0,20}?\b(?:stream\s+)?(?:urls?|links?|sessions?|addresses)\b`)

// secReturnsStreamURL reports whether a tool returns RTSP stream URLs (its
// description says so and it takes no URL of its own): a camera's RTSP
// URL carries its token or login.
func secReturnsStreamURL(t *model.Tool, desc string) bool {
	if !secStreamURLs.MatchString(desc) || secRedacted.MatchString(desc) {
		return false
	}
	for _, p := range secParams(t) {
		if secHasWord(secIdentifierWords(p.name), "url", "uri", "rtsp", "rtsps", "stream") {
			return false
		}
	}
	return true
}

// secTokenMetadata says a token list returns names or metadata only.
var secTokenMetadata = regexp.MustCompile(`\b(?:metadata|names?|labels?|ids?|scopes?|expir\w*|last\s+used)\b`)

// secTemporaryURL is a description saying the result holds a temporary,
// expiring or signed URL.
var secTemporaryURL = regexp.MustCompile(`\b(?:returns?|includes?|including|with)\b[^.\n]{0,80}\b(?:temporary|expiring|time-limited|short-lived|pre-?signed|signed)\s+(?:download\s+|access\s+)?(?:urls?|links?)\b` +
	`|\b(?:returns?|includes?|including|with)\b[^.\n]{0,120}\b(?:urls?|links?)\s*[(,]?\s*(?:valid|good|usable|expir(?:es|ing))\s+(?:for|in|after)\s+(?:\d+|one|an?)\s*(?:seconds?|minutes?|hours?|days?|mins?|hrs?|[smhd])\b`)

// secTemporaryURLCJK is secTemporaryURL in Chinese and Japanese, read on
// the raw description (folding turns these letters into placeholders):
// "获取临时下载链接", "可获取预签名上传 URL", "署名付きURLを返す".
var secTemporaryURLCJK = regexp.MustCompile(`(?i)(?:返回|获取|生成|提供|返す|取得|発行)[^。\n]{0,40}(?:(?:临时|预先?)?签名[^。\n]{0,4}?|临时(?:下载|访问)?)(?:链接|url|地址)|(?:署名付き|一時(?:的な)?)\s*(?:url|リンク|ダウンロードurl)`)

// secCapabilityLinkNoun is a link that opens something to whoever holds
// it: a share, preview, review, invite, guest, magic or signed link or
// URL, in a description's opening ("Create a share link for a page",
// "Mint a signed preview URL", "Generates a guest access link").
var secCapabilityLinkNoun = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:creates?|generates?|mints?|issues?|makes?|gets?|returns?|builds?|provides?)\b[^.\n]{0,40}?\b(?:share(?:able)?|sharing|preview|review|invite|invitation|guest|magic|signed|access|temporary)\s+(?:[\w-]+\s+)?(?:links?|urls?)\b`)

// secNoLoginTalk says a link works without logging in, for whoever holds
// it, or for a limited time.
var secNoLoginTalk = regexp.MustCompile(`\bno\s+(?:\w+\s+)?(?:login|log-?in|sign-?in|account)\b|\bwithout\s+(?:an?\s+|any\s+)?(?:\w+\s+)?(?:login|logging\s+in|signing\s+in|sign-?in|account|authentication)\b|\banyone\s+(?:with|who\s+has|holding)\s+the\s+(?:link|url)\b|\bsigned\s+(?:[\w-]+\s+)?(?:urls?|links?)\b|\bexpir(?:es|y|ing|ation)\b|\bvalid\s+for\b`)

// secCapabilityLink reads a tool that creates and returns a link that
// opens something without a login (a share link, a signed preview URL,
// a magic or guest link): a bearer credential for as long as it lives.
// Its name creates a share, preview, invite or signed link or URL, or its
// description opens so. It is sure when its text says the link needs no
// login, is signed or expires, or the tool takes the link's lifetime
// (ttl_days, expires_in); a link to a public page is none of these.
func secCapabilityLink(t *model.Tool, words []string, desc string) (what string, sure bool) {
	if len(words) > 0 && secHasWord(words[:min(2, len(words))], "list", "revoke", "delete", "remove", "disable", "expire", "validate", "verify", "check", "open", "follow", "visit") {
		return "", false
	}
	named := secHasWord(words, "create", "generate", "mint", "issue", "make", "new", "get") && secHasWord(words, "link", "links", "url", "urls") &&
		secHasWord(words, "share", "shared", "sharing", "shareable", "preview", "review", "invite", "invitation", "guest", "magic", "signed", "presigned")
	if !named && !secCapabilityLinkNoun.MatchString(desc) {
		return "", false
	}
	sure = secNoLoginTalk.MatchString(desc)
	for _, p := range secParams(t) {
		if p.parent == "" && secHasWord(secIdentifierWords(p.name), "ttl", "expiry", "expires", "expiration", "lifetime", "validity") {
			sure = true
		}
	}
	return "a link that opens what it shares without a login (a share, preview or signed URL), for whoever holds it until it expires", sure
}

// secDesignToken reports whether a tool's tokens are design tokens (a
// theme's colors, typography, spacing), not credentials: its name says
// design, theme or style tokens, or a parameter's enum names token kinds
// of a design system.
func secDesignToken(t *model.Tool, words []string) bool {
	if secHasWord(words, "design", "theme", "style", "styles", "css", "color", "colour", "typography", "spacing", "font") {
		return true
	}
	for _, p := range secParams(t) {
		vals, _ := p.schema["enum"].([]any)
		for _, v := range vals {
			if sv, ok := v.(string); ok && secHasWord(secIdentifierWords(sv), "color", "colour", "typography", "spacing", "font", "shadow", "radius") {
				return true
			}
		}
	}
	return false
}

// secOnChainToken reports whether a tool's tokens are on-chain assets or
// model tokens, not credentials: a symbol, supply, decimals, contract,
// chain or wallet in its name or parameters.
func secOnChainToken(t *model.Tool, words []string) bool {
	chain := []string{"symbol", "supply", "decimals", "contract", "chain", "wallet", "erc20", "erc", "nft", "mint", "swap", "balance", "holders", "price", "crypto", "blockchain", "solana", "ethereum", "jetton", "spl"}
	if secHasWord(words, chain...) {
		return true
	}
	for _, p := range secParams(t) {
		if secHasWord(secIdentifierWords(p.name), chain...) {
			return true
		}
	}
	return false
}

// secSecretStoreRead reads what a secret store's read returns when its
// one-line description never says: a read of one secret or stored
// password by name (get-secret, read_secret, get_password) returns the
// value, which is what a secret store holds; and a list or read of secrets whose schema offers
// to expand references inside the values or to include the values
// returns them (the switch acts on values, so values come back). A list
// of secrets alone names them, a secret's name, id or metadata is no
// value, and a text saying the values are masked or left out is
// believed. It returns what the message names, or "".
func secSecretStoreRead(t *model.Tool, words []string, desc string) string {
	if !secHasWord(words, "secret", "secrets", "password") || secHasWord(words, "name", "names", "metadata", "id", "ids", "webhook", "webhooks", "version", "versions", "policy", "policies", "reference", "references",
		"requirements", "strength", "reset", "hint", "expiry", "rules", "setup", "generate", "public") ||
		secRedacted.MatchString(desc) || secValuesHidden.MatchString(desc) || secWritesOnly(words) {
		return ""
	}
	read, list := false, false
	for _, w := range words {
		switch w {
		case "get", "read", "reveal", "fetch", "retrieve", "access", "show", "view", "export":
			read = true
		case "list", "search", "find":
			list = true
		}
	}
	if !read && !list {
		return ""
	}
	if sw := secValueSwitch(t); sw != "" {
		return fmt.Sprintf("secret values (its `%s` switch acts on the values, so they come back)", sw)
	}
	if read && !list && secHasWord(words, "secret") && !secHasWord(words, "secrets") {
		return "a secret's value (a secret store's read of one secret returns what the secret holds)"
	}
	if read && !list && secHasWord(words, "password") && !secHasWord(words, "passwords") {
		return "a password (a read of one stored password returns it)"
	}
	return ""
}

// secEnvReadSwitch returns a boolean parameter that reads environment
// variables or secrets back (`getAllEnvVars`, `list_env_vars`,
// `showSecrets`, `includeSecrets`): a read verb and the variables or
// secrets in its name. A switch that deletes, sets or names only
// (`deleteEnvVar`, `listSecretNames`) reads no value. It returns "" when
// there is none.
func secEnvReadSwitch(t *model.Tool) string {
	for _, p := range secParams(t) {
		if typ, _ := p.schema["type"].(string); typ != "boolean" {
			continue
		}
		w := secIdentifierWords(p.name)
		if len(w) < 2 || !secHasWord(w[:1], "get", "list", "show", "read", "fetch", "return", "include", "reveal", "dump", "print") ||
			secHasWord(w, "name", "names", "key", "keys", "count", "metadata") {
			continue
		}
		if secHasWord(w, "envvars", "envs", "secrets") || secHasWord(w, "env", "environment") && secHasWord(w, "vars", "variables") {
			return p.path
		}
	}
	return ""
}

// secValueSwitch returns a boolean parameter of a secret read that acts on
// the values it returns: it expands references inside them
// (`expandSecretReferences`) or includes them (`includeValues`), or "".
func secValueSwitch(t *model.Tool) string {
	for _, p := range secParams(t) {
		if typ, _ := p.schema["type"].(string); typ != "boolean" {
			continue
		}
		w := secIdentifierWords(p.name)
		switch {
		case secHasWord(w, "expand", "resolve", "interpolate") && secHasWord(w, "reference", "references", "refs", "ref"):
			return p.path
		case secHasWord(w, "include", "with", "show", "return") && secHasWord(w, "value", "values"):
			return p.path
		}
	}
	return ""
}

// secAfterTitle returns the sentence after a title line: when the prose
// opens with a short line that ends in no full stop and a blank line
// follows ("Generate Customer Links\n\n…"), the opening sentence is the
// next one. It returns "" when there is no title line or the sentence
// says the secret is left out.
func secAfterTitle(prose, first string) string {
	rest := strings.TrimLeft(prose, " ")
	if !strings.HasPrefix(rest, first) {
		return ""
	}
	rest = rest[len(first):]
	if !strings.HasPrefix(rest, "\n\n") && !strings.HasPrefix(rest, "\n \n") || len(strings.Fields(first)) > 8 {
		return ""
	}
	rest = strings.TrimLeft(rest, " \n")
	if k := strings.IndexAny(rest, ".\n"); k >= 0 {
		rest = rest[:k]
	}
	if secRedacted.MatchString(rest) {
		return ""
	}
	return rest
}

// secRecordPassword reads a tool that returns one record (mysql-one,
// get_database) whose writer, a tool of the same name with a create or
// update verb, takes the password of a login system the record is
// (databasePassword, dbPassword, rootPassword of a database): a platform
// that runs a database keeps its password retrievable for the apps that
// connect, so the record comes back with it. A user account's password
// (hashed, never returned) is not one, nor is a read whose text says the
// secrets are masked or left out. It returns the writer's parameter, or "".
func secRecordPassword(ctx *Context, i int) string {
	facts := secTools(ctx)
	words, desc := facts[i].words, facts[i].desc
	if secRedacted.MatchString(desc) || secValuesHidden.MatchString(desc) {
		return ""
	}
	top := 0
	for _, p := range secParams(&ctx.Tools[i]) {
		if p.parent == "" {
			top++
		}
	}
	if top > 3 {
		return "" // a read of one record takes its id (and a scope), not a query
	}
	reads := []string{"get", "one", "read", "show", "fetch", "retrieve", "find", "describe", "view"}
	if !secHasWord(words, reads...) || secHasWord(words, "list", "all", "search", "status", "logs", "metrics", "stats") {
		return ""
	}
	noun := secWordsWithout(words, reads)
	if len(noun) == 0 {
		return ""
	}
	for j := range ctx.Tools {
		w := facts[j].words
		if j == i || !secHasWord(w, "create", "update") || !slices.Equal(secWordsWithout(w, []string{"create", "update"}), noun) {
			continue
		}
		for _, p := range secParams(&ctx.Tools[j]) {
			pw := secIdentifierWords(p.name)
			if p.parent == "" && secTakesString(p.schema) && secHasWord(pw, "password") && secHasWord(pw, secLoginSystems...) {
				return fmt.Sprintf("`%s` (%s)", p.name, ctx.Tools[j].Name)
			}
		}
	}
	return ""
}

// secWordsWithout is words less the ones in drop.
func secWordsWithout(words, drop []string) []string {
	var out []string
	for _, w := range words {
		if !slices.Contains(drop, w) {
			out = append(out, w)
		}
	}
	return out
}

var (
	// secAttachBrowserTalk is a description saying the tool connects to a
	// browser or tab that already runs.
	secAttachBrowserTalk = regexp.MustCompile(`\b(?:connect(?:s|ing|_?over_?cdp)?|attach(?:es|ing)?|hooks?\s+into|takes?\s+over)\b[^.\n]{0,40}\b(?:existing|running|active|already[- ]open(?:ed)?|your|the\s+user'?s|logged[- ]in)\s+(?:own\s+)?(?:\w+\s+){0,2}(?:chrome|chromium|browser|edge|brave|tabs?)\b`)
	// secUserProfileTalk is text saying the tool drives the user's own
	// browser profile, sessions or cookies, whatever its verb.
	secUserProfileTalk = regexp.MustCompile(`\b(?:your|the\s+user'?s)\s+(?:own\s+|real\s+|default\s+|everyday\s+|existing\s+)?(?:chrome|chromium|browser|edge|brave|firefox)\s+(?:profile|profiles|sessions?|cookies|user\s+data)\b`)
	// secUserBrowserTalk is text saying the browser is the user's own:
	// its remote-debugging port, profile, logged-in sessions, active tab.
	secUserBrowserTalk = regexp.MustCompile(`\bremote[- ]debugging\b|\bdebugging\s+port\b|\bconnect_?over_?cdp\b|\b(?:your|the\s+user'?s)\s+(?:own\s+|real\s+|default\s+|everyday\s+)?(?:chrome|chromium|browser|edge|brave)\b|\b(?:chrome|browser)\s+profile\b|\blogged[- ]in\b|\bactive\s+tab\b`)
)

// secAttachesUserBrowser says why a tool attaches to the user's own
// running browser (puppeteer_connect_active_tab: "Connect to an existing
// Chrome instance with remote debugging enabled"), or "": its name or
// opening sentence connects to an existing, running or active browser or
// tab, and its text or a debugging-port parameter says the browser is
// the user's. A browser the server launches, or a cloud session, is not.
func secAttachesUserBrowser(t *model.Tool, words []string) string {
	first := secOpeningSentence(t.RawDescription)
	named := secHasWord(words, "connect", "attach") && secHasWord(words, "tab", "tabs", "browser", "chrome", "chromium", "cdp") &&
		secHasWord(words, "active", "existing", "running", "current", "my", "user")
	if !named && !secAttachBrowserTalk.MatchString(first) {
		// "Opens your default Chrome profile, so you stay logged in":
		// the user's own profile says it alone.
		if m := secUserProfileTalk.FindString(secToolText(t)); m != "" {
			return fmt.Sprintf("%q", m)
		}
		return ""
	}
	if m := secUserBrowserTalk.FindString(secToolText(t)); m != "" {
		return fmt.Sprintf("%q", m)
	}
	for _, p := range secParams(t) {
		w := secIdentifierWords(p.name)
		if secHasWord(w, "port") && secHasWord(w, "debug", "debugging", "cdp", "devtools") {
			return fmt.Sprintf("its `%s` parameter", p.path)
		}
	}
	return ""
}

// secPlatformEnvironment reports whether a tool's "env" is an environment
// of a platform (a deploy target with an id, listed and described), not the
// process's variables: its text or parameters name an environment id or
// several environments, and nothing speaks of variables, .env files or the
// process environment.
func secPlatformEnvironment(t *model.Tool, desc string) bool {
	if secEnvVariableTalk.MatchString(desc) {
		return false
	}
	if secEnvEntityTalk.MatchString(desc) {
		return true
	}
	for _, name := range t.ParamNames() {
		if secEnvEntityTalk.MatchString(strings.ToLower(name)) {
			return true
		}
	}
	for _, p := range secParams(t) {
		if p.parent == "" && secEnvPicked(p) {
			return true
		}
	}
	return false
}

// secEnvPicked reports whether a parameter picks an environment as a
// thing (revision 33): its name is the environment (env, environment,
// env_slug, environment_name) and its description calls it an
// identifier ("Environment slug", "The environment's name or id"), or
// its enum lists deployment stages (production, staging). Variables have
// names and values; a deploy target has a slug.
func secEnvPicked(p secParam) bool {
	w := secIdentifierWords(p.name)
	if len(w) == 0 || !secHasWord(w[:1], "env", "environment") || secHasWord(w, "var", "vars", "variable", "variables", "file", "path", "key", "value", "values") {
		return false
	}
	for _, x := range w[1:] {
		if !secHasWord([]string{x}, "slug", "id", "name", "identifier") {
			return false
		}
	}
	d := p.desc()
	if secEnvVariableTalk.MatchString(d) {
		return false
	}
	if secEnvIdentifierTalk.MatchString(d) {
		return true
	}
	list, _ := p.schema["enum"].([]any)
	stages := 0
	for _, e := range list {
		if s, _ := e.(string); secHasWord([]string{strings.ToLower(s)}, secDeployStages...) {
			stages++
		}
	}
	return stages >= 2
}

// secEnvIdentifierTalk is a parameter description that calls an
// environment by an identifier: its slug, id or name.
var secEnvIdentifierTalk = regexp.MustCompile(`\benv(?:ironment)?(?:'s)?\s+(?:slug|id|identifier|name)s?\b|\b(?:slug|id|identifier|name)\s+of\s+(?:the\s+|an?\s+)?(?:target\s+|deployment\s+)?env(?:ironment)?\b`)

// secDeployStages are the usual names of deployment environments.
var secDeployStages = []string{"production", "prod", "staging", "stage", "development", "dev", "test", "testing", "qa", "preview", "sandbox", "live", "uat"}

var (
	// secEnvEntityTalk names an environment as a thing with an id, or several.
	secEnvEntityTalk = regexp.MustCompile(`\benv_?id\b|\benvironment_?ids?\b|\benv(?:ironment)?\s+ids?\b|\benvironments\b|\benvs\b`)
	// secEnvVariableTalk speaks of an environment's variables or files.
	secEnvVariableTalk = regexp.MustCompile(`\bvariables?\b|\bvars?\b|\.env\b|\bprocess\.env\b|\bdotenv\b|\bprintenv\b|\bgetenv\b|\benviron\b`)
)

// secWordsAdjacent reports whether a is followed at once by b among words
// ("get_api_key"), so "TwilioApi…FetchKey" names no API key.
func secWordsAdjacent(words []string, a, b string) bool {
	for i := 0; i+1 < len(words); i++ {
		if words[i] == a && words[i+1] == b {
			return true
		}
	}
	return false
}

// secSelectorWords name a parameter that picks what a read returns.
var secSelectorWords = []string{"object", "field", "fields", "type", "kind", "what", "property", "attribute", "select", "part", "return", "include"}

// secSecretChoices are selector values that are a secret's value.
var secSecretChoices = map[string]bool{"password": true, "passwords": true, "totp": true, "otp": true, "secret": true, "secrets": true,
	"private key": true, "privatekey": true, "api key": true, "apikey": true, "passphrase": true, "mnemonic": true, "seed phrase": true,
	"access token": true, "token": true}

// secPlainChoices are selector values that are ordinary fields of a
// login: with one of them beside a secret, the enum picks a field of an
// item, not an authentication method.
var secPlainChoices = map[string]bool{"username": true, "user": true, "login": true, "email": true, "uri": true, "url": true,
	"notes": true, "note": true, "item": true, "name": true, "title": true, "entry": true, "record": true}

// secReadVerb opens a description that reads.
var secReadVerb = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:gets?|retrieves?|reads?|shows?|fetch(?:es)?|returns?|reveals?|exports?|copies|copy|views?|looks?\s+up)\b`)

// secSecretSelector returns the parameter and value by which a read tool
// lets the model pick a secret's value among an item's fields (get(object:
// item|username|password|totp|notes)), or "", "".
func secSecretSelector(t *model.Tool, words []string, desc string) (param, value string) {
	if !secHasWord(words, "get", "read", "show", "reveal", "view", "fetch", "retrieve", "export", "copy") && !secReadVerb.MatchString(desc) {
		return "", ""
	}
	if secRedacted.MatchString(desc) {
		return "", ""
	}
	for _, p := range secParams(t) {
		if p.parent != "" || !secHasWord(secIdentifierWords(p.name), secSelectorWords...) {
			continue
		}
		vals := preciseEnumValues(p.schema)
		secret, plain := "", false
		for _, v := range vals {
			n := strings.Join(secIdentifierWords(v), " ")
			if secSecretChoices[n] && secret == "" {
				secret = v
			}
			plain = plain || secPlainChoices[n]
		}
		if secret != "" && plain && len(vals) >= 3 {
			return p.name, secret
		}
	}
	return "", ""
}

// secVaultItems is a description or name that lists a password vault's
// items or logins.
var (
	secVaultItems   = regexp.MustCompile(`\b(?:vault|password\s+manager|password\s+store|keychain|keepass)\b`)
	secVaultEntries = regexp.MustCompile(`\b(?:items?|entries|logins?)\b`)
	secListVerb     = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:lists?|search(?:es)?|exports?|finds?)\b`)
)

// secListsVaultItems reports whether tool i lists the items of a password
// vault: a list or search verb, a vault in its text, items, entries or
// logins as what it lists, no masking said, and another tool of the server
// that reads a secret's value among an item's fields (a secret selector),
// so the items are known to hold passwords.
func secListsVaultItems(ctx *Context, i int, desc string) bool {
	facts := secTools(ctx)
	listing := secHasWord(facts[i].words, "list", "search", "export", "find") || secListVerb.MatchString(desc)
	if !listing || !secVaultItems.MatchString(desc) || !secVaultEntries.MatchString(desc) ||
		secRedacted.MatchString(desc) || secValuesHidden.MatchString(desc) {
		return false
	}
	for j := range ctx.Tools {
		if j == i {
			continue
		}
		// The sibling's description is read folded, as its own finding
		// reads it: casing, accents or a zero-width space must not
		// change the answer.
		if p, _ := secSecretSelector(&ctx.Tools[j], facts[j].words, facts[j].desc); p != "" {
			return true
		}
	}
	return false
}

// secPackageEnvPhrase names a package environment: a code env, a conda or
// Python virtual environment, a venv, whose contents are installed
// packages.
var secPackageEnvPhrase = regexp.MustCompile(`\b(?:code|conda|python|virtual|package|kernel|pip|r)\s+env(?:ironment)?s?\b|\b(?:virtualenvs?|venvs?|condaenvs?)\b`)

// secPackageNouns are what a package environment holds.
var secPackageNouns = regexp.MustCompile(`\b(?:packages?|librar(?:y|ies)|dependenc(?:y|ies)|requirements|pip|conda)\b`)

// secVariableTalk is a description speaking of variables or settings.
var secVariableTalk = regexp.MustCompile(`\b(?:variables?|vars?|dotenv|settings)\b|\.env\b`)

// secPackageEnvironment reports whether a folded description is about a
// package environment (a Python/R code env, a conda env, a virtualenv)
// and says nothing of variables or secrets: listing or reading one
// returns package names and versions, not the process's environment.
func secPackageEnvironment(desc string) bool {
	return secPackageEnvPhrase.MatchString(desc) && secPackageNouns.MatchString(desc) &&
		!secVariableTalk.MatchString(desc) && !secEnvSecretTalk.MatchString(desc)
}

// secDeleteOpening is a description opening on a deletion.
var secDeleteOpening = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:permanently\s+)?(?:deletes?|destroys?|purges?|erases?)\b`)

// secMintWords are words of a tool that makes a new secret while it
// deletes an old one (rotate, regenerate, reset, recreate).
var secMintWords = regexp.MustCompile(`\b(?:rotat\w*|regenerat\w*|reset\w*|recreat\w*|replac\w*|new|creat\w*|issu\w*|generat\w*)\b`)

// secDeletesRecord reports whether a tool deletes a record (delete_memory,
// "Deletes a translation memory"), so the record its output schema
// returns is the one just deleted: a deleted resource's sharing secret or
// key opens nothing. A tool that mints a replacement is not one.
func secDeletesRecord(words []string, desc string) bool {
	if !secHasWord(words, "delete", "destroy", "purge", "erase") && !secDeleteOpening.MatchString(desc) {
		return false
	}
	opening := desc
	if k := strings.IndexAny(desc, ".\n"); k >= 0 {
		opening = desc[:k]
	}
	return !secMintWords.MatchString(opening) && !secHasWord(words, "rotate", "regenerate", "reset", "recreate", "replace", "create", "new")
}

// secReturnsList is a return clause opening a list with a colon
// ("Returns: id, api_key").
var secReturnsList = regexp.MustCompile(`^\s*(?:returns?|outputs?)\s*:`)

// secAccountKeyNames are tool-name words of a tool that registers an
// account or agent, or returns the caller's own identity: what such a tool
// hands back is the account, and with it the account's key.
var secAccountKeyNames = []string{"register", "registration", "signup", "enroll", "enrol", "onboard", "identity", "whoami", "me", "self", "myself"}

var (
	// secAccountKeyNoun is an account's key or secret as a description
	// names it (api key, apiKey, api_key, secret key, access token).
	secAccountKeyNoun = `(?:api[\s_-]?keys?|apikeys?|api[\s_-]?tokens?|secret[\s_-]?keys?|access[\s_-]?tokens?|auth(?:entication)?[\s_-]?tokens?|bearer[\s_-]?tokens?|client[\s_-]?secrets?|private[\s_-]?keys?|api\s*密钥|密钥|令牌|api\s*キー|アクセストークン)`
	// secAccountKeyGiven is the key as the object of a verb that hands it
	// back: "returns the new apiKey", "Returns api_key and claim_url",
	// "get your API key", "获取 API Key", "APIキーを発行".
	secAccountKeyGiven = regexp.MustCompile(`\b(?:returns?|gets?|obtains?|receives?|issues?|provides?|gives?|hands?\s+back|responds?\s+with|yields?|includ(?:es|ing))\b[^.;\n]{0,60}?\b` + secAccountKeyNoun + `|(?:获取|获得|返回|得到|领取|发放|取得|発行|返す)[^。；;\n]{0,30}?` + secAccountKeyNoun + `|` + secAccountKeyNoun + `[^。\n]{0,10}?(?:を(?:発行|取得|返)|(?:会|将)?(?:被)?返回)`)
	// secAccountKeyStore asks the model to keep the key the call returned:
	// "Store the returned apiKey securely", "save your new API key".
	secAccountKeyStore = regexp.MustCompile(`\b(?:store|save|keep|copy|note|record)\s+(?:down\s+)?(?:the|this|your|its|that)?\s*(?:returned|new|generated|issued)\s+` + secAccountKeyNoun + `\b|(?:保存|妥善保管|记下)[^。\n]{0,10}?(?:返回的|新的)?\s*` + secAccountKeyNoun)
	// secAccountKeyVia, inside the verb's object, makes the key the means
	// or the owner of what comes back ("gets the profile associated with
	// the API key", "返回使用 API Key 的用户"), not what comes back.
	secAccountKeyVia = regexp.MustCompile(`\b(?:with|using|via|through|by|associated|for|of|from|behind|belong\w*|linked|tied|requires?|needs?|authenticated|authori[sz]ed|whether|if)\b|使用|通过|凭|用于|所属|对应|是否`)
	// secAccountKeyMeans is the key as the means of the call, not what it
	// returns: "get the profile using your API key", "authenticated via
	// access token".
	secAccountKeyMeans = regexp.MustCompile(`\b(?:with|using|via|through|by|requires?|needs?|authenticated|authori[sz]ed|pass(?:ing)?|send(?:ing)?|provid(?:e|ing)\s+(?:your|an?|the))\b[^.;\n]{0,20}$`)
)

// secPurposeTo is text ending in a purpose infinitive ("… to "): the verb
// after it is what the call is for, not a means named before it.
var secPurposeTo = regexp.MustCompile(`\bin\s+order\s+to\s*$|\bto\s*$`)

// secAccountKeyReturn reads a tool that registers an account or agent, or
// returns the caller's identity, and hands back its API key or secret
// ("register_agent": "注册新的 AI Agent，获取 API Key", "whoami": "returns your
// API key and agent id"). held is true for the key of an identity the
// server already holds (it reveals a standing credential), false for the
// key of an account the call just created. desc is the description in
// lower case, not folded (the reading covers Chinese and Japanese text).
func secAccountKeyReturn(words []string, desc string) (found, held bool) {
	if !secHasWord(words, secAccountKeyNames...) && !(secHasWord(words, "sign") && secHasWord(words, "up")) {
		return false, false
	}
	if secRedacted.MatchString(desc) || secValuesHidden.MatchString(desc) || secCredentialPublic.MatchString(desc) {
		return false, false
	}
	hit := secAccountKeyStore.MatchString(desc)
	for _, m := range secAccountKeyGiven.FindAllStringIndex(desc, -1) {
		before := desc[:m[0]]
		if secPurposeTo.MatchString(before) {
			// "Register this agent with Provenonce to get … (hash + API
			// key)": "with" names where the agent registers, and the
			// purpose clause is what the call hands back.
			before = ""
		}
		if !secAccountKeyMeans.MatchString(before) && !secAccountKeyVia.MatchString(desc[m[0]:m[1]]) &&
			!secCredentialQualifies.MatchString(desc[m[1]:]) { // "API key permissions": about the key
			hit = true
			break
		}
	}
	if !hit {
		return false, false
	}
	created := secHasWord(words, "register", "registration", "signup", "enroll", "enrol", "onboard") || secHasWord(words, "sign") && secHasWord(words, "up")
	return true, !created
}

// secGeneratesKeyOpening is a description opening by generating or
// creating a new key, token or secret: group 1 is the key's kind as the
// text names it ("pi key", "node token"), one or two words before it.
var secGeneratesKeyOpening = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:generates?|creates?|mints?|issues?|derives?)\s+(?:a\s+|an\s+)?(?:new\s+|fresh\s+|random\s+)?((?:[a-z0-9][\w-]*\s+){1,2}(?:keys?|tokens?|secrets?))\b`)

// secGeneratedKeyKept says the new secret stays out of the result: it is
// stored, written to a file or keychain, or only its public part comes
// back.
var secGeneratedKeyKept = regexp.MustCompile(`\b(?:saved?|stored?|writes?|written|kept|keeps?)\s+(?:it\s+|them\s+)?(?:to|in|into)\b|\b(?:returns?|shows?)\s+(?:only\s+)?(?:the\s+|its\s+)?(?:public\s+(?:key|part)|fingerprint|key\s+id)\b`)

// secGeneratesSiblingSecret reports whether tool i generates a new key
// (its description opens "Generate a new <kind> key", with no parameter
// and no word saying where the key is kept) of a kind that another tool
// of the same server takes as a credential: a parameter SEC014 reads as
// a secret whose description names the same kind ("<Kind> key (optional,
// defaults to the env var)"). What the server's own tools take as a
// secret is a secret, whatever its name; a generator that answers with it
// puts it in the conversation. It returns the kind and the sibling's
// tool.param, or "".
func secGeneratesSiblingSecret(ctx *Context, i int) (kind, param string) {
	t := &ctx.Tools[i]
	if len(t.ParamNames()) > 0 {
		return "", "" // a generator with inputs may take where to keep it
	}
	m := secGeneratesKeyOpening.FindStringSubmatch(secOpeningSentence(t.RawDescription))
	if m == nil {
		return "", ""
	}
	kind = strings.TrimSpace(m[1])
	named := regexp.MustCompile(`\b` + regexp.QuoteMeta(kind) + `\b`)
	kw := strings.Fields(kind)
	if secHasWord(kw, secKeyNotSecret...) || secHasWord(kw, "cache", "api", "access") {
		// a public key is no secret; an API key or access token a tool
		// creates is read by the rule's other readings.
		return "", ""
	}
	if d := strings.ToLower(t.RawDescription); secGeneratedKeyKept.MatchString(d) || secRedacted.MatchString(d) || secValuesHidden.MatchString(d) {
		return "", ""
	}
	facts := secTools(ctx)
	for j := range ctx.Tools {
		if j == i {
			continue
		}
		for _, p := range secParams(&ctx.Tools[j]) {
			what, chosen := secSecretParam(p, facts[j].words)
			if what == "" || chosen || !named.MatchString(p.desc()) || secSecretExempt(&ctx.Tools[j], p, facts[j]) {
				continue
			}
			// The kind as the generator writes it ("PI key"), for the
			// message.
			if loc := regexp.MustCompile(`(?i)\b` + strings.Join(strings.Fields(regexp.QuoteMeta(kind)), `\s+`) + `\b`).FindStringIndex(t.RawDescription); loc != nil {
				kind = t.RawDescription[loc[0]:loc[1]]
			}
			return kind, ctx.Tools[j].Name + "." + p.path
		}
	}
	return "", ""
}

// secWriteOpening is a description opening on a verb that writes, sets or
// starts something rather than returning it (revision 30).
var secWriteOpening = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:adds?|appends?|inserts?|injects?|sets?|saves?|stores?|persists?|updates?|upserts?|writes?|puts?|creates?|deletes?|removes?|unsets?|replaces?|imports?|uploads?|merges?|overrides?|configures?|defines?|assigns?|edits?|modif(?:y|ies)|changes?|launch(?:es)?|starts?|stops?|closes?|opens?)\b`)

// secNameReads reports whether a tool's name holds a read verb.
func secNameReads(words []string) bool {
	for _, w := range words {
		if text.IsReadVerb(w) {
			return true
		}
	}
	return false
}

// secDeclaredOutput is a clause that declares what the tool answers:
// "Returns sid, friendly name and dates", "It responds with: id, state".
// Group 1 is what follows the verb, up to the end of the sentence.
var secDeclaredOutput = regexp.MustCompile(`(?:^|[.;:]\s*|\b(?:and|it|then)\s+)(?:returns?|responds?\s+with|answers?\s+with|outputs?)\s*:?\s+([^.;\n]+)`)

// secOutputSecretWord is a word of a declared output that may be a secret.
var secOutputSecretWord = regexp.MustCompile(`\w*(?:secret|token|key|password|passwd|passphrase|credential|cookie|url|uri|link|mnemonic|seed)\w*|\b(?:secrets?|tokens?|keys?|passwords?|passphrases?|credentials?|kubeconfigs?|cookies?|urls?|links?|mnemonics?|seeds?|values?|pem|certificates?|private|plaintext|contents?|everything|all|full|details?|records?|objects?|resources?|data|response|result|info(?:rmation)?)\b`)

// secSecretAttribute is a secret's word followed by an attribute that
// names or describes it ("key id", "token name", "secret's status"): the
// attribute, not the secret, comes back.
var secSecretAttribute = regexp.MustCompile(`\b(?:secret|token|key|password|credential)(?:'s)?\s+(?:ids?|names?|types?|prefix(?:es)?|fingerprints?|status|states?|scopes?|expiry|expiration|aliases|labels?|algorithms?|lengths?|sizes?|hints?)\b`)

// secDeclaresPlainOutput reports whether a folded description declares
// what the tool returns as a list of two or more fields ("Returns sid,
// friendly name and dates", "returns only the cluster names and server
// addresses") and no declared output may hold a secret: the author says
// what comes back, and no key, token, password or record of one is in it.
// A tool that returns "the key", "the full record" or "details" is not
// one, nor one whose text declares no list (revision 30).
func secDeclaresPlainOutput(desc string) bool {
	found := false
	for _, list := range secDeclaredLists(desc) {
		if secOutputSecretWord.MatchString(list) {
			return false
		}
		if strings.Contains(list, ",") || strings.Contains(list, " and ") {
			found = true
		}
	}
	return found
}

// secDeclaredLists returns what each clause declaring the tool's output
// lists (secDeclaredOutput), read word by word (access_token, api-key)
// and without the attributes that name or describe a secret ("key id",
// "token name"): the lists revision 30 reads for the absence of a secret
// and revision 31 for one.
func secDeclaredLists(desc string) []string {
	var lists []string
	for _, m := range secDeclaredOutput.FindAllStringSubmatch(desc, -1) {
		lists = append(lists, secSecretAttribute.ReplaceAllString(strings.NewReplacer("_", " ", "-", " ").Replace(m[1]), ""))
	}
	return lists
}

// secListedSecret is a live secret named as an item of a declared output
// list ("Returns host, port, username and password"): the secret itself,
// not an attribute of it (secSecretAttribute is removed first).
var secListedSecret = regexp.MustCompile(`\b(?:passwords?|passwd|passphrases?|client\s+secrets?|private\s+keys?|api\s+keys?|secret\s+keys?|(?:access|refresh|bearer|session|auth)\s+tokens?)\b`)

// secDeclaredSecret returns the secret a clause that declares the tool's
// output lists among its items (revision 31: "Get the database
// connection. Returns host, port, username and password"), or "". A list
// that says the secret is masked, hashed, redacted or left out ("Returns
// the user's name and email, without the password") names none.
func secDeclaredSecret(desc string) string {
	for _, list := range secDeclaredLists(desc) {
		if !strings.Contains(list, ",") && !strings.Contains(list, " and ") {
			continue // "Returns the password" alone is secReturnsCredentials' reading
		}
		if secRedacted.MatchString(list) || secHashedSecret.MatchString(list) {
			continue
		}
		for _, loc := range secListedSecret.FindAllStringIndex(list, -1) {
			// "Returns public keys and metadata (private keys are not
			// stored)": the secret is named to say it does not come back.
			if secSecretDenied.MatchString(list[loc[1]:min(len(list), loc[1]+40)]) || secSecretExcluded.MatchString(list[:loc[0]]) {
				continue
			}
			// The secret must stand as an item of the list: "the API
			// key owner and scopes", "access token details", "api key
			// configured (yes/no)" and "the usage of your API key" name
			// something about the secret, not the secret.
			if !secListItemEnd.MatchString(list[loc[1]:]) || secItemOwner.MatchString(list[:loc[0]]) {
				continue
			}
			return list[loc[0]:loc[1]]
		}
	}
	return ""
}

// secListItemEnd follows an item of a list: a comma, "and", "or", a
// bracket, the end of the clause, or a relative clause about the item
// ("a session token the IDE must include", "a token that expires").
var secListItemEnd = regexp.MustCompile(`^\s*(?:$|[,;)(]|\b(?:and|or|as|in|that|which|the|you|your|we|for\s+(?:the|an?|each|this))\b)`)

// secItemOwner ends the text before a secret that is the owner of what
// an item names ("the usage of your API key", "limits for the current
// access token").
var secItemOwner = regexp.MustCompile(`\b(?:of|for|about|on|per|by|from|with)\s+(?:(?:the|your|its|their|a|an|this|current|each|every)\s+)*$`)

// secSecretDenied follows a secret named to say it does not come back
// ("private keys are not stored", "password never returned").
var secSecretDenied = regexp.MustCompile(`^\s*\)?\s*(?:(?:is|are|was|were)\s+)?(?:not|never|no\s+longer)\b`)

// secSecretExcluded ends the text before a secret a list leaves out
// ("everything except the password", "no api key").
var secSecretExcluded = regexp.MustCompile(`\b(?:no|not|without|except|excluding|but\s+not)\s+(?:the\s+|any\s+|its\s+|their\s+)?$`)

// secHashedSecret is a secret named as stored in a form that is no
// credential ("password hash", "hashed password", "token fingerprint", "key prefix").
var secHashedSecret = regexp.MustCompile(`\b(?:hash(?:ed)?|fingerprints?|hints?|prefix|last\s+(?:4|four)|masked|obfuscated)\b`)

// secOpeningClauseBreak ends the opening's first clause: a semicolon, or
// a conjunction of contrast (revision 30). Commas stay: an opening lists
// what it returns with them.
var secOpeningClauseBreak = regexp.MustCompile(`;|\s(?:while|but|whereas|unless|except)\s`)

// secCredentialSource is the text before a credential that makes it the
// place where what the tool returns is found, stored or listed ("… found
// in the kubeconfig"), whatever that is named (revision 30).
var secCredentialSource = regexp.MustCompile(`\b(?:found|listed|stored|defined|configured|declared|present|kept|held|saved|registered)\s+(?:in|inside|within)\s+(?:(?:the|a|an|your|its|this|each|every|current|given|local|active|default|configured)\s+)*(?:[a-z0-9-]+\s+)?$`)

// secCredentialNoun finds a credential's noun in what a reading names.
var secCredentialNoun = regexp.MustCompile(`\b(?:` + secCredentialNouns + `)\b`)
