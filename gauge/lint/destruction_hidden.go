package lint

import (
	"fmt"
	"regexp"
	"strings"
)

// Round 37 (branch hints37): destruction a tool's name does not say.
//
// A list that replaces: an update whose list parameter is taken as the
// whole new set, so every stored entry the model leaves out is removed
// ("Providing an empty array will remove all user accesses", "Must
// include all the user IDs that are part of the team", "adding new ones
// and removing any not in the list", "it will remove all other styles").
// The call reads as an addition or an edit, yet a short list drops what
// the model did not know was there, and the caller does not hold the old
// set to put it back. Lists of classifying markers (tags, labels,
// categories) are left out: a tag set written over is the settings update
// earlier rounds did not call destruction.

// hiddenListReplacesTalk is a sentence saying a list is taken as the
// whole new set: an empty list will remove every entry, the list must
// hold every existing entry, the entries left out are removed, or the list
// replaces all existing ones or the entire set. An instruction how to
// clear a setting ("Pass an empty array to clear all effects") is not the
// consequence warned of and does not count.
var hiddenListReplacesTalk = regexp.MustCompile(`(?i)\b(?:providing|passing|sending|an?)\s+(?:an?\s+)?empty\s+(?:array|list|set)\s+(?:will|would)\s+(?:remove|delete|clear|revoke|unset)\s+(?:all|every)\b` +
	`|\bmust\s+include\s+all\s+(?:the\s+)?(?:existing\s+)?[\w-]+(?:\s+[\w-]+){0,5}?\s+(?:that\s+(?:are|is|should\s+be)\s+(?:part\s+of|associated\s+with|in)|already\s+(?:in|on|part\s+of))\b` +
	`|\b(?:removing|removes|deleting|deletes|drops|dropping)\s+(?:any|all|every|those|the\s+ones?)\s+(?:\w+\s+)?(?:not\s+(?:in|on|included\s+in|listed\s+in)\s+the\s+(?:list|array|set)|(?:that\s+are\s+)?not\s+(?:listed|included|given|provided))\b` +
	`|\bwill\s+remove\s+all\s+other\s+[\w-]+` +
	`|\breplaces?\s+(?:all|every)\s+(?:the\s+)?existing\s+[\w-]+` +
	`|\breplaces?\s+the\s+(?:entire|whole)\s+(?:[\w-]+\s+)?(?:set|list)\b`)

// hiddenMarkerNouns are what classifies a thing rather than holding it
// or granting it: a list of them written over is a settings change.
var hiddenMarkerNouns = map[string]bool{
	"tag": true, "tags": true, "label": true, "labels": true, "category": true, "categories": true,
	"keyword": true, "keywords": true, "topic": true, "topics": true,
}

// hiddenListReplaces says how a tool that takes a list parameter replaces
// the stored set with it, so entries left out are removed, or "". A tool
// whose name opens on creating is left out. The
// sentence must stand in the description of an array parameter, or in the
// tool's description when the tool takes an array; it must not be about
// markers only (a parameter named for tags or labels, or a sentence whose
// set is tags or labels).
func hiddenListReplaces(t *tgTool) string {
	if preciseCreates(t) {
		// createAccessGroup "Must include all the environment IDs that
		// are part of the group": a new set holds nothing to remove.
		return ""
	}
	props := t.t.Params()
	hasList := false
	for _, n := range t.t.ParamNames() {
		obj, _ := props[n].(map[string]any)
		if typ, _ := obj["type"].(string); typ != "array" {
			continue
		}
		hasList = true
		d, _ := obj["description"].(string)
		if m := hiddenListReplacesTalk.FindString(d); m != "" && !hiddenAboutMarkers(secIdentifierWords(n), m) {
			return fmt.Sprintf("its list parameter `%s` is taken as the whole new set: %q", n, secSnippet(m))
		}
	}
	if !hasList {
		return ""
	}
	if m := hiddenListReplacesTalk.FindString(preciseProse(t.desc)); m != "" && !hiddenAboutMarkers(nil, m) {
		return fmt.Sprintf("its description says the list it takes replaces the stored set: %q", secSnippet(m))
	}
	return ""
}

// hiddenAboutMarkers reports whether a parameter's name words or the
// matched sentence name only classifying markers.
func hiddenAboutMarkers(nameWords []string, sentence string) bool {
	for _, w := range nameWords {
		if hiddenMarkerNouns[strings.ToLower(w)] {
			return true
		}
	}
	for _, w := range strings.Fields(strings.ToLower(sentence)) {
		if hiddenMarkerNouns[strings.Trim(w, ".,;:()\"'")] {
			return true
		}
	}
	return false
}
