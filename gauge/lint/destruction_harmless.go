package lint

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Destruction that does not count: caches and other rebuildable state, a
// confirmation the user gives, reversible removals and tools whose inverse
// the server also lists.

// preciseLocalForget is a first sentence saying the tool only forgets a
// local copy: it removes an entry from a cache (a cached sign-in, a
// cached page) or signs out, and the thing itself lives on.
var preciseLocalForget = regexp.MustCompile(`(?i)\bfrom\s+(?:the\s+|its\s+|a\s+|this\s+)?(?:local\s+|token\s+|credential\s+|in-memory\s+|memory\s+|account\s+)?cache\b|\b(?:signs?|logs?)\s+(?:\w+\s+)?out\b` +
	`|^\s*(?:discard|clear|flush|invalidate|evict|drop)s?\s+(?:the\s+|all\s+|any\s+)?cached\b` +
	`|^\s*(?:descartar|borrar|limpiar|vaciar)\s+(?:los\s+|las\s+|el\s+|la\s+)?(?:valores\s+|datos\s+)?(?:en\s+)?cach[ée]` +
	`|^\s*(?:vider|effacer)\s+(?:le\s+|les\s+)?(?:valeurs\s+)?(?:en\s+)?cache\b`)

// preciseKillsByNameTalk is a description saying the tool kills every
// process that matches a name (killall, pkill, taskkill /IM, "kills all
// ... processes", "termina todos los procesos", "beendet alle Prozesse").
var preciseKillsByNameTalk = regexp.MustCompile(`(?i)\b(?:killall|pkill|taskkill\s+/im)\b|\b(?:kill|terminat)(?:s|es|e|ing)?\s+(?:all|every|each|any)\s+(?:[\w-]+\s+){0,3}?process(?:es)?\b|\b(?:mata|termina|finaliza)\s+todos\s+los\s+procesos\b|\b(?:beendet|t[öo]tet)\s+alle\s+(?:[\w-]+\s+)?prozesse\b|\btue\s+tous\s+les\s+processus\b`)

// preciseRebuildableWords name a store that is rebuilt on its own when it
// is cleared: a cache, a CDN's copy, temporary files.
var preciseRebuildableWords = map[string]bool{"cache": true, "caches": true, "cdn": true, "temp": true, "tmp": true, "temporary": true, "scratch": true}

// preciseClearWords are name tokens that clear or drop what follows them.
var preciseClearWords = map[string]bool{
	"purge": true, "clear": true, "flush": true, "invalidate": true, "evict": true, "empty": true, "reset": true, "refresh": true,
	"drop": true, "delete": true, "remove": true, "clean": true, "cleanup": true, "wipe": true, "all": true,
}

// preciseLossTalk is a description saying what is cleared is lost for
// good ("permanently", "cannot be undone", "data will be lost").
var preciseLossTalk = regexp.MustCompile(`(?i)\bpermanent\w*|\birreversib\w*|\bcannot\s+be\s+(?:undone|recovered|restored)|\b(?:data|records?|files?|content|work)\s+(?:is|are|will\s+be|gets?)\s+(?:lost|deleted|gone)\b`)

// preciseClearsRebuildable reports whether a tool's name (its lower-cased
// words, tgTool.nameWords) clears a store that rebuilds itself: its last
// word that is not a clearing verb is a cache or temporary store
// (purge_cache, clear_page_cache, invalidateCdnCache, cache_flush,
// clean_tmp) and its description does not say something is lost for
// good. Caches refill: nothing is lost.
func preciseClearsRebuildable(words []string, desc string) bool {
	clears, head := false, ""
	for _, w := range words {
		if preciseClearWords[w] {
			clears = clears || w != "all"
			continue
		}
		head = w
	}
	return clears && preciseRebuildableWords[head] && !preciseLossTalk.MatchString(desc)
}

// preciseManagesRebuildable reports whether a tool's name ends on a cache
// or temporary store (manage_cache, cdn_cache, tmp_store is not one: the
// last word decides) and every destructive value its operation parameter
// offers only clears it (clear, flush, purge, invalidate, reset, delete),
// with no word that anything is lost for good: the store is rebuilt, as
// purge_cache's is.
func preciseManagesRebuildable(t *tgTool) bool {
	if len(t.nameWords) == 0 || !preciseRebuildableWords[t.nameWords[len(t.nameWords)-1]] || preciseLossTalk.MatchString(t.desc) {
		return false
	}
	clears := false
	for _, av := range preciseActionValues(t.t) {
		v := strings.ToLower(av.value)
		if !preciseDestructiveModes[v] && !preciseDestructiveModeName(v) {
			continue
		}
		if !preciseClearWords[v] {
			return false
		}
		clears = true
	}
	return clears
}

// preciseStopWords stop something running; preciseAppWords name an app
// on a device or simulator, which starts again when launched.
var (
	preciseStopWords = map[string]bool{"terminate": true, "stop": true, "kill": true, "quit": true, "close": true, "exit": true}
	preciseAppWords  = map[string]bool{"app": true, "apps": true, "application": true, "applications": true, "simulator": true, "emulator": true}
)

// preciseStopsApp reports whether a tool only stops a running app on a
// device or simulator (terminate_app, quitApplication, kill_app): the app
// is launched again and nothing stored goes with it, unless the
// description says data is lost. Its name holds a stop word, an app word
// and no other destructive verb; words are its lower-cased name words
// (tgTool.nameWords).
func preciseStopsApp(words []string, desc string) bool {
	stops, app := false, false
	for _, w := range words {
		switch {
		case preciseStopWords[w]:
			stops = true
		case preciseAppWords[w]:
			app = true
		case text.IsDestructiveVerb(w):
			return false
		}
	}
	return stops && app && !preciseLossTalk.MatchString(desc) && !secDataLossTalk.MatchString(desc)
}

// preciseUserWord is a confirmation that names the user who gives it.
var preciseUserWord = regexp.MustCompile(`(?i)\buser\b`)

// preciseModelConfirms reports whether the tool's confirmation is a
// boolean parameter the model itself sets (confirm: "Must be true when
// method is 'delete'"): "requires confirmation" then asks nobody.
func preciseModelConfirms(t *tgTool) bool {
	props := t.t.Params()
	for _, name := range t.t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		if obj == nil || obj["type"] != "boolean" {
			continue
		}
		switch strings.ToLower(name) {
		case "confirm", "confirmed", "confirmation", "confirm_delete", "confirmdelete", "i_am_sure", "really":
			return true
		}
	}
	return false
}

// preciseAsksConfirmation matches a description that already makes the
// model confirm with the user.
var preciseAsksConfirmation = regexp.MustCompile(`(?i)\b(ask(s)? (the user )?(for )?confirm|requires? (explicit |user )?confirmation|confirm with the user|after (the )?user confirms|with confirmation|prompt (the )?user to confirm)`)

// preciseHarmlessDestruction reports whether a tool that reads as
// destructive only clears a session setting or in-memory state (its
// destructive verb is clear/reset/close/end/stop/cancel and its name or
// description is about a session or setting), or already asks the user to
// confirm.
func preciseHarmlessDestruction(t *tgTool) bool {
	return preciseHarmlessBesidesSession(t) || preciseSoftName(t) && (preciseCounterOrSignIn(t) || preciseCounterResetOnly(t) || preciseClearsSessionState(t))
}

// preciseSessionClearOfAll returns the parameter of a tool that clears a
// session's state (preciseHarmlessDestruction's session reading, and no
// other of its readings) whose omission clears everything, with its
// words; or "", "". jam_clear "Remove one or all layers from the jam
// session", role "Omit to clear all layers": what goes by default is all
// the session holds, not a setting another call sets back.
func preciseSessionClearOfAll(t *tgTool) (string, string) {
	if preciseHarmlessBesidesSession(t) || !preciseSoftName(t) || preciseCounterOrSignIn(t) || preciseCounterResetOnly(t) || !preciseClearsSessionState(t) {
		return "", ""
	}
	return preciseOmittedClearsAll(t)
}

// preciseHarmlessBesidesSession reports the readings of
// preciseHarmlessDestruction other than a session's state cleared: a
// confirmation the user gives, a local copy forgotten, a store that
// rebuilds itself, a page's state.
func preciseHarmlessBesidesSession(t *tgTool) bool {
	if m := preciseAsksConfirmation.FindString(t.desc); m != "" && (preciseUserWord.MatchString(m) || !preciseModelConfirms(t)) {
		return true
	}
	if first, _, _ := strings.Cut(t.desc, "."); preciseLocalForget.MatchString(first) && !precisePushLocalTalk.MatchString(first) {
		// "Remove a token from the local cache" forgets; "Push data from
		// local cache to the store" sends the cache over the live copy.
		return true
	}
	if preciseClearsRebuildable(t.nameWords, t.desc) || preciseManagesRebuildable(t) {
		// purge_cache, clear_cdn_cache, manage_cache with operation
		// "clear": what is cleared is rebuilt.
		return true
	}
	if preciseScratchCopyOnly(t) {
		// preview_asset "Loads the asset, builds a hierarchy tree ...,
		// then destroys it": the call throws away the copy it made.
		return true
	}
	if preciseUIStateOnly(t) {
		// browser_clear "Clears the value of an input element",
		// blur_element "Remove focus", drag_and_drop: what goes is a
		// page's state the next keystroke or click sets again.
		return true
	}
	if preciseSessionOverrideOnly(t) {
		// clear_cpu_emulation "Remove CPU throttling and return to
		// normal CPU speed", network_clear "Clear the buffered network
		// requests", network_unroute "Remove a previously registered
		// route handler" (round 59): what goes is a condition the
		// session put on the browser, or what it captured itself.
		return true
	}
	return false
}

// preciseSessionOverrideTalk is a lead that removes, clears, resets or
// stops what a session imposed or captured on its own: throttling,
// emulation or an override (and goes back to normal), requests, messages
// or logs it buffered or captured, a route handler or interception rule
// it registered.
var preciseSessionOverrideTalk = regexp.MustCompile(`(?i)^\s*(?:remove|clear|reset|stop|disable|cancel|drop)(?:s|es)?\s+(?:the\s+|all\s+|any\s+|an?\s+)?(?:active\s+|current\s+)?(?:[\w-]+\s+){0,2}?(?:throttling|emulation|overrides?)\b` +
	`|^\s*(?:clear|empty|flush|reset|drop)(?:s|es)?\s+(?:the\s+|all\s+)?(?:buffered|captured|collected|recorded)\s+(?:[\w-]+\s+)?(?:requests|messages|logs|events|entries|responses|traffic)\b` +
	`|^\s*(?:remove|clear|unregister|stop)(?:s|es)?\s+(?:the\s+|all\s+|any\s+|an?\s+)?(?:previously\s+)?(?:registered\s+|active\s+)?(?:[\w-]+\s+)?(?:route\s+handlers?|interception\s+rules?|request\s+interception)\b`)

// preciseSessionOverrideOnly reports whether a tool that reads as
// destructive only lifts a condition its session set on a browser or a
// device, or drops what the session captured itself
// (preciseSessionOverrideTalk), and says nothing of loss beyond it.
func preciseSessionOverrideOnly(t *tgTool) bool {
	first, ok := preciseLeadWithoutLoss(t)
	return ok && !t.destructPhrase && !preciseLossTalk.MatchString(first) && preciseSessionOverrideTalk.MatchString(first)
}

// preciseLeadWithoutLoss returns a description's lead, up to its first
// full stop, and whether the rest says nothing of loss: the lead then
// says all the call takes away.
func preciseLeadWithoutLoss(t *tgTool) (string, bool) {
	first, rest, _ := strings.Cut(strings.TrimSpace(t.desc), ".")
	return first, !preciseLossTalk.MatchString(rest) && !secDataLossTalk.MatchString(strings.ToLower(rest))
}

// preciseSoftName reports whether a tool's name clears, resets, closes,
// ends, stops or cancels: verbs that may only touch a session's state.
func preciseSoftName(t *tgTool) bool {
	for _, tok := range t.nameTokens {
		switch strings.ToLower(tok) {
		case "clear", "reset", "close", "end", "stop", "cancel":
			return true
		}
	}
	return false
}

// preciseClearsSessionState reports whether a soft-named tool's name or
// first sentence is about a session, a setting, the context, a selection,
// a cache, a filter or a console: what it clears is the session's own
// state, not stored data.
func preciseClearsSessionState(t *tgTool) bool {
	return preciseSessionOnly.MatchString(strings.Join(t.nameTokens, " ")) || preciseSessionWordIn(preciseRunOnLead(t.desc))
}

// preciseRunOnOpener is a capitalised word that opens a new sentence
// inside a lead written with no stop mark ("Cancel a task Use when native
// TodoWrite is wrong because you need cross-session persistence"): the
// words after it are not the lead's.
var preciseRunOnOpener = regexp.MustCompile(`[a-z0-9)] (?:Use|Call|Do|Don't|For|When|If|This|Returns?|Note|Prefer|Requires?|Only|Example|Useful|Ideal|Best|Avoid)\b`)

// preciseSentenceStop is a full stop that ends a sentence: followed by
// space or the end of the text.
var preciseSentenceStop = regexp.MustCompile(`\.(?:\s|$)`)

// preciseRunOnLead returns a description's first sentence: up to its
// first full stop that ends a sentence, and up to a capitalised sentence
// opener that follows a lower-case word with no stop mark between them.
func preciseRunOnLead(desc string) string {
	first := desc
	if loc := preciseSentenceStop.FindStringIndex(desc); loc != nil {
		// A stop that ends a sentence, not the dot of a file name or a
		// version inside a word ("settings.json", "v1.2").
		first = desc[:loc[0]]
	}
	if loc := preciseRunOnOpener.FindStringIndex(first); loc != nil {
		first = first[:loc[0]+1]
	}
	return first
}

// preciseSessionWordIn reports whether s speaks of a session, a setting,
// the context, a selection, a cache, a filter or a console as a thing of
// its own: a word of preciseSessionOnly that does not close a hyphenated
// compound ("cross-session persistence", "in-session checklists" name
// another thing; "session-scoped variables" are still the session's) and
// is not a file name ("settings.json").
func preciseSessionWordIn(s string) bool {
	for _, loc := range preciseSessionOnly.FindAllStringIndex(s, -1) {
		if loc[0] > 0 && s[loc[0]-1] == '-' {
			continue
		}
		if loc[1]+1 < len(s) && s[loc[1]] == '.' && unicode.IsLetter(rune(s[loc[1]+1])) {
			continue
		}
		return true
	}
	return false
}

// preciseOmittedClearsAllTalk is a parameter's description saying that
// leaving it out makes the call clear, delete or remove everything it
// could pick one of: "Omit to clear all layers", "If omitted, all saved
// filters are removed", "Leave empty to delete every entry". Since round
// 32 the soft verbs that end live work count too (close, end, stop,
// cancel): "Omit entirely to close all open sessions" loses what every
// open session holds. A reset stays out: settings reset to their defaults
// are set again by the same call.
var preciseOmittedClearsAllTalk = regexp.MustCompile(`(?i)\b(?:omit(?:ted)?|leave\s+(?:it\s+)?(?:empty|blank|unset|out)|if\s+(?:not\s+(?:specified|provided|given|set)|omitted|absent|empty|unset))\b[^.;]{0,20}?\b(?:(?:to\s+)?(?:(?:clear|delete|remove|erase|wipe|purge|drop|discard|end|stop|cancel)s?|close[sd]?)\s+(?:all|every(?:thing)?)\b|(?:all|every(?:thing)?)\b[^.;]{0,40}?\b(?:is|are|will\s+be|gets?)\s+(?:cleared|deleted|removed|erased|wiped|purged|dropped|discarded|closed|ended|stopped|cancell?ed)\b)`)

// preciseOmittedClearsAll returns the parameter of t whose description
// says leaving it out clears everything, with that description's words,
// or "", "". The model gets the widest loss by saying nothing: on a
// soft-named tool that clears a session's state (jam_clear, "Omit to
// clear all layers"), everything the session holds goes, not a setting.
func preciseOmittedClearsAll(t *tgTool) (string, string) {
	for _, p := range t.params {
		if d, _ := p.obj["description"].(string); preciseOmittedClearsAllTalk.MatchString(d) {
			return p.name, preciseOmittedClearsAllTalk.FindString(d)
		}
	}
	return "", ""
}

// preciseCounterWords name a count kept about other things (an unread
// badge, a usage counter): resetting one loses none of the things counted.
var preciseCounterWords = map[string]bool{"count": true, "counter": true, "counters": true, "badge": true, "unread": true}

// preciseSignInWords name the sign-in a server keeps for itself (its
// stored tokens, its auth state): clearing it is a sign-out the next
// sign-in undoes, and nothing in the account goes with it.
var preciseSignInWords = map[string]bool{"auth": true, "token": true, "tokens": true, "credential": true, "credentials": true, "login": true, "oauth": true, "signin": true}

// preciseRevokesTalk is a description saying the call revokes or deletes
// at the service, not only in the server's own store.
var preciseRevokesTalk = regexp.MustCompile(`(?i)\brevok\w*|\bdelet\w*|\binvalidat\w*|\bpermanent\w*`)

// preciseCounterOrSignIn reports whether a clear- or reset-named tool only
// resets a counter (reset_unread_notification_count) or clears the
// server's own stored sign-in (clear_tokens: "Clear all stored OAuth
// tokens ... This will require re-authentication"; clear_auth), and says
// nothing of revoking or deleting at the service.
func preciseCounterOrSignIn(t *tgTool) bool {
	if t.destructPhrase || preciseRevokesTalk.MatchString(t.desc) {
		return false
	}
	for _, w := range t.nameWords {
		if preciseCounterWords[w] || preciseSignInWords[w] {
			return true
		}
	}
	return false
}

// preciseReadNamed reports whether the tool's name opens with a read verb
// (after the server's shared prefix): a destructive word later in the name
// (get_deletion_status, list_reset_requests) names what is read, not an
// action, and the description does not say it destroys anything or pays
// by itself (a fetch that settles payment demands from the wallet).
func preciseReadNamed(t *tgTool) bool {
	if t.destructPhrase || precisePaysByItself(t) || preciseAffirmed(preciseProse(t.desc), preciseOverwriteTalk) != "" {
		return false
	}
	for i, tok := range t.nameTokens {
		if i > 1 {
			break
		}
		if i == 0 && (preciseOverwriteVerbs[strings.ToLower(tok)] != "" || strings.EqualFold(tok, "archive")) {
			// update_list, archive_list: the first verb acts, and the
			// read word after it names what it acts on.
			return false
		}
		if text.IsReadVerb(tok) {
			return true
		}
		if text.IsDestructiveVerb(tok) {
			return false
		}
	}
	return false
}

// preciseUndoVerbs are name verbs that undo an earlier act and destroy
// nothing: untrash_message restores, unapprovePullRequest withdraws an
// approval, unstage_change drops a change before it is applied.
var preciseUndoVerbs = map[string]bool{
	"untrash": true, "undelete": true, "unarchive": true, "unstage": true, "unapprove": true, "unassign": true,
	"unlink": true, "unpin": true, "unstar": true, "unfollow": true, "untag": true, "unlabel": true, "unmute": true,
	"unhide": true, "unwatch": true, "unreact": true, "unsnooze": true,
	"unfavorite": true, "unfavourite": true, "unbookmark": true, "unlike": true, "unsave": true,
}

// preciseLinkVerbs pair a verb that breaks a link with the verb that makes
// it again.
var preciseLinkVerbs = map[string]string{
	"remove": "add", "detach": "attach", "disconnect": "connect", "unlink": "link", "unassign": "assign",
}

// preciseRelationNouns name a link between two things, not a thing: an
// operation that removes one breaks the link and both ends survive.
var preciseRelationNouns = map[string]bool{
	"link": true, "links": true, "relation": true, "relations": true, "relationship": true, "relationships": true,
	"association": true, "associations": true, "membership": true, "memberships": true,
}

// preciseRelationBetween is a description opening on removing the link
// between two things, which both stay: "Removes the relation between an
// issue and a related issue", "Delete the link between two pages",
// "Elimina la relación entre", "Entfernt die Verknüpfung zwischen".
var preciseRelationBetween = regexp.MustCompile(`(?i)^\s*(?:removes?|deletes?|breaks?|clears?|unlinks?)\s+(?:the\s+|a\s+|an\s+)?(?:[\w-]+\s+)?(?:relation|relationship|link|association|connection)s?\s+(?:between|from)\b` +
	`|^\s*(?:elimina|quita|borra)r?\s+(?:la\s+|el\s+)?(?:relaci[oó]n|v[ií]nculo|enlace)\s+entre\b|^\s*(?:entfernt|l[öo]scht|entferne)\s+(?:die\s+|den\s+)?(?:Verkn[üu]pfung|Beziehung|Verbindung)\s+zwischen\b`)

// preciseBreakpoints is a description that opens on debugger breakpoints:
// removing one loses nothing that cannot be set again.
var preciseBreakpoints = regexp.MustCompile(`(?i)^[^.]*\bbreakpoints?\b`)

// preciseSettingVerbs open the names of tools that set or toggle a value: a
// destructive word later in the name names the setting
// (set_popularity_drop_bypass), not an act.
var preciseSettingVerbs = map[string]bool{"set": true, "toggle": true, "enable": true, "disable": true, "configure": true}

var (
	// preciseToTrash is a description that says the tool moves what it
	// deletes to a trash or bin, or soft-deletes (soft-removes) it, so it
	// can be restored.
	preciseToTrash = regexp.MustCompile(`(?i)\b(?:moves?|moving|sends?|puts?)\b[^.]{0,40}?\bto\s+(?:the\s+)?(?:trash|bin|recycle\s+bin|recycling\s+bin|wastebasket)\b|\bsoft[- ]?(?:delet|remov)\w*`)
	// preciseFromTrash is a description that opens on taking something out
	// of the trash: a restore.
	preciseFromTrash = regexp.MustCompile(`(?i)^\s*(?:removes?|takes?|moves?)\s+(?:\w+\s+){0,3}?(?:out\s+of|from)\s+(?:the\s+)?(?:trash|bin|recycle\s+bin)\b`)
)

// preciseServerRestores reports whether one of the server's tools brings
// back what was deleted, trashed or archived (secRestoresDeleted:
// untrash_message, restore_page, unarchive_card, "Remove a note from the
// trash"). It is the one reading of a restore for the trash here and for
// overwrite.go's archive (which had a name list of its own until the
// review of round 48; no finding moved). A move to the trash or the
// archive is undone from the model's side only through such a tool;
// without one, what a trashing delete takes is gone until a person finds
// it in the service's own interface, and a client should ask first
// (round 47: blind reviewers listed every such delete on the unseen
// audits: fastmail's delete_email and bulk_delete, agllama's soft
// deletes, ga4_delete_property).
func preciseServerRestores(tools []tgTool) bool {
	for i := range tools {
		if tools[i].restores {
			return true
		}
	}
	return false
}

// preciseBinTalk is a description that names the place deleted things
// wait in; only such a description (or a restoring name) is read for a
// restore when the tools are analysed.
var preciseBinTalk = regexp.MustCompile(`(?i)\b(?:trash|bin|recycl\w*|rubbish|wastebasket|deleted\s+items)\b`)

// preciseTrashesUnrestored reports whether t moves what it deletes to the
// trash (or soft-deletes it), with no word of permanence, while neither
// the server nor t itself offers a way back (preciseServerRestores,
// preciseOwnRestore): preciseReversible no longer excuses it, and
// MCP040 reports it at warning with its own reason.
func preciseTrashesUnrestored(tools []tgTool, t *tgTool) bool {
	return !t.destructPhrase && preciseToTrash.MatchString(t.desc) && !preciseBypassesTrash(t) && !preciseServerRestores(tools) && !preciseOwnRestore(t)
}

// preciseOwnRestore reports whether a trashing tool takes back its own
// removal: one of its parameters is named for a restore (lm-assist's
// backlog_remove "Soft-remove a backlog item ... {id, restore:true}
// brings it back").
func preciseOwnRestore(t *tgTool) bool {
	for _, p := range t.params {
		if secHasWord(text.IdentifierTokens(p.name), secRestoringVerbs...) {
			return true
		}
	}
	return false
}

// preciseReversible says why a tool that reads as destructive only breaks a
// link or moves something where it can be restored, or "". tools is the
// server's whole tool list: a link the server can make again with a
// matching tool (asana_remove_tag_from_task beside asana_add_tag_to_task,
// detach_script beside attach_script) is not destruction, and neither is a
// name verb that undoes (untrash, unapprove), an operation that removes
// only links or group memberships (jira_links action "remove"), nor moving
// to the trash without a word of permanence. Debatable by design: a
// trash can be emptied; the tool that empties it stays destructive.
func preciseReversible(tools []tgTool, t *tgTool) string {
	first := strings.TrimSpace(preciseProse(t.desc))
	permanent := t.destructPhrase
	toks := t.nameWords
	for i, w := range toks {
		if i > 1 {
			break
		}
		if preciseUndoVerbs[w] && !permanent {
			return fmt.Sprintf("its name undoes an earlier act (%q)", w)
		}
		if preciseSettingVerbs[w] && !preciseDestructiveOpening.MatchString(first) && preciseNameDestroys(toks[i+1:]) != "" {
			return fmt.Sprintf("its name sets a value (%q); the destructive word names the setting", w)
		}
	}
	if preciseFromTrash.MatchString(first) {
		return "it takes something out of the trash"
	}
	if why := preciseRemovesScaffolding(tools, t); why != "" {
		return why
	}
	if m := preciseRelationBetween.FindString(first); m != "" && !permanent {
		return fmt.Sprintf("it removes only a relation between two things, which are both kept (%q)", secSnippet(m))
	}
	if preciseNotDeleted.MatchString(t.desc) {
		return "its description says what it removes is kept, not permanently deleted"
	}
	if why := preciseRemovesAccessEntry(t, toks, first); why != "" && !permanent {
		return why
	}
	if preciseLocalAlias(t, toks) {
		return "it removes only the server's own local alias or shortcut, not user data"
	}
	if !permanent && preciseToTrash.MatchString(t.desc) && !preciseBypassesTrash(t) && (preciseServerRestores(tools) || preciseOwnRestore(t)) {
		return "it moves what it deletes to the trash, where it can be restored"
	}
	if inverse := preciseInverseTool(tools, t, toks); inverse != "" && !permanent {
		return fmt.Sprintf("it breaks a link the server makes again with `%s`", inverse)
	}
	if again := undoConverse(tools, t); again != "" {
		// jellyfin_unset_favorite beside jellyfin_set_favorite,
		// remove_from_playlist beside add_to_playlist: converse verbs
		// on one object (destruction_undo.go, round 43).
		return fmt.Sprintf("it takes away a mark or an entry that `%s` puts back", again)
	}
	if m := undoSaysKept(t.desc); m != "" && !permanent {
		return fmt.Sprintf("its description says what is kept and that only a part goes (%q)", secSnippet(m))
	}
	if again := undoLinkReAdded(tools, t); again != "" {
		// delete_module_issue "Remove an issue from a module" beside
		// add_module_issues(project_id, module_id, issues[]): the
		// descriptions pair what the names do not (destruction_undo.go).
		return fmt.Sprintf("it takes a thing out of a grouping that `%s` puts it back into, by reference, and the thing is kept", again)
	}
	if m := preciseRollbackAsVersion(t); m != "" && !permanent {
		return fmt.Sprintf("it rolls back by writing the earlier state as a new version (%q), so the state it leaves stays in the history", secSnippet(m))
	}
	if why := preciseCancelsUnstarted(t); why != "" && !permanent {
		return why
	}
	if with := preciseVersionedRollback(tools, t); with != "" && !permanent {
		return fmt.Sprintf("it rolls back to a stored version, and `%s` keeps every change as a version, so the state it leaves can be rolled back to in turn", with)
	}
	if !permanent && len(toks) > 0 && (toks[0] == "remove" || len(toks) > 1 && toks[1] == "remove") && preciseNameDestroys(toks) == "remove" {
		for _, w := range toks {
			if preciseMarkers[w] {
				return fmt.Sprintf("it removes the user's own marker (%q), not the thing it marks", w)
			}
		}
	}
	if !permanent && preciseNameDestroys(toks) == "" && !preciseDestructiveOpening.MatchString(first) {
		for _, w := range toks {
			if preciseRelationNouns[w] {
				return fmt.Sprintf("its operations remove only %s, which are added again", w)
			}
		}
		if preciseBreakpoints.MatchString(first) {
			return "its operations remove only debugger breakpoints, which are set again"
		}
	}
	if !permanent {
		for _, w := range toks {
			if preciseDebuggerMarks[w] {
				// delete_breakpoint, clear_watchpoints: a debugging
				// session's own marks, set again by another call; none
				// of the user's code or data goes with them.
				return fmt.Sprintf("it removes only debugger %s, which another call sets again", w)
			}
		}
	}
	return ""
}

// preciseDebuggerMarks are the marks a debugging session places in running
// code: removing one loses nothing the user wrote.
var preciseDebuggerMarks = map[string]bool{
	"breakpoint": true, "breakpoints": true, "watchpoint": true, "watchpoints": true, "logpoint": true, "logpoints": true,
	"tracepoint": true, "tracepoints": true,
}

// preciseNameDestroys returns the first destructive verb among toks, or "".
func preciseNameDestroys(toks []string) string {
	return secDestructiveVerb(toks)
}

// preciseInverseTool returns the name of a tool in tools that makes again
// the link toks breaks: the same name with the link-breaking verb swapped
// for its maker and "from" for "to" (remove_tag_from_task and
// add_tag_to_task; detach_script and attach_script) that takes every
// parameter the removal takes, so the link is named by its two ends and
// holds nothing of its own (attio's remove-record-from-list takes an entry
// ID its maker does not: the entry has values of its own), or "". A removal
// that names no "from" and uses the plain verb remove is not read as a
// link: remove_domain beside add_domain loses the domain's settings.
func preciseInverseTool(tools []tgTool, self *tgTool, toks []string) string {
	for i, w := range toks {
		maker, ok := preciseLinkVerbs[w]
		if !ok {
			continue
		}
		hasFrom := false
		want := make([]string, len(toks))
		copy(want, toks)
		want[i] = maker
		for j := range want {
			if want[j] == "from" {
				want[j] = "to"
				hasFrom = true
			}
		}
		// The link noun may follow the verb (remove_member) or, in a
		// noun-first name, stand just before it (submolt_moderator_remove).
		trailing := i == len(toks)-1 && i > 0 && preciseLinkObjects[toks[i-1]]
		// Without a link noun, a removal is a link only when it names the
		// two ends by reference and adding it back needs nothing else
		// (remove_dependency(task_id, depends_on_task_id) against
		// add_dependency): what goes is the join, not data.
		byIDs := w == "remove" && !hasFrom && !preciseNamesLink(toks[i+1:]) && !trailing
		if byIDs && !preciseJoinsByReference(self) {
			// webhooks-addresses-remove "Remove addresses from ..."
			// beside webhooks-addresses-add of the same arguments:
			// entries of a list the sibling puts back (list_entries.go).
			var removal *listRemoval // read once per removal, not per sibling
			for k := range tools {
				if !listNameDiffersByVerb(toks, tools[k].nameTokens, w, maker) {
					continue
				}
				if removal == nil {
					r := listRemovalOf(self)
					if !r.opensRemove {
						return ""
					}
					removal = &r
				}
				if listEntriesUndone(*removal, &tools[k]) {
					return tools[k].name
				}
			}
			return ""
		}
		for k := range tools {
			other := tools[k].nameTokens
			if len(other) != len(want) {
				continue
			}
			same := true
			for j := range other {
				if o := strings.ToLower(other[j]); o != want[j] && !(want[j] == "to" && (o == "into" || o == "on")) {
					same = false
					break
				}
			}
			if same && preciseNamesWithin(self.t.ParamNames(), &tools[k]) && (!byIDs || preciseNamesWithin(tools[k].t.Required(), self)) {
				return tools[k].name
			}
		}
		return ""
	}
	return ""
}

// preciseLinkObjects are nouns of a link between a thing and a person or
// a marker, not a thing with data of its own: removing a label from an
// issue or a member from a project leaves both ends, and adding it back
// restores it.
var preciseLinkObjects = map[string]bool{
	"member": true, "members": true, "label": true, "labels": true, "tag": true, "tags": true, "assignee": true, "assignees": true,
	"watcher": true, "watchers": true, "reviewer": true, "reviewers": true, "collaborator": true, "collaborators": true,
	"delegate": true, "delegates": true, "subscriber": true, "subscribers": true, "follower": true, "followers": true,
	// A role a person holds on a thing: taking it away is undone by
	// granting it again (remove_moderator, maintainer_remove).
	"moderator": true, "moderators": true, "admin": true, "admins": true, "maintainer": true, "maintainers": true,
	"editor": true, "editors": true, "viewer": true, "viewers": true, "approver": true, "approvers": true,
}

// preciseNamesLink reports whether the words after a removal verb end on a
// link noun (remove_delegate, removeIssueLabel, removeProjectMember).
func preciseNamesLink(toks []string) bool {
	return len(toks) > 0 && preciseLinkObjects[toks[len(toks)-1]]
}

// preciseMarkers are what a user keeps for themself to find a thing
// again: removing one loses nothing of the thing.
var preciseMarkers = map[string]bool{
	"favorite": true, "favorites": true, "favourite": true, "favourites": true, "bookmark": true, "bookmarks": true,
}

// preciseJoinsByReference reports whether every parameter of a tool is a
// reference to an existing thing (task_id, parentId, blocked_by_key) and
// there are at least two: the tool acts on what joins them.
func preciseJoinsByReference(t *tgTool) bool {
	names := t.t.ParamNames()
	if len(names) < 2 {
		return false
	}
	for _, n := range names {
		w := secIdentifierWords(n)
		if len(w) == 0 || !secHasWord(w[len(w)-1:], "id", "ids", "key", "uuid", "slug", "ref") {
			return false
		}
	}
	return true
}

// preciseVersionedRollback names the tool that updates the same thing t
// rolls back and says each update is kept as a version (rollback_agent
// beside update_agent "Automatically creates a new version"), or "". The
// state a rollback leaves is then one more version, so nothing is lost. A
// rollback with no such sibling (a migration, a deployment) is left to its
// own words.
func preciseVersionedRollback(tools []tgTool, t *tgTool) string {
	toks := t.nameWords
	if len(toks) < 2 || !secHasWord(toks[:1], "rollback", "revert", "roll") {
		return ""
	}
	objects := map[string]bool{}
	for _, w := range toks[1:] {
		if !secHasWord([]string{w}, "back", "to", "version", "versions", "previous", "revision") {
			objects[w] = true
		}
	}
	for k := range tools {
		u := &tools[k]
		if u.name == t.name || len(u.nameWords) < 2 || !secHasWord(u.nameWords[:1], "update", "edit", "modify", "save", "set") {
			continue
		}
		if !objects[u.nameWords[len(u.nameWords)-1]] || preciseKeepsVersion(u.desc) == "" {
			continue
		}
		return u.name
	}
	return ""
}

// preciseRollbackAsVersion returns the words of a rollback's own
// description saying the earlier state is written as a new version
// (workflow_rollback "writes that revision as a NEW attributed rev"), or
// "". The state the rollback leaves is then one more revision, as with a
// versioned sibling (preciseVersionedRollback). A sentence that also
// replaces or discards the current version does not count.
func preciseRollbackAsVersion(t *tgTool) string {
	if !secHasWord(t.nameWords, "rollback", "revert", "roll") {
		return ""
	}
	return preciseKeepsVersion(t.desc)
}

// preciseKeepsVersion returns the words of desc saying each change is kept
// as a version (preciseKeepsVersionTalk), or "" when desc also says the
// earlier version is replaced or discarded (preciseDropsVersionTalk) or
// that something is lost ("written as a new version; later rows are
// dropped": the version is kept, what came after it is not).
func preciseKeepsVersion(desc string) string {
	low := strings.ToLower(desc)
	if preciseDropsVersionTalk.MatchString(desc) || secDataLossTalk.MatchString(low) || preciseRollbackDrops.MatchString(low) {
		return ""
	}
	return preciseAffirmed(preciseProse(desc), preciseKeepsVersionTalk)
}

// preciseRollbackDrops is a description saying something is dropped or
// truncated, which secDataLossTalk's words do not cover.
var preciseRollbackDrops = regexp.MustCompile(`\b(?:drop(?:s|ped|ping)?|truncat\w*)\b`)

// preciseNotStartedOnly is a description that limits a cancel to work that
// has not started: "Only works for tasks that haven't started yet", "Has no
// effect on jobs that are already running", "Cancel a scheduled send before
// it goes out".
var preciseNotStartedOnly = regexp.MustCompile(`(?i)\bonly\s+(?:works?|applies|possible|valid|succeeds)\s+(?:for|on|to|while|if|when|before)\s+[^.]{0,50}?\b(?:(?:has|have)(?:\s*n[o']t|\s+not)\s+(?:yet\s+)?(?:started|begun|run|been\s+(?:sent|started|run|processed))|(?:still\s+)?(?:pending|queued|scheduled)|not\s+(?:yet\s+)?started)\b` +
	`|\bhas\s+no\s+effect\s+on\s+[^.]{0,40}?\b(?:already\s+)?(?:running|started|in\s+progress|completed)\b` +
	`|\bbefore\s+it\s+(?:goes\s+out|is\s+sent|starts|runs|begins)\b`)

// preciseCancelsUnstarted reports why a cancel loses nothing: its
// description limits it to work that has not started (queued, pending,
// scheduled), which is submitted again as it was; "". A cancel of running
// work (a job "queued or in progress", a deployment) stops what was done
// so far and is left to the other readings.
func preciseCancelsUnstarted(t *tgTool) string {
	if !secHasWord(t.nameWords, "cancel") {
		return ""
	}
	// Read as written: the limit itself is a negation ("haven't started").
	if m := preciseNotStartedOnly.FindString(t.desc); m != "" {
		return fmt.Sprintf("it cancels only work that has not started (%q), which can be submitted again", secSnippet(m))
	}
	return ""
}

// preciseNamesWithin reports whether every name in names is also a
// parameter of other. Called with a tool's parameter names it says other
// takes everything that tool takes; with its required names, that
// other's call gives the tool all it needs.
func preciseNamesWithin(names []string, other *tgTool) bool {
	have := map[string]bool{}
	for _, n := range other.t.ParamNames() {
		have[n] = true
	}
	for _, n := range names {
		if !have[n] {
			return false
		}
	}
	return true
}

var (
	// preciseAllOperationsTalk is prose saying one tool serves every
	// operation of an API: "Unified tool for all Square API operations",
	// "Make any request to the API", "call any endpoint".
	preciseAllOperationsTalk = regexp.MustCompile(`(?i)\b(?:all|any|every|arbitrary)\s+(?:of\s+(?:the\s+)?)?(?:[\w.-]+\s+){0,2}?(?:api|rest|graphql)\s+(?:operations?|endpoints?|requests?|calls?|methods?)\b` +
		`|\b(?:any|arbitrary)\s+(?:api\s+)?endpoints?\b|\b(?:make|send)s?\s+(?:any|arbitrary)\s+(?:api\s+|http\s+)?requests?\b`)
	// preciseOperationParams name the parameter that picks what an API
	// call does.
	preciseOperationParams = map[string]bool{
		"method": true, "operation": true, "op": true, "action": true, "endpoint": true, "path": true,
		"operationid": true, "operation_id": true, "http_method": true, "httpmethod": true, "verb": true,
	}
	// preciseHTTPMethodTalk is a parameter description naming an HTTP
	// method: "HTTP method (default: GET)".
	preciseHTTPMethodTalk = regexp.MustCompile(`(?i)\bhttp\s+(?:method|verb)\b|\b(?:GET|POST|PUT|PATCH|DELETE)\s*(?:,|/|\|)\s*(?:GET|POST|PUT|PATCH|DELETE)\b`)
)

// preciseUIStateTalk is a first sentence whose clearing or removing verb
// acts on what a page or app shows rather than on anything stored: the
// focus, the selection or a hover, or the typed value of an input, text
// box or form field ("Clears the value of an input element", "Remove
// focus from an element", "Empty the search box", "Clear the current
// selection"). A bare "field" is a record's, a highlight may be a stored
// annotation, and deleting a selection deletes the selected text: none
// counts.
var preciseUIStateTalk = regexp.MustCompile(`(?i)^\s*(?:clear|remove|reset|dismiss)(?:s|es)?\s+(?:the\s+|any\s+|all\s+)?(?:current\s+|keyboard\s+|input\s+)?(?:focus|selection|selections|hover(?:\s+state)?)\b` +
	`|^\s*(?:clear|reset|empty|erase|delete)(?:s|es)?\s+(?:the\s+|an?\s+|all\s+)?(?:typed\s+|entered\s+)?(?:text|value|contents?|input)\s+(?:of|in|from)\s+(?:the\s+|an?\s+)?(?:[\w-]+\s+)?(?:input(?:\s+(?:element|field|box))?|text\s*box|textarea|text\s+field|form\s+field|search\s+(?:box|field)|element)s?\b` +
	`|^\s*(?:clear|reset|empty)(?:s|es)?\s+(?:the\s+|an?\s+)?(?:input\s+(?:element|field|box)|text\s*box|textarea|text\s+field|search\s+(?:box|field))s?\b`)

// preciseUIGestureWords are name words of a pointer gesture whose verb is
// also a destructive word ("drop" in drag_and_drop).
var preciseUIGestureWords = map[string]bool{"drag": true, "draganddrop": true, "dnd": true}

// preciseUIStateOnly reports whether a tool that reads as destructive only
// changes what a page shows: its first sentence clears or removes the
// focus, a selection, a highlight or an input's typed value, or its name
// is a drag-and-drop gesture, and its description says nothing is lost
// for good. Nothing stored goes; the next click or keystroke sets it
// again.
func preciseUIStateOnly(t *tgTool) bool {
	first, ok := preciseLeadWithoutLoss(t)
	if !ok {
		return false
	}
	if preciseUIStateTalk.MatchString(first) {
		return true
	}
	gesture := false
	for _, w := range t.nameWords {
		switch {
		case preciseUIGestureWords[w]:
			gesture = true
		case w == "drop" || w == "and":
		case text.IsDestructiveVerb(w):
			return false
		}
	}
	return gesture && !t.destructPhrase && !preciseLossTalk.MatchString(first)
}
