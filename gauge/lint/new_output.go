package lint

import (
	"regexp"
	"strings"
)

// Readings since MCP040 revision 33 (issue 21, round 28): a transform
// that writes its result to a new output destroys nothing.
//
// A tool that changes content (minify, replace, strip, convert, dedupe)
// and writes the result to a new output it hands back (its outputSchema
// returns an output_path or a new file, or its text says "to a new
// file", "leaves the original unchanged") leaves the input as it was:
// removing whitespace, metadata or duplicates from the copy it writes is
// no deletion, and replacing text in that copy overwrites nothing
// stored. Left to the other readings: a name that deletes or moves, a
// caller who names the output place (an output_path parameter picks
// what is written over), and text that says the input itself is
// changed ("in place", "overwrites", "replaces the original file").

// newOutputTalk is text that says the result goes to a new output, or
// that the input stays as it was.
var newOutputTalk = regexp.MustCompile(`(?i)\b(?:to|into|as|in)\s+a\s+(?:new|separate|fresh)\s+(?:output\s+)?(?:file|copy|document)\b` +
	`|\bnew\s+output\s+file\b` +
	`|\b(?:the\s+)?(?:original|input|source)\s+(?:file\s+)?(?:is\s+|stays\s+|remains\s+)?(?:left\s+)?(?:unchanged|untouched|intact|unmodified)\b` +
	`|\bleav(?:es|ing)\s+the\s+(?:original|input|source)\s+(?:file\s+)?(?:unchanged|untouched|intact|as\s+is)\b`)

// inPlaceTalk is text that says the input itself is changed.
var inPlaceTalk = regexp.MustCompile(`(?i)\bin[- ]place\b|\boverwrit\w*|\b(?:replac|modif|rewrit|updat)\w*\s+(?:the\s+)?(?:original|input|source|existing|same)\s+(?:file|document)\b|\bsame\s+(?:file|path)\b`)

// outputPlaceWords open or close the name of a returned or requested
// output location: output_path, out_file, new_path, result_file.
var outputPlaceWords = []string{"output", "out", "new", "result", "dest", "destination", "target", "saved", "written"}

// outputPlaceNames reports whether a name reads as an output location:
// an output word with a path or file word (output_path, outFile).
func outputPlaceName(name string) bool {
	w := secIdentifierWords(name)
	return len(w) >= 2 && secHasWord(w, outputPlaceWords...) && secHasWord(w[len(w)-1:], "path", "file", "filepath", "filename", "dir", "directory", "location")
}

// transformWritesNewOutput says whether t writes its result to a new
// output it returns, read as above.
func transformWritesNewOutput(t *tgTool) bool {
	if t.t == nil || tgReadsLikeDeletion(t) || secHasWord(t.nameWords, "move", "rename", "overwrite", "save", "write") || inPlaceTalk.MatchString(t.desc) {
		return false
	}
	for _, p := range secParams(t.t) {
		if outputPlaceName(p.name) || secHasWord(secIdentifierWords(p.name), "overwrite", "inplace", "in_place", "dest", "destination") {
			return false
		}
		if inPlaceTalk.MatchString(p.desc()) {
			return false
		}
	}
	if newOutputTalk.MatchString(t.desc) {
		return true
	}
	props, _ := t.t.OutputSchema["properties"].(map[string]any)
	for k := range props {
		if outputPlaceName(k) && !strings.EqualFold(k, "path") {
			return true
		}
	}
	return false
}
