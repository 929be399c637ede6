package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// qg009 is QG009 qg-destructive-without-warning.
func qg009() Rule {
	return Rule{
		ID: "QG009", Name: "qg-destructive-without-warning", Family: "Quality-gate",
		Summary: "A destructive tool neither warns in its description nor sets destructiveHint: true.",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge,
		Revision: 29, Check: checkQG009,
	}
}

var qgCaution = regexp.MustCompile(`\b(?:cannot|can't|can\s*not)\s+be\s+(?:undone|reversed|recovered|restored)\b|\bno\s+undo\b|\bpermanent(?:ly)?\b|\birreversibl|\bunrecoverable\b|\bcaution\b|\bwarning\b|\bdangerous\b|\bdestructive\b|\bwithout\s+confirmation\b|\bbe\s+careful\b|\bwith\s+care\b|\bdata\s+loss\b|\bconfirm`)

// qgGoneTalk is a description that says what disappears ("Once deleted, it
// will no longer appear in the logs", "ya no aparecerá", "n'apparaîtra
// plus", "nicht mehr angezeigt"): the warning an author writes. Read in the
// default profile only, on the folded description, where a non-ASCII letter
// is '0' ("n'appara0tra", "verf0gbar").
var qgGoneTalk = regexp.MustCompile(`\bno\s+longer\s+(?:appears?|be\s+(?:visible|available|accessible|listed|shown|found)|exists?)\b|\bwill\s+not\s+(?:appear|be\s+(?:visible|listed|shown))\s+(?:again|any\s*more)\b` +
	`|\b(?:stops?|ceases?)\s+working\b|\bdeja\s+de\s+funcionar\b|\bcesse\s+de\s+fonctionner\b|\bfunktioniert\s+nicht\s+mehr\b|\bya\s+no\s+(?:aparecer|estar|ser)\w*|\bn'appara[i0]tr\w*\s+plus\b|\bnicht\s+mehr\s+(?:angezeigt|sichtbar|erscheinen|verf[u0]gbar)\b`)

// qgLossTalk is a description that says what the call loses or writes
// over (read on the folded description, where a non-ASCII letter is '0'):
// "can cause existing comments to lose the text they reference", "existing
// content will be lost", "rewrites the whole document body", "replaces the
// entire file", "se perderán los cambios", "les données seront perdues",
// "gehen verloren", "wird vollständig überschrieben". Saying so is the
// warning an author writes; the hint is MCP040's to ask for.
var qgLossTalk = regexp.MustCompile(`\b(?:will|may|can|could|might)\s+(?:cause\s+(?:[\w'-]+\s+){0,4}?to\s+)?lose\b|\b(?:is|are|will\s+be|may\s+be|gets?)\s+lost\b` +
	`|\b(?:rewrites|replaces|overwrites)\s+the\s+(?:whole|entire|complete|full)\b` +
	`|\bse\s+perder[a0]n?\b|\bser[ao]nt?\s+perdu|\bseront\s+[e0]cras|\bgehen?\s+verloren\b|\b(?:vollst[a0]ndig\s+)?[u0]berschrieben\b`)

// qgConsequenceTalk is a description stating the consequence the call has
// at once or for good, read on the folded description: "cannot be
// un-revoked", "cannot be unpublished", "immediately invalidates the
// link", "preventing the recipient from using it", "will no longer be
// able to sign in". Saying what stops working is the warning of loss an
// author writes, as "cannot be undone" is (issue 21).
var qgConsequenceTalk = regexp.MustCompile(`\b(?:cannot|can't|can\s*not)\s+be\s+un-?[a-z]{3,}(?:ed|d|en)\b` +
	`|\b(?:immediately|instantly|permanently)\s+(?:invalidat|revok|disabl|deactivat|expir|terminat|cancel)\w*` +
	`|\bprevent(?:s|ing)?\s+(?:[\w'-]+\s+){0,4}?from\s+(?:using|accessing|signing|logging|joining|reading|opening)\b` +
	`|\bno\s+longer\s+(?:be\s+)?(?:able\s+to|valid|usable|works?)\b` +
	`|\bprevent(?:s|ing)?\s+(?:any\s+)?(?:further|future|subsequent)\s+[a-z]{3,}`)

// qgAfterStateTalk is a description that says what the thing is left as
// after the call (read on the folded description): what still works
// ("Disabled images are still accessible via their public URL", "can
// still be retrieved individually", "remains available to existing
// holders"), where it goes ("hidden from list results"), or what it no
// longer does ("rendering the invitation link unusable", "making the key
// invalid", "the token becomes unusable"). Saying what is kept and what
// stops is saying what is lost, the warning this rule asks for (issue 21,
// round 25).
var qgAfterStateTalk = regexp.MustCompile(`\bstill\s+(?:be\s+)?(?:accessible|available|visible|retrievable|readable|viewable)\b` +
	`|\bcan\s+still\s+be\s+(?:retrieved|accessed|viewed|read|fetched|downloaded|found|listed|opened)\b` +
	`|\b(?:remains?|stays?)\s+(?:accessible|available|retrievable|visible|readable)\b` +
	`|\b(?:is|are|will\s+be|becomes?|get|gets)\s+hidden\s+from\b` +
	`|\brender(?:s|ing)?\s+(?:[\w'-]+\s+){0,4}?(?:unusable|invalid|inaccessible|unavailable|inoperable|useless|void)\b` +
	`|\bmak(?:es?|ing)\s+(?:the|it|them|its|this|these|that|those)\s+(?:[\w'-]+\s+){0,3}?(?:unusable|invalid|inaccessible|unavailable|inoperable|useless|void)\b` +
	`|\b(?:becomes?|is\s+then|are\s+then)\s+(?:unusable|invalid|inaccessible|unavailable|void)\b`)

// qgRelativeWord opens a relative clause: "rows that are hidden from the
// view", "files which are still visible" describe what the call is given,
// not what it leaves.
var qgRelativeWord = regexp.MustCompile(`\b(?:that|which|who)\b`)

// qgSaysAfterState reports whether the folded description says what the
// thing is left as after the call (qgAfterStateTalk). A "still ..." or
// "hidden from" right after that/which/who ("Delete files that are still
// visible", "Delete rows that are hidden from the view") is a
// precondition on what the call takes, not what it leaves (round 25).
func qgSaysAfterState(desc string) bool {
	for _, m := range qgAfterStateTalk.FindAllStringIndex(desc, -1) {
		text := desc[m[0]:m[1]]
		if strings.HasPrefix(text, "still") || strings.Contains(text, "hidden") {
			before := strings.Fields(desc[:m[0]])
			if len(before) > 2 {
				before = before[len(before)-2:]
			}
			if qgRelativeWord.MatchString(strings.Join(before, " ")) {
				continue
			}
		}
		return true
	}
	return false
}

// qgCascade is a description that states what else is lost with what the
// tool deletes: "Delete a model version and all associated predictions,
// including all output files". Saying what goes with it is the warning an
// author writes; a client still needs the hint, which is MCP040's finding.
// Read in the default profile only.
var qgCascade = regexp.MustCompile(`\band\s+all\s+(?:of\s+)?(?:its\s+|their\s+|the\s+)?(?:associated|related|dependent|child|nested|contained)\b|\bincluding\s+all\s+(?:of\s+)?(?:its\s+|their\s+)?[\w-]+|\balong\s+with\s+(?:all\s+)?(?:its|their)\b|\bcascad(?:e|es|ing)\b`)

// qgAllOfIt is "and all" followed by what the thing holds: its contents,
// children, descendants or sub-folders ("Delete folder and all contents",
// "and all of its children", "and everything in it"), read on the folded
// description. The same class as revision 6's "child", "nested" and
// "contained": what is inside goes with it. Other nouns after "and all"
// ("and all its resources", "and all its entries") are not read; audits
// judged them owed the warning.
var qgAllOfIt = regexp.MustCompile(`\band\s+all\s+(?:of\s+)?(?:its\s+|their\s+|the\s+)?(?:contents?|children|descendants|sub-?(?:folders|directories|items|pages|tasks|lists|collections))\b|\band\s+everything\s+(?:in|inside|under|within)\s+(?:it|them)\b`)

// qgDestroyStem is the stem of a destroying verb in prose (delete,
// remove, destroy, drop, purge, wipe, erase, clear, discard, truncate).
var qgDestroyStem = regexp.MustCompile(`\b(?:delet|remov|destroy|drop|purg|wip|eras|clear|discard|truncat)[a-z]*`)

// qgSentenceEnd splits a description into sentences.
var qgSentenceEnd = regexp.MustCompile(`[.!?;]\s+|\n+`)

// qgStatesCascade reports whether a sentence of the folded description
// that destroys also says the thing's contents go with it ("Delete folder
// and all contents"): the author has drawn the scope of the loss, the
// warning in prose revision 6 already read for "and all associated ...".
// Since revision 23 (round 37).
func qgStatesCascade(folded string) bool {
	for _, s := range qgSentenceEnd.Split(folded, -1) {
		if m := qgAllOfIt.FindStringIndex(s); m != nil && qgDestroyStem.MatchString(s[:m[0]]) {
			return true
		}
	}
	return false
}

// qgMovesOnTalk is a sentence whose plural subject is moved somewhere by
// the call ("Issues move to backlog.", "Its cards are moved to the first
// column", "Child tasks are reassigned to the parent"): the description
// says what the delete does to what it holds, the consequence an author
// states as the warning (round 37). Read on the folded description.
var qgMovesOnTalk = regexp.MustCompile(`(?:^|[.;!?:]\s+|\n)(?:the\s+|its\s+|their\s+|any\s+|all\s+)?(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*s\s+(?:move|are\s+moved|will\s+be\s+moved|get\s+moved|are\s+reassigned|will\s+be\s+reassigned|are\s+returned|return|revert|fall\s+back)\s+(?:back\s+)?to\b`)

// qgScopeTalk is a description that draws the line of what a delete takes
// and what it keeps ("Bookmarks inside the list are not deleted", "child
// pages will not be removed", "does not delete the files it references",
// since round 36 "the rows themselves are kept", "the label itself
// survives", "los elementos no se eliminan", "les fichiers ne sont pas supprimés",
// "Einträge werden nicht gelöscht"): the author has told the reader what
// is lost, which is the warning this rule asks for. Read on the folded
// description in the default profile only.
var qgScopeTalk = regexp.MustCompile(`\b(?:is|are|will|would)\s+(?:also\s+)?(?:not|never)\s+(?:be\s+)?(?:deleted|removed|affected|touched)\b|\b(?:does\s+not|doesn't|will\s+not|won't|never)\s+(?:also\s+)?(?:delete|remove)s?\s+(?:the|its|their|any|child|nested|linked|associated)\b` +
	`|` + keptItselfPattern +
	`|\bno\s+se\s+(?:eliminan?|borran?)\b|\bne\s+(?:sont|est|seront|sera)\s+pas\s+supprim|\b(?:werden|wird)\s+nicht\s+gel[o0]scht\b`)

// qgRecoverableTalk is a description saying what is deleted can be had
// back (read on the folded description): "go to Trash ... can be restored
// within 90 days", "recoverable for 30 days", "se puede restaurar",
// "kann wiederhergestellt werden".
var qgRecoverableTalk = regexp.MustCompile(`\b(?:can|may)\s+be\s+(?:restored|recovered|undeleted)\b|\bgo(?:es)?\s+to\s+(?:the\s+)?(?:trash|bin|recycle\s+bin)\b|\brecoverable\s+(?:for|within)\b` +
	`|\bse\s+puede(?:n)?\s+(?:restaurar|recuperar)\b|\bpeu(?:ven)?t\s+[e0]tre\s+(?:restaur|r[e0]cup[e0]r)|\bk[o0]nnen?\s+wiederhergestellt\s+werden\b`)

// qgStopVerbs stop something running; they delete nothing stored.
var qgStopVerbs = map[string]bool{"terminate": true, "stop": true, "kill": true, "quit": true, "close": true, "exit": true}

// qgAnsweredStop reports whether a tool whose destructive word only stops
// something running (terminate_app, stop_server) says destructiveHint:
// false: the author has answered that nothing is lost, and starting it
// again undoes the stop. Whether the answer is wrong is SEC012's to say.
func qgAnsweredStop(t *model.Tool, verb string) bool {
	a := t.Annotations
	return qgStopVerbs[verb] && a != nil && a.DestructiveHint != nil && !*a.DestructiveHint
}

// qgDetachVerbs take one thing off another; the thing itself is kept.
var qgDetachVerbs = map[string]bool{"remove": true, "detach": true, "unlink": true}

// qgDataNouns name stored data, whose removal loses what was written:
// "Remove values from JSON columns" is not a detach.
var qgDataNouns = map[string]bool{"value": true, "values": true, "content": true, "contents": true, "data": true,
	"text": true, "body": true, "row": true, "rows": true, "record": true, "records": true, "file": true, "files": true,
	"message": true, "messages": true, "field": true, "fields": true, "key": true, "keys": true, "entry": true, "entries": true,
	"document": true, "documents": true, "item": true, "items": true}

// qgAnsweredDetach reports whether a tool whose destructive word only
// takes one thing off another (remove_dolt_remote "Removes a remote from
// the server", gmail_remove_label "Take a label off a thread", "Remove
// issues from their epic") says destructiveHint: false, and neither its
// name nor its opening sentence names stored data (values, content, rows,
// files, entries) it takes away: the author has answered that nothing is
// lost, as with a stop (qgAnsweredStop). A removal with no "from" or "off"
// ("Remove a project") removes the thing itself and is not read. Read in
// the default profile only.
func qgAnsweredDetach(t *model.Tool, verb string, words []string) bool {
	a := t.Annotations
	if !qgDetachVerbs[verb] || a == nil || a.DestructiveHint == nil || *a.DestructiveHint {
		return false
	}
	from := false
	for _, ws := range [][]string{words, secIdentifierWords(secOpeningSentence(t.RawDescription))} {
		for _, w := range ws {
			if qgDataNouns[w] {
				return false
			}
			from = from || w == "from" || w == "off"
		}
	}
	return from
}

// qgWarns reports whether a description warns of destruction; folded is
// secFold(desc). In the default profile (precise) a warning written in
// another language counts as the English one does ("一度削除すると元に戻せ
// ません", "无法撤销", "Diese Aktion kann nicht rückgängig gemacht werden",
// "no se puede deshacer").
func qgWarns(desc, folded string, precise bool) bool {
	if text.DestructivePhrase.Match(desc) || qgCaution.MatchString(folded) {
		return true
	}
	if !precise {
		return false
	}
	if qgGoneTalk.MatchString(folded) || qgLossTalk.MatchString(folded) || qgConsequenceTalk.MatchString(folded) {
		return true
	}
	m, _ := preciseWarnsInOtherLanguage(desc, true)
	return m != ""
}

// checkQG009 fires on a tool named for destruction whose description does
// not warn and which does not set destructiveHint: true. quality-gate's
// code flags the tools that DO warn; this is the check its documentation
// describes. The default profile drops harmless and read-named
// destruction as MCP040 does.
func checkQG009(ctx *Context) []Problem {
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		words := facts[i].words
		if ctx.Precise() {
			// drag_drop: the drop of a drag-and-drop gesture deletes nothing.
			words = secWithoutGestureDrop(words)
		}
		verb := secDestructiveVerb(words)
		if verb == "" || qgWarns(t.RawDescription, facts[i].desc, ctx.Precise()) {
			continue
		}
		if ctx.Precise() && (qgCascade.MatchString(facts[i].desc) || qgScopeTalk.MatchString(facts[i].desc) || qgSaysAfterState(facts[i].desc) ||
			qgStatesCascade(facts[i].desc) || qgMovesOnTalk.MatchString(facts[i].desc)) {
			// "Delete a model version and all associated predictions",
			// "Bookmarks inside the list are not deleted": the
			// description says what is lost, which is a warning.
			continue
		}
		if a := t.Annotations; a != nil && a.DestructiveHint != nil && *a.DestructiveHint {
			continue
		}
		if ctx.Precise() {
			tools := tgTools(ctx)
			tt := &tools[i]
			if preciseHarmlessDestruction(tt) || preciseReadNamed(tt) || preciseReversible(tools, tt) != "" || preciseStopsApp(tt.nameWords, tt.desc) {
				continue
			}
			if who := precisePersonRemoval(tt); who != "" {
				// A member removed is added again: MCP040 shows the
				// access that ends; a warning of loss is the author's
				// call, so a note.
				out = append(out, Problem{Tool: t.Name, Severity: Info,
					Message:    fmt.Sprintf("`%s` removes a %s without saying what they lose; adding them again restores it, so this is a note, not a warning of loss.", t.Name, who),
					Suggestion: "Say what the removed person loses access to, and set annotations.destructiveHint to say whether you count that as destruction."})
				continue
			}
			if secKeepsWorkReset(facts[i].words, facts[i].desc) {
				// dolt_reset_soft "Soft resets the working set": a soft,
				// mixed or keep reset moves the head and keeps the work.
				continue
			}
			if qgRecoverableTalk.MatchString(facts[i].desc) {
				// "Deleted boards go to Trash and can be restored within
				// 90 days": the description says what deletion does.
				continue
			}
			if qgAnsweredDetach(t, verb, facts[i].words) {
				// gmail_remove_label "Take a label off a thread" with
				// destructiveHint: false: the author has said a detach
				// loses nothing; whether that is wrong is SEC012's.
				continue
			}
			if qgAnsweredStop(t, verb) || qgAddsBack(facts, facts[i].words) || secRemovesMarkerOrMember(facts[i].words, facts[i].desc) {
				// A bookmark or favourite removed, or a user taken out of
				// a group, is added back: no warning of loss is owed.
				continue
			}
		}
		out = append(out, Problem{Tool: t.Name,
			Message:    fmt.Sprintf("`%s` looks destructive (%q) but its description gives no warning and it does not set destructiveHint: true.", t.Name, verb),
			Suggestion: "Say what is lost and whether it can be undone (\"Permanently deletes … This cannot be undone.\") and set annotations.destructiveHint: true so clients ask the user first."})
	}
	return out
}

// qgAddsBack reports whether a name that removes something from a
// shopping cart, basket or wishlist (remove_from_basket,
// remove_item_from_cart, removeFromWishlist) has a sibling that adds to the
// same place (add_to_basket, add_item_to_cart): nothing is bought yet and
// one call puts it back, so no warning of loss is owed. Clearing the whole
// place (clear_basket) is not read, nor a removal from a lasting place (a
// dashboard, a list, a team), which earlier audits judged owed a warning.
func qgAddsBack(tools []secTool, words []string) bool {
	from := qgPlaceAfter(words, "from", "remove", "delete")
	if from == "" || !qgCartWords[words[len(words)-1]] {
		return false
	}
	for _, o := range tools {
		if qgPlaceAfter(o.words, "to", "add", "put", "insert") == from {
			return true
		}
	}
	return false
}

// qgCartWords name a shopping place whose contents are not yet bought.
var qgCartWords = map[string]bool{"cart": true, "basket": true, "trolley": true, "wishlist": true, "bag": true}

// qgPlaceAfter returns the words after prep ("from", "to") in a name whose
// words before it include one of verbs, joined, or "".
func qgPlaceAfter(words []string, prep string, verbs ...string) string {
	for i, w := range words {
		if w == prep && i > 0 && i+1 < len(words) && secHasWord(words[:i], verbs...) {
			return strings.Join(words[i+1:], " ")
		}
	}
	return ""
}
