package lint

import "regexp"

// Readings since MCP040 revision 33 (issue 21, round 28): a transform
// that writes its result to a new output destroys nothing.
//
// A tool that changes content (its name or its opening sentence
// minifies, replaces, strips, converts, dedupes, formats or transforms)
// and writes the result to a new output it hands back (its outputSchema
// returns an output_path or a new file, or its text says "to a new
// file", "leaves the original unchanged", in a sentence naming the result
// or the input) leaves the input as it was:
// removing whitespace, metadata or duplicates from the copy it writes is
// no deletion, and replacing text in that copy overwrites nothing
// stored. Left to the other readings: a name that deletes or moves, a
// caller who names the output place (an output_path parameter picks
// what is written over), and text that says the input itself is
// changed ("in place", "overwrites", "replaces the original file"), a
// tool that names no transform (an apply whose summary goes "to a new
// file"), and a list of files written at their paths.

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

// outputPlaceName reports whether a name reads as an output location:
// an output word with a path or file word (output_path, outFile).
func outputPlaceName(name string) bool {
	w := secIdentifierWords(name)
	return len(w) >= 2 && secHasWord(w, outputPlaceWords...) && secHasWord(w[len(w)-1:], "path", "file", "filepath", "filename", "dir", "directory", "location")
}

// transformTalk is a verb that changes content into an output: minify,
// compress, convert, strip, dedupe, replace, transform, optimise,
// format, prettify, sanitise, normalise.
var transformTalk = regexp.MustCompile(`(?i)\b(?:minif\w*|compress\w*|convert\w*|strip\w*|dedup\w*|de-duplicat\w*|replac\w*|transform\w*|optimi[sz]\w*|format(?:s|ted|ting)?|prettif\w*|beautif\w*|saniti[sz]\w*|normali[sz]\w*|transcod\w*|resiz\w*)\b`)

// transformNameVerbs are the same verbs as words of a tool's name.
var transformNameVerbs = []string{"minify", "compress", "convert", "strip", "dedupe", "dedup", "deduplicate", "replace", "transform", "optimize", "optimise", "format", "prettify", "beautify", "sanitize", "sanitise", "normalize", "normalise", "transcode", "resize"}

// newOutputResultTalk is a sentence naming what the transform yields: the
// result, output, copy or converted text that goes to the new output, so
// that "to a new file" is said of it and not of a summary or a log.
var newOutputResultTalk = regexp.MustCompile(`(?i)\b(?:result\w*|output|copy|converted|transformed|minified|compressed|stripped|deduplicated|formatted|optimi[sz]ed|cleaned)\b|\b(?:original|input|source)\b`)

// transformWritesNewOutput says whether t transforms content and writes
// the result to a new output it returns, read as above: its name or its
// opening sentence transforms, the sentence that names the new output
// names the transformed result (or the input left as it was), and it is
// no list of files written at their paths (file_contents.go).
func transformWritesNewOutput(t *tgTool) bool {
	if !secHasWord(t.nameWords, transformNameVerbs...) && !transformTalk.MatchString(secOpeningSentence(t.t.RawDescription)) {
		return false
	}
	if tgReadsLikeDeletion(t) || secHasWord(t.nameWords, "move", "rename", "overwrite", "save", "write") || inPlaceTalk.MatchString(t.desc) {
		return false
	}
	for _, p := range secParams(t.t) {
		if outputPlaceName(p.name) || secHasWord(secIdentifierWords(p.name), "overwrite", "inplace", "dest", "destination") {
			return false
		}
		if inPlaceTalk.MatchString(p.desc()) {
			return false
		}
	}
	if !newOutputSaid(t.desc) && !newOutputReturned(t) {
		return false
	}
	return filesWrittenAtPaths(t) == ""
}

// newOutputSaid reports whether a sentence of desc says the result goes
// to a new output, or that the input stays as it was, naming the result
// or the input it speaks of.
func newOutputSaid(desc string) bool {
	if !newOutputTalk.MatchString(desc) {
		return false
	}
	for _, line := range preciseLineOrSentence.Split(desc, -1) {
		if newOutputTalk.MatchString(line) && newOutputResultTalk.MatchString(line) {
			return true
		}
	}
	return false
}

// newOutputReturned reports whether t's outputSchema hands back an output
// place (output_path, result_file, new_path).
func newOutputReturned(t *tgTool) bool {
	props, _ := t.t.OutputSchema["properties"].(map[string]any)
	for k := range props {
		if outputPlaceName(k) {
			return true
		}
	}
	return false
}
