package lint

import (
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// Sentence patterns that say a tool destroys, and the readers that keep a
// match only where it is affirmed, not denied or steered away from.

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
	switch c.re {
	case preciseStripsFieldTalk:
		return preciseNotReference
	case preciseReplacesSetTalk:
		return preciseNotTextReplace
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
	// A whole set written over, or the existing values said to be
	// replaced (round 57): "Imports a zone file, replacing all resource
	// record sets", "the existing aliases for the specified Network will
	// be replaced with these provided". A find-and-replace of all
	// occurrences or matches edits text and is not read here.
	{preciseReplacesSetTalk, "its description says it replaces what exists: %q"},
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

// preciseReplacesSetTalk is prose saying a call replaces every existing
// entry of a set ("replacing all resource record sets") or that the
// existing values will be replaced or overwritten.
var preciseReplacesSetTalk = regexp.MustCompile(`(?i)\breplac(?:e|es|ing)\s+all\s+(?:(?:the|existing|current)\s+)?(?:[\w-]+\s+){0,2}?(?:[\w-]+s)\b(?:\s*\([^)]{0,60}\))?` +
	`|\b(?:the\s+)?existing\s+(?:[\w-]+\s+){0,6}?(?:will\s+be|are|is|get|gets)\s+(?:replaced|overwritten)\b`)

// preciseTextReplaceTalk is a find-and-replace over text (all
// occurrences, instances or matches of a string are replaced in what the
// call edits) or a session's settings put in place of the last ones
// ("replaces all emulation settings"), not a stored set written over.
var preciseTextReplaceTalk = regexp.MustCompile(`(?i)\b(?:occurrences|instances|match(?:es|ing)|text|placeholders|variables|tokens|strings|characters|spaces|newlines|tabs|settings|options|preferences)\b`)

// preciseNotTextReplace reports whether a "replacing all …" match names a
// stored set, not the occurrences of a find-and-replace.
func preciseNotTextReplace(m string) bool { return !preciseTextReplaceTalk.MatchString(m) }

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

// preciseGerundSubjectTalk is the start of a clause whose subject is
// someone other than the tool, ending where the gerunds begin: "Run this
// tool if the user is creating, updating, or deleting files" (round 54).
var preciseGerundSubjectTalk = regexp.MustCompile(`(?i)\b(?:if|when|whenever|while|after)\s+(?:the\s+)?(?:user|you|they|someone|the\s+model|the\s+agent)\s+(?:is|are|was|were|has\s+been|have\s+been)\s+$`)

// preciseGerundsOfAnother reports whether the gerund list m, found in
// desc, names what someone else is doing when the tool is to be called,
// not what the tool does: the validator of theme files a user is
// "creating, updating, or deleting" deletes nothing.
func preciseGerundsOfAnother(desc, m string) bool {
	i := strings.Index(desc, m)
	if i < 0 {
		return false
	}
	return preciseGerundSubjectTalk.MatchString(desc[max(0, i-60):i])
}

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
			if preciseNegated.MatchString(sent) || preciseOtherToolClause.MatchString(sent) {
				// A denial, or a clause sending the reader to another
				// tool for the act ("For pruning expired entries use
				// memory_cleanup").
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
	items, _ := obj["items"].(map[string]any)
	return append(schemaStrings(obj, "enum"), schemaStrings(items, "enum")...)
}

// preciseSessionOnly matches a tool that only clears or resets a session
// setting or in-memory state, not data.
var preciseSessionOnly = regexp.MustCompile(`(?i)\b(session|setting|settings|working directory|context|selection|cache|filter|console)\b`)
