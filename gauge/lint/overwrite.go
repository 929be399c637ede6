package lint

import (
	"fmt"
	"regexp"
	"strings"

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
var preciseIdentifierEnds = map[string]bool{"id": true, "ids": true, "uuid": true, "uuids": true, "gid": true, "path": true, "url": true, "uri": true}

// preciseAddsOnlyTalk is a description saying a tool only adds to what is
// stored: "appends", "adds a comment", "does not change existing".
var preciseAddsOnlyTalk = regexp.MustCompile(`(?i)\bappend|\bonly\s+adds?\b|\b(?:does\s+not|doesn't|never|will\s+not|won't)\s+(?:change|modify|overwrite|replace|remove)\s+(?:any\s+)?existing\b`)

// preciseOverwrites says why a tool whose hint is unset writes over or takes
// away stored data without a delete verb, or "": its name opens on an
// update verb and it takes a new value beside the identifiers of what it
// changes; it archives something and the server has no tool that brings it
// back; or it writes a file at a local or remote destination the caller
// gives.
func preciseOverwrites(tools []tgTool, t *tgTool) string {
	toks := t.nameWords
	if why := preciseWritesFileAt(t); why != "" {
		return why
	}
	for i, w := range toks {
		if i > 1 {
			break
		}
		if does := preciseOverwriteVerbs[w]; does != "" && preciseTakesNewValue(t) && !preciseAddsOnlyTalk.MatchString(t.desc) {
			return fmt.Sprintf("its name says it %s stored values in place (%q), and what it writes over is gone", does, w)
		}
		if i == 0 && (text.IsReadVerb(w) || preciseCreates(t)) {
			// create_change_request, get_update_status: what follows the
			// first verb names a thing, not an act.
			break
		}
		if w == "archive" && !preciseHasRestore(tools) && !preciseArchiveFolder.MatchString(t.desc) {
			return "it archives what it names (takes it out of use), and this server has no tool that restores it"
		}
	}
	return ""
}

// precisePlaceWords name where an item sits, not what it holds: an update
// that only moves or reorders (update_list_position) loses nothing, since
// another call puts it back.
var precisePlaceWords = map[string]bool{"position": true, "pos": true, "index": true, "order": true, "rank": true, "before": true, "after": true, "sort": true}

// preciseMarkWords name a label or switch on what is updated, not content
// the user wrote: a rename, a new colour, a status or an on/off switch is
// set back by another call with the old value, which the caller can see.
var preciseMarkWords = map[string]bool{
	"name": true, "title": true, "color": true, "colour": true, "status": true, "state": true, "visibility": true,
	"enabled": true, "active": true, "icon": true, "passed": true, "conclusion": true, "language": true,
}

// preciseAddedValueTalk is a parameter described as something added to
// what is stored ("Text to add", "lines to append").
var preciseAddedValueTalk = regexp.MustCompile(`(?i)\bto\s+(?:add|append)\b|\bappended\b|\badded\s+to\b`)

// preciseTakesNewValue reports whether a tool takes a parameter that is
// neither an identifier of what it changes, a place to move it to, nor a
// label or switch on it: content to write over what it held.
func preciseTakesNewValue(t *tgTool) bool {
	for _, n := range t.t.ParamNames() {
		w := secIdentifierWords(n)
		if len(w) == 0 {
			continue
		}
		if last := w[len(w)-1]; preciseIdentifierEnds[last] || precisePlaceWords[last] || preciseMarkWords[last] {
			continue
		}
		obj, _ := t.t.Params()[n].(map[string]any)
		if d, _ := obj["description"].(string); preciseAddedValueTalk.MatchString(d) {
			// update_note's content "Text to add": appended, not written over.
			continue
		}
		return true
	}
	return false
}

// preciseArchiveFolder is a description saying the archive is a folder or
// mailbox the items are moved into ("move emails ... to an archive
// folder"): a move, which moving them back undoes.
var preciseArchiveFolder = regexp.MustCompile(`(?i)\bto\s+(?:an?\s+|the\s+|its\s+)?archive\s+(?:folder|mailbox|directory|label)\b`)

// preciseHasRestore reports whether the server has a tool that brings an
// archived item back (unarchive_card, restore_list).
func preciseHasRestore(tools []tgTool) bool {
	for i := range tools {
		for j, tok := range tools[i].nameTokens {
			if j > 1 {
				break
			}
			switch strings.ToLower(tok) {
			case "unarchive", "restore", "reopen", "undelete":
				return true
			}
		}
	}
	return false
}

// preciseFileTargetTalk is a path parameter's description naming a place
// on a machine the tool writes to: "Remote destination path", "Local
// destination path". A destination alone (a Drive folder, a clone's
// directory) is not read as a file written over.
var preciseFileTargetTalk = regexp.MustCompile(`(?i)\b(?:local|remote)\s+(?:file\s+)?destination\s+(?:file\s+)?path\b|\bdestination\s+path\s+on\s+the\s+(?:local|remote)\b`)

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
	props := t.t.Params()
	for _, n := range t.t.ParamNames() {
		obj, _ := props[n].(map[string]any)
		if obj == nil || !isJSONString(obj["type"], "string") {
			continue
		}
		if d, _ := obj["description"].(string); preciseFileTargetTalk.MatchString(d) {
			return fmt.Sprintf("it writes a file at the path its `%s` parameter names (%q), over whatever is there", n, secSnippet(preciseFileTargetTalk.FindString(d)))
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
