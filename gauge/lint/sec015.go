package lint

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// sec015 is SEC015 egress-destination.
func sec015() Rule {
	return Rule{
		ID: "SEC015", Name: "egress-destination", Family: "Security",
		Summary: "A parameter lets the model choose where the server's authenticated traffic or a data stream goes (base URL, proxy, webhook, mail forwarding).",
		Default: Warning, Toolgauge: Off, Scope: ScopeParameter, Origin: OriginMcpgauge, Revision: 16, Check: checkSEC015,
	}
}

// secProbeTalk is a parameter description that confines the base URL to a
// liveness probe: "Override base URL for health check", "base URL used
// only for the connectivity test".
var secProbeTalk = regexp.MustCompile(`\b(?:for|of|by|in)\s+(?:the\s+|a\s+)?(?:health|liveness|readiness|connectivity|reachability|uptime)[\s-]*(?:checks?|probes?|tests?|pings?)\b`)

// secProbeMore is a description that also sends other calls to the base
// URL ("for the health check and all API requests").
var secProbeMore = regexp.MustCompile(`\b(?:and|or|plus|as\s+well\s+as)\s+(?:all\s+|other\s+|every\s+|the\s+|later\s+)?(?:api|requests?|calls?|operations?|tools?)\b`)

// secProbeOnly reports whether a base URL's description (folded) says it
// only redirects a health or connectivity check: such a probe carries no
// credential and no user data, so the model picks no destination for
// either. A description that names other calls sent there too still counts.
func secProbeOnly(pdesc string) bool {
	loc := secProbeTalk.FindStringIndex(pdesc)
	return loc != nil && !secProbeMore.MatchString(pdesc)
}

// checkSEC015 finds parameters that let the model pick the destination of
// traffic that carries the server's credentials or the user's data: a
// base URL overriding the server's configured one, the full URL of an
// authenticated request, the proxy of a server-wide proxy setting, the
// target URL of a webhook or event subscription being registered or
// repointed, and the address mail is forwarded to. A tool that fetches a
// URL without the server's credentials is not one.
func checkSEC015(ctx *Context) []Problem {
	if !ctx.Precise() {
		return nil
	}
	var out []Problem
	facts := secTools(ctx)
	metered := secServerMetersSpend(facts)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		words, desc := facts[i].words, facts[i].desc
		forwarded := false
		for _, p := range secParams(t) {
			what := secEgressDestination(t, words, desc, p)
			if what == "" && metered && secPaidRelayURL(t, p) {
				// agentspend_use(url, headers, body): "Call a URL through
				// AgentSpend" on a server that reports budget and
				// charges: each call is paid, and what the model writes
				// goes through the relay to the host it names.
				what = secViaPaidRelay
			}
			if what == "" || what == secViaForwarding && forwarded {
				// forwardTo, forwardAsAttachmentTo, redirectTo of one
				// mail rule: one finding says it.
				continue
			}
			forwarded = forwarded || what == secViaForwarding
			harm := "send the server's credentials or the user's data to a host it picks"
			if what == secViaPaidURL || what == secViaPaidRelay {
				harm = "make the server pay, and send what the model writes, to a host it picks"
			}
			out = append(out, Problem{Tool: t.Name, Parameter: p.path,
				Message: fmt.Sprintf("Tool `%s` lets the model choose %s in `%s`: an injected instruction can %s.%s",
					t.Name, what, p.path, harm, secQuietNote(t)),
				Suggestion: "Fix the destination in the server's configuration, or check it against an allow-list the user set; if the model must choose, have the client confirm the destination with the user."})
		}
	}
	return out
}

// secEgressDestination says what destination a parameter lets the model
// choose ("the base URL of the authenticated client"), or "".
func secEgressDestination(t *model.Tool, words []string, desc string, p secParam) string {
	pw := secIdentifierWords(p.name)
	// A forwarding parameter may be a list of recipients
	// (forwardTo: [{emailAddress: {address}}]), not a string.
	forwardish := secHasWord(pw, "forward", "forwarding", "forwarded", "redirect")
	if !secTakesRecipients(p.schema) || len(pw) > 0 && secHasWord(pw[:1], "is", "has", "can", "should") {
		forwardish = false // forward: true, isAutomaticForward: a switch or a condition, not a recipient
	}
	if !secTakesString(p.schema) && !forwardish || len(pw) == 0 || secHasWord(pw, "id", "ids", "name") {
		return ""
	}
	pdesc := p.desc()
	head := pw[len(pw)-1]
	urlish := head == "url" || head == "uri" || head == "endpoint" || head == "host" || head == "hostname"
	if urlish && secHasWord(pw, secShownURLWords...) {
		// avatarURL, image_url, docs_url: a picture or a link the
		// service stores or shows; nothing is sent to it.
		return ""
	}
	// Any call, a read included, carries the server's credentials to the
	// base URL it is given.
	switch {
	case urlish && secHasWord(pw, "base", "api", "server", "instance", "region", "regional") && secBaseURLTalk.MatchString(pdesc) &&
		(secOverrideTalk.MatchString(pdesc) || secSaysAuth.MatchString(secToolText(t))) && !secProbeOnly(pdesc):
		return secViaBaseURL
	case urlish && secBaseURLTalk.MatchString(pdesc) && secEnvOverrideTalk.MatchString(secSchemaDesc(p.schema)) &&
		secCredentialEnvTalk.MatchString(t.Description) && !secProbeOnly(pdesc):
		// x_federation_publish(gatewayUrl): "Gateway base URL; takes
		// precedence over RUFLO_X_GATEWAY_URL" on a tool that "Requires
		// RUFLO_X_ADMIN_TOKEN": the setting the operator made is
		// replaced per call, and the token goes to the host the model
		// names, whatever the parameter is called (round 49).
		return secViaBaseURL
	case urlish && secHasWord(pw, "base", "api", "server", "instance") && secLoginURLTalk.MatchString(pdesc) && secLoginTalk.MatchString(desc) &&
		!secHasWord(words, "get", "list", "check", "status", "verify", "test", "logout", "disconnect") && !secProbeOnly(pdesc):
		// setup(base_url): "Authenticate via browser to connect your
		// editor to your account", base_url "Cloud API base URL": the
		// login, and the token it yields for every later call, go to
		// whatever host the model names.
		return secViaLoginURL
	case urlish && secHasWord(pw, secServiceInstanceWords...) && !secIsConnectionString(pw) && secConnectsToTalk.MatchString(pdesc) &&
		secDefaultInstanceTalk.MatchString(pdesc) && !secConnCredentials.MatchString(pdesc) && !secProbeOnly(pdesc):
		// realtimedatabase_set_data(databaseUrl): "connect to the database
		// at url. If omitted, use default database instance": the server
		// connects, with the sign-in it holds, to the instance it would
		// otherwise pick itself; the model can point it anywhere.
		return secViaInstanceURL
	case (head == "url" || head == "uri") && len(pw) == 1 && secSaysAuth.MatchString(desc) && secFullURLTalk.MatchString(pdesc):
		return secViaRequestURL
	case (head == "url" || head == "uri" || head == "endpoint") && len(pw) == 1 && secPaysTalk.MatchString(desc):
		return secViaPaidURL
	}
	if secNamedNoSend(words) {
		return "" // get_webhook, delete_forwarding_address: nothing is pointed anywhere
	}
	if secDraftOnly(desc) {
		// generate_app_setup(webhookUrl): "does not create the app; an
		// admin must review and submit it": the URL goes into a draft a
		// person submits, and nothing is pointed anywhere by the call.
		return ""
	}
	secretRef := ""
	if urlish {
		secretRef = secStoredSecretAuth(t, p.name)
	}
	switch {
	case urlish && secDefinesCallableTool(t, words) && secCallTargetTalk.MatchString(pdesc):
		// create_tool(function.server.url, apiRequest.url, headers): the
		// platform calls the tool during conversations, sending their
		// data to the URL with the headers the model wrote.
		return secViaToolEndpoint
	case secHasWord(words, "proxy") && secHasWord(words, "set", "config", "configure", "update", "enable") &&
		(urlish || head == "proxy" || secHasWord(pw, "proxy") && secHasWord(pw, "url", "uri", "server")):
		return "the proxy every request goes through"
	case (urlish || head == "callback" || head == "target" || head == "webhook" || head == "destination") &&
		(secHasWord(words, "webhook", "webhooks", "hook", "hooks", "subscription", "subscriptions", "subscribe") || secSubscribeTalk.MatchString(desc) ||
			(secEventSinkTalk.MatchString(pdesc) || secNamesEventSink(words) || secEventSinkToolTalk.MatchString(desc)) &&
				secHasWord(words, "create", "add", "register", "update", "set", "configure", "edit", "replace")):
		// A notification destination's "Webhook endpoint URL or email
		// address" registered by a create tool is a webhook whatever the
		// tool is called (a one-off job's callback is the next case).
		return "the URL that receives the events"
	case secIsCallbackParam(pw, head, urlish) && (strings.TrimSpace(pdesc) == "" || secCallbackTalk.MatchString(pdesc)) && !secCallbackNotEgress.MatchString(pdesc):
		// create_predictions(webhook): "The webhook will be a POST request
		// where the request body is the same as the response": a job's
		// results go to whatever URL the model names.
		return "the callback URL the job's results or events are posted to"
	case (urlish || head == "destination" || head == "target") && secHasWord(words, "drain", "drains", "sink", "sinks", "exporter", "exporters") &&
		secHasWord(words, "create", "add", "register", "update", "set", "configure", "edit", "replace"):
		// createLogDrain(url, headers): the project's logs stream to
		// whatever URL the model gives, for as long as the drain lives.
		return "the URL a log or data stream is shipped to"
	case urlish && secHasWord(words, "create", "add", "register", "update", "set", "configure", "edit", "replace", "connect") && secretRef != "":
		// klaus_mcpserver_add(url, secret): "Secret name for Bearer token
		// authentication": a secret the store holds is sent, as the
		// credential, to whatever URL the model names (round 58).
		return "the URL a stored secret is sent to as its credential (`" + secretRef + "`)"
	case (urlish || secIsConnectionString(pw)) && secHasWord(pw, "target", "destination", "dest", "to") && secHasWord(words, secTransferVerbs...):
		// copy_between_databases(targetConnectionString): the rows are
		// written to whatever database or host the model names.
		return "the database or host the data is copied to"
	case forwardish && urlish && !secForwardedTo.MatchString(pdesc):
		// createInvitation(redirectUrl): "URL to redirect users to after
		// they accept": where a person's browser lands after an action,
		// not an address mail is forwarded to, and the server's
		// credentials do not go there.
		return ""
	case forwardish && secMailTalk.MatchString(pdesc+" "+desc) ||
		secHasWord(pw, "email", "address", "mail") && secForwardedTo.MatchString(pdesc):
		return secViaForwarding
	}
	return ""
}

// secSecretRefTalk is a parameter description saying it names a stored
// secret or credential that authenticates the requests ("Secret name for
// Bearer token authentication", "name of the stored credential used to
// authenticate").
var secSecretRefTalk = regexp.MustCompile(`(?i)\b(?:secret|credential)s?\b[^.;]{0,40}?\b(?:bearer|authenticat\w*|authori[sz]ation|auth\s+headers?)\b|\b(?:bearer|authenticat\w*|authori[sz]ation)\b[^.;]{0,40}?\b(?:secret|credential)\s+(?:name|ref(?:erence)?|id)\b`)

// secStoredSecretAuth returns the sibling of a tool's URL parameter that
// names a stored secret to authenticate with, or "": a secret or
// credential reference (by name, not by value: SEC014 reads values) whose
// description says it authenticates the requests.
func secStoredSecretAuth(t *model.Tool, urlParam string) string {
	props := t.Params()
	for _, name := range t.ParamNames() {
		if name == urlParam {
			continue
		}
		w := secIdentifierWords(name)
		if !secHasWord(w, "secret", "secrets", "credential", "credentials", "auth") {
			continue
		}
		obj, _ := props[name].(map[string]any)
		if d, _ := obj["description"].(string); secSecretRefTalk.MatchString(d) {
			return name
		}
	}
	return ""
}

// What a base URL or request URL parameter lets the model choose: every
// call of the tool, whatever it does, goes there.
const (
	secViaBaseURL    = "the base URL of the server's authenticated client"
	secViaRequestURL = "the full URL of an authenticated request"
	// secViaPaidURL is a request the server pays for or signs with its
	// wallet: the payment is the credential that goes to the URL.
	secViaPaidURL = "the URL of a request the server pays for from its wallet"
	// secViaLoginURL is the API a login tool signs in to: the session
	// or token it obtains is then used against that host.
	secViaLoginURL = "the API base URL the login signs in to (the token it obtains is then sent there)"
	// secViaInstanceURL is the address of the service instance the tool
	// connects to in place of the default the server would pick.
	secViaInstanceURL = "the address of the service instance it connects to in place of its default (the server's sign-in goes there)"
	// secViaForwarding is where a mail tool forwards messages.
	secViaForwarding = "the address mail is forwarded to"
)

// secShownURLWords qualify a URL the service stores or shows (a picture
// beside a message, a documentation link): content, not a destination.
var secShownURLWords = []string{"avatar", "icon", "image", "img", "thumbnail", "thumb", "logo", "picture", "pic", "photo", "banner",
	"favicon", "cover", "emoji", "sticker", "gif", "docs", "documentation", "homepage", "help"}

var (
	// secBaseURLTalk says a parameter is the root URL of an API.
	secBaseURLTalk = regexp.MustCompile(`\bregion(?:al)?(?:-specific)?\s+url\b|\bbase\s+url\b|\bapi\s+(?:base\s+)?(?:url|endpoint|root)\b|\b(?:instance|server)\s+url\b|\burl\s+of\s+(?:the|your)\s+(?:\w+\s+)?(?:instance|server|api)\b`)
	// secOverrideTalk says a per-call value replaces the server's own.
	// An optional host the server otherwise fills itself ("if known",
	// "usually not needed and should be omitted") overrides it too.
	secOverrideTalk = regexp.MustCompile(`\boverrides?\b|\binstead\s+of\s+the\s+(?:configured|default)\b|\b(?:server|configured)\s+default\b|\bif\s+known\b|\b(?:usually|normally|generally|typically)\s+not\s+(?:needed|required)\b|\b(?:should|can|may)\s+(?:usually\s+)?be\s+(?:omitted|left\s+(?:empty|blank|unset))\b|\bleave\s+(?:it\s+)?(?:empty|blank|unset)\s+to\s+use\b`)
	// secEnvOverrideTalk, read on a parameter's own text, says its value
	// replaces an environment variable the operator set: "takes
	// precedence over RUFLO_X_GATEWAY_URL", "overrides API_BASE_URL".
	secEnvOverrideTalk = regexp.MustCompile(`(?i:\btakes?\s+precedence\s+over|\boverrides?|\binstead\s+of)\s+(?:the\s+)?\$?[A-Z][A-Z0-9]*_[A-Z0-9_]+\b`)
	// secCredentialEnvTalk, read on a tool's own text, names a secret the
	// server holds in its environment ("Requires RUFLO_X_ADMIN_TOKEN").
	secCredentialEnvTalk = regexp.MustCompile(`\b[A-Z][A-Z0-9_]*_(?:TOKEN|API_KEY|KEY|SECRET|PASSWORD|CREDENTIALS)\b`)
	// secPaysTalk says the tool pays for or signs the request it makes
	// with the server's wallet or key.
	secPaysTalk = regexp.MustCompile(`\b(?:paid|pays?|signed|signs?)\s+(?:\w+\s+){0,3}(?:from|with|using)\s+(?:the\s+|your\s+|its\s+|a\s+)?(?:\w+\s+)?(?:wallet|private\s+key|keypair)\b|\bautomatic\s+(?:\w+\s+)?payments?\b`)
	// secFullURLTalk says a URL parameter takes an absolute URL.
	secFullURLTalk = regexp.MustCompile(`\b(?:full|absolute|complete)\s+(?:\w+\s+)?url\b|https?://`)
	// secSubscribeTalk says a tool subscribes a receiver to events.
	// secEventSinkTalk says a parameter is where events or notifications
	// are delivered.
	secEventSinkTalk = regexp.MustCompile(`\bwebhook\s+(?:endpoint\s+|target\s+|callback\s+)?(?:url|uri|endpoint|address)\b|\b(?:notifications?|events?|deliveries|payloads?)\s+(?:are|will\s+be|should\s+be|get)\s+(?:sent|posted|delivered)\s+to\b|\burl\s+(?:that|which)\s+(?:receives?|will\s+receive)\s+(?:the\s+)?(?:events?|notifications?|deliveries|payloads?)\b`)
	// secEventSinkToolTalk is a tool saying it sets up where
	// notifications, events or alerts are delivered.
	secEventSinkToolTalk = regexp.MustCompile(`\b(?:notifications?|events?|alerts?)\s+(?:delivery\s+)?(?:destinations?|endpoints?|receivers?|sinks?|channels?)\b|\b(?:destinations?|endpoints?|receivers?)\s+(?:for|of)\s+(?:\w+\s+){0,2}?(?:notifications?|events?|alerts?)\b|\b(?:notifications?|events?|alerts?)\s+(?:\w+\s+){0,3}?(?:are|will\s+be|get)\s+(?:sent|posted|delivered|pushed)\s+to\b`)
	secSubscribeTalk     = regexp.MustCompile(`\bsubscribe\s+(?:\w+\s+){0,2}to\s+(?:\w+\s+){0,2}(?:events|notifications|changes|updates)\b`)
	// secMailTalk says the forwarding is of mail.
	secMailTalk = regexp.MustCompile(`\be-?mail\b|\bmessages?\b|\binbox\b|\bmailbox\b`)
	// secForwardedTo says mail is forwarded to the address.
	secForwardedTo = regexp.MustCompile(`\b(?:forwarded|forward|redirected)\s+to\b|\bto\s+which\s+(?:\w+\s+){0,4}(?:forwarded|redirected|delivered)\b`)
)

// secServiceInstanceWords qualify the address of a hosted service's
// instance a tool connects to (databaseUrl, cluster_endpoint,
// workspace_host, project_url).
var secServiceInstanceWords = []string{"database", "db", "instance", "cluster", "workspace", "tenant", "project", "service", "server", "site", "org", "organization", "account", "store", "bucket", "vault", "warehouse", "deployment"}

var (
	// secConnectsToTalk says the tool connects or sends its requests to
	// the address ("connect to the database at url", "requests go to
	// this cluster", "the instance to query").
	secConnectsToTalk = regexp.MustCompile(`\bconnect(?:s|ing)?\s+to\b|\bconnection\s+to\b|\b(?:requests?|calls?|queries|writes|reads)\s+(?:are\s+|will\s+be\s+)?(?:sent|made|go(?:es)?|routed)\s+to\b|\b(?:instance|database|cluster|workspace|server|service|project)\s+to\s+(?:use|query|read|write|call|target|connect)\b|\btarget\s+(?:the\s+)?(?:instance|database|cluster|workspace|server)\b`)
	// secDefaultInstanceTalk says the server otherwise picks the instance
	// itself ("If omitted, use default database instance", "defaults to
	// the project's cluster", "when not set, the configured workspace").
	secDefaultInstanceTalk = regexp.MustCompile(`\b(?:if|when)\s+(?:omitted|not\s+(?:set|given|provided|specified|passed)|empty|unset|absent|missing|blank)\b[^.]{0,60}\b(?:default|configured|current|project'?s?)\b|\bdefaults?\s+to\s+(?:the\s+)?(?:default|configured|current|project'?s?|your)\b|\b(?:otherwise|else)\s+(?:uses?\s+)?(?:the\s+)?(?:default|configured)\b|\boverrides?\b`)
)

var (
	// secLoginTalk is a tool saying it logs the user in or connects
	// their account: "Authenticate via browser to connect your editor to
	// your account", "Log in to your workspace", "Sign in with a device
	// code".
	secLoginTalk = regexp.MustCompile(`\b(?:authenticat(?:e|es|ing)|log(?:s|ging)?\s+in(?:to)?|sign(?:s|ing)?\s+in(?:to)?|login)\s+(?:via|with|to|through|using|against|your|the|a)\b|\bconnect(?:s|ing)?\s+(?:\w+\s+){0,3}to\s+your\s+(?:\w+\s+)?account\b`)
	// secLoginURLTalk is a parameter described as the root of an API or
	// cloud service (not a web page or an environment under test).
	secLoginURLTalk = regexp.MustCompile(`\b(?:cloud\s+|rest\s+|backend\s+)?api\s+(?:base\s+)?(?:url|endpoint|root|host)\b|\b(?:cloud|backend|auth(?:entication)?|login)\s+(?:server\s+|service\s+)?(?:base\s+)?url\b`)
)

// secDraftOnly reports whether a tool's description says the call only
// drafts what it describes: it does not create, register or send it, and
// a person submits it (or confirms it) before anything takes effect.
func secDraftOnly(desc string) bool {
	return secDraftNegation.MatchString(desc) && secPersonSubmits.MatchString(desc)
}

var (
	// secDraftNegation says the call does not itself create, register,
	// send or apply what it prepares.
	secDraftNegation = regexp.MustCompile(`\b(?:does\s+not|doesn'?t|will\s+not|won'?t|never)\s+(?:itself\s+|actually\s+)?(?:create|register|send|submit|apply|install|activate|enable)s?\b|\bnothing\s+is\s+(?:created|registered|sent|submitted|applied)\b`)
	// secPersonSubmits says a person submits, applies or registers it
	// (after reviewing it), or that it is human-confirmed.
	secPersonSubmits = regexp.MustCompile(`\b(?:human|user|person|admin(?:istrator)?|owner|you)\b[^.]{0,80}\b(?:submits?|applies|apply|installs?|registers?)\b|\b(?:human|user)[- ](?:confirmed|approved)\b`)
)

// secIsCallbackParam reports whether parameter name words name a callback
// or webhook destination: a webhook, callback or postback, or a URL
// qualified by one (webhookUrl, callback_url, notifyUrl).
func secIsCallbackParam(pw []string, head string, urlish bool) bool {
	if head == "webhook" || head == "callback" || head == "postback" {
		return true
	}
	return urlish && secHasWord(pw, "webhook", "callback", "postback", "notify", "notification", "hook")
}

var (
	// secCallbackTalk says something is sent, posted or delivered to the
	// callback (results, outputs, events, a notification).
	secCallbackTalk = regexp.MustCompile(`\b(?:post(?:s|ed)?|sen[dt]s?|deliver(?:s|ed|y)?|push(?:es|ed)?|notif(?:y|ies|ied|ications?)|receiv(?:e|es|ing)|call(?:s|ed)?\s+(?:back|when|with|on)|webhook|results?|outputs?)\b`)
	// secCallbackNotEgress says the callback is an OAuth redirect or a
	// local handler, not where data is sent.
	secCallbackNotEgress = regexp.MustCompile(`\boauth\b|\bredirect\b|\blocalhost\b|\b127\.0\.0\.1\b`)
)

// secTransferVerbs are the name words of a tool that copies data from one
// place to another: its target is where the data goes.
var secTransferVerbs = []string{"copy", "sync", "replicate", "migrate", "transfer", "mirror", "export", "clone", "backup", "dump"}

// secTakesRecipients reports whether a schema can hold an address or a
// list of recipients: a string, an array or an object, not only a
// boolean or a number.
func secTakesRecipients(schema map[string]any) bool {
	types, declared := model.SchemaTypes(schema)
	if !declared {
		return true
	}
	return slices.ContainsFunc(types, func(ty string) bool { return ty == "string" || ty == "array" || ty == "object" })
}

// secNamesEventSink reports whether a tool's name words name a place
// notifications, events or alerts are delivered to
// (create_notification_destination, updateEventEndpoint).
func secNamesEventSink(words []string) bool {
	return secHasWord(words, "notification", "notifications", "event", "events", "alert", "alerts") &&
		secHasWord(words, "destination", "destinations", "endpoint", "endpoints", "receiver", "receivers", "sink", "sinks", "channel", "channels")
}

// secViaToolEndpoint is the destination of a tool definition's calls.
const secViaToolEndpoint = "the endpoint a tool it defines calls (the platform sends each call's data there, with the headers the model writes)"

// secCallTargetTalk is a URL described as where a request or call goes.
var secCallTargetTalk = regexp.MustCompile(`\b(?:will\s+be\s+called|is\s+called|gets\s+called|to\s+(?:make|send)\s+(?:the\s+)?(?:api\s+|http\s+)?requests?\s+to|requests?\s+(?:are|is|will\s+be)\s+sent|to\s+call|(?:send|post)s?\s+(?:the\s+)?(?:request|data|payload)s?\s+to)\b`)

// secDefinesCallableTool reports whether a tool creates or changes the
// definition of a tool, function or action a platform calls on its own
// (create_tool, add_function, update-action), with headers the model
// writes for the requests it makes.
func secDefinesCallableTool(t *model.Tool, words []string) bool {
	if !secHasWord(words, "create", "add", "register", "update", "define", "configure", "edit") ||
		!secHasWord(words, "tool", "tools", "function", "functions", "action", "actions") {
		return false
	}
	for _, p := range secParams(t) {
		if secHasWord(secIdentifierWords(p.name), "headers", "header") {
			return true
		}
	}
	return false
}

// secViaPaidRelay is the URL of a call a metered relay makes and bills.
const secViaPaidRelay = "the URL of a request relayed, and billed to the user's budget, by the service it goes through (with the headers and body the model writes)"

// secRelayTalk is an opening that calls or fetches any URL through a
// named service ("Call a URL through AgentSpend", "Fetch any endpoint via
// the Acme gateway", "Proxy a request through Relayco"): the service
// relays the request, headers and body included.
var secRelayTalk = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:calls?|fetch(?:es)?|requests?|sends?|proxies|proxy|routes?|forwards?|makes?)\s+(?:an?\s+|any\s+|the\s+)?(?:http\s+)?(?:url|uri|endpoint|api|request)s?\s+(?:(?:to\s+)?(?:an?\s+|any\s+)?(?:url|uri|endpoint)\s+)?(?:through|via)\s+(?:the\s+)?[\w.-]+`)

// secSpendTalk names what a metered service reports of the user's money:
// a budget, the spend so far, charges, a spending limit.
var secSpendTalk = regexp.MustCompile(`\bbudgets?\b|\b(?:current|total|weekly|monthly|daily)\s+spend(?:ing)?\b|\bspend(?:ing)?\s+(?:limits?|caps?)\b|\b(?:recent\s+)?charges\b`)

// secServerMetersSpend reports whether the server's tools, taken
// together, report a budget and what was spent or charged against it
// ("Get weekly budget, current spend, remaining budget, and recent
// charges"): the calls the server makes for the model are paid from the
// user's money.
func secServerMetersSpend(facts []secTool) bool {
	kinds := map[string]bool{}
	for _, f := range facts {
		for _, m := range secSpendTalk.FindAllString(f.desc, -1) {
			switch {
			case strings.Contains(m, "budget"):
				kinds["budget"] = true
			case strings.Contains(m, "charge"):
				kinds["charge"] = true
			default:
				kinds["spend"] = true
			}
		}
	}
	return len(kinds) >= 2
}

// secPaidRelayURL reports whether p is the bare url of a tool whose
// opening calls any URL through a named relay (secRelayTalk): on a server
// that meters spend, the relay bills the call and carries the headers and
// body the model writes to the host the model names.
func secPaidRelayURL(t *model.Tool, p secParam) bool {
	pw := secIdentifierWords(p.name)
	if p.parent != "" || len(pw) != 1 || pw[0] != "url" && pw[0] != "uri" && pw[0] != "endpoint" || !secTakesString(p.schema) {
		return false
	}
	return secRelayTalk.MatchString(secOpeningSentence(t.RawDescription))
}
