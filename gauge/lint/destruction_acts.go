package lint

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Destruction the author lists, bulk replacements, live acts (publishing,
// ending a call) and removal of scaffolding a server built itself.

// preciseAuthorListed returns, for each tool index, the words of its
// server's own text (the instructions or any tool's description) that
// name it in a list of destructive tools; "" for a tool not named. A name
// counts only if it is an identifier (it has _, - or an inner capital: a
// bare "delete" or "stop" names an act, not a tool) and a tool of the
// server is called so, or ends so after its prefix (restore_snapshot
// names respira_restore_snapshot). A wildcard (delete_*) names none.
func preciseAuthorListed(ctx *Context) []string {
	return ctx.Memo("precise.authorListed", func() any {
		out := make([]string, len(ctx.Tools))
		var texts []string
		if ctx.Snap != nil {
			texts = append(texts, ctx.Snap.Server.Instructions)
		}
		for i := range ctx.Tools {
			texts = append(texts, ctx.Tools[i].Description)
		}
		for _, s := range texts {
			for _, m := range preciseAuthorLists(s) {
				for _, name := range preciseListedName.FindAllString(m.list, -1) {
					if strings.Contains(name, "*") || !preciseIdentifierLike(name) {
						continue
					}
					for i := range ctx.Tools {
						tn := ctx.Tools[i].Name
						if out[i] == "" && (tn == name || strings.HasSuffix(tn, "_"+name) || strings.HasSuffix(tn, "-"+name) || strings.HasSuffix(tn, "."+name)) {
							out[i] = m.said
						}
					}
				}
			}
		}
		return out
	}).([]string)
}

// preciseAuthorList is one list of destructive tools found in a text: the
// list and the words that said it.
type preciseAuthorList struct{ list, said string }

// preciseAuthorLists returns the lists of destructive tools that s states,
// skipping one negated ("non-destructive tools: ...", "not destructive").
func preciseAuthorLists(s string) []preciseAuthorList {
	var out []preciseAuthorList
	for _, loc := range preciseAuthorListTalk.FindAllStringSubmatchIndex(s, -1) {
		before := strings.ToLower(s[max(0, loc[0]-4):loc[0]])
		if strings.HasSuffix(before, "non-") || strings.HasSuffix(before, "non ") || strings.HasSuffix(before, "not ") {
			continue
		}
		for g := 2; g+1 < len(loc); g += 2 {
			if loc[g] >= 0 {
				out = append(out, preciseAuthorList{list: s[loc[g]:loc[g+1]], said: s[loc[0]:loc[1]]})
				break
			}
		}
	}
	// The tail needs "is" or "are" right before the adjective, so "are
	// non-destructive" and "are not destructive" never match it.
	for _, loc := range preciseAuthorListedTail.FindAllStringSubmatchIndex(s, -1) {
		out = append(out, preciseAuthorList{list: s[loc[2]:loc[3]], said: s[loc[0]:loc[1]]})
	}
	return out
}

// preciseIdentifierLike reports whether a word is written as an
// identifier: with an underscore, an inner hyphen or dot, or a capital
// after the first letter (deleteRecord).
func preciseIdentifierLike(w string) bool {
	w = strings.Trim(w, ".-")
	if strings.ContainsAny(w, "_.-") {
		return true
	}
	for i, r := range w {
		if i > 0 && r >= 'A' && r <= 'Z' {
			return true
		}
	}
	return false
}

// preciseBulkWords in a tool's name say it acts on many records at once.
var preciseBulkWords = map[string]bool{"bulk": true, "batch": true, "mass": true, "multiple": true, "many": true}

// preciseReplacesAllTalk is a field's description saying what it sets
// replaces what is there: "Labels to set (replaces all)", "replaces the
// existing tags", "overwrites current values", "reemplaza todas",
// "ersetzt alle".
var preciseReplacesAllTalk = regexp.MustCompile(`(?i)\breplac(?:e|es|ing)\s+(?:all|every|any|the\s+existing|existing|the\s+current|current)\b|\boverwrit(?:e|es|ing)\s+(?:all|every|any|the\s+existing|existing|the\s+current|current)\b|\breemplaza\s+(?:todos|todas|los|las)\b|\bremplace\s+(?:tous|toutes|les)\b|\bersetzt\s+(?:alle|die\s+vorhandenen|bestehende)\b`)

// preciseBulkReplaces says why a tool that edits many records at once (its
// name says bulk or batch, or it takes a required list of record ids or
// keys) writes over what they hold: one of its fields, at any depth, says
// it replaces what is there ("Labels to set (replaces all)"). An edit of one
// record that replaces a field is an update; across many records at once
// it cannot be taken back by hand.
func preciseBulkReplaces(t *tgTool) string {
	bulk := false
	for _, w := range t.nameWords {
		bulk = bulk || preciseBulkWords[w]
	}
	props := t.t.Params()
	for _, name := range t.t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		toks := text.IdentifierTokens(name)
		if obj != nil && isJSONString(obj["type"], "array") && len(toks) > 0 && preciseIDListEnds[strings.ToLower(toks[len(toks)-1])] && slices.Contains(t.t.Required(), name) {
			bulk = true
		}
	}
	if !bulk {
		return ""
	}
	return preciseReplacingField(props, t.t.ParamNames(), "", 0)
}

// preciseIDListEnds end the name of a list of record ids or keys.
var preciseIDListEnds = map[string]bool{"ids": true, "keys": true, "uuids": true}

// preciseReplacingField finds, in props and the objects nested under them,
// a field whose description says it replaces what is there, and says why.
func preciseReplacingField(props map[string]any, names []string, prefix string, depth int) string {
	if depth > 3 {
		return ""
	}
	for _, name := range names {
		obj, _ := props[name].(map[string]any)
		if obj == nil {
			continue
		}
		if d, _ := obj["description"].(string); d != "" {
			if m := preciseReplacesAllTalk.FindString(d); m != "" {
				return fmt.Sprintf("it edits many records at once and its `%s%s` field %q", prefix, name, secSnippet(m))
			}
		}
		for _, subProps := range preciseNestedProps(obj) {
			if why := preciseReplacingField(subProps, secSortedKeys(subProps), prefix+name+".", depth+1); why != "" {
				return why
			}
		}
	}
	return ""
}

// Live acts read from structure: a name's verb and object with the
// parameter that makes the act real (issue 21).
var (
	// precisePlaceVerbs open a name that starts a call or a task.
	precisePlaceVerbs = []string{"create", "make", "place", "start", "initiate", "trigger", "launch", "dial", "new", "post", "publish", "open", "register"}
	// preciseBuyVerbs open a name that obtains a billed resource.
	preciseBuyVerbs = []string{"create", "buy", "purchase", "provision", "order", "acquire", "rent", "register"}
	// precisePaidTaskNouns end the name of a task others are paid to do.
	precisePaidTaskNouns = []string{"bounty", "bounties", "gig", "gigs", "quest", "quests", "job", "jobs", "task", "tasks", "hire", "errand", "errands"}
	// precisePayWords end a numeric parameter holding what is paid.
	precisePayWords = []string{"price", "reward", "budget", "amount", "bounty", "payment", "pay", "fee", "compensation", "wage", "salary", "payout"}
)

// preciseLiveAct returns why a tool's call is live and cannot be taken
// back though no delete verb names it, from its name and schema, or "":
// it places a phone call to a number it is given (create_phone_call with
// toNumber), obtains a phone number billed to the account
// (create_phone_number with areaCode), or posts a task with a price for
// someone to be paid (create_bounty with price). A create that only adds
// a free record (create_contact with phone_number) stays silent.
func preciseLiveAct(t *tgTool) string {
	w := t.nameWords
	if len(w) < 2 {
		return ""
	}
	verb := w[0]
	last := w[len(w)-1]
	if last == "tool" && len(w) > 2 {
		last = w[len(w)-2]
	}
	params := secParams(t.t)
	has := func(ok func(pw []string, s map[string]any) bool) string {
		for _, p := range params {
			if pw := secIdentifierWords(p.name); len(pw) > 0 && ok(pw, p.schema) {
				return p.name
			}
		}
		return ""
	}
	if slices.Contains(precisePlaceVerbs, verb) && (last == "call" || last == "calls") {
		if p := has(func(pw []string, _ map[string]any) bool {
			return secHasWord(pw, "number", "phone", "msisdn") && secHasWord(pw, "to", "customer", "recipient", "destination", "callee", "target")
		}); p != "" {
			return fmt.Sprintf("its name places a call and `%s` takes the number it rings: a live call, billed, that reaches a person", p)
		}
	}
	if slices.Contains(preciseBuyVerbs, verb) && (last == "number" || last == "numbers") && secHasWord(w, "phone", "did", "sms", "voice") {
		if p := has(func(pw []string, _ map[string]any) bool {
			return secHasWord(pw, "area", "country", "region", "locality", "prefix")
		}); p != "" || slices.Contains([]string{"buy", "purchase", "provision", "rent", "acquire"}, verb) {
			return "its name obtains a phone number for the account (chosen by area, country or region): a number bought and billed"
		}
	}
	if slices.Contains(precisePlaceVerbs, verb) && slices.Contains(precisePaidTaskNouns, last) {
		if p := has(func(pw []string, s map[string]any) bool {
			return (isJSONString(s["type"], "number") || isJSONString(s["type"], "integer")) && secHasWord(pw[len(pw)-1:], precisePayWords...) &&
				!secHasWord(pw, "min", "max", "minimum", "maximum", "filter", "from", "estimated", "estimate")
		}); p != "" {
			return fmt.Sprintf("its name posts a %s and `%s` sets what is paid: money committed to whoever takes it", last, p)
		}
	}
	return ""
}

// precisePublishesLive returns why a tool puts changes live for everyone
// at once, from its name and schema, or "": a publish named tool that
// takes the domains it publishes to (sites_publish with customDomains),
// or a change named "live" (collections_items_update_items_live). What
// visitors saw is replaced; a read of the publish state
// (get_publish_status) and an unpublish stay silent.
func precisePublishesLive(t *tgTool) string {
	w := t.nameWords
	if len(w) == 0 || text.IsReadVerb(w[0]) || secHasWord(w, "unpublish", "status", "draft", "preview", "staging") {
		return ""
	}
	if secHasWord(w, "publish") {
		for _, p := range secParams(t.t) {
			if pw := secIdentifierWords(p.name); secHasWord(pw, "domain", "domains", "subdomain") {
				return fmt.Sprintf("its name publishes and `%s` takes the domains it goes live on, replacing what visitors see", p.name)
			}
		}
	}
	if secHasWord(w, "live", "production", "prod") && secHasWord(w, "update", "replace", "set", "overwrite", "edit", "patch") {
		return "its name writes changes straight to the live site, replacing what visitors see"
	}
	if secHasWord(w, "deploy", "redeploy") && !secHasWord(w, "new", "create", "cancel", "list", "logs", "log", "plan", "validate", "check") {
		// aio_app_deploy "deploys the entire app": a whole-app deploy
		// writes over every action, page or function deployed before.
		if m := preciseToolTextMatch(t, t.desc, preciseWholeDeployTalk); m != "" {
			return fmt.Sprintf("it deploys over what is running (%q), replacing every part deployed before", secSnippet(m))
		}
	}
	return ""
}

// preciseToolTextMatch returns re's first match in lead (the tool's
// description, or the part of it a reading takes) and then in each of its
// parameters' descriptions (top level and nested, as secParams lists
// them), or "".
func preciseToolTextMatch(t *tgTool, lead string, re *regexp.Regexp) string {
	if m := re.FindString(lead); m != "" {
		return m
	}
	for _, p := range secParams(t.t) {
		if d, _ := p.schema["description"].(string); d != "" {
			if m := re.FindString(d); m != "" {
				return m
			}
		}
	}
	return ""
}

// preciseWholeDeployTalk says a deploy puts a whole application in place
// of the one running: "deploys the entire app", "redeploy the whole
// project", "deploys all functions".
var preciseWholeDeployTalk = regexp.MustCompile(`(?i)\b(?:re)?deploy(?:s|ing)?\s+(?:the\s+)?(?:entire|whole|full|complete|all(?:\s+of\s+the)?)\s+(?:[\w-]+\s+)?(?:app|application|project|site|service|stack|functions|actions|workers?)\b`)

// preciseScaffoldNouns name what a debugging or testing session sets up
// for itself and takes down again: a mock or stub that answers requests in
// place of the network, a breakpoint, a port forward or tunnel to a
// debugger, a watcher, an interceptor.
var preciseScaffoldNouns = map[string]bool{
	"mock": true, "mocks": true, "stub": true, "stubs": true, "breakpoint": true, "breakpoints": true,
	"logpoint": true, "logpoints": true, "watchpoint": true, "watchpoints": true, "forward": true, "forwards": true,
	"portforward": true, "watcher": true, "watchers": true, "interceptor": true, "interceptors": true,
}

// preciseScaffoldTalk is an opening sentence naming such an artefact: "a
// network mock rule", "an HDC port-forward", "the file watcher".
var preciseScaffoldTalk = regexp.MustCompile(`(?i)\b(?:mock|stub)\s+(?:rules?|routes?|responses?)\b|\bport[\s-]?forward(?:s|ing)?\b|\b(?:file\s+)?watchers?\b|\binterceptors?\b`)

// preciseMadeBySessionTalk is a description saying the server made what
// is removed: "created for inspection", "set up by start_trace".
var preciseMadeBySessionTalk = regexp.MustCompile(`(?i)\b(?:created|set\s+up|opened|added|registered)\s+(?:by|for|during|with)\b`)

// preciseDurableTalk is a description placing what is removed where it
// outlives the session: saved, persisted, in a project or config file, on
// disk, or for good.
var preciseDurableTalk = regexp.MustCompile(`(?i)\b(?:saved|persist\w*|stored|project|workspace|collection|config(?:uration)?\s+files?|on\s+disk|permanent\w*|irreversibl\w*|cannot\s+be\s+undone)\b`)

// preciseFileTalk is a description naming a file the server keeps things
// in: a file name with a data extension (rules.json, stubs.yaml), "file"
// or "文件".
var preciseFileTalk = regexp.MustCompile(`(?i)\b[\w-]+\.(?:json|ya?ml|toml|xml|ini|conf|har)\b|\bfiles?\b|文件|ファイル`)

// preciseRemovesScaffolding says why a removal takes down only scaffolding
// the server's own tools set up for a debugging or testing session, or
// "": its name says it removes (remove, delete, close, drop, stop), its
// name or opening names such an artefact (a mock rule, a stub, a
// breakpoint, a port forward, a watcher), the server made it (a sibling
// tool names the same artefact without removing it, or the description
// says it was created for the session), and nothing places it where it
// outlives the session: its description, or any of the server's tools
// that names the same artefact, says it is saved, persisted or kept in a
// file (a mock server's rules.json, a persisted stub). A
// mock server's saved collection, a webhook or a scheduled job are not
// scaffolding and stay destructive.
func preciseRemovesScaffolding(tools []tgTool, t *tgTool) string {
	if t.destructPhrase || preciseDurableTalk.MatchString(t.desc) {
		return ""
	}
	removes := false
	for _, w := range t.nameWords {
		switch w {
		case "remove", "delete", "clear", "close", "drop", "stop", "unset", "detach", "cancel":
			removes = true
		}
	}
	if !removes {
		// manage_stub with an action "delete": a tool of several acts
		// whose delete may reach more than the session's scaffolding.
		return ""
	}
	first, _, _ := strings.Cut(strings.TrimSpace(preciseProse(t.desc)), ".")
	noun := ""
	for _, w := range t.nameWords {
		if preciseScaffoldNouns[w] {
			noun = w
			break
		}
	}
	if noun == "" {
		m := preciseScaffoldTalk.FindString(first)
		if m == "" {
			return ""
		}
		noun = strings.ToLower(m)
	}
	stem := strings.TrimSuffix(strings.Fields(noun)[0], "s")
	for i := range tools {
		if d := tools[i].desc; strings.Contains(strings.ToLower(d), stem) && (preciseDurableTalk.MatchString(d) || preciseFileTalk.MatchString(d)) {
			// reload_rules: "reload mock rules from the file (after
			// editing rules.json)": the server keeps them in a file, the
			// user's durable work, not a session's scaffolding.
			return ""
		}
	}
	if preciseMadeBySessionTalk.MatchString(t.desc) {
		return fmt.Sprintf("it removes only session scaffolding the server set up (%s), which is set up again", noun)
	}
	for i := range tools {
		o := &tools[i]
		if o == t || o.name == t.name || tgReadsLikeDeletion(o) {
			continue
		}
		for _, w := range o.nameWords {
			if w == noun || preciseScaffoldNouns[w] && strings.Contains(noun, strings.TrimSuffix(w, "s")) {
				return fmt.Sprintf("it removes only session scaffolding (%s) that `%s` sets up again", noun, o.name)
			}
		}
	}
	return ""
}

// preciseCallCostTalk is a sentence saying the call itself costs money or
// starts something billed: "may incur costs", "keeps incurring storage
// charges", "BILLABLE from creation", "a shared and billed resource",
// "your card will be charged", "calls a paid API". A price quoted for
// reading ("costs 1 credit per row") is not among them: metered reads are
// how many APIs work, and nothing is bought.
var preciseCallCostTalk = regexp.MustCompile(`(?i)\bincur(?:s|ring)?\s+(?:\w+\s+){0,2}?(?:costs?|charges?|fees?|billing)\b` +
	`|\b(?:an?|the|this)\s+(?:[\w-]+\s+(?:and\s+)?)?(?:billable|billed)\s+(?:[\w-]+\s+)?resource\b|\bbillable\s+(?:from|until)\b|\bbillable\s*:|^\s*billable\s*$` +
	`|\b(?:costs?|charges?|consumes?|spends?)\s+(?:real\s+)?money\b` +
	`|\b(?:you|your\s+(?:account|card)|the\s+(?:user|customer|account|card|caller))\s+(?:will|may)\s+be\s+(?:charged|billed)\b` +
	`|\bcharges?\s+(?:the\s+)?(?:user's|customer's|your|caller's|payer's)\s+(?:credit\s+)?(?:card|account|wallet|balance)\b` +
	`|\b(?:calls?|uses?)\s+(?:a\s+)?paid\s+(?:api|service|endpoint|model)\b|\bpaid\s+(?:generation|request|call)s?\b`)

// preciseCostReadWords in a tool's name make it about a price, a cost or a
// bill, not a purchase: estimate_cost, get_pricing, quote_order,
// preview_invoice, check_balance, list_billing.
var preciseCostReadWords = map[string]bool{
	"estimate": true, "estimated": true, "quote": true, "quotes": true, "preview": true, "simulate": true, "calculate": true,
	"price": true, "prices": true, "pricing": true, "cost": true, "costs": true, "balance": true, "balances": true,
	"billing": true, "bill": true, "bills": true, "invoice": true, "invoices": true, "usage": true, "spend": true, "spending": true,
}
