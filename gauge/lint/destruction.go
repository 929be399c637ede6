package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Reading destructive intent beyond a tool's name: a description that
// opens on destruction, an operation parameter with a destructive value, a
// flag whose description says it overwrites or deletes.

// secDestructiveVerb returns the first of words that is a destructive verb
// (delete, remove, purge, ...), or "".
func secDestructiveVerb(words []string) string {
	for _, w := range words {
		if text.IsDestructiveVerb(w) {
			return w
		}
	}
	return ""
}

// preciseDescribesDestruction says why a tool destroys data although its
// name does not say so, or "": its description opens on an act of
// destruction (git_clean: "Remove untracked files ..."; set_page:
// "Replaces the content of one page ..."), an operation parameter offers a
// destructive value (git_branch mode "delete"), or a flag's description
// says it overwrites or deletes (git_push force: "Force push (overwrites
// remote history)"). Destruction without a delete verb counts too: a name
// that cancels, rolls back, refunds or spends (cancel_job, place_order), a
// description that says the tool overwrites or replaces what exists, runs
// SQL DELETE or DROP, or lists delete among its operations, and an
// operation parameter anywhere in the schema whose values, examples or
// description offer delete (a JSON-Patch op "remove", an HTTP method
// DELETE).
func preciseDescribesDestruction(t *tgTool) string {
	prose := preciseProse(t.desc)
	first := strings.TrimSpace(prose)
	if preciseDestructiveOpening.MatchString(first) {
		return "its description opens with what it destroys"
	}
	if why := preciseIrreversibleName(t); why != "" {
		return why
	}
	props := t.t.Params()
	for _, name := range t.t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		if obj == nil {
			continue
		}
		lname := strings.ToLower(name)
		if obj["type"] == "boolean" && obj["default"] == false && preciseCreates(t) {
			// create_change_request's autoDeleteBranchWhenEnd (default
			// false): the call as made creates; the flag is a later
			// clean-up the caller opts into.
			continue
		}
		if obj["type"] == "boolean" && preciseDestructiveFlagName(name) != "" && !preciseOnlyCommand.MatchString(first) {
			return fmt.Sprintf("its `%s` flag switches it to %s", name, preciseDestructiveFlagName(name))
		}
		if preciseFlagParams[lname] && obj["type"] == "boolean" {
			// hetzner's change_zone_protection(delete: "true to protect the
			// zone from deletion, false to unprotect"): a flag named for
			// what it guards against switches a protection, and deletes
			// nothing (round 45).
			if d, _ := obj["description"].(string); preciseDestroysTalk.MatchString(d) && !preciseOnlyCommand.MatchString(first) && !precisePreventsDeletion.MatchString(d) {
				return fmt.Sprintf("its `%s` flag %q", name, secSnippet(d))
			}
		}
	}
	if preciseOnlyCommand.MatchString(first) {
		return ""
	}
	if why := preciseDestructiveOperation(props, preciseActingParams(t), 0, preciseReadsOperationList(t)); why != "" {
		return why
	}
	if why := preciseBulkReplaces(t); why != "" {
		return why
	}
	if why := preciseLiveAct(t); why != "" {
		return why
	}
	if m := preciseDeleteValueList(prose); m != "" {
		return fmt.Sprintf("its description offers DELETE among the values it sets: %q", secSnippet(m))
	}
	for _, c := range preciseDestructionTalk {
		if m := preciseAffirmedKept(prose, c.re, c.keep()); m != "" {
			if preciseRemovesMarkerTalk.MatchString(prose) && strings.HasPrefix(strings.ToLower(m), "by removing") {
				// "Mark as read by removing the UNREAD label": a label
				// or flag removed is set again.
				continue
			}
			return fmt.Sprintf(c.why, secSnippet(m))
		}
	}
	if m := preciseIrreversibleTalk.FindString(prose); m != "" {
		return fmt.Sprintf("its description says it cannot be undone: %q", secSnippet(m))
	}
	if m, lang := preciseWarnsInOtherLanguage(prose, false); m != "" {
		return fmt.Sprintf("its description says, in %s, it cannot be undone: %q", lang, secSnippet(m))
	}
	return ""
}

// preciseForeignWarning is one row of the table of warnings written in a
// language other than English: what a description says when its act cannot
// be undone (irreversible) or when it asks the reader to take care
// (caution only).
type preciseForeignWarning struct {
	lang string
	// irreversible marks a phrase that says the act cannot be undone or is
	// permanent, which is itself a reading of destruction; a caution
	// ("Vorsicht", "警告") warns without saying what is lost.
	irreversible bool
	re           *regexp.Regexp
}

// preciseForeignWarnings are the warnings of destruction in the languages
// descriptions are written in besides English. Each row reads a meaning, in
// the inflections that language gives it: "cannot be undone" ("元に戻せま
// せん", "取り消すことはできません", "无法撤销", "kann nicht rückgängig gemacht
// werden", "ne peut pas être annulée", "no se puede deshacer"), "permanently"
// ("完全に削除", "永久删除", "endgültig", "définitivement", "de forma
// permanente") and a caution word. Words that also mean "note" (注意,
// "attention") are left out: they warn of nothing.
var preciseForeignWarnings = []preciseForeignWarning{
	{"Japanese", true, regexp.MustCompile(`(?:元に|もとに)戻(?:せ|す(?:こと|の)は?でき)(?:ません|ない)|取り消(?:せ|す(?:こと|の)は?でき)(?:ません|ない)|(?:復元|復旧|回復|リカバリ)(?:でき|する(?:こと|の)は?でき)(?:ません|ない)|元に戻りません|(?:完全|永久|恒久)(?:的)?に削除|不可逆`)},
	{"Japanese", false, regexp.MustCompile(`警告|ご?注意ください|取り扱いに注意|慎重に`)},
	{"Chinese", true, regexp.MustCompile(`(?:不可|无法|無法|不能|无从)(?:恢复|恢復|撤销|撤銷|撤回|还原|還原|复原|復原|找回|逆转|逆轉)|不可逆|(?:永久|彻底|徹底)(?:性)?(?:删除|刪除|移除)`)},
	{"Chinese", false, regexp.MustCompile(`警告|谨慎|謹慎|小心|危险操作|危險操作`)},
	{"Korean", true, regexp.MustCompile(`(?:되돌릴|취소할|복구할|복원할)\s*수\s*없|영구(?:적으로|히)\s*삭제`)},
	{"Korean", false, regexp.MustCompile(`경고|주의하십시오|주의하세요`)},
	{"German", true, regexp.MustCompile(`(?i)\b(?:nicht|kann\s+nicht)\s+(?:mehr\s+)?rückgängig\b|\bunwiderruflich|\b(?:endgültig|dauerhaft)\s+(?:ge)?(?:lösch|entfern)|\b(?:gelöscht|entfernt)\w*\s+(?:\w+\s+)?(?:endgültig|dauerhaft)|\bnicht\s+wiederherstellbar|\birreversibel`)},
	{"German", false, regexp.MustCompile(`(?i)\bvorsicht\b|\bachtung\b|\bwarnung\b`)},
	{"French", true, regexp.MustCompile(`(?i)\birréversible|\b(?:supprim|effac)\w*\s+(?:\w+\s+){0,2}?définitivement\b|\bdéfinitivement\s+(?:supprim|effac)|\bne\s+(?:peut|peuvent|pourra)\s+(?:pas|plus|jamais)\s+être\s+(?:annulé|restauré|récupéré|rétabli)|\bn'est\s+pas\s+réversible|\bsans\s+retour\s+possible\b`)},
	{"French", false, regexp.MustCompile(`(?i)\bavertissement\b|\bprudence\b`)},
	{"Spanish", true, regexp.MustCompile(`(?i)\bno\s+se\s+pueden?\s+(?:deshacer|revertir|recuperar|restaurar)\b|\birreversible|\b(?:elimin|borr)\w*\s+(?:\w+\s+){0,2}?(?:de\s+forma\s+permanente|de\s+manera\s+permanente|permanentemente|definitivamente)|\b(?:permanentemente|definitivamente)\s+(?:elimin|borr)`)},
	{"Spanish", false, regexp.MustCompile(`(?i)\badvertencia\b|\bprecaución\b|\bcuidado\b`)},
	{"Portuguese", true, regexp.MustCompile(`(?i)\bnão\s+pode\s+ser\s+(?:desfeit[oa]|revertid[oa]|recuperad[oa])\b|\birreversível|\b(?:exclu|apag|remov)\w*\s+(?:\w+\s+){0,2}?(?:permanentemente|definitivamente)|\b(?:permanentemente|definitivamente)\s+(?:exclu|apag|remov)`)},
	{"Italian", true, regexp.MustCompile(`(?i)\bnon\s+può\s+essere\s+(?:annullat[oa]|ripristinat[oa]|recuperat[oa])\b|\birreversibile|\b(?:elimin|cancell)\w*\s+(?:\w+\s+){0,2}?(?:definitivamente|permanentemente)|\b(?:definitivamente|permanentemente)\s+(?:elimin|cancell)`)},
	{"Russian", true, regexp.MustCompile(`(?i)необратим|нельзя\s+(?:будет\s+)?(?:отменить|восстановить)|невозможно\s+(?:отменить|восстановить)|безвозвратно|навсегда\s+удал|удал\S*\s+(?:\S+\s+)?навсегда`)},
	{"Russian", false, regexp.MustCompile(`(?i)осторожно|внимание!|предупреждение`)},
}

// preciseWarnsInOtherLanguage returns the first phrase of prose that warns,
// in a language other than English, that its act cannot be undone (or,
// with cautions, that it asks for care), and the language's name; "" when
// none does.
func preciseWarnsInOtherLanguage(prose string, cautions bool) (phrase, lang string) {
	for _, w := range preciseForeignWarnings {
		if !w.irreversible && !cautions {
			continue
		}
		if m := w.re.FindString(prose); m != "" {
			return m, w.lang
		}
	}
	return "", ""
}

// preciseIrreversibleTalk is a description that states its own act cannot
// be undone ("This rewrites the target branch and is not reversible"): the
// negation is the claim, so it is read without preciseAffirmed. Since
// round 53 a one-shot act says so too: "Evidence can only be submitted
// once per dispute", "a completed sprint cannot be reopened", "Once
// submitted, it cannot be changed".
var preciseIrreversibleTalk = regexp.MustCompile(`(?i)\b(?:is|are)\s+not\s+reversible\b|\bcannot\s+be\s+(?:undone|reversed|recovered|reopened|reverted)\b|\birreversibl[ey]\b` +
	`|\bcan\s+only\s+be\s+submitted\s+once\b|\bonce\s+(?:submitted|sent|completed|closed|finali[sz]ed),?\s+(?:it\s+|they\s+)?(?:cannot|can't|can\s+not)\s+be\s+(?:changed|edited|modified|reopened|withdrawn)\b`)

// preciseSQLDestroys is an operation parameter's description that offers
// SQL that destroys, in SQL's own capitals: "ADD COLUMN, DROP COLUMN".
var preciseSQLDestroys = regexp.MustCompile(`\b(?:DROP|DELETE|TRUNCATE)\b`)

// preciseCapsList is a list of capitalised values one of which is
// DELETE: "conversationStatus (ACTIVE, ARCHIVE, DELETE, READ)",
// "ENABLED | DELETED".
var preciseCapsList = regexp.MustCompile(`\b[A-Z][A-Z_]+(?:\s*[,/|]\s*(?:or\s+)?[A-Z][A-Z_]+)+\b`)

// preciseCapsWord is one value of a preciseCapsList.
var preciseCapsWord = regexp.MustCompile(`[A-Z_]+`)

// preciseSQLStatements are SQL's own statement words: a capitalised list
// holding one of them ("SELECT, INSERT, UPDATE, DELETE") is SQL, not a
// field's values.
var preciseSQLStatements = map[string]bool{"SELECT": true, "INSERT": true, "UPDATE": true, "CREATE": true, "ALTER": true, "MERGE": true, "GRANT": true, "REVOKE": true, "UPSERT": true, "DDL": true, "DML": true}

// preciseDeleteValueList returns a capitalised list of values in prose that
// holds DELETE (or DELETED) and no SQL statement word, or "": a status or
// action field whose value deletes, which the finding must not call SQL.
func preciseDeleteValueList(prose string) string {
	if strings.Contains(prose, "SQL") {
		return ""
	}
	for _, seg := range preciseLineOrSentence.Split(prose, -1) {
		if preciseRefusedTalk.MatchString(seg) {
			// "BLOCKED: Destructive commands (DELETE, CANCEL, PURGE)":
			// what the tool refuses is the opposite of what it does.
			continue
		}
		if m := preciseDeleteValueListIn(seg); m != "" {
			return m
		}
	}
	return ""
}

// preciseLineOrSentence splits prose into sentences and lines, keeping a
// label and the list it introduces ("BLOCKED: DELETE, PURGE") together.
var preciseLineOrSentence = regexp.MustCompile(`[.!?;]\s+|\n+`)

// preciseRefusedTalk is a sentence or line that names what a tool refuses
// to do: "BLOCKED: DELETE, CANCEL", "DELETE and PURGE are not allowed",
// "Prohibidos: DELETE, DROP", "Interdites : DELETE", "Gesperrt: DELETE".
var preciseRefusedTalk = regexp.MustCompile(`(?i)\b(?:block(?:ed|s)?|forbid\w*|disallow\w*|not\s+(?:allowed|permitted|supported)|prohibit\w*|denied|deny-?list(?:ed)?|blacklist(?:ed)?|blocklist(?:ed)?|reject(?:ed|s)?|refuse[sd]?|bloquead[oa]s?|prohibid[oa]s?|no\s+permitid[oa]s?|verboten|gesperrt|nicht\s+erlaubt)\b|\bbloqu[ée]|\binterdit|\bunzul[äa]ssig`)

// preciseDeleteValueListIn is preciseDeleteValueList on one sentence.
func preciseDeleteValueListIn(prose string) string {
	for _, m := range preciseCapsList.FindAllString(prose, -1) {
		hasDelete, sql := false, false
		for _, w := range preciseCapsWord.FindAllString(m, -1) {
			hasDelete = hasDelete || w == "DELETE" || w == "DELETED"
			sql = sql || preciseSQLStatements[w]
		}
		if hasDelete && !sql {
			return m
		}
	}
	return ""
}

// preciseLiveNouns name what a seller or publisher keeps live for others:
// ending or withdrawing one (end_listing, withdraw_offer, end_campaign)
// takes it down, and its bids, watchers or running spend do not come back
// with a new one.
var preciseLiveNouns = map[string]bool{
	"listing": true, "listings": true, "offer": true, "offers": true, "campaign": true, "campaigns": true,
	"auction": true, "auctions": true, "promotion": true, "promotions": true, "sale": true, "poll": true,
}

// preciseStoppedNouns name running work: a job, a run, a deploy, an order.
var preciseStoppedNouns = map[string]bool{
	"run": true, "runs": true, "job": true, "jobs": true, "deploy": true, "deployment": true, "deployments": true,
	"order": true, "orders": true, "build": true, "builds": true, "pipeline": true, "release": true, "rollout": true,
	"task": true, "workflow": true, "execution": true, "migration": true,
}

// preciseLessCertain says why a tool whose name neither deletes nor spends
// may still lose work that cannot be had back, or "": it stops running work
// (stop_pipeline_job_run, stop_vm_deploy_order: what ran is lost, but the
// work can be started again) or merges a pull or change request into its
// target (the target branch moves; a revert commit undoes the content, not
// the history). Reported at warning: an author may fairly call either
// reversible.
func preciseLessCertain(t *tgTool) string {
	toks := t.nameWords
	if len(toks) == 0 || text.IsReadVerb(toks[0]) {
		return ""
	}
	stop, merge, work, request, end, live := false, false, false, false, false, false
	for i, w := range toks {
		// The act is the name's first verb: create_merge_request and
		// approve_merge_request name a merge request, not a merge.
		lead := i == 0 || i == 1 && !text.IsBareVerb(toks[0]) && !text.IsReadVerb(toks[0]) && !preciseRequestVerbs[toks[0]]
		switch {
		case lead && (w == "stop" || w == "terminate" || w == "abort" || w == "kill" || w == "halt"):
			stop = true
		case lead && w == "merge":
			merge = true
		case lead && (w == "end" || w == "withdraw"):
			end = true
		case preciseLiveNouns[w]:
			live = true
		case preciseStoppedNouns[w]:
			work = true
		case w == "pull" || w == "request" || w == "pr" || w == "mr" || w == "change":
			request = true
		}
	}
	if m := preciseAffirmed(preciseProse(t.desc), preciseClosesOpenWork); m != "" {
		return fmt.Sprintf("its description says open work is closed (%q)", secSnippet(m))
	}
	if why := preciseParamLosesUnsaved(t); why != "" {
		return why
	}
	if stop && (secHasWord(toks, "all", "every") || preciseStopsEveryTalk.MatchString(t.desc)) && preciseHasAny(toks, preciseRunningNouns) {
		return "its name says it stops every running process or server at once, and whatever they held in progress goes with them"
	}
	if m := preciseMigratesSchema(t); m != "" {
		return fmt.Sprintf("it runs a migration on a live database's schema (%q), which can drop or rewrite tables and columns", secSnippet(m))
	}
	switch {
	case stop && work:
		return "its name says it stops running work, whose progress is lost"
	case end && live:
		return "its name says it ends or withdraws what is live for buyers or users (a listing, an offer, a campaign), which does not come back as it was"
	case merge && request && preciseRequestEnds(toks):
		return "its name says it merges a request into its target branch, which a revert does not fully undo"
	}
	return ""
}

// preciseClosesOpenWork is prose saying a tool closes what the user has
// open or loses unsaved work: "All current tabs will be closed", "open
// sessions are terminated", "unsaved changes will be lost", "Unsaved
// changes are DISCARDED", "Set false to discard unsaved editor changes",
// "se cerrarán todas las pestañas", "alle offenen Tabs werden
// geschlossen".
var preciseClosesOpenWork = regexp.MustCompile(`(?i)\b(?:all\s+)?(?:current|open|existing|active)\s+(?:[\w-]+\s+)?(?:tabs|windows|sessions|documents|pages|connections)\s+(?:will\s+be|are|get)\s+(?:closed|lost|terminated|discarded)\b` +
	`|` + preciseLosesUnsavedPattern +
	`|\bse\s+(?:cerrarán|perderán)\s+(?:todas\s+|todos\s+)?(?:las\s+|los\s+)?(?:pestañas|ventanas|sesiones|cambios)\b` +
	`|\b(?:alle\s+)?(?:offenen|aktuellen)\s+(?:tabs|fenster|sitzungen)\s+werden\s+geschlossen\b`)

// preciseLosesUnsavedPattern is prose saying unsaved work goes: "unsaved
// changes will be lost", "Unsaved changes are DISCARDED", "discarding the
// editor's unsaved in-memory copy", "Set false to discard unsaved editor
// changes".
const preciseLosesUnsavedPattern = `\bunsaved\s+(?:[\w-]+\s+)?(?:changes|work|data|edits)\s+(?:will\s+be|are|is|may\s+be|get)\s+(?:lost|discarded|thrown\s+away)\b` +
	`|\b(?:discard(?:s|ing)?|los(?:e|es|ing)|throw(?:s|ing)?\s+away)\s+(?:the\s+|any\s+|all\s+)?(?:[\w'-]+\s+){0,2}?unsaved\b`

// preciseLosesUnsavedTalk is preciseLosesUnsavedPattern on its own.
var preciseLosesUnsavedTalk = regexp.MustCompile(`(?i)` + preciseLosesUnsavedPattern)

// preciseDestructiveOperation finds, in props and the schemas nested under
// them (array items, object properties, anyOf/oneOf branches) down to a
// few levels, an operation parameter (action, op, method, ...) whose enum,
// const, default or examples hold a destructive value, or whose
// description lists one among the operations. On a tool that reads
// (reads), a list of bare method and path pairs names API operations to
// select and is passed over.
func preciseDestructiveOperation(props map[string]any, names []string, depth int, reads bool) string {
	if depth > 4 {
		return ""
	}
	for _, name := range names {
		obj, _ := props[name].(map[string]any)
		if obj == nil {
			continue
		}
		if preciseActionParams[strings.ToLower(name)] {
			values := preciseOperationValues(obj)
			if preciseMethodNotSent(name, values, obj, props) {
				// add_mock_rule's method (GET ... DELETE) beside the
				// response it answers with, a "method filter" over
				// captured traffic: the verb of a route the tool
				// defines or of requests it selects, not one it sends.
				continue
			}
			for _, v := range values {
				if preciseDestructiveModes[strings.ToLower(v)] || preciseDestructiveModeName(v) && preciseActsAmong(values, v) {
					return fmt.Sprintf("its `%s` parameter takes %q", name, v)
				}
			}
			if d, _ := obj["description"].(string); d != "" {
				if m := preciseAffirmed(d, preciseOperationList); m != "" {
					return fmt.Sprintf("its `%s` parameter offers %q", name, secSnippet(m))
				}
				if m := preciseQuotedMode.FindString(d); m != "" && !preciseUndoGloss.MatchString(d) {
					return fmt.Sprintf("its `%s` parameter offers %s", name, m)
				}
				if m := preciseSQLDestroys.FindString(d); m != "" {
					return fmt.Sprintf("its `%s` parameter offers SQL %s", name, m)
				}
			}
		}
		for _, subProps := range preciseNestedProps(obj) {
			if reads && isJSONString(obj["type"], "array") && preciseOperationRef(subProps) {
				// code-samples-get's method_paths [{method, path}] on a
				// tool that reads: the API operations whose snippets it
				// retrieves, not requests it sends.
				continue
			}
			if why := preciseDestructiveOperation(subProps, secSortedKeys(subProps), depth+1, reads); why != "" {
				return why
			}
			if why := preciseListedOperationKind(name, subProps); why != "" {
				return why
			}
		}
	}
	return ""
}

// preciseRecordedActivityTalk is a description saying the tool reads a
// record of acts already done: "Summarize tracked object activity",
// "Timeline for one entity ... each object mutation", "the audit log",
// "recorded API calls", "created/updated/deleted objects over time".
var preciseRecordedActivityTalk = regexp.MustCompile(`(?i)\b(?:timeline|audit\s+(?:log|trail)|activity\s+(?:log|feed|history)|change\s*log|event\s+(?:log|history))s?\b` +
	`|\b(?:tracked|recorded|logged|captured|past|historical)\s+(?:[\w-]+\s+){0,2}?(?:events?|activity|activities|changes|mutations?|operations|actions|calls|requests|traffic)\b` +
	`|\b(?:created|added|inserted)\s*/\s*(?:updated|modified|changed)\s*/\s*(?:deleted|removed)\b`)

// preciseRecordReadOpenings open the description of a tool that reads or
// sums up what was recorded: "Summarize ...", "Timeline for ...",
// "Show ...", "Returns ...".
var preciseRecordReadOpenings = map[string]bool{
	"summarize": true, "summarise": true, "summary": true, "timeline": true, "history": true, "audit": true,
	"report": true, "analyze": true, "analyse": true, "returns": true, "return": true, "see": true, "trace": true,
	"shows": true, "lists": true, "gets": true, "reads": true, "queries": true, "searches": true, "fetches": true,
}

// preciseActingParams returns the parameter names of t whose operation
// values can be the tool's own act: all of them, except, on a tool that
// reads recorded activity (preciseReadsRecordedActivity), an operation
// parameter whose values are kinds of recorded event (its enum offers
// "create" beside "delete") and which is undescribed or described as a
// filter. flightbox_objects' action create/update/delete picks which
// recorded object events are summed up; it deletes nothing.
func preciseActingParams(t *tgTool) []string {
	names := t.t.ParamNames()
	if preciseHookAround(t) {
		// hooks_pre-edit's operation "create, update, delete": the
		// edit about to happen, which the hook does not make.
		var out []string
		for _, n := range names {
			if !preciseActionParams[strings.ToLower(n)] {
				out = append(out, n)
			}
		}
		return out
	}
	if !preciseReadsRecordedActivity(t) {
		return names
	}
	props := t.t.Params()
	var out []string
	for _, n := range names {
		obj, _ := props[n].(map[string]any)
		if obj != nil && preciseActionParams[strings.ToLower(n)] {
			d, _ := obj["description"].(string)
			if (d == "" || preciseMethodSelects.MatchString(d)) && secHasWord(lowerAll(preciseOperationValues(obj)), "create", "insert", "add") {
				continue
			}
		}
		out = append(out, n)
	}
	return out
}

// preciseReadsRecordedActivity reports whether a tool reads a record of
// acts already done: its name holds no verb that acts (a write, a
// destructive or any bare verb other than a read), its description opens
// on a read or a summary (preciseRecordReadOpenings, a read verb) and
// speaks of recorded activity (preciseRecordedActivityTalk). "Manage
// calendar events" opens on an act and is not such a tool.
func preciseReadsRecordedActivity(t *tgTool) bool {
	for _, w := range t.nameWords {
		if text.IsReadVerb(w) {
			continue
		}
		if text.IsDestructiveVerb(w) || text.IsBareVerb(w) || secHasWord([]string{w}, secWriteVerbs...) {
			return false
		}
	}
	// Code is blanked, but not example lines: preciseProse drops a
	// one-line description whole for its "for example".
	prose := preciseCodeOnly(t.desc)
	first := strings.ToLower(strings.Trim(strings.SplitN(strings.TrimSpace(prose), " ", 2)[0], ".,:;"))
	if !preciseRecordReadOpenings[first] && !text.IsReadVerb(first) {
		return false
	}
	return preciseRecordedActivityTalk.MatchString(prose)
}

// lowerAll returns the lower-cased copy of each string in list.
func lowerAll(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = strings.ToLower(s)
	}
	return out
}

// preciseListedOperationKind says which destructive kind a list of
// operations offers, or "": a parameter named for several operations or
// actions (operations, actions, ops, changes) whose items pick their kind
// by a `type` or `kind` enum (pg_manage_schema's operations[].type "drop").
// A `type` elsewhere names a thing, not an act, and is not read.
func preciseListedOperationKind(list string, props map[string]any) string {
	switch strings.ToLower(list) {
	case "operations", "actions", "ops", "changes", "edits", "steps":
	default:
		return ""
	}
	for _, k := range []string{"type", "kind"} {
		obj, _ := props[k].(map[string]any)
		for _, v := range preciseEnumValues(obj) {
			if preciseDestructiveModes[strings.ToLower(v)] || preciseDestructiveModeName(v) {
				return fmt.Sprintf("its `%s` list takes operations of %s %q", list, k, v)
			}
		}
	}
	return ""
}

// preciseDestructiveModeName reports whether an operation value named as
// an identifier (delete-submission, deleteEnvVar, drop_table) opens with a
// verb that destroys what it names. "remove" is left out: removing a
// member or an issue from a list is undone by adding it back.
func preciseDestructiveModeName(v string) bool {
	w := secIdentifierWords(v)
	return len(w) >= 2 && secHasWord(w[:1], "delete", "destroy", "drop", "purge", "erase", "wipe", "truncate", "uninstall", "unpublish")
}

// preciseActsAmong reports whether a compound value (drop_table,
// drop_attribution) stands among operations: it is the only value, or
// another value opens on a verb (create_table, list, archive_old). Among
// nouns only (period_over_period, trends, drop_attribution) the parameter
// picks a kind of analysis or view, and the destructive word names what
// is analysed (a traffic drop), not an act.
func preciseActsAmong(values []string, v string) bool {
	others := 0
	for _, o := range values {
		if strings.EqualFold(o, v) {
			continue
		}
		others++
		w := secIdentifierWords(o)
		if len(w) > 0 && (text.IsBareVerb(w[0]) || text.IsReadVerb(w[0]) || text.IsDestructiveVerb(w[0]) || secHasWord(w[:1], secWriteVerbs...) || secHasWord(w[:1], secCheckVerbs...)) {
			return true
		}
	}
	return others == 0
}

// preciseSubschemas returns obj itself, its array items and its anyOf,
// oneOf and allOf branches: the schemas whose properties can hold a nested
// operation parameter.
func preciseSubschemas(obj map[string]any) []map[string]any {
	out := []map[string]any{obj}
	if it, ok := obj["items"].(map[string]any); ok {
		out = append(out, it)
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		list, _ := obj[k].([]any)
		for _, b := range list {
			if m, ok := b.(map[string]any); ok {
				out = append(out, m)
			}
		}
	}
	return out
}

// preciseNestedProps returns the non-empty properties maps of obj and of
// the schemas nested in it (preciseSubschemas), in that order: what a
// reading that walks a schema's fields descends into.
func preciseNestedProps(obj map[string]any) []map[string]any {
	var out []map[string]any
	for _, sub := range preciseSubschemas(obj) {
		if props, _ := sub["properties"].(map[string]any); len(props) > 0 {
			out = append(out, props)
		}
	}
	return out
}

// preciseMethodNotSent reports whether an operation parameter whose
// values are all HTTP methods (or, with no values, that is named for a
// method) names a method the tool does not send: the
// method of a route it defines (preciseRouteMethod), or one its
// description says selects traffic (preciseMethodSelects: "HTTP method
// to filter captured requests by", "method the rule matches"). An HTTP
// method enum is the tool's own operation only when the tool sends the
// request.
func preciseMethodNotSent(name string, values []string, obj, props map[string]any) bool {
	if !preciseAllHTTPMethods(values) || len(values) == 0 && !preciseMethodParam(name) {
		return false
	}
	d, _ := obj["description"].(string)
	return preciseMethodSelects.MatchString(d) || preciseRouteMethod(values, props)
}

// preciseMethodSelects is a method parameter's description saying the
// method selects requests rather than being sent: it filters, matches or
// limits what is listed, recorded or intercepted ("HTTP method filter",
// "Only show requests with this method", "method to match").
var preciseMethodSelects = regexp.MustCompile(`(?i)\bfilter(?:s|ed|ing)?\b|\bmatch(?:es|ed|ing)?\b|\bonly\s+(?:show|list|return|include|keep)s?\b|\b(?:captured|recorded|logged|intercepted)\s+(?:requests?|traffic|calls?)\b`)

// preciseMethodParam reports whether a parameter is named for an HTTP
// method: method, http_method, httpMethod, verb.
func preciseMethodParam(name string) bool {
	switch strings.ToLower(name) {
	case "method", "http_method", "httpmethod", "verb":
		return true
	}
	return false
}

// preciseAllHTTPMethods reports whether values is non-empty and each is an
// HTTP method in capitals (GET, POST, DELETE), or whether values is empty
// (a free method parameter, judged by its description alone).
func preciseAllHTTPMethods(values []string) bool {
	for _, v := range values {
		if !preciseMethodNames.MatchString(v) || strings.TrimSpace(v) != v || strings.ToUpper(v) != v {
			return false
		}
	}
	return true
}

// preciseRouteMethod reports whether an operation parameter's values are
// all HTTP methods (GET, POST, DELETE) and the same object takes the
// response that route answers with (response, response_body,
// status_code, mock_response): the tool defines a route, stub or mock
// that will answer a DELETE, it sends none. A method beside a body, a URL
// and headers only (an HTTP request tool) is still the request's own verb.
func preciseRouteMethod(values []string, props map[string]any) bool {
	if len(values) == 0 || !preciseAllHTTPMethods(values) {
		return false
	}
	for name := range props {
		toks := secIdentifierWords(name)
		switch {
		case len(toks) == 2 && toks[0] == "status" && toks[1] == "code":
			return true
		case len(toks) >= 1 && (toks[len(toks)-1] == "response" || toks[len(toks)-1] == "reply") && (len(toks) == 1 || toks[0] == "mock" || toks[0] == "stub" || toks[0] == "fake"),
			len(toks) == 2 && (toks[0] == "response" || toks[0] == "reply") && (toks[1] == "body" || toks[1] == "data" || toks[1] == "payload"):
			return true
		}
	}
	return false
}

// preciseOperationValues returns the string values an operation parameter
// names: its enum (or its items' enum), const, default and examples.
func preciseOperationValues(obj map[string]any) []string {
	var out []string
	for _, src := range preciseSubschemas(obj) {
		for _, k := range []string{"enum", "examples"} {
			list, _ := src[k].([]any)
			for _, v := range list {
				if s, ok := v.(string); ok {
					out = append(out, s)
				}
			}
		}
		for _, k := range []string{"const", "default"} {
			if s, ok := src[k].(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// preciseRunningNouns name things that run and hold work while they do:
// servers, processes, services, workers, containers, instances, agents.
var preciseRunningNouns = map[string]bool{
	"server": true, "servers": true, "process": true, "processes": true, "service": true, "services": true,
	"worker": true, "workers": true, "container": true, "containers": true, "instance": true, "instances": true,
	"agent": true, "agents": true, "daemon": true, "daemons": true, "vm": true, "vms": true, "job": true, "jobs": true,
}

// preciseStopsEveryTalk is an opening that stops every running one:
// "Stop all running servers", "Terminate every worker", "Kill all
// processes".
var preciseStopsEveryTalk = regexp.MustCompile(`(?i)^\s*(?:stop|terminate|kill|halt|shut\s+down)s?\s+(?:all|every|each)\b`)

// preciseMigrationTalk is an opening that runs migrations on a database
// or its schema: "Run database migration for …", "Apply pending
// migrations to the database", "Migrates the database schema to the
// latest version", "Execute schema migrations". Generating a migration
// file, listing migrations or reading their status is not one.
var preciseMigrationTalk = regexp.MustCompile(`(?i)^\s*(?:(?:run|apply|execute|perform)s?\s+(?:all\s+|the\s+|any\s+)?(?:pending\s+|outstanding\s+|new\s+)?(?:database\s+|db\s+|schema\s+)?migrations?\b|migrates?\s+(?:the\s+)?(?:[\w-]+\s+)?(?:database|db|schema)\b)`)

// preciseMigratesSchema returns the opening that says a tool runs
// migrations on a database (a verb that runs or applies them, or
// "migrate" itself, leading its name), or "": the live schema changes,
// columns and tables can go, and no tool of the server undoes it. A
// dry run, a generated file or a status read does not count.
func preciseMigratesSchema(t *tgTool) string {
	toks := t.nameWords
	lead := false
	for i, w := range toks {
		if i > 1 {
			break
		}
		if w == "migrate" || w == "migration" || w == "migrations" || w == "run" || w == "apply" {
			lead = true
		}
	}
	if !lead || !(secHasWord(toks, "migrate", "migration", "migrations") && (secHasWord(toks, "database", "db", "schema") || preciseMigrationTalk.MatchString(t.desc))) {
		return ""
	}
	if preciseMigrationNoRun.MatchString(t.desc) {
		return ""
	}
	first, _, _ := strings.Cut(strings.TrimSpace(t.desc), ".")
	if m := preciseMigrationTalk.FindString(first); m != "" {
		return strings.TrimSpace(m)
	}
	return strings.Join(toks, "_")
}

// preciseMigrationNoRun is a description of a migration tool that runs
// nothing: a dry run, a preview, a generated migration file.
var preciseMigrationNoRun = regexp.MustCompile(`(?i)\bdry[\s-]?run\b|\bpreview\b|\bgenerat\w+\b`)

// preciseParamLosesUnsaved says which parameter of t is described as
// losing unsaved work with one of its values ("save": "Set false to
// discard unsaved editor changes"), or "": the call can throw away edits
// the user has not saved, which no later call brings back.
func preciseParamLosesUnsaved(t *tgTool) string {
	for _, p := range t.params {
		if d, _ := p.obj["description"].(string); d != "" {
			if m := preciseAffirmed(d, preciseLosesUnsavedTalk); m != "" {
				return fmt.Sprintf("its `%s` parameter says a call can lose unsaved work (%q)", p.name, secSnippet(m))
			}
		}
	}
	return ""
}

// precisePreventsDeletion is a flag's description saying it guards against
// deletion: "true to protect the zone from deletion", "prevents the
// resource from being deleted", "deletion protection".
var precisePreventsDeletion = regexp.MustCompile(`(?i)\b(?:protects?|protection|prevents?|guards?|locks?)\s+(?:(?:the|a|an|this|it|its)\s+)?(?:[\w-]+\s+){0,2}?(?:from|against)\s+(?:being\s+)?(?:delet\w*|remov\w*|destr\w*)|\b(?:deletion|delete|removal)\s+protection\b`)
