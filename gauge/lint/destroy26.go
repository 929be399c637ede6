package lint

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Round 26 (issue 21) readings of MCP040 for effects that cannot be taken
// back without a delete verb: cutting something off at once, and moving
// money named by the description's opening.

// destroy26CutOffVerbs switch off or sever something that exists: a card,
// a bank account, a capability, a link, an integration. What depended on
// it stops at once.
var destroy26CutOffVerbs = map[string]bool{
	"disable": true, "deactivate": true, "discontinue": true, "suspend": true, "disconnect": true, "sever": true,
}

// destroy26RestoreVerbs turn back on what a cut-off verb switched off.
var destroy26RestoreVerbs = map[string]bool{
	"enable": true, "activate": true, "reactivate": true, "reenable": true, "resume": true, "unsuspend": true,
	"connect": true, "reconnect": true, "restore": true, "reinstate": true, "continue": true,
	// A configuration disconnected is set again by the tool that saves
	// it (saveGitProvider beside disconnectGitProvider).
	"save": true, "set": true,
}

// destroy26RestoreTalk is a tool's text saying what it cuts off comes back:
// "can be re-enabled", "reactivate it later", an action enum offering
// enable beside disable.
var destroy26RestoreTalk = regexp.MustCompile(`(?i)\b(?:re-?enabl\w*|enabl(?:e|es|ed|ing)|re-?activat\w*|(?:^|[^-\w])activat(?:e|es|ed|ing)|resum(?:e|es|ed|ing)|reconnect\w*|unsuspend\w*|reinstat\w*)\b`)

// destroy26CutOffOpening is a description opening on cutting something
// off: "Disables a card", "Discontinue using a bank account", "This will
// sever the connection", "Suspends the account".
var destroy26CutOffOpening = regexp.MustCompile(`(?i)^\s*(?:this\s+(?:will|call\s+will)\s+)?(?:disabl(?:e|es)|deactivat(?:e|es)|discontinu(?:e|es)|suspend(?:s)?|disconnect(?:s)?|sever(?:s)?)\b`)

// destroy26SessionObjects name what a client holds for itself (its
// session, its connection to the server, its sign-in, a local setting or
// a debug aid): cutting one off is a sign-out or a toggle, not a loss.
var destroy26SessionObjects = map[string]bool{
	"session": true, "sessions": true, "login": true, "auth": true, "credentials": true, "token": true, "tokens": true,
	"server": true, "client": true, "socket": true, "websocket": true, "browser": true, "device": true, "devices": true,
	"debug": true, "debugger": true, "logging": true, "log": true, "logs": true, "tracing": true, "trace": true,
	"notification": true, "notifications": true, "mode": true, "cache": true, "tool": true, "tools": true,
	"breakpoint": true, "breakpoints": true, "watch": true, "watcher": true, "preview": true, "telemetry": true,
}

// destroy26CutsOff says why a tool switches off or severs something that
// exists with no way back the server offers, or "": its name's verb (the
// first word, or the last of a noun-first name such as cards_disable) or
// its description's opening verb disables, deactivates, discontinues,
// suspends, disconnects or severs, no other tool of the server turns the
// same thing back on (enable_x beside disable_x), its own text offers no
// way back (an enable action, "can be re-enabled"), and what it cuts off
// is not the client's own session, sign-in or a local toggle.
func destroy26CutsOff(tools []tgTool, t *tgTool) string {
	words := t.nameWords
	if len(words) == 0 || text.IsReadVerb(words[0]) {
		return ""
	}
	verb := ""
	switch {
	case destroy26CutOffVerbs[words[0]]:
		verb = words[0]
	case len(words) > 1 && destroy26CutOffVerbs[words[len(words)-1]]:
		verb = words[len(words)-1]
	default:
		if m := destroy26CutOffOpening.FindString(strings.TrimSpace(preciseProse(t.desc))); m != "" && preciseNameDestroys(words) == "" {
			fields := strings.Fields(strings.ToLower(m))
			verb = fields[len(fields)-1]
		}
	}
	if verb == "" {
		return ""
	}
	for _, w := range words {
		if destroy26SessionObjects[w] || destroy26RestoreVerbs[w] {
			return ""
		}
	}
	first, _, _ := strings.Cut(strings.TrimSpace(preciseProse(t.desc)), ".")
	for _, w := range strings.FieldsFunc(strings.ToLower(first), func(r rune) bool { return !(r >= 'a' && r <= 'z') }) {
		if destroy26SessionObjects[w] || destroy26SessionObjects[strings.TrimSuffix(w, "s")] {
			// "Disconnect from all SSH servers": the client's own
			// connections, opened again by the next call.
			return ""
		}
	}
	if destroy26RestoreTalk.MatchString(t.desc) || destroy26RestoreTalk.MatchString(destroy26SchemaText(t)) {
		return ""
	}
	if other := destroy26RestoringSibling(tools, t); other != "" {
		return ""
	}
	return fmt.Sprintf("it %s something that exists (%q), and no tool of the server turns it back on, so what depended on it stops at once", destroy26Third(verb), verb)
}

// destroy26Third is verb in the third person, for the finding's message.
func destroy26Third(verb string) string {
	switch verb {
	case "disable", "deactivate", "discontinue":
		return verb + "s"
	case "disables", "deactivates", "discontinues", "suspends", "disconnects", "severs":
		return verb
	}
	return verb + "s"
}

// destroy26SchemaText is the text of t's parameters: their names, enum
// values and descriptions, where an action enum offers the way back.
func destroy26SchemaText(t *tgTool) string {
	var b strings.Builder
	for _, p := range t.params {
		b.WriteString(p.name)
		b.WriteByte(' ')
		if d, _ := p.obj["description"].(string); d != "" {
			b.WriteString(d)
			b.WriteByte(' ')
		}
		if e, _ := p.obj["enum"].([]any); e != nil {
			for _, v := range e {
				if s, ok := v.(string); ok {
					b.WriteString(s)
					b.WriteByte(' ')
				}
			}
		}
	}
	return b.String()
}

// destroy26RestoringSibling returns the name of another tool of the
// server whose name holds a restoring verb (enable, activate, resume,
// connect, ...) and every word of what t cuts off (enable_bundle_capability
// for disable_bundle_capability; accounts_connect does not restore
// bank_accounts_disable), or that names the same thing and whose schema
// sets its state back to enabled or active (webhooks_update with status
// "enabled" beside webhooks_disable; a list tool's "active" filter only
// reads), or "".
func destroy26RestoringSibling(tools []tgTool, t *tgTool) string {
	objects := map[string]bool{}
	for _, w := range t.nameWords {
		if !destroy26CutOffVerbs[w] && len(w) > 2 {
			objects[strings.TrimSuffix(w, "s")] = true
		}
	}
	for i := range tools {
		o := &tools[i]
		if o.name == t.name {
			continue
		}
		restores, seen, reads := false, map[string]bool{}, false
		for _, w := range o.nameWords {
			reads = reads || text.IsReadVerb(w)
			if destroy26RestoreVerbs[w] {
				restores = true
			}
			seen[strings.TrimSuffix(w, "s")] = true
		}
		shares := true
		for w := range objects {
			if !seen[w] {
				shares = false
			}
		}
		if shares && (restores || !reads && destroy26OffersEnabled(o)) {
			return o.name
		}
	}
	return ""
}

// destroy26MoneyOpening is a description opening on money leaving or
// coming back: "Move money from a source to a destination", "Send funds
// to", "Reverses a card transfer", "Refunds a payment", "Accepts liability
// for a dispute", "Initiate a cancellation for a card, ACH, or queued
// transfer".
var destroy26MoneyOpening = regexp.MustCompile(`(?i)^\s*(?:(?:moves?|sends?|transfers?|wires?|disburses?|pays?\s+out)\s+(?:the\s+|some\s+)?(?:money|funds)\b` +
	`|(?:reverses?|refunds?|voids?|claws?\s+back)\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}?(?:transfers?|payments?|charges?|transactions?|payouts?)\b` +
	`|accepts?\s+(?:the\s+)?liability\b` +
	`|(?:initiates?\s+|creates?\s+|requests?\s+)?(?:a\s+)?(?:cancellation|reversal|refund)\s+(?:for|of)\s+(?:a|an|the)\s+(?:[\w,-]+\s+){0,5}?(?:transfers?|payments?|charges?|transactions?)\b)`)

// destroy26MovesMoney returns the words of a description that opens on
// moving money (sending it, reversing or refunding a payment, accepting
// liability for a chargeback), or "". Money that has moved does not come
// back by another call.
func destroy26MovesMoney(t *tgTool) string {
	if len(t.nameWords) > 0 && text.IsReadVerb(t.nameWords[0]) {
		return ""
	}
	if destroy26KeepsMoney.MatchString(t.desc) {
		return ""
	}
	return destroy26MoneyOpening.FindString(strings.TrimSpace(preciseProse(t.desc)))
}

// destroy26KeepsMoney is a description saying the money stays where it
// was or the books keep what is reversed: moved "between two of the
// company's own accounts", a reversal that "creates a new transaction
// that undoes the original, preserving the full history". Neither leaves
// the owner's hands nor erases a record.
var destroy26KeepsMoney = regexp.MustCompile(`(?i)\bbetween\s+(?:two\s+of\s+)?(?:the\s+[\w-]+'s\s+|your\s+|its\s+|their\s+|our\s+)?own\s+accounts\b|\bpreserv(?:es|ing)\s+(?:the\s+)?(?:full\s+|complete\s+)?history\b|\bcreates?\s+a\s+(?:new\s+|compensating\s+|offsetting\s+)?(?:transaction|entry)\s+that\s+(?:undoes|reverses|offsets)\b`)

// destroy26LinkNounCutOff reports whether why, preciseReversible's reason
// for a tool, is that its operations remove only links, while the tool in
// fact switches off a thing named "link" (a payment link, an invite link)
// with nothing to switch it on again: disabling such a link is not
// unlinking two things that both stay.
func destroy26LinkNounCutOff(tools []tgTool, t *tgTool, why string) bool {
	return strings.HasPrefix(why, "its operations remove only ") && destroy26CutsOff(tools, t) != ""
}

// destroy26EnabledValue is a state value in a schema that turns a thing
// back on: an enum or const "enabled", "active", "enable".
var destroy26EnabledValue = regexp.MustCompile(`(?i)"(?:enabled?|active|activated?)"`)

// destroy26OffersEnabled reports whether a tool's input schema, at any
// depth, offers a state value that turns a thing back on.
func destroy26OffersEnabled(o *tgTool) bool {
	b, err := json.Marshal(o.t.InputSchema)
	return err == nil && destroy26EnabledValue.Match(b)
}

// destroy26ToProduction is text saying where a deploy or promotion goes is
// what users are served now: "to Production", "into the production
// environment", "to the live site".
var destroy26ToProduction = regexp.MustCompile(`(?i)\b(?:to|into|on|onto)\s+(?:the\s+|your\s+)?(?:production|prod|live)\b(?:\s+(?:environment|site|slot|stage|cluster|project))?`)

// destroy26PromotesToProduction says why a tool named to deploy, promote
// or release puts something in place of what production serves, or "": its
// name's verb (first word, or after a namespace such as
// `onfinality.PromoteDeployment`) deploys, promotes or releases, and its
// description or a parameter's says it goes to production or live. What
// users were served is replaced at once; a rollback may bring back the
// code but not what ran against it. A read, a preview, a staging or draft
// deploy and a cancel are left out, as precisePublishesLive leaves them.
func destroy26PromotesToProduction(t *tgTool) string {
	w := t.nameWords
	if len(w) == 0 || text.IsReadVerb(w[0]) || secHasWord(w, "status", "draft", "preview", "staging", "cancel", "list", "logs", "log", "plan", "validate", "check", "rollback", "undo") {
		return ""
	}
	lead := false
	for i, x := range w {
		if i > 1 {
			break
		}
		if x == "deploy" || x == "redeploy" || x == "promote" || x == "release" {
			lead = true
		}
	}
	if !lead {
		return ""
	}
	texts := []string{preciseProse(t.desc)}
	for _, p := range secParams(t.t) {
		if d, _ := p.schema["description"].(string); d != "" {
			texts = append(texts, d)
		}
	}
	for _, d := range texts {
		if m := destroy26ToProduction.FindString(d); m != "" {
			return fmt.Sprintf("its name deploys or promotes, and it goes %q, in place of what users are served now", secSnippet(m))
		}
	}
	return ""
}

// destroy26LinkMakers are the verbs that make the link a removal breaks.
var destroy26LinkMakers = []string{"add", "create", "connect", "link", "insert"}

// destroy26LinkCarriesValues says why a removal read as "only a relation
// between two things" loses what the relation itself holds, or "": the
// server's tool that makes the link (the same name with add, create,
// connect, link or insert in place of the removing verb) takes values of
// its own besides the ends' references (a condition, a priority, a label,
// a weight), and the removal takes none of them. Removing such a link is
// not undone by naming its two ends again: what it carried goes. A maker
// that takes only the ends' references keeps the relation reading.
func destroy26LinkCarriesValues(tools []tgTool, t *tgTool) string {
	if !strings.HasPrefix(preciseReversible(tools, t), "it removes only a relation between") {
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
	for _, maker := range destroy26LinkMakers {
		want := append(append(append([]string{}, words[:verb]...), maker), words[verb+1:]...)
		for i := range tools {
			o := &tools[i]
			if strings.Join(o.nameWords, " ") != strings.Join(want, " ") {
				continue
			}
			var values []string
			for _, p := range o.params {
				n := strings.ToLower(p.name)
				if own[n] || strings.HasSuffix(n, "id") || strings.HasSuffix(n, "ids") || strings.HasSuffix(n, "_key") {
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
