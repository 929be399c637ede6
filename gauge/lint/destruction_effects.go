package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Readings of MCP040 (revision 32) for effects that cannot be taken
// back without a delete verb: cutting something off at once, and moving
// money named by the description's opening.

// effectCutOffVerbs switch off or sever something that exists: a card,
// a bank account, a capability, a link, an integration. What depended on
// it stops at once.
var effectCutOffVerbs = map[string]bool{
	"disable": true, "deactivate": true, "discontinue": true, "suspend": true, "disconnect": true, "sever": true,
}

// effectRestoreVerbs turn back on what a cut-off verb switched off.
var effectRestoreVerbs = map[string]bool{
	"enable": true, "activate": true, "reactivate": true, "reenable": true, "resume": true, "unsuspend": true,
	"connect": true, "reconnect": true, "restore": true, "reinstate": true, "continue": true,
	// A configuration disconnected is set again by the tool that saves
	// it (saveGitProvider beside disconnectGitProvider).
	"save": true, "set": true,
}

// effectRestoreTalk is a tool's text offering a way back for what it
// cuts off: a restoring verb ("can be re-enabled", "resume it later", "to
// enable it again", "Disable or enable a flag") or a participle after a
// modal ("can be enabled again"). The adjective of a state ("an enabled
// card", "the active session") is not a way back.
var effectRestoreTalk = regexp.MustCompile(`(?i)\b(?:re-?enabl\w*|enabl(?:e|es|ing)|re-?activat\w*|(?:^|[^-\w])activat(?:e|es|ing)|resum(?:e|es|ed|ing)|reconnect\w*|unsuspend\w*|reinstat\w*|(?:can|could|may|might|will)\s+(?:(?:later|again|then|also|easily)\s+)?be\s+(?:enabled|activated)|turn(?:s|ed)?\s+(?:it\s+|them\s+)?back\s+on)\b`)

// effectNegation is a negation within three words before a restoring
// phrase: "can never be re-enabled", "cannot be resumed", "no longer
// reactivates".
var effectNegation = regexp.MustCompile(`(?i)\b(?:not|never|cannot|can't|won't|no\s+longer|unable\s+to)\s+(?:\S+\s+){0,2}$`)

// effectOffersWayBack reports whether a text offers a way back for
// what the tool cuts off: a restoring phrase with no negation just before
// it.
func effectOffersWayBack(s string) bool {
	for _, loc := range effectRestoreTalk.FindAllStringIndex(s, -1) {
		if !effectNegation.MatchString(s[:loc[0]]) {
			return true
		}
	}
	return false
}

// effectCutOffOpening is a description opening on cutting something
// off: "Disables a card", "Discontinue using a bank account", "This will
// sever the connection", "Suspends the account".
var effectCutOffOpening = regexp.MustCompile(`(?i)^\s*(?:this\s+(?:will|call\s+will)\s+)?(?:disabl(?:e|es)|deactivat(?:e|es)|discontinu(?:e|es)|suspend(?:s)?|disconnect(?:s)?|sever(?:s)?)\b`)

// effectSessionObjects name what a client holds for itself (its
// session, its connection to the server, its sign-in, a local setting or
// a debug aid): cutting one off is a sign-out or a toggle, not a loss.
var effectSessionObjects = map[string]bool{
	"session": true, "sessions": true, "login": true, "auth": true, "credentials": true, "token": true, "tokens": true,
	"server": true, "client": true, "socket": true, "websocket": true, "browser": true, "device": true, "devices": true,
	"debug": true, "debugger": true, "logging": true, "log": true, "logs": true, "tracing": true, "trace": true,
	"notification": true, "notifications": true, "mode": true, "cache": true, "tool": true, "tools": true,
	"breakpoint": true, "breakpoints": true, "watch": true, "watcher": true, "preview": true, "telemetry": true,
}

// effectCutsOff says why tools[i] switches off or severs something that
// exists with no way back the server offers, or "": its name's verb (the
// first word, or the last of a noun-first name such as cards_disable) or
// its description's opening verb disables, deactivates, discontinues,
// suspends, disconnects or severs, no other tool of the server turns the
// same thing back on (enable_x beside disable_x), its own text offers no
// way back (an enable action, "can be re-enabled", not negated), and what
// it cuts off (its name, or the object of its opening verb) is not the
// client's own session, sign-in or a local toggle.
func effectCutsOff(ctx *Context, i int) string {
	tools := tgTools(ctx)
	t := &tools[i]
	words := t.nameWords
	if len(words) == 0 || text.IsReadVerb(words[0]) {
		return ""
	}
	verb := ""
	switch {
	case effectCutOffVerbs[words[0]]:
		verb = words[0]
	case len(words) > 1 && effectCutOffVerbs[words[len(words)-1]]:
		verb = words[len(words)-1]
	default:
		if m := effectCutOffOpening.FindString(strings.TrimSpace(preciseProse(t.desc))); m != "" && preciseNameDestroys(words) == "" {
			fields := strings.Fields(strings.ToLower(m))
			verb = fields[len(fields)-1]
		}
	}
	if verb == "" {
		return ""
	}
	for _, w := range words {
		if effectSessionObjects[w] || effectRestoreVerbs[w] {
			return ""
		}
	}
	for _, w := range effectOpeningObject(preciseProse(t.desc)) {
		if effectSessionObjects[w] || effectSessionObjects[strings.TrimSuffix(w, "s")] {
			// "Disconnect from all SSH servers": the client's own
			// connections, opened again by the next call.
			return ""
		}
	}
	facts := effectToolFacts(ctx)
	if effectOffersWayBack(t.desc) || facts.tools[i].offersWayBack {
		return ""
	}
	if effectRestoringSibling(facts, i) >= 0 {
		return ""
	}
	third := verb
	if !strings.HasSuffix(verb, "s") {
		third = mcp026Third(verb)
	}
	return fmt.Sprintf("it %s something that exists (%q), and no tool of the server turns it back on, so what depended on it stops at once", third, verb)
}

// effectOpeningObject returns the words of what a description's opening
// verb acts on: the words of its first sentence after the cut-off verb (or
// after its first word), a leading "from" or "off" skipped, up to the first
// preposition or conjunction (secPhraseStops). "Suspends the account and
// signs out every session" cuts off the account; "Disconnect from every
// database server" the servers.
func effectOpeningObject(desc string) []string {
	first, _, _ := strings.Cut(strings.TrimSpace(desc), ".")
	ws := strings.FieldsFunc(strings.ToLower(first), func(r rune) bool { return !(r >= 'a' && r <= 'z') })
	start := 1
	for j, w := range ws {
		if effectCutOffStem.MatchString(w) {
			start = j + 1
			break
		}
	}
	for start < len(ws) && (ws[start] == "from" || ws[start] == "off" || ws[start] == "out") {
		start++
	}
	var out []string
	for j := start; j < len(ws) && j < start+8 && !secPhraseStops[ws[j]]; j++ {
		out = append(out, ws[j])
	}
	return out
}

// effectCutOffStem is a word of a cut-off verb, in any form.
var effectCutOffStem = regexp.MustCompile(`^(?:disabl|deactivat|discontinu|suspend|disconnect|sever)`)

// effectObjectFiller are name words that name no thing: an id, a
// preposition, an article.
var effectObjectFiller = map[string]bool{"id": true, "ids": true, "a": true, "an": true, "the": true, "all": true, "my": true, "one": true}

// effectMakerVerbs make a new thing: a create tool whose schema offers
// the state "active" makes an active thing, it does not turn a switched-off
// one back on.
var effectMakerVerbs = map[string]bool{"create": true, "add": true, "new": true, "insert": true, "register": true, "make": true, "issue": true, "generate": true}

// effectStateOn are the enum, const and default values that turn a thing
// (back) on: a state ("enabled", "active") or an action ("enable").
var effectStateOn = map[string]bool{"enable": true, "enabled": true, "reenable": true, "active": true, "activate": true, "activated": true,
	"reactivate": true, "resume": true, "unsuspend": true, "reinstate": true, "restore": true}

// effectTool is what the cut-off reading needs of one tool, computed
// once per run.
type effectTool struct {
	objects       []string        // the name's object words, "s" trimmed, verbs and filler left out
	seen          map[string]bool // every name word, "s" trimmed
	restorer      bool            // a tool that can turn a thing back on
	offersWayBack bool            // its schema offers a value that turns a thing on
}

// effectFacts are the per-tool facts of a server, with an index from a
// name word to the restorers whose name holds it ("" for restorers whose
// name names no object).
type effectFacts struct {
	tools  []effectTool
	byWord map[string][]int
}

// effectToolFacts returns the server's effectFacts, computed once per
// run: each tool's schema is walked once, never per pair of tools.
func effectToolFacts(ctx *Context) *effectFacts {
	return ctx.Memo("mcp040.cutoff-facts", func() any {
		tools := tgTools(ctx)
		f := &effectFacts{tools: make([]effectTool, len(tools)), byWord: map[string][]int{}}
		for i := range tools {
			o := &tools[i]
			d := effectTool{seen: map[string]bool{}, offersWayBack: effectSchemaOffersOn(o)}
			restores, reads, makes := false, false, false
			for j, w := range o.nameWords {
				reads = reads || text.IsReadVerb(w)
				restores = restores || effectRestoreVerbs[w]
				if (j == 0 || j == len(o.nameWords)-1) && effectMakerVerbs[w] {
					makes = true
				}
				w = strings.TrimSuffix(w, "s")
				d.seen[w] = true
				if !effectCutOffVerbs[w] && !effectCutOffVerbs[w+"s"] && !effectRestoreVerbs[w] && !secPhraseStops[w] && !effectObjectFiller[w] {
					d.objects = append(d.objects, w)
				}
			}
			// An update whose schema sets the state back to enabled
			// restores; a read's "active" filter and a create's
			// "active" status do not.
			d.restorer = restores || !reads && !makes && d.offersWayBack
			f.tools[i] = d
			if !d.restorer {
				continue
			}
			if len(d.objects) == 0 {
				f.byWord[""] = append(f.byWord[""], i)
			}
			for w := range d.seen {
				f.byWord[w] = append(f.byWord[w], i)
			}
		}
		return f
	}).(*effectFacts)
}

// effectSchemaOffersOn reports whether a tool's input schema, at any
// depth, offers an enum, const or default value that turns a thing on
// ("enabled", "active", an action "enable"), compared as a whole value.
func effectSchemaOffersOn(o *tgTool) bool {
	found := false
	secSchemaText(o.t.InputSchema, func(field, s string) {
		if field == "enum value" || field == "const value" || field == "default value" {
			found = found || effectStateOn[strings.Join(secIdentifierWords(s), "")]
		}
	}, 0)
	return found
}

// effectRestoringSibling returns the index of another tool of the
// server that turns back on what tools[i] cuts off, or -1: a restorer (its
// name holds a restoring verb, or, being neither a read nor a create, its
// schema sets the state to enabled or active) whose name holds every
// object word of tools[i]'s name (enable_bundle_capability for
// disable_bundle_capability; accounts_connect does not restore
// bank_accounts_disable). A name with no object words (disable) is
// restored only by a restorer whose name has none either (enable), not by
// any set_*.
func effectRestoringSibling(f *effectFacts, i int) int {
	objects := f.tools[i].objects
	key := ""
	if len(objects) > 0 {
		key = objects[0]
		for _, w := range objects[1:] {
			if len(f.byWord[w]) < len(f.byWord[key]) {
				key = w
			}
		}
	}
	for _, o := range f.byWord[key] {
		if o == i {
			continue
		}
		shares := true
		for _, w := range objects {
			if !f.tools[o].seen[w] {
				shares = false
				break
			}
		}
		if shares {
			return o
		}
	}
	return -1
}

// effectMoneyOpening is a description opening on money leaving or
// coming back: "Move money from a source to a destination", "Send funds
// to", "Reverses a card transfer", "Refunds a payment", "Accepts liability
// for a dispute", "Initiate a cancellation for a card, ACH, or queued
// transfer".
var effectMoneyOpening = regexp.MustCompile(`(?i)^\s*(?:(?:moves?|sends?|transfers?|wires?|disburses?|pays?\s+out)\s+(?:the\s+|some\s+)?(?:money|funds)\b` +
	`|(?:reverses?|refunds?|voids?|claws?\s+back)\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}?(?:transfers?|payments?|charges?|transactions?|payouts?)\b` +
	`|accepts?\s+(?:the\s+)?liability\b` +
	`|(?:initiates?\s+|creates?\s+|requests?\s+)?(?:a\s+)?(?:cancellation|reversal|refund)\s+(?:for|of)\s+(?:a|an|the)\s+(?:[\w,-]+\s+){0,5}?(?:transfers?|payments?|charges?|transactions?)\b)`)

// effectMovesMoney returns the words of a description that opens on
// moving money (sending it, reversing or refunding a payment, accepting
// liability for a chargeback), or "". Money that has moved does not come
// back by another call.
func effectMovesMoney(t *tgTool) string {
	if len(t.nameWords) > 0 && text.IsReadVerb(t.nameWords[0]) {
		return ""
	}
	if effectKeepsMoney.MatchString(t.desc) {
		return ""
	}
	return effectMoneyOpening.FindString(strings.TrimSpace(preciseProse(t.desc)))
}

// effectKeepsMoney is a description saying the money stays where it
// was or the books keep what is reversed: moved "between two of the
// company's own accounts", a reversal that "creates a new transaction
// that undoes the original, preserving the full history". Neither leaves
// the owner's hands nor erases a record.
var effectKeepsMoney = regexp.MustCompile(`(?i)\bbetween\s+(?:two\s+of\s+)?(?:the\s+[\w-]+'s\s+|your\s+|its\s+|their\s+|our\s+)?own\s+accounts\b|\bpreserv(?:es|ing)\s+(?:the\s+)?(?:full\s+|complete\s+)?history\b|\bcreates?\s+a\s+(?:new\s+|compensating\s+|offsetting\s+)?(?:transaction|entry)\s+that\s+(?:undoes|reverses|offsets)\b`)

// effectLinkNounCutOff reports whether why, preciseReversible's reason
// for a tool, is that its operations remove only links, while the tool in
// fact switches off a thing named "link" (a payment link, an invite link)
// with nothing to switch it on again: disabling such a link is not
// unlinking two things that both stay.
func effectLinkNounCutOff(ctx *Context, i int, why string) bool {
	return strings.HasPrefix(why, "its operations remove only ") && effectCutsOff(ctx, i) != ""
}

// effectToProduction is text saying where a deploy or promotion goes is
// what users are served now: "to Production", "into the production
// environment", "to the live site".
var effectToProduction = regexp.MustCompile(`(?i)\b(?:to|into|on|onto)\s+(?:the\s+|your\s+)?(?:production|prod|live)\b(?:\s+(?:environment|site|slot|stage|cluster|project))?`)

// effectPromotesToProduction says why a tool named to deploy, promote
// or release puts something in place of what production serves, or "": its
// name's verb (first word, or after a namespace such as
// `onfinality.PromoteDeployment`) deploys, promotes or releases, and its
// description or a parameter's says it goes to production or live. What
// users were served is replaced at once; a rollback may bring back the
// code but not what ran against it. A read, a preview, a staging or draft
// deploy and a cancel are left out, as precisePublishesLive leaves them.
func effectPromotesToProduction(t *tgTool) string {
	w := t.nameWords
	if len(w) == 0 || text.IsReadVerb(w[0]) || secHasWord(w, "status", "draft", "preview", "staging", "cancel", "list", "logs", "log", "plan", "validate", "check", "rollback", "undo") {
		return ""
	}
	lead := -1
	for i, x := range w {
		if i > 1 {
			break
		}
		if x == "deploy" || x == "redeploy" || x == "promote" || x == "release" {
			lead = i
			break
		}
	}
	if lead < 0 || (w[lead] == "promote" || w[lead] == "release") && !effectActsOnDeployable(w[lead+1:], t.desc) {
		return ""
	}
	if m := preciseToolTextMatch(t, preciseProse(t.desc), effectToProduction); m != "" {
		return fmt.Sprintf("its name deploys or promotes, and it goes %q, in place of what users are served now", secSnippet(m))
	}
	return ""
}

// effectDeployables are what a promotion or release puts in front of
// users: a build, a deployment, a version of an app or a model.
var effectDeployables = map[string]bool{"deployment": true, "deploy": true, "build": true, "release": true, "version": true,
	"revision": true, "artifact": true, "image": true, "app": true, "application": true, "site": true, "slot": true,
	"function": true, "service": true, "bundle": true, "preview": true, "model": true, "environment": true, "env": true,
	"branch": true, "commit": true, "change": true, "code": true, "container": true, "worker": true, "stack": true,
	"package": true, "candidate": true, "rollout": true, "canary": true}

// effectActsOnDeployable reports whether a promote or release verb acts
// on a deployable (promote_deployment, ReleaseVersion): the object words of
// the name after the verb, or, when the name has none, those of the
// description's opening ("Promote the current build to production"). A
// lock, a lease, a hold or a person promoted or released is not a deploy
// (release_lock, promote_participant "to the live stage").
func effectActsOnDeployable(after []string, desc string) bool {
	var object []string
	for _, x := range after {
		if secPhraseStops[x] {
			break
		}
		object = append(object, x)
	}
	if len(object) == 0 {
		object = effectOpeningObject(preciseProse(desc))
	}
	for _, x := range object {
		if effectDeployables[x] || effectDeployables[strings.TrimSuffix(x, "s")] {
			return true
		}
	}
	return false
}

// effectEndWords name one end of a link when they make up a parameter's
// whole name: source, target, from, to, parent, child (source_node,
// from_node).
var effectEndWords = map[string]bool{"source": true, "target": true, "from": true, "to": true, "parent": true, "child": true,
	"src": true, "dst": true, "dest": true, "destination": true, "node": true, "nodes": true, "vertex": true, "start": true, "end": true}

// effectRefWords end a parameter name that references a thing rather
// than carrying a value: sourceId, target_ids, sourceKey, parent_ref.
var effectRefWords = map[string]bool{"id": true, "ids": true, "key": true, "keys": true, "ref": true, "refs": true, "uri": true, "url": true}

// effectEndReference reports whether a link maker's parameter names an
// end of the link, read by identifier words: its last word is id, key,
// ref, uri or url (fromStationId, source_key), or every word names an end
// (source, target, from_node). `paid` or `valid` is a value, not an id.
func effectEndReference(name string) bool {
	ws := secIdentifierWords(name)
	if len(ws) == 0 {
		return false
	}
	if effectRefWords[ws[len(ws)-1]] {
		return true
	}
	for _, w := range ws {
		if !effectEndWords[w] {
			return false
		}
	}
	return true
}

// effectLinkMakers are the verbs that make the link a removal breaks.
var effectLinkMakers = []string{"add", "create", "connect", "link", "insert"}

// effectLinkCarriesValues says why a removal read as "only a relation
// between two things" loses what the relation itself holds, or "": the
// server's tool that makes the link (the same name with add, create,
// connect, link or insert in place of the removing verb) takes values of
// its own besides the ends' references (effectEndReference) (a condition, a priority, a label,
// a weight), and the removal takes none of them. Removing such a link is
// not undone by naming its two ends again: what it carried goes. A maker
// that takes only the ends' references keeps the relation reading.
// reversible is preciseReversible's reason for t.
func effectLinkCarriesValues(tools []tgTool, t *tgTool, reversible string) string {
	if !strings.HasPrefix(reversible, "it removes only a relation between") {
		return ""
	}
	words := t.nameWords
	verb := -1
	for i, w := range words {
		if text.IsDestructiveVerb(w) || w == "break" || w == "unlink" {
			verb = i
			break
		}
	}
	if verb < 0 {
		return ""
	}
	own := map[string]bool{}
	for _, p := range t.params {
		own[strings.ToLower(p.name)] = true
	}
	for _, maker := range effectLinkMakers {
		want := append(append(append([]string{}, words[:verb]...), maker), words[verb+1:]...)
		for i := range tools {
			o := &tools[i]
			if strings.Join(o.nameWords, " ") != strings.Join(want, " ") {
				continue
			}
			var values []string
			for _, p := range o.params {
				if own[strings.ToLower(p.name)] || effectEndReference(p.name) {
					continue
				}
				values = append(values, p.name)
			}
			if len(values) > 0 {
				return fmt.Sprintf("`%s` makes the link with values of its own (%s), which the removal loses", o.name, strings.Join(values, ", "))
			}
		}
	}
	return ""
}
