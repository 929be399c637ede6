package lint

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
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
			if d, _ := obj["description"].(string); preciseDestroysTalk.MatchString(d) && !preciseOnlyCommand.MatchString(first) {
				return fmt.Sprintf("its `%s` flag %q", name, secSnippet(d))
			}
		}
	}
	if preciseOnlyCommand.MatchString(first) {
		return ""
	}
	if why := preciseDestructiveOperation(props, preciseActingParams(t), 0); why != "" {
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
// negation is the claim, so it is read without preciseAffirmed.
var preciseIrreversibleTalk = regexp.MustCompile(`(?i)\b(?:is|are)\s+not\s+reversible\b|\bcannot\s+be\s+(?:undone|reversed|recovered)\b|\birreversibl[ey]\b`)

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
// sessions are terminated", "unsaved changes will be lost", "se cerrarán
// todas las pestañas", "alle offenen Tabs werden geschlossen".
var preciseClosesOpenWork = regexp.MustCompile(`(?i)\b(?:all\s+)?(?:current|open|existing|active)\s+(?:[\w-]+\s+)?(?:tabs|windows|sessions|documents|pages|connections)\s+(?:will\s+be|are|get)\s+(?:closed|lost|terminated|discarded)\b` +
	`|\bunsaved\s+(?:changes|work|data|edits)\s+(?:will\s+be|are|is|may\s+be)\s+lost\b` +
	`|\bse\s+(?:cerrarán|perderán)\s+(?:todas\s+|todos\s+)?(?:las\s+|los\s+)?(?:pestañas|ventanas|sesiones|cambios)\b` +
	`|\b(?:alle\s+)?(?:offenen|aktuellen)\s+(?:tabs|fenster|sitzungen)\s+werden\s+geschlossen\b`)

// preciseDestructiveOperation finds, in props and the schemas nested under
// them (array items, object properties, anyOf/oneOf branches) down to a
// few levels, an operation parameter (action, op, method, ...) whose enum,
// const, default or examples hold a destructive value, or whose
// description lists one among the operations.
func preciseDestructiveOperation(props map[string]any, names []string, depth int) string {
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
			if why := preciseDestructiveOperation(subProps, secSortedKeys(subProps), depth+1); why != "" {
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

// precisePayLinkTalk is a description saying the call only makes a
// checkout or payment link (or session) that a person opens to pay:
// "Create a Stripe checkout session to top up credits. Returns a checkout
// URL", "Generates a payment link", "devuelve un enlace de pago", "crée une
// session de paiement", "erstellt einen Zahlungslink". No money moves until
// that person pays, so the call spends nothing.
var precisePayLinkTalk = regexp.MustCompile(`(?i)\b(?:checkout|payment|pay)\s+(?:session|link|url|page)s?\b|\b(?:link|url)\s+(?:for\s+(?:the\s+|a\s+|your\s+)?[\w-]+\s+)?to\s+(?:pay|top\s+up|fund|purchase|buy|complete\s+(?:the\s+)?(?:payment|purchase))\b|\b(?:returns?|creates?|generates?|gives?)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+)?(?:link|url)\s+(?:to|for)\s+(?:pay|checkout|complete\s+(?:the\s+)?(?:payment|purchase))\b` +
	`|\benlace\s+de\s+pago\b|\bsesi[oó]n\s+de\s+pago\b|\b(?:lien|session|page)\s+de\s+paiement\b|\bzahlungs(?:link|sitzung|seite)\b|\bcheckout-(?:link|sitzung)\b`)

// precisePayParamTalk is a number parameter's description saying it is
// what the call pays people: "Payment in USD per worker", "Winner prize in
// USD", "Pay per approved post in USD", "Recompensa en USD por tarea",
// "Prime versée au gagnant", "Belohnung pro Aufgabe".
var precisePayParamTalk = regexp.MustCompile(`(?i)^\s*(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:payment|pay|payout|prize|reward|bounty|wage|compensation|recompensa|premio|pago|prime|r[ée]compense|belohnung|pr[äa]mie|verg[üu]tung)\b`)

// precisePostVerbs open the name of a tool that puts work or an offer out.
var precisePostVerbs = []string{"post", "create", "launch", "start", "publish", "submit", "open", "new", "add"}

// precisePaysPeopleParam says why a tool that posts work commits money to
// the people who do it, or "": its name opens on posting or creating
// (post_task, post_competition, create_bounty) and a number parameter is
// described as the payment, prize or reward it pays (budget_usd "Payment in
// USD per worker", prize_usd "Winner prize in USD"). A price, cost or budget
// described as such (create_product's price_usd "Price in USD") pays no one.
func precisePaysPeopleParam(t *tgTool) string {
	if len(t.nameWords) == 0 || !secHasWord(t.nameWords[:min(2, len(t.nameWords))], precisePostVerbs...) {
		return ""
	}
	props := t.t.Params()
	for _, n := range t.t.ParamNames() {
		obj, _ := props[n].(map[string]any)
		if obj == nil || !isJSONString(obj["type"], "number") && !isJSONString(obj["type"], "integer") {
			continue
		}
		if d, _ := obj["description"].(string); precisePayParamTalk.MatchString(d) {
			return fmt.Sprintf("its `%s` parameter is what it pays the people who take the work (%q), committed when it is posted", n, secSnippet(d))
		}
	}
	return ""
}

// preciseIrreversibleNames are name tokens that make a tool irreversible
// without a delete verb: what it cancels, rolls back or spends cannot be
// taken back by calling it again.
var preciseIrreversibleNames = map[string]string{
	"cancel": "cancels", "rollback": "rolls back", "revert": "reverts", "refund": "refunds", "void": "voids",
	"purchase": "spends money", "buy": "spends money", "sell": "spends money", "pay": "spends money", "charge": "spends money",
	"topup": "spends money", "debit": "takes money",
}

// preciseQuotedMode is a destructive value quoted in an operation
// parameter's description: `"remove" to delete the action entirely`.
var preciseQuotedMode = regexp.MustCompile(`(?i)["'\x60](?:delete|remove|drop|destroy|purge|wipe|truncate)["'\x60]`)

// preciseUndoGloss is an operation description that glosses its removal
// as undoing an earlier act: `"remove" to unregister`.
var preciseUndoGloss = regexp.MustCompile(`(?i)["'\x60](?:remove|delete)["'\x60]\s+(?:to|=|:|-+)\s*un\w+`)

// preciseFlagVerbs are words that, in a boolean parameter's name, switch a
// tool into destroying (delete_extra, purgeOld, overwrite_existing); remove
// is not among them, since removeScripts filters output.
var preciseFlagVerbs = map[string]string{
	"delete": "deleting", "purge": "purging", "prune": "pruning", "overwrite": "overwriting", "wipe": "wiping",
	"erase": "erasing", "clobber": "overwriting", "destroy": "destroying", "truncate": "truncating",
}

// preciseDestructiveFlagName returns what a boolean parameter named name
// switches the tool to ("deleting" for delete_extra), or "". A flag named
// only overwrite or prune is read from its description instead.
func preciseDestructiveFlagName(name string) string {
	toks := text.IdentifierTokens(name)
	if len(toks) < 2 {
		return ""
	}
	for _, tok := range toks {
		if what, ok := preciseFlagVerbs[strings.ToLower(tok)]; ok {
			return what
		}
	}
	return ""
}

// preciseRecordNouns name a business record or a figure: after a money
// word (purchase_invoice, pay_slip, buy_price) they make it a noun that
// names the record, not the act of buying or paying.
var preciseRecordNouns = map[string]bool{
	"invoice": true, "invoices": true, "receipt": true, "receipts": true, "history": true, "price": true, "prices": true,
	"requisition": true, "requisitions": true, "ledger": true, "report": true, "reports": true, "summary": true,
	"details": true, "info": true, "record": true, "records": true, "slip": true, "slips": true, "stub": true,
	"rate": true, "rates": true, "grade": true, "analytics": true, "stats": true, "amount": true, "total": true,
	"totals": true, "terms": true, "quote": true, "quotes": true, "note": true, "notes": true,
}

// preciseRecordWriteVerbs are name tokens that, beside a money word
// followed by a noun, are the tool's own act: purchase_order_create
// creates a Purchase Order record. create_charge is not among them: there
// the money word is what is created.
var preciseRecordWriteVerbs = map[string]bool{
	"create": true, "new": true, "add": true, "draft": true, "update": true, "edit": true, "modify": true,
	"save": true, "store": true,
}

// preciseStandingPrefixes before a money word (auto_topup, automatic
// pay, recurring charge) name a standing arrangement the tool sets up, not
// money this call spends.
var preciseStandingPrefixes = map[string]bool{"auto": true, "automatic": true, "autopay": true, "recurring": true, "scheduled": true}

// preciseMoneyNoun reports whether the money word at words[i] (purchase,
// buy, pay, charge) names a record rather than the tool's act: it follows
// a word naming a standing arrangement (auto_topup_set), a read verb
// anywhere in the name is the act (purchase_invoice_get), a record noun
// follows it (purchase_history, pay_slip), or it qualifies a noun that
// another write verb acts on (purchase_order_create, draft_purchase_order).
// Only the spending words are read so: cancel_order_get still cancels.
// words are the tool's lower-cased name words (tgTool.nameWords).
func preciseMoneyNoun(words []string, i int) bool {
	if what := preciseIrreversibleNames[words[i]]; what != "spends money" && what != "takes money" {
		return false
	}
	if i+1 < len(words) && preciseRecordNouns[words[i+1]] || i > 0 && preciseStandingPrefixes[words[i-1]] {
		return true
	}
	qualifies := i+1 < len(words) && !text.IsBareVerb(words[i+1])
	for j, w := range words {
		if j != i && (text.IsReadVerb(w) || qualifies && preciseRecordWriteVerbs[w]) {
			return true
		}
	}
	return false
}

// preciseValueNouns name what holds money or value on a ledger or a
// chain: moving them to someone else is not undone by the sender.
var preciseValueNouns = map[string]bool{
	"token": true, "tokens": true, "nft": true, "nfts": true, "erc": true, "erc20": true, "erc721": true, "erc1155": true,
	"spl": true, "native": true, "coin": true, "coins": true, "crypto": true, "eth": true, "btc": true, "sol": true,
	"bnb": true, "usdc": true, "usdt": true, "funds": true, "fund": true, "money": true, "payment": true,
	"payments": true, "cash": true, "sats": true, "lamports": true, "lightning": true, "stablecoin": true,
}

// preciseValueMoveVerbs move value out of the caller's hands.
var preciseValueMoveVerbs = map[string]bool{"transfer": true, "send": true, "withdraw": true, "deposit": true, "remit": true}

// preciseSettleVerbs carry out a pending transfer or payment.
var preciseSettleVerbs = map[string]bool{
	"confirm": true, "execute": true, "approve": true, "authorize": true, "authorise": true, "complete": true,
	"finalize": true, "finalise": true, "make": true, "submit": true,
}

// preciseMovesValueName says why a tool's lower-cased name words move
// money or value irreversibly, or "": a transfer of tokens, an NFT or
// funds (transfer_erc20, send_tokens, withdraw_funds), a pending transfer
// or payment carried out (confirm_transfer, execute_payment), an
// allowance granted (approve_token_spending, increase_allowance), or every
// pending request denied at once (deny_all_requests). A read verb
// anywhere (get_token_transfers, transfer_status) or a record noun after
// the act (transfer_history) names what is read.
func preciseMovesValueName(words []string) string {
	var move, value, settle, moved, approve, spend, deny, all bool
	for i, w := range words {
		if text.IsReadVerb(w) || i > 0 && preciseRecordNouns[w] {
			return ""
		}
		switch {
		case preciseValueMoveVerbs[w]:
			move = true
		case preciseValueNouns[w]:
			value = true
		}
		switch w {
		case "transfer", "transfers", "payment", "payments", "payout", "payouts", "withdrawal", "withdrawals":
			moved = true
		case "approve", "increase", "grant":
			approve = true
		case "spending", "spender", "allowance":
			spend = true
		case "deny", "reject", "decline":
			deny = true
		case "all":
			all = true
		}
		if preciseSettleVerbs[w] {
			settle = true
		}
	}
	switch {
	case move && value:
		return "its name says it moves tokens, funds or payments to another holder, which the sender cannot take back"
	case settle && moved:
		return "its name says it carries out a transfer or payment, which cannot be taken back"
	case approve && spend || len(words) > 0 && words[len(words)-1] == "allowance" && words[0] == "set":
		// increase_allowance is approve && spend already.
		return "its name says it lets another address spend the holder's tokens"
	case deny && all:
		return "its name says it denies every pending request at once, which cannot be asked again"
	}
	return ""
}

// preciseIrreversibleName says why a tool's name makes it irreversible
// (cancel_job, rollback_deployment, purchase_domain, place_order), or "".
func preciseIrreversibleName(t *tgTool) string {
	var place, order bool
	for _, tok := range t.nameTokens {
		if w := strings.ToLower(tok); w == "transaction" || w == "tx" {
			// rollback_transaction discards what the caller's own open
			// transaction has not committed: the safe way out, not a loss.
			return ""
		}
	}
	if why := preciseRewritesRouting(t); why != "" {
		return why
	}
	for i, tok := range t.nameTokens {
		w := strings.ToLower(tok)
		if text.IsReadVerb(w) {
			// get_cancel_status, list_sell_orders: what follows a read
			// verb names what is read.
			return ""
		}
		if what, ok := preciseIrreversibleNames[w]; ok && !preciseMoneyNoun(t.nameWords, i) && !(strings.Contains(what, "money") && precisePayLinkTalk.MatchString(t.desc)) {
			return fmt.Sprintf("its name says it %s (%q)", what, w)
		}
		if w == "top" && i+1 < len(t.nameTokens) && strings.EqualFold(t.nameTokens[i+1], "up") && !precisePayLinkTalk.MatchString(t.desc) {
			return "its name says it spends money (\"top up\")"
		}
		switch w {
		case "place", "submit", "checkout":
			place = true
		case "order", "orders", "trade", "trades":
			order = true
		}
	}
	if place && order {
		return "its name says it places an order, which spends money"
	}
	if why := preciseMovesValueName(t.nameWords); why != "" {
		return why
	}
	if why := precisePaysPeopleParam(t); why != "" {
		return why
	}
	var or, update, write, file bool
	for i, tok := range t.nameTokens {
		switch w := strings.ToLower(tok); w {
		case "upsert":
			return "its name says it creates or overwrites (\"upsert\")"
		case "or":
			or = true
		case "update", "replace", "overwrite":
			update = true
		case "write":
			write = true
		case "file", "files":
			file = true
		case "push":
			if i+1 < len(t.nameTokens) && precisePushedState[strings.ToLower(t.nameTokens[i+1])] {
				return fmt.Sprintf("its name says it pushes %s over what the remote holds", strings.ToLower(t.nameTokens[i+1]))
			}
		}
	}
	switch {
	case or && update:
		return "its name says it creates or overwrites what exists"
	case write && file && !preciseAppendsOnly.MatchString(t.desc):
		return "its name says it writes a whole file, over any file already there"
	case update && file && preciseTakesContent(t):
		return "its name says it updates a file with new content, which replaces what the file held"
	case update && preciseTakesWholeContent(t):
		return "it updates with a new `content` that replaces what was held"
	}
	return ""
}

// preciseRoutingNouns name where a domain resolves: a DNS record or zone,
// a domain's nameservers.
var preciseRoutingNouns = map[string]bool{"dns": true, "nameserver": true, "nameservers": true}

// preciseRewriteVerbs change a value in place, dropping the one before.
var preciseRewriteVerbs = map[string]bool{
	"update": true, "set": true, "replace": true, "change": true, "edit": true, "modify": true, "put": true, "patch": true, "overwrite": true,
}

// preciseRewriteOpening is a description that opens on changing a value in
// place: "Update nameservers for a domain".
var preciseRewriteOpening = regexp.MustCompile(`(?i)^\s*(?:updates?|sets?|replaces?|changes?|modif(?:y|ies)|overwrites?|edits?)\b`)

// preciseRewritesRouting says why a tool that rewrites where a domain
// resolves is destructive, or "": domain_dns_update, set_nameservers,
// domain_nameservers ("Update nameservers for a domain"). The old record or
// nameserver set is gone, and whatever the domain served goes where the new
// value points, offline if it is wrong; adding a record (dns_add) or
// checking one (validate_dns) changes nothing that was there.
func preciseRewritesRouting(t *tgTool) string {
	routing, rewrite, other := false, false, false
	for _, tok := range t.nameTokens {
		w := strings.ToLower(tok)
		switch {
		case preciseRoutingNouns[w]:
			routing = true
		case preciseRewriteVerbs[w]:
			rewrite = true
		case text.IsReadVerb(w) || w == "add" || w == "create" || w == "validate" || w == "verify" || w == "check":
			other = true
		}
	}
	if !routing || other {
		return ""
	}
	if rewrite || preciseRewriteOpening.MatchString(strings.TrimSpace(preciseProse(t.desc))) {
		return "it rewrites where a domain resolves (DNS records or nameservers): the old value is gone and what the domain served can go offline"
	}
	return ""
}

// precisePaysTalk is prose saying a call pays from the user's money: "by
// paying via x402 from the local wallet", "Requires USDC payment", "it
// will be paid automatically from the wallet", "your default payment method
// will be used", "Deduct credits from a customer account".
var precisePaysTalk = regexp.MustCompile(`(?i)\bby\s+paying\b|\bpa(?:ys|ying)\s+(?:for|via|with|from|using|out\s+of)\b` +
	`|\b(?:will\s+be|is|are|gets?)\s+paid\s+(?:automatically\s+)?(?:from|with|via|using|out\s+of)\b|\bpaid\s+automatically\b|\bautomatic(?:ally)?\s+(?:[\w-]+\s+)?payments?\b` +
	`|(?:^|[.!?;:]\s+|\n)\s*requires?\s+(?:an?\s+)?(?:[\w$.-]+\s+){0,3}payments?\b` +
	`|\bpayment\s+method\s+will\s+be\s+(?:used|charged|billed)\b` +
	`|^\s*deducts?\s+(?:[\w-]+\s+){0,2}?(?:credits?|funds?|balance|money)\b`)

// precisePaysAutomatically is prose saying the tool pays by itself,
// whatever its name: a fetch that settles a payment demand from the wallet.
var precisePaysAutomatically = regexp.MustCompile(`(?i)\bpaid\s+automatically\b|\b(?:will\s+be|is|are|gets?)\s+paid\s+(?:automatically\s+)?(?:from|with|via|using|out\s+of)\b|\bpays?\s+automatically\b`)

// precisePaysByItself reports whether a tool's prose says it pays on its own
// (x402_fetch: "it will be paid automatically from the wallet"): reading
// in its name does not make it a read.
func precisePaysByItself(t *tgTool) bool {
	return preciseAffirmed(preciseProse(t.desc), precisePaysAutomatically) != ""
}

// precisePushedState follow push in the names of tools that write state
// over what a remote holds (push_files, push_config, push-perms); a push of commits
// (git_push) or of a notification adds and is read from its flags.
var precisePushedState = map[string]bool{
	"file": true, "files": true, "content": true, "contents": true, "config": true, "configuration": true,
	"settings": true, "schema": true, "data": true, "listing": true, "listings": true, "metadata": true,
	"schemas": true, "perms": true, "permissions": true, "rules": true, "policy": true, "policies": true,
}

// preciseAppendsOnly is a write tool's description that says it never
// replaces an existing file.
var preciseAppendsOnly = regexp.MustCompile(`(?i)\bappend|\b(?:fails?|errors?)\s+(?:if|when)\b[^.]{0,30}\bexist|\b(?:never|not|won't|will\s+not|does\s+not|doesn't)\s+overwrit|\bnew\s+files?\s+only\b|\bonly\s+(?:creates?|writes?)\s+new\b`)

// preciseTalk is a sentence pattern that says a tool destroys, and how the
// finding words it.
type preciseTalk struct {
	re  *regexp.Regexp
	why string
}

// keep returns what says whether a match of the talk counts (nil: every
// match): the field a "Removes <field>" sentence strips must not be a
// reference. A match refused lets a later one of the sentence count.
func (c preciseTalk) keep() func(string) bool {
	if c.re == preciseStripsFieldTalk {
		return preciseNotReference
	}
	return nil
}

// preciseStripsFieldTalk is a later sentence that strips a stored field the
// schema or data names as an identifier: "Compact handoffs. Removes
// full_details but keeps summaries", "Strips raw_payload from archived
// events". Its identifier is checked by preciseNotReference: a reference
// (user_id, label_key) removed is a link, not content.
var preciseStripsFieldTalk = regexp.MustCompile(`(?:^|[.!?;]\s+|\n)\s*(?:(?i)it\s+|this\s+)?(?:(?i)also\s+|then\s+)?(?:Removes|Strips|Discards|Clears|removes|strips|discards|clears|Elimina|Borra|Supprime|Entfernt|Löscht)\s+(?:(?i)the\s+|all\s+|their\s+|its\s+|every\s+|los\s+|las\s+|el\s+|la\s+|les\s+|le\s+|die\s+|den\s+|das\s+)?` + "`?" + `[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b`)

// preciseNotReference reports whether the identifier a "Removes <field>"
// sentence ends on names content, not a reference: its last segment is
// not id, ids or key (user_id, label_key are links to other things).
func preciseNotReference(m string) bool {
	i := strings.LastIndexByte(m, '_')
	switch m[i+1:] {
	case "id", "ids", "key":
		return false
	}
	return true
}

// preciseDestructionTalk are the sentences of a description that say the
// tool destroys, overwrites or spends, wherever they stand.
var preciseDestructionTalk = []preciseTalk{
	{preciseOverwriteTalk, "its description says it overwrites: %q"},
	{regexp.MustCompile(`(?i)\breplac(?:e|es|ing)\s+(?:(?:the|all|its|any|your|their|an?)\s+)?(?:[\w-]+'s\s+)?(?:entire|whole|full|existing|current|complete)\b`), "its description says it replaces what exists: %q"},
	{regexp.MustCompile(`(?i)\b(?:remov(?:e|es|ing)|delet(?:e|es|ing)|clear(?:s|ing)?|wip(?:e|es|ing)|purg(?:e|es|ing))\s+all\b|\bby\s+(?:deleting|removing|purging|overwriting|dropping)\b`), "its description says it deletes: %q"},
	{regexp.MustCompile(`\b(?:DELETE|DROP|TRUNCATE)s?\b`), "its description says it runs SQL that destroys: %q"},
	// A whole-object write with no delete verb: "a full replacement",
	// "Create or replace", "Adds or replaces an entry", "inserts or
	// overwrites", "ajoute ou remplace", "agrega o reemplaza", "fügt ...
	// hinzu oder ersetzt", "is destructive to existing data".
	{regexp.MustCompile(`(?i)\bfull\s+(?:[\w-]+\s+)?replacement\b|\b(?:creat|add|insert|sav|stor|writ|put|set|upload|upsert)(?:e|es|ed|s|ing)?\s+or\s+(?:replac|overwrit)(?:e|es|ing)\b|\b(?:ajout|cr[ée]|ins[èe]r)\w*\s+ou\s+(?:remplac|[ée]cras)\w*|\b(?:agreg|a[ñn]ad|cre|insert|guard)\w*\s+o\s+(?:reemplaz|sustitu|sobrescrib)\w*|\b(?:f[üu]gt|erstellt|legt)\s+(?:[\w-]+\s+){0,3}?(?:an|hinzu|ein)?\s*oder\s+(?:ersetzt|[üu]berschreibt)\b|\b(?:is|are)\s+destructive\s+to\b`), "its description says it replaces or loses what exists: %q"},
	// A create that writes over what is there: "If the page already exists
	// at the specified path, it will be updated", "replaces it if it
	// already exists", in English, Spanish, French and German.
	{preciseCreateOverExisting, "its description says it writes over what already exists: %q"},
	// A credential rotated: the old one stops working for whoever holds it.
	{regexp.MustCompile(`(?i)\brotat(?:e|es|ing)\s+(?:a\s+|an\s+|the\s+)?(?:[\w-]+\s+)?(?:passwords?|secrets?|keys?|tokens?|credentials?)\b|\(rotate\)`), "its description says it rotates a credential, and the old one stops working: %q"},
	// Housekeeping that deletes: "prunes backups older than 7 days".
	{regexp.MustCompile(`(?i)\bprun(?:e|es|ing)\s+(?:[\w-]+\s+){0,2}?(?:older|old|expired|stale)\b`), "its description says it deletes old copies: %q"},
	// A later sentence that says what the call destroys: "Disable versioning
	// on a table. Drops the _version column and its trigger."
	{regexp.MustCompile(`(?i)(?:^|[.!?;:]\s+|\n)\s*(?:it\s+|this\s+)?(?:also\s+|then\s+)?(?:permanently\s+)?(?:deletes|drops|destroys|purges|wipes|erases|truncates)\s+(?:the|all|its|every|any|each|an?|their|your)(?:\s+[\w-]+){1,3}`), "its description says it destroys: %q"},
	// A clause, after a stop or a spaced dash, that wipes a list of
	// what is stored with no determiner: "Hard stop — wipes goals,
	// decisions and notes", "Resets the board. Erases cards, lists".
	{regexp.MustCompile(`(?i)(?:^|[.!?;:]\s+|\n|\s[-–—]+\s+)(?:it\s+|this\s+)?(?:also\s+|then\s+)?(?:permanently\s+)?(?:deletes|destroys|purges|wipes|erases)\s+(?:all\s+)?[a-z][\w-]*s\s*(?:,|\band\b)\s*[a-z][\w-]*s\b`), "its description says it destroys: %q"},
	// A later sentence that strips a stored field named as an
	// identifier, not a reference (preciseStripsFieldTalk).
	{preciseStripsFieldTalk, "its description says it strips stored content: %q"},
	{precisePaysTalk, "its description says it pays, which cannot be taken back: %q"},
	{preciseMovesValueTalk, "its description says it moves money or tokens, which cannot be taken back: %q"},
	// A call placed to a phone number is billed and reaches a person:
	// "Creates an outbound call", "Dials a phone number".
	{regexp.MustCompile(`(?i)\b(?:creat|plac|mak|start|initiat|trigger|launch)(?:e|es|ing|s)?\s+(?:an?\s+|the\s+)?(?:new\s+)?outbound\s+(?:phone\s+|voice\s+)?calls?\b|\bdial(?:s|ing)?\s+(?:a|an|the|any)\s+(?:phone\s+|telephone\s+)?number\b`), "its description says it places an outbound phone call, billed and not taken back: %q"},
	// Housekeeping that empties a queue or store: "Clean jobs from queue",
	// "cleans stale entries out of the cache".
	{regexp.MustCompile(`(?i)\bclean(?:s|ing)?\s+(?:up\s+)?(?:(?:all|old|stale|completed|failed|finished|expired)\s+)?(?:jobs?|tasks?|entries|records|items|messages|rows|keys|files)\s+(?:from|out\s+of)\b`), "its description says it deletes what it cleans: %q"},
	{preciseOperationList, "its description lists a destructive operation: %q"},
	// Processes killed by name, not by the id the tool started: "using
	// killall", "runs pkill -f", "kills all running node processes",
	// "beendet alle Prozesse": whatever else matches dies too.
	{preciseKillsByNameTalk, "its description says it kills processes by name, not only its own: %q"},
	{regexp.MustCompile(`(?i)\b(?:places?|submits?)\s+(?:a\s+|an\s+|the\s+|your\s+)?(?:new\s+)?(?:(?:market|limit|buy|sell|stop|real)\s+){0,2}(?:order|trade)s?\b`), "its description says it places an order, which spends money: %q"},
	// Money that leaves: a refund, or a charge billed to a customer.
	{regexp.MustCompile(`(?i)\b(?:to|will|and|or)\s+(?:fully\s+|partially\s+)?(?:refund|charge|bill)(?:\s+or\s+\w+)?\s+(?:a|an|the|all|part|your|their|its)\b|\brefunds\s+(?:a|an|the|all|part)\s+(?:[\w-]+\s+){0,2}?(?:payment|charge|transaction|order|invoice)s?\b`), "its description says it moves money (a refund or a charge), which cannot be taken back: %q"},
}

// preciseOperationList is a list of operations that holds a destructive
// one among create/update/list-like ones: "create, update, delete". A list
// that opens on add ("add/remove labels", "Add, remove, or replace")
// edits a membership unless another operation comes first. An operation
// may be named as an identifier ("list/get/upload/delete_file",
// "create|update|deleteFile", "read, write, remove-entry").
var preciseOperationList = regexp.MustCompile(`(?i)\b(?:create|list|get|read|update|edit|start|stop|restart|move|rename|copy|upload|modify|set|insert|query|search|manage)s?\s*(?:,|/|\|)\s*(?:(?:and|or)\s+)?(?:\w+\s*(?:,|/|\|)\s*(?:(?:and|or)\s+)?){0,6}(?:delete|remove|destroy|drop|purge)(?:s|[_-][a-z]\w*|(?-i:[A-Z])\w*)?\b` +
	`|\b(?:delete|remove|destroy|drop|purge)s?\s*(?:,|/|\|)\s*(?:(?:and|or)\s+)?(?:create|list|get|read|update|edit|start|stop|restart|move|rename|copy|upload|modify|set|insert|query|search)s?\b` +
	`|\b(?:create|update|list|get|start|stop)s?,?\s+(?:and|or)\s+(?:delete|remove|destroy|drop|purge)s?\b`)

// preciseMovesValueTalk is a sentence saying the call moves money or
// tokens out of the holder's hands: "Transfer native tokens (BNB, ETH) to
// an address", "Sends USDC to a wallet", "Withdraw funds from a payment
// account", "Execute a pending transfer or payment", "Approve another
// address to spend your tokens".
var preciseMovesValueTalk = regexp.MustCompile(`(?i)\b(?:transfer|send)(?:s|ing)?\s+(?:(?:an?|the|some|your|its|their)\s+)?(?:[\w-]+\s+){0,2}?(?:tokens?|nfts?|eth|bnb|sol|btc|usdc|usdt|funds|crypto(?:currency)?|coins?|money|sats|lamports|stablecoins?)\b[^\n.]{0,60}?\bto\s+(?:an?\s+|the\s+|another\s+|any\s+)?(?:[\w-]+\s+)?(?:address|wallet|account|recipient)e?s?\b` +
	`|\b(?:deposit|withdraw)(?:s|ing)?\s+(?:(?:the|your|some)\s+)?(?:funds|money|tokens?|cash|crypto|coins?|eth|bnb|sol|btc|usdc|usdt)\s+(?:into|to|from|out\s+of)\b` +
	`|\b(?:execut|confirm|complet|finali[sz]|authori[sz])(?:e|es|ing|s)?\s+(?:an?|the)\s+(?:pending\s+|queued\s+|previewed\s+)?(?:transfer|payment|payout|withdrawal)s?\b` +
	`|\bapprov(?:e|es|ing)\s+(?:[\w-]+\s+){1,4}?to\s+spend\b` +
	// "release their payment INSTANTLY to their crypto wallet", "disburses
	// the funds", "pays out the bounty", "libera el pago", "libère le
	// paiement", "zahlt die Prämie aus".
	`|\b(?:releas|disburs)(?:e|es|ing)\s+(?:(?:an?|the|their|his|her|its|your)\s+)?(?:[\w-]+\s+)?(?:payments?|payouts?|funds|escrow|rewards?|bount(?:y|ies)|money|prizes?)\b|\bpay(?:s|ing)?\s+out\b` +
	`|\blibera(?:r)?\s+(?:el|los)\s+(?:pagos?|fondos)\b|\blib[èe]re(?:r)?\s+(?:le|les)\s+(?:paiements?|fonds)\b|\bzahlt\s+(?:[\w-]+\s+){0,3}?aus\b` +
	`|(?:^|[\s(/])(?:transfier[ea]n?|env[ií]an?|transf[èe]rent?|envoient|envoie|sendet|senden|[üu]e?berweis(?:t|en))\s+(?:[\w-]+\s+){0,2}?(?:tokens?|nfts?|fondos|dinero|criptomonedas?|jetons|fonds|argent|geld|gelder|münzen)\b`)

// precisePurchaseTalk is a sentence saying the call buys something: "Purchase
// a phone-number for the account", "Buys a new domain", "Compra un dominio".
// Read by MCP040 only, for a tool with no hint.
var precisePurchaseTalk = regexp.MustCompile(`(?i)(?:^|[.!?;:]\s+|\n|\bAPI\.\s+)\s*(?:purchase|buy)s?\s+(?:a|an|the|new|one)\s+[\w-]+|(?:^|[.!?;:]\s+)\s*compra\s+(?:un|una|el|la)\s+\w+`)

// preciseEndsLiveTalk is a sentence saying the call ends a live call or
// conference, or redacts text: "Initiates a call redirect or terminates a
// call", "used to redact Message body text". Read by MCP040 only, at
// warning: the call cannot be picked up again, the text is gone.
var preciseEndsLiveTalk = regexp.MustCompile(`(?i)\bterminat(?:e|es|ing)\s+(?:a|an|the|any)\s+(?:live\s+|active\s+|ongoing\s+|in-progress\s+)?(?:call|conference|meeting|broadcast)s?\b|\bredact(?:s|ing)?\s+(?:the\s+)?(?:[\w\x60-]+\s+){0,2}?(?:text|body|content|message)s?\b`)

// preciseGerundOperationList is preciseOperationList in gerunds ("Useful
// for creating, updating, or deleting data") and Spanish infinitives
// ("crear, actualizar o eliminar registros"). Read by MCP040 only, for a
// tool that leaves destructiveHint unset: what such a list says the tool
// may do is a question to its author, not a contradiction of an answer.
var preciseGerundOperationList = regexp.MustCompile(`(?i)\b(?:creating|updating|inserting|modifying|editing|reading|listing|writing)\s*(?:,\s*(?:\w+ing\s*,?\s*)*)?(?:(?:and|or)\s+)?(?:deleting|removing|destroying|dropping|purging)\b` +
	`|\b(?:crear|actualizar|leer|listar|editar|insertar)\s*(?:,\s*(?:\w+ar\s*,?\s*)*)?(?:(?:y|o)\s+)?(?:eliminar|borrar|suprimir)\b`)

// preciseNegated is a sentence that denies or steers away from what it
// names: "never overwrites", "only SELECT; DELETE is rejected", "to
// delete, use x instead".
var preciseNegated = regexp.MustCompile(`(?i)\b(?:not|never|no|without|won't|doesn't|cannot|can't|only|instead|rather|avoid|prevents?|refuses?|rejects?|rejected|blocks?|blocked|forbid\w*|disallow\w*|unless|fails?\s+if|read-only|readonly)\b`)

// preciseClauseEnd splits prose into sentences and clauses.
var preciseClauseEnd = regexp.MustCompile(`[.!?;:]\s+|\n+`)

// preciseAffirmed returns the first match of re in s that stands in a
// sentence which does not deny or steer away from it, or "".
func preciseAffirmed(s string, re *regexp.Regexp) string {
	return preciseAffirmedKept(s, re, nil)
}

// preciseAffirmedKept is preciseAffirmed counting only the matches keep
// accepts (every match when keep is nil).
func preciseAffirmedKept(s string, re *regexp.Regexp, keep func(string) bool) string {
	if !re.MatchString(s) {
		return ""
	}
	for _, line := range preciseLineOrSentence.Split(s, -1) {
		if preciseRefusedTalk.MatchString(line) {
			// "BLOCKED: DELETE, CANCEL, PURGE": a label that refuses
			// reaches past its colon to the list it introduces.
			continue
		}
		for _, sent := range preciseClauseEnd.Split(line, -1) {
			if preciseNegated.MatchString(sent) {
				continue
			}
			for _, m := range re.FindAllString(sent, -1) {
				if m != "" && (keep == nil || keep(m)) {
					return m
				}
			}
		}
	}
	return ""
}

// preciseOnlyCommand is a description that says the tool only builds a
// command or text for someone else to run: its overwrite flag is passed
// on, not acted on (starwind_add: "Generates validated ... install
// commands").
var preciseOnlyCommand = regexp.MustCompile(`(?i)^\s*(?:generates?|builds?|composes?|prints?|returns?|suggests?)\b[^.]*\bcommands?\b`)

// preciseDestructiveModes are the values of an action parameter that make
// the tool destroy something.
var preciseDestructiveModes = map[string]bool{
	"delete": true, "remove": true, "drop": true, "clear": true, "destroy": true, "purge": true, "wipe": true,
	"prune": true, "uninstall": true, "erase": true, "truncate": true, "hard": true, "discard": true,
	"replace": true, "overwrite": true, "mirror": true, "kill": true, "terminate": true,
}

// preciseActionParams are parameter names whose enum picks the operation.
var preciseActionParams = map[string]bool{
	"mode": true, "action": true, "operation": true, "op": true, "command": true, "subcommand": true, "method": true,
}

// preciseFlagParams are boolean parameter names that switch a tool into a
// destructive mode when their description says so.
var preciseFlagParams = map[string]bool{
	"force": true, "overwrite": true, "prune": true, "delete": true, "hard": true, "purge": true, "cascade": true,
	"replace": true, "clobber": true,
}

var (
	// preciseDestroysTalk is what a flag's description says when setting it
	// destroys something.
	// A write "even if the file already exists" writes over it.
	preciseDestroysTalk = regexp.MustCompile(`(?i)\b(?:overwrit\w*|delet\w*|remov\w*|discard\w*|destroy\w*|purg\w*|wip(?:e|es|ing)|eras\w*|force[- ]push\w*|rewrit\w+\s+(?:the\s+)?history)\b` +
		`|\beven\s+(?:if|when|though)\s+(?:the\s+|a\s+|an\s+|it\s+|one\s+)?(?:[\w-]+\s+){0,4}?(?:already\s+)?exists?\b|\breplac\w*\s+(?:the\s+|any\s+|an\s+)?existing\b|\bsobrescrib\w*|\b[ée]cras\w*|\b[üu]berschreib\w*`)
	// preciseDestructiveOpening is a description opening on an act of
	// destruction: "Remove untracked files", "Replaces the content of one page",
	// "Replaces all the contents of an environment", "Replace all external
	// links on a story", "Replace the entire set of X" (since MCP040 r27 and
	// SEC012 r22). "Replace all occurrences" of a pattern in a text names no
	// stored thing and is not read.
	preciseDestructiveOpening = regexp.MustCompile(`(?i)^\s*(?:this\s+tool\s+)?(?:permanently\s+|irreversibly\s+|completely\s+)?(?:(?:remove|delete|destroy|drop|purge|wipe|erase|truncate|overwrite|discard)s?\b|replaces?\s+(?:the\s+)?(?:entire\s+|whole\s+|full\s+|existing\s+)?(?:content|contents|body|data|file)\b` +
		`|replaces?\s+all\s+(?:of\s+)?(?:the\s+|existing\s+|current\s+)?(?:[\w-]+\s+)?(?:contents?|data|entries|items|rules|links|records|fields|values|nodes|files|documents|pages|rows|settings|properties|attachments|tags|labels)\b` +
		`|replaces?\s+(?:the\s+)?(?:entire|whole|full|complete)\s+(?:set|list)\b)`)
)

// actionValue is one enum value of a tool's operation parameter.
type actionValue struct{ param, value string }

// preciseActionValues returns the enum values of a tool's operation
// parameters (`action`, `operation`, `op`, `mode`: preciseActionParams),
// in parameter order, each with the parameter that offers it.
func preciseActionValues(t *model.Tool) []actionValue {
	var out []actionValue
	props := t.Params()
	for _, name := range t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		if obj == nil || !preciseActionParams[strings.ToLower(name)] {
			continue
		}
		for _, v := range preciseEnumValues(obj) {
			out = append(out, actionValue{name, v})
		}
	}
	return out
}

// preciseEnumValues returns the string enum values of a schema or of its
// array items.
func preciseEnumValues(obj map[string]any) []string {
	var out []string
	for _, src := range []map[string]any{obj, func() map[string]any { m, _ := obj["items"].(map[string]any); return m }()} {
		if src == nil {
			continue
		}
		list, _ := src["enum"].([]any)
		for _, v := range list {
			if s, ok := v.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// preciseSessionOnly matches a tool that only clears or resets a session
// setting or in-memory state, not data.
var preciseSessionOnly = regexp.MustCompile(`(?i)\b(session|setting|settings|working directory|context|selection|cache|filter|console)\b`)

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
	soft := false
	for _, tok := range t.nameTokens {
		switch strings.ToLower(tok) {
		case "clear", "reset", "close", "end", "stop", "cancel":
			soft = true
		}
	}
	if !soft {
		return false
	}
	first, _, _ := strings.Cut(t.desc, ".")
	if preciseCounterOrSignIn(t) {
		return true
	}
	return preciseSessionOnly.MatchString(strings.Join(t.nameTokens, " ")) || preciseSessionOnly.MatchString(first)
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
	// deletes to a trash or bin, or soft-deletes it, so it can be restored.
	preciseToTrash = regexp.MustCompile(`(?i)\b(?:moves?|moving|sends?|puts?)\b[^.]{0,40}?\bto\s+(?:the\s+)?(?:trash|bin|recycle\s+bin|recycling\s+bin|wastebasket)\b|\bsoft[- ]delet\w*`)
	// preciseFromTrash is a description that opens on taking something out
	// of the trash: a restore.
	preciseFromTrash = regexp.MustCompile(`(?i)^\s*(?:removes?|takes?|moves?)\s+(?:\w+\s+){0,3}?(?:out\s+of|from)\s+(?:the\s+)?(?:trash|bin|recycle\s+bin)\b`)
)

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
	if !permanent && preciseToTrash.MatchString(t.desc) && !preciseBypassesTrash(t) {
		return "it moves what it deletes to the trash, where it can be restored"
	}
	if inverse := preciseInverseTool(tools, t, toks); inverse != "" && !permanent {
		return fmt.Sprintf("it breaks a link the server makes again with `%s`", inverse)
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
		if !objects[u.nameWords[len(u.nameWords)-1]] || preciseAffirmed(preciseProse(u.desc), preciseKeepsVersionTalk) == "" || preciseDropsVersionTalk.MatchString(u.desc) {
			continue
		}
		return u.name
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

// preciseAPIPassthrough says why a tool passes any operation through to an
// API, or "": its prose says it serves every operation (or any endpoint)
// and the operation is a free parameter, not an enum (Square's
// make_api_request: service and method are free text); or a free HTTP
// method beside the URL it is sent to, so DELETE is one value among
// others. Such a tool deletes, refunds and pays whenever the API does.
func preciseAPIPassthrough(t *tgTool) string {
	for _, tok := range t.nameTokens {
		if w := strings.ToLower(tok); secHasWord([]string{w}, secCheckVerbs...) || w == "info" || w == "describe" || w == "schema" {
			// x402_check, get_type_info: a check or a description of the
			// operation, not the operation.
			return ""
		}
	}
	props := t.t.Params()
	url := false
	for _, name := range t.t.ParamNames() {
		switch strings.ToLower(name) {
		case "url", "uri", "endpoint", "path":
			url = true
		}
	}
	free := ""
	for _, name := range t.t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		lname := strings.ToLower(name)
		if obj == nil || !preciseOperationParams[lname] || obj["enum"] != nil || obj["const"] != nil {
			continue
		}
		if ty, ok := obj["type"].(string); ok && ty != "string" {
			continue
		}
		if free == "" {
			free = name
		}
		d, _ := obj["description"].(string)
		if preciseNamesOnlySafeMethods(d) {
			// "The HTTP method we should use when calling the url. Can
			// be: GET or POST": a callback's fetch method, not a choice
			// of operation that reaches DELETE.
			continue
		}
		if url && preciseMethodParam(lname) && preciseHTTPMethodTalk.MatchString(d) && !preciseMethodSelects.MatchString(d) {
			return fmt.Sprintf("its `%s` parameter takes any HTTP method, DELETE included", name)
		}
	}
	if free == "" {
		return ""
	}
	if m := preciseAffirmed(preciseProse(t.desc), preciseAllOperationsTalk); m != "" {
		return fmt.Sprintf("its description says %q and its `%s` parameter is free", secSnippet(m), free)
	}
	return ""
}

// preciseMethodNames are HTTP methods named in capitals in a parameter's
// description.
var preciseMethodNames = regexp.MustCompile(`\b(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b`)

// preciseNamesOnlySafeMethods reports whether a method parameter's
// description lists HTTP methods and none of them replaces or deletes
// ("Can be: GET or POST"): the parameter cannot reach a DELETE.
func preciseNamesOnlySafeMethods(d string) bool {
	names := preciseMethodNames.FindAllString(d, -1)
	if len(names) < 2 {
		// "HTTP method (default: GET)" names a default, not a limit.
		return false
	}
	for _, m := range names {
		switch m {
		case "PUT", "PATCH", "DELETE":
			return false
		}
	}
	return true
}

// preciseCreates reports whether a tool's name opens on creating or adding.
func preciseCreates(t *tgTool) bool {
	for i, tok := range t.nameTokens {
		if i > 1 {
			break
		}
		switch strings.ToLower(tok) {
		case "create", "add", "new", "insert", "register":
			return true
		}
	}
	return false
}

// preciseTakesContent reports whether a tool takes a whole content or body
// parameter (update_file's content): what it writes replaces what was there.
func preciseTakesContent(t *tgTool) bool {
	for _, n := range t.t.ParamNames() {
		switch strings.ToLower(n) {
		case "content", "contents", "body", "file_content", "filecontent", "text":
			return true
		}
	}
	return false
}

var (
	// preciseNotDeleted is a description saying the act keeps what it
	// removes: "moved to the archive ... rather than being permanently
	// deleted".
	preciseNotDeleted = regexp.MustCompile(`(?i)\b(?:rather\s+than|instead\s+of)\s+(?:being\s+)?(?:permanently\s+)?delet(?:ed|ing|ion)\b`)
	// precisePermanentOption is a description or flag that offers to skip
	// the trash: "bypass trash and force deletion", "permanent deletion".
	precisePermanentOption = regexp.MustCompile(`(?i)\bbypass(?:es|ing)?\s+(?:the\s+)?trash\b|\bskip(?:s|ping)?\s+(?:the\s+)?trash\b|\bpermanent(?:ly)?\s+delet\w*`)
	// preciseFromAccessList is a description opening on removing one entry
	// from a group, team or allow-list: "Remove a project from an access
	// group", "remove from bypass list".
	preciseFromAccessList = regexp.MustCompile(`(?i)^\s*(?:removes?|deletes?|revokes?)\s+(?:an?\s+|the\s+)?((?:[\w-]+\s+){0,2}?)from\s+(?:an?\s+|the\s+|its\s+|this\s+)?(?:[\w-]+\s+)?(?:group|team|allow-?list|whitelist|bypass\s+list|access\s+list|role)\b`)
)

// precisePersonLinks name a person's place in something (a member, an
// assignee, a collaborator): deleting one removes the person's access, never
// the person or the thing; adding them again restores it. That is an access
// change, left to the access rules, not destruction.
var precisePersonLinks = map[string]bool{
	"member": true, "members": true, "assignee": true, "assignees": true, "collaborator": true, "collaborators": true,
	"watcher": true, "watchers": true, "reviewer": true, "reviewers": true, "subscriber": true, "subscribers": true,
	"follower": true, "followers": true, "delegate": true, "delegates": true,
}

// preciseAllowNouns name an allow-list entry in a tool name: removing a
// bypass IP or an allow-listed origin is undone by adding it again.
var preciseAllowNouns = map[string]bool{"bypass": true, "allowlist": true, "whitelist": true, "allowed": true}

// preciseRemovesAccessEntry says why a removal only takes an entry out of an
// allow-list or a group, whatever tools the server has beside it, or "": a
// remove or delete verb whose object is an allow-list entry
// (removeBypassIp), or a description opening on removing something from a
// group, team or allow-list ("Remove a project from an access group"). An
// entity deleted with its data (a label definition, a domain with its
// settings) is not such an entry. A person's membership is read apart, by
// precisePersonRemoval.
func preciseRemovesAccessEntry(t *tgTool, toks []string, first string) string {
	verb := -1
	for i, w := range toks {
		if i > 1 {
			break
		}
		if w == "remove" || w == "delete" || w == "revoke" {
			verb = i
		}
	}
	if verb < 0 {
		return ""
	}
	rest := toks[verb+1:]
	for _, w := range rest {
		if preciseAllowNouns[w] {
			return "it removes an allow-list entry, which is added again"
		}
	}
	if m := preciseFromAccessList.FindStringSubmatch(first); m != nil {
		for _, w := range strings.Fields(strings.ToLower(m[1])) {
			if precisePersonLinks[w] || w == "user" || w == "users" || w == "person" || w == "people" {
				// A person taken off a team loses access at once:
				// precisePersonRemoval's warning, not silence.
				return ""
			}
		}
		return "it removes an entry from a group, team or allow-list, which is added again"
	}
	return ""
}

// preciseLocalAlias reports whether a tool manages the server's own local
// aliases or shortcuts (ssh_alias: "Manages local name aliases"): removing
// one loses a name the user typed, not data.
func preciseLocalAlias(t *tgTool, toks []string) bool {
	alias := false
	for _, w := range toks {
		if w == "alias" || w == "aliases" || w == "shortcut" || w == "shortcuts" {
			alias = true
		}
	}
	return alias && preciseLocalConfig.MatchString(t.desc)
}

// preciseLocalConfig is a description placing what a tool manages in the
// server's local configuration.
var preciseLocalConfig = regexp.MustCompile(`(?i)\blocal\s+(?:[\w-]+\s+){0,2}?(?:aliases?|shortcuts?|config(?:uration)?)\b|\b(?:stored|persist\w*|kept)\s+(?:[\w\s]{0,30}?)\blocal(?:ly)?\b`)

// preciseBypassesTrash reports whether a tool that trashes by default also
// offers to skip the trash (wp_delete_post's force: "bypass trash and force
// deletion"): destructiveHint covers what the tool may do.
func preciseBypassesTrash(t *tgTool) bool {
	if precisePermanentOption.MatchString(t.desc) {
		return true
	}
	props := t.t.Params()
	for _, n := range t.t.ParamNames() {
		obj, _ := props[n].(map[string]any)
		if d, _ := obj["description"].(string); precisePermanentOption.MatchString(d) {
			return true
		}
	}
	return false
}

// preciseOverwriteTalk is prose saying a tool overwrites what exists.
var preciseOverwriteTalk = regexp.MustCompile(`(?i)\b(?:overwrit(?:e|es|ing|ten)|clobber(?:s|ing)?)\b`)

// precisePersonRemoval returns the person-link noun a removal takes away
// (removeTeamMember, delete_resource_member: "member"), or "". Deleting a
// member removes a person's access, never the person or the thing, and
// adding them again restores it; but the person loses access at once, which
// a reviewer wants shown. MCP040 reports it at warning, as an access
// revocation rather than destruction.
func precisePersonRemoval(t *tgTool) string {
	if t.destructPhrase {
		return ""
	}
	for i, tok := range t.nameTokens {
		if i > 1 {
			break
		}
		switch strings.ToLower(tok) {
		case "remove", "delete", "revoke":
			last := strings.ToLower(t.nameTokens[len(t.nameTokens)-1])
			if i < len(t.nameTokens)-1 && precisePersonLinks[last] {
				return last
			}
		}
	}
	return ""
}

// preciseRequestEnds reports whether a name ends on the request it merges
// (merge_pull_request, mergeChangeRequest), not on a part of it
// (merge_request_thread).
func preciseRequestEnds(toks []string) bool {
	switch toks[len(toks)-1] {
	case "request", "requests", "pr", "mr":
		return true
	}
	return false
}

// preciseRequestVerbs act on a request without merging it.
var preciseRequestVerbs = map[string]bool{"approve": true, "unapprove": true, "resolve": true, "review": true, "comment": true, "rebase": true}

// preciseRemovesMarkerTalk is prose saying a tool works by removing a
// label, tag, flag or star, which is set again: "by removing the UNREAD
// label".
var preciseRemovesMarkerTalk = regexp.MustCompile(`(?i)\bby\s+removing\s+(?:the\s+|a\s+|an\s+|its\s+)?(?:[\w-]+\s+)?(?:labels?|tags?|flags?|stars?|markers?)\b`)

// preciseTakesWholeContent reports whether a tool takes a required
// parameter named content whose description calls it the content itself
// (update_pipeline: "Pipeline YAML content"): an update with it writes the
// whole object over what it held.
func preciseTakesWholeContent(t *tgTool) bool {
	props := t.t.Params()
	req := map[string]bool{}
	if list, ok := t.t.InputSchema["required"].([]any); ok {
		for _, r := range list {
			if s, ok := r.(string); ok {
				req[s] = true
			}
		}
	}
	for _, n := range t.t.ParamNames() {
		if l := strings.ToLower(n); (l == "content" || l == "contents") && req[n] {
			obj, _ := props[n].(map[string]any)
			if d, _ := obj["description"].(string); preciseWholeContentTalk.MatchString(d) {
				return true
			}
		}
	}
	return false
}

// preciseWholeContentTalk is a content parameter described as a whole
// document: "Pipeline YAML content", "File content", "the full content".
var preciseWholeContentTalk = regexp.MustCompile(`(?i)\b(?:yaml|json|xml|file|full|whole|entire|complete|new)\s+(?:[\w-]+\s+)?contents?\b`)

// preciseHTTPMethods are the HTTP methods that write, as a pass-through's
// name or title gives them.
var preciseHTTPMethods = map[string]bool{"post": true, "put": true, "patch": true}

// preciseMethodWords may stand beside the method in a pass-through's name
// (http_post, api_put_request) without naming an act of their own.
var preciseMethodWords = map[string]bool{"http": true, "api": true, "rest": true, "request": true, "call": true, "raw": true, "generic": true}

// preciseTitleMethod is a title naming one HTTP method in capitals:
// "Bitbucket PUT Request".
var preciseTitleMethod = regexp.MustCompile(`\b(POST|PUT|PATCH)\b`)

// preciseFixedMethod returns the HTTP method ("PUT") a tool sends to a path
// the caller names, or "": it takes a free path, url or endpoint string and
// its name is only that method beside a server prefix and method words
// (bb_put, http_post), or its title names the method in capitals ("Bitbucket
// PUT Request"). create_post, whose "post" is a thing, is not one.
func preciseFixedMethod(t *tgTool) string {
	free := false
	props := t.t.Params()
	for _, n := range t.t.ParamNames() {
		obj, _ := props[n].(map[string]any)
		switch strings.ToLower(n) {
		case "path", "url", "uri", "endpoint", "resource", "route":
			free = free || obj != nil && isJSONString(obj["type"], "string") && obj["enum"] == nil && obj["const"] == nil
		}
	}
	if !free {
		return ""
	}
	if m := preciseTitleMethod.FindString(t.t.Title); m != "" {
		return m
	}
	method := ""
	for i, w := range t.nameWords {
		switch {
		case preciseHTTPMethods[w]:
			method = strings.ToUpper(w)
		case preciseMethodWords[w] || i == 0 && len(t.nameWords) > 1 && !preciseActsAlone(w):
			// bb_put, http_post: a server prefix or method words; the
			// first word of create_post is an act, and post its object.
		default:
			return ""
		}
	}
	return method
}

// preciseActsAlone reports whether w is a verb that names an act of its
// own (create, get, delete, send), so a method word after it is its object.
func preciseActsAlone(w string) bool {
	return text.IsReadVerb(w) || text.IsDestructiveVerb(w) || text.IsBareVerb(w) || secHasWord([]string{w}, secWriteVerbs...)
}

// precisePassthroughTalk are the operations a pass-through's description
// may document that are not additive updates, each with how a finding
// words it: a full replace ("Replace Bitbucket resources (full update)"),
// a merge of a pull request or branch ("Merge PR:"), and a deletion among
// its listed operations ("3. Delete branch:").
var precisePassthroughTalk = []preciseTalk{
	{regexp.MustCompile(`(?i)\breplac(?:e|es|ing)\b[^.\n]{0,60}?\(\s*full\s+(?:update|replacement)\s*\)|\bfull\s+(?:replace(?:ment)?|overwrite)\b|\breplac(?:e|es|ing)\s+(?:the\s+)?(?:entire|whole|complete)\b|^\s*(?:replaces?|overwrites?)\b`), "a full replace (%q), which drops whatever the new body leaves out"},
	{regexp.MustCompile(`(?i)\bmerg(?:e|es|ing)\s+(?:the\s+|a\s+|an?\s+open\s+)?(?:prs?|pull[\s-]+requests?|merge[\s-]+requests?|branch(?:es)?)\b`), "a merge (%q), which closes the request as merged for good and moves its target branch"},
	{regexp.MustCompile(`(?im)^\s*(?:\d+[.)]\s*|[-*•]\s*)?(?:\*\*|__)?\s*(?:delete|remove|destroy|purge|wipe|erase)s?\s+[\w-]+`), "a deletion among its operations (%q)"},
}

// preciseListMarker is the number, bullet or bold mark a documented
// operation's line opens with.
var preciseListMarker = regexp.MustCompile(`^\s*(?:\d+[.)]\s*|[-*•]\s*)?(?:\*\*|__)?\s*`)

// precisePassthroughDocuments says which operation a pass-through with one
// fixed writing method (bb_put: PUT to any path) documents that is not an
// additive update, or "". A pass-through whose documented operations only
// create, comment or approve adds, and is silent.
func precisePassthroughDocuments(t *tgTool) (method, why string) {
	method = preciseFixedMethod(t)
	if method == "" {
		return "", ""
	}
	lines := strings.Split(t.t.RawDescription, "\n")
	for _, c := range precisePassthroughTalk {
		for _, line := range lines {
			if m := c.re.FindString(line); m != "" && !preciseNegated.MatchString(line) {
				return method, fmt.Sprintf(c.why, secSnippet(preciseListMarker.ReplaceAllString(m, "")))
			}
		}
	}
	return "", ""
}

// preciseCreateOverExisting is a description saying that, when what the
// tool writes already exists, the existing one is updated, overwritten or
// replaced rather than kept: "If the page already exists at the specified
// path, it will be updated", "If a board with the same title already
// exists, it is replaced", "overwrites the file if it already exists",
// "si ya existe, se sobrescribe", "s'il existe déjà, il sera remplacé",
// "falls sie bereits existiert, wird sie überschrieben".
var preciseCreateOverExisting = regexp.MustCompile(`(?i)\bif\s+(?:the\s+|a\s+|an\s+|this\s+|that\s+)?(?:[\w-]+\s+){0,6}?(?:already\s+)?exists?\b[^.;]{0,40}?,?\s*(?:it|that|the\s+[\w-]+|the\s+existing(?:\s+[\w-]+)?)\s+(?:will\s+be|is|gets|get)\s+(?:updated|overwritten|replaced)\b` +
	`|\b(?:updates|overwrites|replaces|update|overwrite|replace)\s+(?:it|them|the\s+existing(?:\s+[\w-]+)?)\s+if\s+(?:it|they|one|the\s+[\w-]+)\s+already\s+exists?\b` +
	`|\bsi\s+(?:ya\s+)?existe(?:\s+ya)?\b[^.;]{0,40}?\b(?:se\s+)?(?:sobrescrib|sobreescrib|reemplaz|actualiz)\w*` +
	`|\bs'(?:il|ils|elle|elles)\s+existen?t?\s+déjà[^.;]{0,40}?(?:écrasé|remplacé|mis\s+à\s+jour)\w*` +
	`|\b(?:falls|wenn)\s+[^.;]{0,40}?\bbereits\s+(?:existier|vorhanden)\w*[^.;]{0,30}?(?:überschrieben|ersetzt|aktualisiert)\b`)

// preciseAuthorListTalk is a sentence of a server's own text that lists
// tools as destructive: "Destructive tools (delete_*, restore_snapshot,
// apply_builder_patch) are refused", "Dangerous operations: drop_table,
// wipe_db", "Herramientas destructivas: borrar_nota". The list is the
// first group.
var preciseAuthorListTalk = regexp.MustCompile(`(?i)\b(?:destructive|dangerous|irreversible)\s+(?:tools?|operations?|ops|actions?|calls?|commands?)\s*(?:\(|:|—|–|\s-\s|,?\s+(?:such\s+as|like|include|including|are|is)\b:?)\s*([^.\n;)]{1,300})` +
	`|\b(?:herramientas|operaciones)\s+(?:destructivas|peligrosas)\s*(?:\(|:)\s*([^.\n;)]{1,300})|\b(?:outils|op[ée]rations)\s+(?:destructi(?:ves|fs)|dangereu(?:ses|x))\s*(?:\(|:)\s*([^.\n;)]{1,300})`)

// preciseAuthorListedTail is a list followed by what it is: "drop_table,
// wipe_db and reset_all are destructive", "`a` and `b` are irreversible".
var preciseAuthorListedTail = regexp.MustCompile("(?i)((?:`?[A-Za-z][\\w.-]*`?\\s*(?:,|/|\\band\\b|\\bor\\b)\\s*)+`?[A-Za-z][\\w.-]*`?)\\s+(?:are|is)\\s+(?:all\\s+|both\\s+)?(?:destructive|irreversible)\\b")

// preciseListedName is an identifier in such a list.
var preciseListedName = regexp.MustCompile(`[A-Za-z][\w.*-]*`)

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
		texts := []string{t.desc}
		for _, p := range secParams(t.t) {
			if d, _ := p.schema["description"].(string); d != "" {
				texts = append(texts, d)
			}
		}
		for _, d := range texts {
			if m := preciseWholeDeployTalk.FindString(d); m != "" {
				return fmt.Sprintf("it deploys over what is running (%q), replacing every part deployed before", secSnippet(m))
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

// preciseSpendsTalk returns the sentence in which a tool's own description
// says the call itself spends money (text_to_video: "This tool calls the
// API and may incur costs"; create_pod: "BILLABLE from creation"), or "".
// A tool whose name opens with a read verb (list_billing: "spend across all
// billable resources") or names a price, an estimate or a bill
// (estimate_cost, get_pricing) reads what is spent, and a sentence that
// denies it ("does not incur charges", "free tier, no charge") says
// nothing is.
func preciseSpendsTalk(t *tgTool) string {
	for i, w := range t.nameWords {
		if i == 0 && text.IsReadVerb(w) || preciseCostReadWords[w] {
			return ""
		}
	}
	// Code is blanked, but not example lines: preciseProse drops a
	// one-line description whole for its "e.g.". A dash parts clauses
	// too: "a billed resource - only call this when asked" spends in
	// its first clause whatever the second restricts.
	prose := preciseCodeOnly(t.desc)
	if !preciseCallCostTalk.MatchString(prose) {
		return ""
	}
	for _, sent := range preciseCostClauseEnd.Split(prose, -1) {
		if preciseNegated.MatchString(sent) || preciseRefusedTalk.MatchString(sent) {
			continue
		}
		if m := preciseCallCostTalk.FindString(sent); m != "" {
			return strings.TrimSpace(m)
		}
	}
	return ""
}

// preciseCostClauseEnd splits prose into sentences and clauses, a spaced
// dash included.
var preciseCostClauseEnd = regexp.MustCompile(`[.!?;:]\s+|:$|\n+|\s+[-–—]+\s+`)
