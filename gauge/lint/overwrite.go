package lint

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Destruction without a delete verb, read at warning: an update that writes
// new values over stored ones, an archive the server cannot undo, and a
// file written at a path the caller names. The MCP specification's
// destructiveHint is true when a tool "may perform destructive updates"
// and false only when it "performs only additive updates"; each of these
// replaces or takes away what was there, so an author who leaves the hint
// unset has not answered. Each is a warning, not an error: an author may
// fairly call a field update or an archive reversible, and the old value
// is lost only when no one kept it.

// preciseOverwriteVerbs open the name of a tool that writes new values
// over stored ones (update_product, edit_comment, adjust_inventory).
var preciseOverwriteVerbs = map[string]string{
	"update": "updates", "edit": "edits", "modify": "modifies", "patch": "patches", "adjust": "adjusts", "replace": "replaces", "overwrite": "overwrites",
}

// preciseIdentifierEnds end the name of a parameter that picks what is
// changed rather than carrying a new value (id, productId, item_ids, the
// path of the blob updated).
var preciseIdentifierEnds = map[string]bool{"id": true, "ids": true, "uuid": true, "uuids": true, "gid": true, "path": true, "url": true, "uri": true, "slug": true}

// preciseAddsOnlyTalk is a description saying a tool only adds to what is
// stored: "appends", "adds a comment", "does not change existing".
var preciseAddsOnlyTalk = regexp.MustCompile(`(?i)\bappend|\bonly\s+adds?\b|\b(?:does\s+not|doesn't|never|will\s+not|won't)\s+(?:change|modify|overwrite|replace|remove)\s+(?:any\s+)?existing\b`)

// preciseLogsEntryOpening is a description opening on logging or adding
// one new entry: "Log a progress observation", "Record a new check-in",
// "Append an entry to the journal", "Add a note to the ticket". A
// description that also replaces the previous entry is read as written.
//
// The entry may be a record of anything that happened, not only a note or
// an event: an experience, an episode, an outcome, an attempt, a
// measurement ("Record a learning experience for a specific task"). A
// new value of what the record is about ("Record a new address") is not
// such an entry. The article may be left out and the entry may carry up
// to three words before it ("Record editing outcome for learning",
// "Record a normalized per-agent task outcome").
var preciseLogsEntryOpening = regexp.MustCompile(`(?i)^\s*(?:logs?|records?|appends?|adds?)\s+(?:(?:an?|one|a\s+new|another)\s+(?:[\w-]+\s+){0,3}?|(?:[\w-]+\s+){0,2}?)(?:observation|note|entry|comment|event|check-?in|log\s+entry|journal\s+entry|progress\s+report` +
	`|experience|episode|outcome|attempt|interaction|occurrence|measurement|sample|reading|transition|trajectory|incident|feedback)s?\b`)

// preciseReflectsStateTalk is a sentence saying the update regenerates
// what it writes from the current state: "Update the metadata to reflect
// the current room state", "Refresh the summary to match the latest data".
var preciseReflectsStateTalk = regexp.MustCompile(`(?i)\bto\s+(?:reflect|match|mirror)\s+(?:the\s+|its\s+|your\s+)?(?:current|latest|present)\b`)

// preciseNewValueTalk opens a parameter description that gives the new
// value to write: "New skill content", "The new title".
var preciseNewValueTalk = regexp.MustCompile(`(?i)^\s*(?:the\s+)?(?:new|updated|replacement)\b`)

// preciseTakesGivenContent reports whether a tool takes content for it
// to write: a parameter named for content, text, a body or a value
// (preciseCarriedContentWords, preciseStoredValueNouns), or described as
// the new value.
func preciseTakesGivenContent(t *tgTool) bool {
	props := t.t.Params()
	for _, n := range t.t.ParamNames() {
		w := secIdentifierWords(n)
		if secHasWord(w, preciseCarriedContentWords...) || preciseHasAny(w, preciseStoredValueNouns) {
			return true
		}
		obj, _ := props[n].(map[string]any)
		if d, _ := obj["description"].(string); preciseNewValueTalk.MatchString(d) {
			return true
		}
	}
	return false
}

// preciseHandsBackGuidance is a description opening on handing back
// guidance for the agent to follow ("Provides a checklist for ...",
// "Returns step-by-step instructions to ..."): what its name changes is
// what the guidance is about, and the call itself writes nothing.
var preciseHandsBackGuidance = regexp.MustCompile(`(?i)^\s*(?:provides?|returns?|gives?|shows?)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}?(?:instructions|steps|guide|guidance|checklists?)\b`)

// preciseGuidanceAlsoWrites is such a description saying the call also
// writes ("and updates the file", "then saves").
var preciseGuidanceAlsoWrites = regexp.MustCompile(`(?i)\b(?:and|then)\s+(?:then\s+|itself\s+)?(?:writes|saves|updates|overwrites|replaces|applies|deletes)\b`)

// preciseOverwrites says why a tool whose hint is unset writes over or takes
// away stored data without a delete verb, or "": its name opens on an
// update verb and it takes a new value beside the identifiers of what it
// changes; it archives something and the server has no tool that brings it
// back; or it writes a file at a local or remote destination the caller
// gives.
func preciseOverwrites(tools []tgTool, t *tgTool) string {
	toks := t.nameWords
	if preciseHandsBackGuidance.MatchString(t.desc) && !preciseGuidanceAlsoWrites.MatchString(t.desc) {
		// update_docs "Provides a checklist for the agent to update the
		// docs": the call hands back text; the agent does any writing,
		// through tools of its own.
		return ""
	}
	if why := preciseWritesFileAt(t); why != "" {
		return why
	}
	if preciseSwitchesContext(t) {
		// update_environment(project_dir, active_project,
		// active_user_account): the call points the session at another
		// project or account; the next call points it back.
		return ""
	}
	if why := secRestoresOverCurrent(toks, t.desc); why != "" {
		// restore_snapshot, or "Restore AI agent state from a
		// snapshot": the saved state is written over the current one.
		return why
	}
	if why := preciseMergeFlagReplaces(t); why != "" {
		return why
	}
	if why := preciseAppliesOverFiles(t); why != "" {
		return why
	}
	if preciseKeepsVersion(t.desc) != "" {
		// update_agent "Automatically creates a new version": the values
		// written over stay in the version history.
		return ""
	}
	if opener := preciseResendsOwnSession(tools, t); opener != "" {
		// update_review_context(session_id, title, description,
		// reasoning) beside open_review(title, description, reasoning):
		// the call sends again, to the session the model opened, what
		// the model gave when it opened it.
		return ""
	}
	if preciseLogsEntryOpening.MatchString(t.desc) && !preciseDropsVersionTalk.MatchString(t.desc) {
		// update_progress "Log a progress observation on a goal": the
		// call adds an entry beside the earlier ones; nothing is
		// written over.
		return ""
	}
	if preciseAffirmed(preciseProse(t.desc), preciseReflectsStateTalk) != "" && !preciseTakesGivenContent(t) {
		// update_registration "to reflect the current account state":
		// what it writes is made from the current state, not given by
		// the caller, and what it replaces described an older state.
		return ""
	}
	if why := precisePutsOver(t); why != "" {
		// put-kv, r2_put_object, "Create or update a policy": the
		// value goes where one may already be, and that one is gone
		// (destruction_put.go, round 43).
		return why
	}
	if preciseHasAny(toks, preciseBulkWords) && secHasWord(toks, "update", "edit", "modify", "patch", "set") && preciseTakesNewValue(t) && !preciseAddsOnlyTalk.MatchString(t.desc) {
		// linear_bulk_update_issues: each record's old values are gone,
		// and the caller does not hold them to set them back.
		return "its name says it writes stored values in place over many records at once (\"bulk\"), and what it writes over is gone"
	}
	for i, w := range toks {
		if i > 1 {
			break
		}
		if w == "set" && len(toks) > 1 && preciseStoredValueNouns[toks[len(toks)-1]] && preciseTakesNewValue(t) {
			// set-environment-variable-value: "Set or update the current
			// value"; set_breakpoint or set_status name no stored value.
			return "its name says it sets stored values in place (\"set\" a value), and what it writes over is gone"
		}
		if does := preciseOverwriteVerbs[w]; does != "" && preciseTakesNewValue(t) && !preciseAddsOnlyTalk.MatchString(t.desc) && !preciseRenameOnlyTalk.MatchString(t.desc) && !preciseNameEndsAdding(toks, i) {
			return fmt.Sprintf("its name says it %s stored values in place (%q), and what it writes over is gone", does, w)
		}
		if i == 0 && (text.IsReadVerb(w) || preciseCreates(t)) {
			// create_change_request, get_update_status: what follows the
			// first verb names a thing, not an act.
			break
		}
		if w == "archive" && !preciseServerRestores(tools) && !preciseArchiveFolder.MatchString(t.desc) {
			return "it archives what it names (takes it out of use), and this server has no tool that restores it"
		}
	}
	prose := preciseProse(t.desc)
	if m := preciseAffirmed(prose, precisePushLocalTalk); m != "" {
		return fmt.Sprintf("its description says it pushes a local copy over the live one (%q)", secSnippet(m))
	}
	if m := preciseAffirmed(prose, preciseWritesBackTalk); m != "" {
		return fmt.Sprintf("its description says it writes back over a file (%q)", secSnippet(m))
	}
	if does := preciseTrailingUpdate(t); does != "" {
		return fmt.Sprintf("its name says it %s stored values in place (%q, after what it changes), and what it writes over is gone", does, toks[len(toks)-1])
	}
	return ""
}

// preciseKeepsVersionTalk is a description saying each change is kept as
// a version ("Automatically creates a new version", "previous versions are
// kept", "keeps a full revision history"; since round 33 also "Every change
// is a new rev", "writes that revision as a new rev", "Increments the
// version"): what an update writes over stays in that history. A sentence that also replaces or discards the
// earlier version does not count.
var preciseKeepsVersionTalk = regexp.MustCompile(`(?i)\b(?:creates?|saves?|stores?|records?)\s+(?:a\s+)?new\s+(?:version|revision|rev|snapshot)\b` +
	`|\b(?:every|each)\s+(?:change|write|edit|update|save)\s+(?:is|becomes|makes|creates|adds)\s+(?:kept\s+as\s+|saved\s+as\s+|stored\s+as\s+)?(?:a\s+)?new\s+(?:version|revision|rev)\b` +
	`|\bas\s+a\s+new\s+(?:[\w-]+\s+)?(?:version|revision|rev)\b|\bincrements?\s+the\s+version\b` +
	`|\b(?:previous|prior|earlier|old)\s+(?:versions?|revisions?|configurations?)\s+(?:are|is|remains?|stays?)\s+(?:kept|preserved|retained|saved)\b|\bkeeps?\s+(?:a\s+|the\s+)?(?:full\s+)?(?:version|revision)\s+history\b`)

// preciseDropsVersionTalk is a sentence that keeps no earlier version
// after all: "creates a new version, replacing the previous one".
var preciseDropsVersionTalk = regexp.MustCompile(`(?i)\b(?:replac|overwrit|discard|delet|remov)\w*\s+(?:the\s+)?(?:previous|prior|old|earlier|current|existing)\b`)

// preciseStoredValueNouns close the name of a tool that sets a stored
// value (set_variable_value, set_cell_content, set_note_text).
var preciseStoredValueNouns = map[string]bool{"value": true, "values": true, "content": true, "contents": true, "body": true, "text": true}

// preciseHasAny reports whether any of words is in set.
func preciseHasAny(words []string, set map[string]bool) bool {
	for _, w := range words {
		if set[w] {
			return true
		}
	}
	return false
}

// preciseOldStateNouns name an earlier state of a thing kept to go back to.
var preciseOldStateNouns = []string{"revision", "revisions", "version", "versions", "snapshot", "snapshots", "checkpoint", "checkpoints", "backup", "backups", "history"}

// preciseRestoresOldState says why a tool that restores an earlier state
// writes it over the current one (restore_document_revision,
// restoreSnapshot, restore_file_version), or "": its name opens (first or
// second word) on restore, revert or roll back and names a revision,
// version, snapshot, checkpoint or backup. Restoring a deleted item
// (restore_page, undelete) brings it back and is not read.
func preciseRestoresOldState(toks []string) string {
	for i, w := range toks {
		if i > 1 {
			break
		}
		if (w == "restore" || w == "revert") && secHasWord(toks[i+1:], preciseOldStateNouns...) {
			return fmt.Sprintf("its name says it %ss an earlier state over the current one (%q), and what the current one holds is replaced", w, w)
		}
	}
	return ""
}

// preciseAddressEnds end the name of a parameter that may be where an
// update points (a webhook's url), not only which thing it changes; read
// as a value when settings are told from content.
var preciseAddressEnds = map[string]bool{"url": true, "uri": true, "path": true}

// preciseAccessWords end the name of a choice that grants or takes away
// access (a member's role, a permission): an access change, not a setting.
var preciseAccessWords = map[string]bool{"role": true, "roles": true, "permission": true, "permissions": true, "access": true, "scope": true, "scopes": true}

// preciseChoice reports whether a parameter's schema is one of fixed
// choices (an enum or const of its own, or an array of them) none of
// which throws away what it applies to or cannot be taken back: a
// disposition that can "trash" or "archive" mail, or an action "REFUND",
// is not a mere setting.
func preciseChoice(obj map[string]any) bool {
	if items, _ := obj["items"].(map[string]any); items != nil {
		obj = items
	}
	vals, _ := obj["enum"].([]any)
	if c, ok := obj["const"]; ok {
		vals = append(vals, c)
	}
	if len(vals) == 0 {
		// documentType: anyOf [{enum: ["skill"]}, {type: "null"}]: a
		// choice, or null to clear it.
		if !preciseBranchChoices(obj, &vals) {
			return false
		}
	}
	for _, v := range vals {
		sv, _ := v.(string)
		for _, w := range secIdentifierWords(sv) {
			if text.IsDestructiveVerb(w) || preciseIrreversibleNames[w] != "" || w == "trash" || w == "archive" || w == "archived" {
				return false
			}
		}
	}
	return true
}

// preciseBranchChoices appends to vals the enum or const values of obj's
// anyOf or oneOf branches and reports whether every branch is such a
// choice or null (no free value among them).
func preciseBranchChoices(obj map[string]any, vals *[]any) bool {
	for _, k := range []string{"anyOf", "oneOf"} {
		list, _ := obj[k].([]any)
		if len(list) == 0 {
			continue
		}
		n := len(*vals)
		for _, b := range list {
			m, _ := b.(map[string]any)
			if m == nil {
				return false
			}
			if isJSONString(m["type"], "null") {
				continue
			}
			e, _ := m["enum"].([]any)
			if c, ok := m["const"]; ok {
				e = append(e, c)
			}
			if len(e) == 0 {
				return false
			}
			*vals = append(*vals, e...)
		}
		return len(*vals) > n
	}
	return false
}

// preciseUpdatesInPlace reports whether preciseOverwrites reads t only
// from an update verb in its name: no file written at a caller's path, no
// archive, no local copy pushed over a live one.
func preciseUpdatesInPlace(tools []tgTool, t *tgTool) bool {
	why := preciseOverwrites(tools, t)
	if why != "" && why == precisePutsOver(t) {
		// A put or an upsert of settings (a top-up threshold, a
		// vhost limit) is set back by the same call, as an update is.
		return true
	}
	return strings.HasPrefix(why, "its name says it ") && strings.Contains(why, "stored values in place")
}

// preciseWritesBackTalk is prose saying a tool writes its bytes back over
// the file they came from: "Save annotated PDF bytes back to a local file",
// "writes the result back to the original file", "guarda los cambios de
// vuelta en el archivo", "schreibt zurück in die Datei".
var preciseWritesBackTalk = regexp.MustCompile(`(?i)\b(?:sav|writ|stor|flush)(?:e|es|ed|ing)?\s+(?:[\w-]+\s+){0,4}?back\s+(?:to|into|over)\s+(?:the\s+|a\s+|its\s+)?(?:same\s+|original\s+|source\s+|local\s+)?(?:[\w-]+\s+)?(?:file|document|disk)\b` +
	`|\bde\s+vuelta\s+(?:en|a)\s+(?:el\s+)?(?:archivo|fichero)\b|\bzurück\s+in\s+die\s+(?:[\w-]+\s+)?datei\b`)

// preciseTrailingUpdate says what an update verb closing a name written
// object first does (memory_bank_update, service_binding_update,
// fast_safe_edit: "updates", "edits"), when the two or three words before it
// hold no verb of their own, and the tool takes a new value and says
// nothing of only adding or renaming; "" otherwise. A name that opens on a
// verb (get_last_update, check_for_update, create_or_update) is read from
// that verb.
func preciseTrailingUpdate(t *tgTool) string {
	toks := t.nameWords
	if len(toks) < 2 || len(toks) > 4 {
		return ""
	}
	does := preciseOverwriteVerbs[toks[len(toks)-1]]
	if does == "" || preciseHookMomentWords[toks[len(toks)-2]] {
		// hooks_post-edit, hooks_pre-update: the verb is the moment
		// the hook runs at, around an edit another party makes.
		return ""
	}
	for _, w := range toks[:len(toks)-1] {
		if text.IsReadVerb(w) || text.IsDestructiveVerb(w) || preciseOverwriteVerbs[w] != "" || w == "create" || w == "add" || w == "check" || w == "last" {
			return ""
		}
	}
	if !preciseTakesNewValue(t) || preciseAddsOnlyTalk.MatchString(t.desc) || preciseRenameOnlyTalk.MatchString(t.desc) {
		return ""
	}
	return does
}

// preciseRenameOnlyTalk is a description saying an update only renames:
// "Rename a cluster", "Update a section (rename it)", "only changes the
// cluster name". A name another call sets back is not stored content.
var preciseRenameOnlyTalk = regexp.MustCompile(`(?i)^\s*renames?\b|\(\s*renames?\s+(?:it|them)\s*\)|\bonly\s+(?:changes|updates|sets|edits)\s+(?:the\s+|its\s+)?(?:[\w-]+\s+)?(?:name|title)\b|\bonly\s+renames?\b`)

// preciseCallWords end the name of a parameter that shapes the call or its
// reply, or authenticates it, rather than carrying a value stored: the
// fields returned (opt_fields), an output format, an audit-log reason, a
// session or webhook token.
var preciseCallWords = map[string]bool{"fields": true, "expand": true, "include": true, "format": true, "jq": true, "reason": true, "token": true, "handle": true}

// preciseDescribedAsID reports whether a parameter's description says it is
// an identifier: it opens on "The ID of" or ends on an ID ("组织ID",
// "执行人userId", "测试计划唯一标识", "Team identifier").
func preciseDescribedAsID(d string) bool {
	d = strings.TrimRight(strings.TrimSpace(d), ".)")
	if preciseIDOpening.MatchString(d) {
		return true
	}
	for _, end := range []string{"ID", "Id", "标识", "識別子", "identifier", "Identifier", "UUID", "GID"} {
		if rest, ok := strings.CutSuffix(d, end); ok {
			if end != "ID" {
				return true
			}
			// "userID", "组织ID", "Team ID"; not "PAID" or "VALID". A
			// lower-case "paid" or "valid" never reaches here.
			r := []rune(rest)
			return len(r) == 0 || !unicode.IsUpper(r[len(r)-1])
		}
	}
	return false
}

// preciseIDOpening is a parameter description opening on what it
// identifies: "The ID of the WordPress site to target".
var preciseIDOpening = regexp.MustCompile(`(?i)^\s*(?:the\s+|an?\s+)?(?:unique\s+)?(?:id|identifier|uuid|gid)\s+(?:of|for)\b`)

// precisePlaceWords name where an item sits, not what it holds: an update
// that only moves or reorders (update_list_position) loses nothing, since
// another call puts it back.
var precisePlaceWords = map[string]bool{"position": true, "pos": true, "index": true, "order": true, "rank": true, "before": true, "after": true, "sort": true}

// preciseMarkWords name a label or switch on what is updated, not content
// the user wrote: a rename, a new colour, a status or an on/off switch is
// set back by another call with the old value, which the caller can see.
var preciseMarkWords = map[string]bool{
	"name": true, "title": true, "color": true, "colour": true, "status": true, "state": true, "visibility": true,
	"enabled": true, "active": true, "icon": true, "avatar": true, "timeout": true, "ttl": true, "passed": true, "conclusion": true, "language": true,
}

// preciseAddedValueTalk is a parameter described as something added to
// what is stored ("Text to add", "lines to append").
var preciseAddedValueTalk = regexp.MustCompile(`(?i)\bto\s+(?:add|append)\b|\bappended\b|\badded\s+to\b`)

// preciseTakesNewValue reports whether a tool takes a parameter that is
// neither an identifier of what it changes, a place to move it to, nor a
// label or switch on it: content to write over what it held.
func preciseTakesNewValue(t *tgTool) bool {
	return preciseNewValueIn(t.t.Params(), t.t.ParamNames(), false, false, false, 0)
}

// preciseTakesUserContent reports whether an update takes content the user
// wrote, beyond settings another call sets back: a value that is not one
// of an enum's choices, not a setting (a bid, a budget, a strategy, a role,
// an alert address) and not inside a place or setting object (a position's
// x and y, a bid's value and currency). An update that sets only such
// values (update_bid, update_campaign_budget, update_member's role) loses
// nothing the same call cannot put back.
func preciseTakesUserContent(t *tgTool) bool {
	if preciseSetsStatus(t) || preciseUpdatesPeople(t.nameWords) {
		return false
	}
	names := t.t.ParamNames()
	if secHasWord(t.nameWords, preciseDeliveryNouns...) {
		// update_webhook_destination's url is where events go: a
		// setting another call sets back, not content written over.
		kept := make([]string, 0, len(names))
		for _, n := range names {
			if w := secIdentifierWords(n); len(w) == 0 || !preciseAddressEnds[w[len(w)-1]] {
				kept = append(kept, n)
			}
		}
		names = kept
	}
	// A bulk update's array of requests is read item by item (adStatus,
	// bidPercentage): the settings of many records, not content.
	return preciseNewValueIn(t.t.Params(), names, false, true, preciseHasAny(t.nameWords, preciseBulkWords), 0)
}

// preciseStatusNouns close the name of a tool that sets a status.
var preciseStatusNouns = map[string]bool{"status": true, "statuses": true, "state": true, "stage": true, "phase": true}

// preciseSetsStatus reports whether an update sets a status from fixed
// choices (update_user_status with status ACTIVE, FLAGGED or BLOCKED;
// set_ticket_state; update_session_status with new_status Approved or
// Declined): its name closes on a status and a parameter named for a status
// offers an enum none of whose values deletes or cannot be taken back
// (preciseChoice). Another call sets the status back; a note or a
// notification flag beside it is no content written over.
func preciseSetsStatus(t *tgTool) bool {
	if len(t.nameWords) < 2 || !preciseStatusNouns[t.nameWords[len(t.nameWords)-1]] {
		return false
	}
	props := t.t.Params()
	for _, n := range t.t.ParamNames() {
		w := secIdentifierWords(n)
		obj, _ := props[n].(map[string]any)
		if len(w) > 0 && preciseStatusNouns[w[len(w)-1]] && obj != nil && preciseChoice(obj) {
			return true
		}
	}
	return false
}

// precisePeopleNouns name the people linked to a thing (its reviewers,
// assignees, watchers): an update of who they are adds and removes links
// another call restores, and deletes no content.
var precisePeopleNouns = []string{"reviewer", "reviewers", "assignee", "assignees", "watcher", "watchers", "follower", "followers", "collaborator", "collaborators",
	"participant", "participants", "approver", "approvers", "subscriber", "subscribers"}

// preciseUpdatesPeople reports whether an update's name closes on the
// people linked to a thing (update_document_reviewers, set_issue_assignees).
func preciseUpdatesPeople(words []string) bool {
	return len(words) > 1 && secHasWord(words[len(words)-1:], precisePeopleNouns...)
}

// preciseSettingOnlyWords end the name of a parameter that, in an update
// told from content, is a setting another call sets back: a label or alias,
// the events a webhook is subscribed to. In a bulk update's items, a type
// or kind picks what each item is (inventoryReferenceType) as well.
var preciseSettingOnlyWords = map[string]bool{"label": true, "alias": true, "nickname": true, "events": true, "topics": true}

// precisePersonLinkWords in a parameter's name make it a link to a person
// (ownerEmail, assignee_id): set back by another call.
var precisePersonLinkWords = []string{"owner", "assignee", "assignees", "reviewer", "reviewers", "approver"}

// preciseIdentifiesTalk is a parameter description saying it picks what is
// changed: "The vendor_data value that identifies the user", "findingKey
// from list_knowledge_health_findings", "Identifiant de l'utilisateur".
var preciseIdentifiesTalk = regexp.MustCompile(`(?i)\b(?:that|which|used\s+to)\s+identif(?:y|ies)\b|\bfrom\s+(?:a\s+|the\s+)?(?:list|get|search|find)_[a-z_]+\b|^\s*identifi(?:ant|cador)\b`)

// preciseDeliveryNouns name a tool whose URL is where something is
// delivered (a webhook, a callback, a destination): a setting.
var preciseDeliveryNouns = []string{"webhook", "webhooks", "hook", "hooks", "callback", "callbacks", "destination", "destinations", "notification", "notifications"}

// preciseSettingWords end the name of a parameter, or of an object holding
// it, that is a setting another call sets back rather than content the
// user wrote: what an ad bids or spends, how it bids, who a member is to
// the board, where alerts go, how a payload is delivered.
var preciseSettingWords = map[string]bool{
	"bid": true, "bids": true, "percentage": true, "percent": true, "strategy": true, "budget": true, "amount": true, "currency": true,
	"priority": true, "protocol": true, "version": true, "x": true, "y": true,
	"width": true, "height": true, "coordinates": true, "geometry": true, "level": true, "threshold": true, "mode": true,
}

// preciseNewValueIn reports whether props (named names) hold a new value.
// With items (a bulk update read for settings), an array of objects is
// read through its items' fields.
// An object with properties of its own is read through: a request split
// into path and body parts (Chatwork's `path.task_id`, `body.body`) holds
// what its parts hold. Inside a body part every field is the state written,
// so a list of identifiers there is a value too (a room's new member list,
// `body.members_admin_ids`), while a path part only names what changes;
// since round 38 one identifier in a body (camera_id beside enabled) is
// read as in a path part: which thing changes, or a link set back. A
// boolean, and a parameter described as a status or state ("タスクのステー
// タス（open: 未完了, done: 完了）"), is a switch another call sets back, not
// content written over.
func preciseNewValueIn(props map[string]any, names []string, inBody, settings, items bool, depth int) bool {
	for _, n := range names {
		obj, _ := props[n].(map[string]any)
		w := secIdentifierWords(n)
		last := ""
		if len(w) > 0 {
			last = w[len(w)-1]
		}
		if it, _ := obj["items"].(map[string]any); settings && items && it != nil && depth < 3 {
			// A bulk update's requests[]: each item's fields are what is
			// set (adStatus, bidPercentage), read as the item's own.
			if sub, _ := it["properties"].(map[string]any); len(sub) > 0 {
				if preciseNewValueIn(sub, secSortedKeys(sub), inBody, settings, items, depth+1) {
					return true
				}
				continue
			}
		}
		if sub, _ := obj["properties"].(map[string]any); len(sub) > 0 && depth < 3 {
			if settings && (preciseSettingWords[last] || precisePlaceWords[last]) {
				// position.x, defaultBid.value, budget.daily.amount.
				continue
			}
			if preciseNewValueIn(sub, secSortedKeys(sub), inBody || preciseBodyParts[strings.ToLower(n)], settings, items, depth+1) {
				return true
			}
			continue
		}
		if last == "" {
			continue
		}
		if (!inBody || preciseOneIdentifier(obj, last)) && preciseIdentifierEnds[last] && !(settings && preciseAddressEnds[last]) || precisePlaceWords[last] || preciseMarkWords[last] || preciseCallWords[last] {
			continue
		}
		if settings && (preciseSettingWords[last] || preciseSettingOnlyWords[last] || items && depth > 0 && (last == "type" || last == "kind") || secHasWord(w, precisePersonLinkWords...) || preciseChoice(obj) && !preciseAccessWords[last]) {
			continue
		}
		d, _ := obj["description"].(string)
		if !inBody && (preciseDescribedAsID(d) || settings && preciseIdentifiesTalk.MatchString(d)) {
			continue
		}
		if preciseAddedValueTalk.MatchString(d) {
			// update_note's content "Text to add": appended, not written over.
			continue
		}
		if isJSONString(obj["type"], "boolean") || preciseStatusTalk.MatchString(d) {
			continue
		}
		return true
	}
	return false
}

// preciseOneIdentifier reports whether a body field is one identifier
// (camera_id, user_id: a string or number named for an id): which thing
// the update picks or points at, which the same call can point back,
// not a list written whole (members_admin_ids) nor an address or path.
func preciseOneIdentifier(obj map[string]any, last string) bool {
	if last != "id" && last != "uuid" && last != "gid" {
		return false
	}
	return isJSONString(obj["type"], "string") || isJSONString(obj["type"], "integer") || isJSONString(obj["type"], "number")
}

// preciseAddVerbs close a name whose update verb is the method of an API
// call that only adds (update_approved_list_add).
var preciseAddVerbs = map[string]bool{"add": true, "append": true, "insert": true, "attach": true}

// preciseNameEndsAdding reports whether a name whose update verb is word
// i closes, at least two words later, on a verb that adds, with no "or"
// or "and" before it (update_or_add still updates): the update verb names
// the request's method, the last word what the call does.
func preciseNameEndsAdding(toks []string, i int) bool {
	n := len(toks)
	return n-1 >= i+2 && preciseAddVerbs[toks[n-1]] && toks[n-2] != "or" && toks[n-2] != "and"
}

// preciseBodyParts name the part of a request that carries the state
// written (an HTTP body), as against its path or query.
var preciseBodyParts = map[string]bool{"body": true, "requestbody": true, "request_body": true, "payload": true, "data": true}

// preciseStatusTalk is a parameter described as a status or state, in the
// languages descriptions are written in: "Task status", "タスクのステー
// タス", "任务状态", "Status der Aufgabe", "estado de la tarea".
var preciseStatusTalk = regexp.MustCompile(`(?i)^\s*(?:the\s+|new\s+)?(?:[\w'’-]+\s+){0,2}?(?:status|state)\b|^[^。.]{0,20}(?:ステータス|状態|状态|狀態)|^\s*(?:der\s+|die\s+|le\s+|la\s+|el\s+|o\s+)?(?:neuer?\s+)?(?:status|statut|estado|état)\b`)

// preciseArchiveFolder is a description saying the archive is a folder or
// mailbox the items are moved into ("move emails ... to an archive
// folder"): a move, which moving them back undoes.
var preciseArchiveFolder = regexp.MustCompile(`(?i)\bto\s+(?:an?\s+|the\s+|its\s+)?archive\s+(?:folder|mailbox|directory|label)\b`)

// preciseFileTargetTalk is a path parameter's description naming a place
// on a machine the tool writes to: "Remote destination path", "Local
// destination path", "Destination location on your local machine",
// "Target location on the remote server" (round 48). A destination alone (a Drive folder, a clone's
// directory) is not read as a file written over.
var preciseFileTargetTalk = regexp.MustCompile(`(?i)\b(?:local|remote)\s+(?:file\s+)?destination\s+(?:file\s+)?path\b|\b(?:destination|target)\s+(?:file\s+)?(?:path|location)\s+on\s+(?:the\s+|your\s+)?(?:local|remote)\b|` +
	// "The absolute path where the attachment will be saved", "Absolute
	// file path to save the .md file", "Absolute path to the directory
	// where attachments will be saved": an absolute path on the machine the
	// caller picks, described as where the tool saves or writes.
	`^\s*(?:the\s+)?(?:full\s+)?absolute\s+(?:file\s+|directory\s+|folder\s+)?path\s+(?:(?:to\s+(?:the\s+)?(?:directory|folder)\s+)?(?:where|in\s+which|to\s+which)\s+[^.]{0,60}?\b(?:will\s+be|is|are|gets?)\s+(?:saved|written|stored|downloaded)|to\s+(?:save|write|store)\b)|` +
	// The same in Spanish, French and German.
	`(?i)\bruta\s+absoluta\b[^.]{0,40}\bdonde\s+se\s+(?:guardar|escribir)|\bchemin\s+absolu\b[^.]{0,40}\bo[uù]\s+[^.]{0,40}\b(?:enregistr|sauvegard|[ée]crit)|\babsolute[rn]?\s+(?:Datei|Ordner|Verzeichnis)?pfad\b[^.]{0,40}\b(?:gespeichert|geschrieben)`)

// preciseSavePathTalk is a path parameter whose description opens on
// saying the call saves or writes there, absolute or not (round 49):
// "File path to write the JSON export to", "Optional path to save the
// screenshot", "Path where the scene file will be saved", "Path to the
// output SVG file", "Filename to save as".
var preciseSavePathTalk = regexp.MustCompile(`(?i)^\s*(?:\(?optional\)?\s*[:.-]?\s*)?(?:the\s+|an?\s+)?(?:full\s+|local\s+|relative\s+)?(?:file\s*|output\s+|destination\s+|target\s+)?(?:path|filepath|filename)\s+` +
	`(?:(?:to|for)\s+(?:save|write|store|export|dump)\b|(?:where|in\s+which)\s+[^.]{0,60}?\b(?:will\s+be|is|are|gets?|should\s+be)\s+(?:saved|written|stored|exported)\b|(?:to|for)\s+(?:the\s+)?(?:saved?|written|output|exported)\b)`)

// preciseOpeningClause is d's opening clause, at least minLen bytes long:
// d up to its first sentence end, comma or parenthesis past minLen.
func preciseOpeningClause(d string, minLen int) string {
	end := len(d)
	for _, sep := range []string{". ", ".\n", "\n", " (", ", "} {
		if k := strings.Index(d[minLen:], sep); k >= 0 && minLen+k < end {
			end = minLen + k
		}
	}
	return strings.TrimSuffix(d[:end], ".")
}

// preciseSavePathDir is a save path that names a directory or folder the
// call writes into ("Path to the output directory"): new files beside
// others, not one file written over, as preciseOutputPathTalk leaves an
// output directory out.
var preciseSavePathDir = regexp.MustCompile(`(?i)^[^.]{0,80}\b(?:directory|folder|dir)\b`)

// preciseOutputPathTalk is a path parameter whose description opens on
// naming it the call's output path or output file path, after at most
// three words saying whose output it is: "Output file path", "Output
// path.", "Calibration result output path (.json/.yaml/.yml)", "Optional
// output path for command artifacts". The call writes its output there,
// over any file at that path. An output directory, a file name alone and
// an output format are not read.
var preciseOutputPathTalk = regexp.MustCompile(`(?i)^\s*(?:the\s+|an?\s+)?(?:optional\s*:?\s+)?(?:[\w-]+\s+){0,3}?output\s+(?:file\s+)?path\b`)

// preciseOnlySuggestsTalk is a path described as only a suggestion the
// call hands back ("Suggested output file path"), not where it writes.
var preciseOnlySuggestsTalk = regexp.MustCompile(`(?i)\bsuggest(?:ed|s|ion)?\b`)

// preciseWritesFileAt says how a tool writes a file at a path the caller
// names on a local or remote machine, whatever is there already, or "": a
// transfer whose path parameter is described as its local or remote
// destination (ssh_upload_file's "Remote destination path",
// ssh_download_file's "Local destination path"). A tool that says it fails
// on an existing file or never overwrites is left out.
func preciseWritesFileAt(t *tgTool) string {
	if preciseAppendsOnly.MatchString(t.desc) {
		return ""
	}
	if why := preciseWritesGivenContent(t); why != "" {
		return why
	}
	props := t.t.Params()
	for _, n := range t.t.ParamNames() {
		obj, _ := props[n].(map[string]any)
		if obj == nil || !isJSONString(obj["type"], "string") {
			continue
		}
		if d, _ := obj["description"].(string); preciseFileTargetTalk.MatchString(d) {
			return fmt.Sprintf("it writes a file at the path its `%s` parameter names (%q), over whatever is there", n, secSnippet(preciseFileTargetTalk.FindString(d)))
		} else if m := preciseSavePathTalk.FindString(d); m != "" && !preciseSavePathDir.MatchString(d) {
			// ruflo's memory_export outputPath "File path to write the
			// JSON export to", a screenshot tool's "Optional path to save
			// the screenshot" (round 49): the file lands wherever the
			// caller points it, over any file there.
			m = preciseOpeningClause(d, len(m))
			return fmt.Sprintf("it writes a file at the path its `%s` parameter names (%q), over whatever is there", n, secSnippet(strings.TrimSpace(m)))
		} else if m := preciseOutputPathTalk.FindString(d); m != "" && !preciseOnlySuggestsTalk.MatchString(d) {
			// calibrate's output "Calibration result output path",
			// audit_export's out "Output file path": the file the call
			// writes, wherever the caller points it.
			return fmt.Sprintf("it writes its output to the file its `%s` parameter names (%q), over whatever is there", n, secSnippet(strings.TrimSpace(m)))
		}
	}
	return ""
}

// preciseUpsertOfFields reports whether the only destruction read in a tool
// is that its name creates or updates (qase_case_upsert,
// create_or_update_record) named fields: no file and no whole content
// written over, nothing deleted. With destructiveHint: false the author has
// answered that such an update is not destruction, and nothing in the tool
// says otherwise; an upsert that writes a whole file or content keeps the
// contradiction.
func preciseUpsertOfFields(t *tgTool) bool {
	why := preciseDescribesDestruction(t)
	if why != "its name says it creates or overwrites (\"upsert\")" && why != "its name says it creates or overwrites what exists" {
		return false
	}
	for _, tok := range t.nameTokens {
		switch strings.ToLower(tok) {
		case "file", "files", "replace", "overwrite":
			return false
		}
	}
	return !preciseTakesContent(t) && !t.destructPhrase
}

// precisePushLocalTalk is a description saying a tool pushes a local copy
// of state (a cache, a draft, metadata, a configuration) to the service
// that holds the live one, which it then replaces: "Push ASO data from
// local cache to App Store/Google Play", "Pushes the local config to the
// server", "Sube la copia local al servidor". Commits pushed to a branch
// are added, not written over, and are left to the force readings.
var precisePushLocalTalk = regexp.MustCompile(`(?i)\bpush(?:es|ing)?\s+(?:[\w-]+\s+){0,3}?(?:from\s+)?(?:the\s+|your\s+|its\s+)?local(?:ly)?\s+(?:[\w-]+\s+)?(?:cache|cached|copy|state|drafts?|metadata|config(?:uration)?|settings|listings?|data)\b[^.]{0,20}?\s+(?:to|onto|into|over)\b` +
	`|\b(?:sube|env[ií]a)\s+(?:la|el|los|las)\s+(?:copia|cach[ée]|configuraci[oó]n|datos)\s+locale?s?\s+(?:al?|sobre)\b`)

// preciseStoredPlaceWords are parameter words naming a stored thing a
// call can change: an id, a path or file, a URL, a record, a target.
var preciseStoredPlaceWords = []string{"id", "ids", "uuid", "guid", "key", "path", "paths", "file", "files", "filename", "filepath", "dir", "directory", "folder",
	"url", "urls", "uri", "uris", "href", "link", "record", "records", "target", "targets", "destination", "dest", "output", "out", "table", "tables", "row", "rows",
	"collection", "database", "db", "bucket", "branch", "repo", "repository", "sheet", "cell", "range", "project", "workspace", "site", "page", "account",
	"name", "title", "slug", "handle", "ref", "channel", "recipient", "to", "email", "host", "server", "endpoint", "store", "save", "overwrite", "force", "write", "persist", "apply", "commit", "in_place", "inplace"}

// preciseCarriedContentWords are parameter words naming the content a
// call carries in full: the text, JSON, code or style it works on.
var preciseCarriedContentWords = []string{"text", "texts", "content", "contents", "input", "inputs", "string", "str", "json", "yaml", "xml", "html", "markdown",
	"md", "code", "source", "style", "document", "doc", "data", "payload", "body", "template", "schema", "svg", "csv", "snippet", "spec", "specification",
	"original", "modified", "left", "right", "a", "b"}

// preciseChangeNameVerbs are name verbs, beyond secWriteVerbs, of a tool
// that changes a thing it holds (replace_document, apply_edits).
var preciseChangeNameVerbs = []string{"replace", "overwrite", "rewrite", "apply", "sync", "import", "restore", "reset", "clear", "store", "commit", "download", "deploy", "install", "export", "upload", "scaffold", "init"}

// preciseTransformsCarriedCopy reports whether a tool takes the content
// it changes in the call and returns the changed copy, storing nothing
// (issue 21): a regex replace on the text it is given, a diff of two
// texts ("full replacement" is a diff result), a style optimiser handed
// the style JSON ("removing unused sources" edits the copy it returns).
// Read from structure: a string or object parameter carries the content,
// no parameter names a stored thing (an id, a path or file, a URL, a
// record, a target or destination, a name), and no change or delete verb
// names the tool (update_document(content) writes the open document).
// Nor does an operation the tool offers store or delete anything:
// manage_rule(action: create|update|delete, ruleData) works on the
// server's stored rules, whatever its data parameter carries (MCP040
// r52).
func preciseTransformsCarriedCopy(t *tgTool) bool {
	if t.t == nil || len(t.nameWords) == 0 || secHasWord(t.nameWords, secWriteVerbs...) || secHasWord(t.nameWords, preciseChangeNameVerbs...) || secDestructiveVerb(t.nameWords) != "" {
		return false
	}
	if preciseOffersWrite(t.t) {
		return false
	}
	return preciseCarriesCopyOnly(t.t)
}

// preciseOffersWrite reports whether an operation the tool offers (a value
// of its action, op or mode enum) writes, in sec012's vocabulary: a
// one-word write mode (create, update, set, apply...) or a compound value
// opening on one (update_plan). A bare delete or replace is not enough: a
// text tool's mode "delete" cuts from the string it is handed.
func preciseOffersWrite(t *model.Tool) bool {
	for _, av := range preciseActionValues(t) {
		if preciseWriteModes[strings.ToLower(av.value)] || secCompoundWriteValue(av.value) {
			return true
		}
	}
	return false
}

// preciseCarriesCopyOnly reports whether a parameter of t carries the
// content the call works on (a string or object named text, json, style,
// code...) and no parameter names a stored thing the call could change.
func preciseCarriesCopyOnly(t *model.Tool) bool {
	carries := false
	for _, p := range secParams(t) {
		pw := secIdentifierWords(strings.TrimRight(p.name, "0123456789"))
		if len(pw) == 0 {
			continue
		}
		if secHasWord(pw, preciseStoredPlaceWords...) {
			return false
		}
		if _, choice := p.schema["enum"]; !choice && secHasWord(pw[len(pw)-1:], preciseCarriedContentWords...) && preciseCarriesValue(p.schema) {
			carries = true
		}
	}
	return carries
}

// preciseCarriesValue reports whether a parameter's schema takes a value
// in full: a string or an object, or a choice of them.
func preciseCarriesValue(s map[string]any) bool {
	if isJSONString(s["type"], "string") || isJSONString(s["type"], "object") {
		return true
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		alts, _ := s[k].([]any)
		for _, a := range alts {
			if m, _ := a.(map[string]any); m != nil && (isJSONString(m["type"], "string") || isJSONString(m["type"], "object")) {
				return true
			}
		}
	}
	return false
}

// preciseWritesFileOpening is a description opening on writing or saving a
// file: "Writes a summary markdown file to the docs directory", "Saves the
// report file into the folder".
var preciseWritesFileOpening = regexp.MustCompile(`(?i)^\s*(?:writes?|saves?)\s+(?:a|an|the|one)?\s*(?:[\w.-]+\s+){0,4}?files?\b`)

// preciseWritesGivenContent says how a tool writes content the caller
// gives into a file at a place the caller names, or "": its description
// opens on writing a file, one string parameter carries the content
// (content, body, markdown, text) and another names where (a path, a
// directory, a file name). A file written there replaces one already
// there. A tool that writes into a fresh temporary directory, or returns
// a patch, opens on neither.
func preciseWritesGivenContent(t *tgTool) string {
	// The opening is matched on the whole description: its anchor keeps
	// it to the first words, and a file name (README.md) holds a dot.
	if !preciseWritesFileOpening.MatchString(t.desc) || preciseTempTalk.MatchString(t.desc) {
		return ""
	}
	props := t.t.Params()
	content, where := "", ""
	for _, n := range t.t.ParamNames() {
		obj, _ := props[n].(map[string]any)
		if obj == nil || !isJSONString(obj["type"], "string") {
			continue
		}
		w := secIdentifierWords(n)
		if len(w) == 0 {
			continue
		}
		switch w[len(w)-1] {
		case "content", "contents", "body", "markdown", "text":
			if content == "" {
				content = n
			}
		case "path", "dir", "directory", "folder", "filename", "file":
			if where == "" {
				where = n
			}
		}
	}
	if content == "" || where == "" {
		return ""
	}
	return fmt.Sprintf("it writes the `%s` it is given to a file at the place its `%s` parameter names, over any file already there", content, where)
}

// preciseTempTalk is a description placing what a tool writes in a fresh
// temporary place, where nothing is written over.
var preciseTempTalk = regexp.MustCompile(`(?i)\b(?:temp(?:orary)?|tmp|scratch)\s+(?:dir(?:ectory)?|folder|files?|location)\b|\bnew\s+(?:empty\s+)?(?:dir(?:ectory)?|folder)\b`)

// preciseContextParamTalk is a parameter description choosing what the
// session works in: "Change the current project directory", "Switch the
// active account", "Select the working directory".
var preciseContextParamTalk = regexp.MustCompile(`(?i)^\s*(?:change|switch|select|set|choose)s?\s+(?:the\s+|which\s+)?(?:current|active|working|selected)\b`)

// preciseContextParamWords open a parameter name that picks what the
// session works in (active_project, current_directory, working_dir).
var preciseContextParamWords = map[string]bool{"active": true, "current": true, "working": true, "selected": true, "cwd": true}

// preciseSwitchesContext reports whether every parameter of a tool (one at
// least) picks what the session works in rather than writing to it: its
// name opens on active, current, working or selected followed by what is
// picked (active_project, current_dir), or its description opens on
// changing the current or active one ("Change the current project
// directory"). Such an update points the session at another project,
// directory or account; nothing stored is written over, and the next call
// points it back.
func preciseSwitchesContext(t *tgTool) bool {
	names := t.t.ParamNames()
	if len(names) == 0 || preciseLossTalk.MatchString(t.desc) {
		return false
	}
	props := t.t.Params()
	for _, n := range names {
		words := text.IdentifierTokens(n)
		if len(words) >= 2 && preciseContextParamWords[strings.ToLower(words[0])] || len(words) == 1 && strings.EqualFold(n, "cwd") {
			continue
		}
		obj, _ := props[n].(map[string]any)
		d, _ := obj["description"].(string)
		if !preciseContextParamTalk.MatchString(d) {
			return false
		}
	}
	return true
}

// preciseMergeTalk is a flag's description saying it merges or appends
// what the call brings into what is already stored: "Merge with existing
// data", "Append generated tasks to existing file", "When true, append to
// existing taxonomy terms instead of replacing".
var preciseMergeTalk = regexp.MustCompile(`(?i)\b(?:merg|append|add)(?:e|es|s|ing)?\s+(?:it\s+|them\s+|[\w-]+\s+){0,2}?(?:with|to|into|onto)\s+(?:the\s+|any\s+|all\s+)?(?:existing|stored)\b|\binstead\s+of\s+(?:replacing|overwriting)\b`)

// preciseMergeFlagReplaces says why a tool whose boolean merge or append
// flag (merge, append, mergeExisting, append_terms) is described as
// merging into what exists writes over what is stored when the flag is
// false, or "": the flag is the switch between adding and replacing, and
// the model turns it off with one word (hooks_import's merge, "Merge with
// existing data": with false, the imported data replaces the stored).
func preciseMergeFlagReplaces(t *tgTool) string {
	if n, said := preciseFlagSays(t, preciseMergeTalk, "merge", "append"); n != "" {
		return fmt.Sprintf("its `%s` flag merges into what is stored (%q), so with it false the call replaces what is there", n, said)
	}
	return ""
}

// preciseFlagSays finds the first boolean parameter of t named with one of
// words whose description re matches: its name and the snippet re
// matched, or "".
func preciseFlagSays(t *tgTool, re *regexp.Regexp, words ...string) (name, said string) {
	for _, p := range t.params {
		if p.obj == nil || !isJSONString(p.obj["type"], "boolean") || !secHasWord(secIdentifierWords(p.name), words...) {
			continue
		}
		if d, _ := p.obj["description"].(string); re.MatchString(d) {
			return p.name, secSnippet(re.FindString(d))
		}
	}
	return "", ""
}

// preciseNameLeadsWith reports whether a name's words open on one of
// verbs, after at most one prefix word that is no verb of its own
// (apply_theme, ui_apply_preset; not get_apply_status).
func preciseNameLeadsWith(w []string, verbs ...string) bool {
	return len(w) > 0 && (secHasWord(w[:1], verbs...) || len(w) > 1 && secHasWord(w[1:2], verbs...) && !text.IsBareVerb(w[0]) && !text.IsReadVerb(w[0]))
}

// preciseDryRunWritesTalk is a dry-run or preview flag's description that
// names what the real call does to files: "If true, returns preview
// instead of writing files", "Preview without modifying the files".
var preciseDryRunWritesTalk = regexp.MustCompile(`(?i)\b(?:instead\s+of|without)\s+(?:actually\s+)?(?:writing|modifying|changing|overwriting|updating|touching)\s+(?:to\s+)?(?:any\s+|the\s+|its\s+|your\s+)?(?:[\w-]+\s+)?files?\b`)

// preciseAppliesOverFiles says why a tool whose name applies something
// (apply_theme, apply_preset; after at most one prefix word) writes over
// the files it applies to, or "": its dry-run or preview flag says the
// call, as made without it, writes files ("If true, returns preview
// instead of writing files"). What is applied goes into files that are
// already there (a theme into the project's stylesheet), and the model
// gets the write by leaving the flag out.
func preciseAppliesOverFiles(t *tgTool) string {
	if !preciseNameLeadsWith(t.nameWords, "apply") {
		return ""
	}
	if n, said := preciseFlagSays(t, preciseDryRunWritesTalk, "dry", "dryrun", "preview"); n != "" {
		return fmt.Sprintf("it applies what it names to files its `%s` flag says the call otherwise writes (%q), over what they hold", n, said)
	}
	return ""
}

// preciseOpenVerbs open the name of a tool that opens or starts a
// session of work (open_review, start_session).
var preciseOpenVerbs = []string{"open", "start", "begin", "launch"}

// preciseResendsOwnSession names the sibling that opens the session an
// update writes to, or "": the update picks a session (a parameter named
// for one, session or session_id), and every other value it takes that is
// not a path or an id is a parameter of a sibling whose name opens (after
// at most one prefix word) on open, start, begin or launch and that takes
// no session of its own (it makes one). The update then sends again, to a
// session the model opened, only what the model gave when it opened it:
// nothing the user stored is written over. An update of a record that
// merely lives in a session (a verification session's document fields,
// which no opener takes) is read as before.
func preciseResendsOwnSession(tools []tgTool, t *tgTool) string {
	session := ""
	var values []string
	for _, n := range t.t.ParamNames() {
		w := secIdentifierWords(n)
		switch {
		case len(w) > 0 && (w[len(w)-1] == "session" || len(w) > 1 && w[len(w)-2] == "session" && secHasWord(w[len(w)-1:], "id", "ids", "key")):
			session = n
		case len(w) > 0 && (preciseIdentifierEnds[w[len(w)-1]] || secHasWord(w[len(w)-1:], preciseWriteTargetKinds...)):
		default:
			values = append(values, n)
		}
	}
	if session == "" || len(values) == 0 {
		return ""
	}
	for k := range tools {
		o := &tools[k]
		if o.name == t.name || len(o.nameWords) == 0 {
			continue
		}
		if !preciseNameLeadsWith(o.nameWords, preciseOpenVerbs...) {
			continue
		}
		takesSession := false
		for _, n := range o.t.ParamNames() {
			if ow := secIdentifierWords(n); secHasWord(ow, "session") {
				takesSession = true
			}
		}
		if !takesSession && preciseNamesWithin(values, o) {
			return o.name
		}
	}
	return ""
}
