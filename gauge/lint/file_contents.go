package lint

import (
	"fmt"
	"regexp"
	"strings"
)

// Readings since MCP040 revision 33 (issue 21, round 28): a call that
// carries files as (path, content) pairs writes each over what is there.
//
// A parameter that is a list of files, each item holding a path into
// the project or tree (a string whose last word is path) and the content
// to put there (a string whose last word is content, contents, code or
// source; a body or text beside a path is a review comment on a line), writes the content the model gives at every
// path it lists, over whatever file is there: resolving a merge by
// writing each file's resolved content, pushing a set of files to a
// branch, applying generated edits. A file name with no path (a gist's
// filename) names a new file, not a place in a tree. Left out: text that
// says the call only appends, writes into a temporary or new directory,
// or will not write over an existing file; a read-named tool; and a tool
// whose text and name say nothing of writing (a validator handed the
// files' content so that it need not read them from disk: a name or an
// opening verb that validates, lints, checks, previews, analyses or
// verifies), and a write word in a clause whose subject is the reader
// ("before you commit them").

// filesWriteTalk is text saying the call writes, saves or changes what
// it is given: a tool that validates, lints or previews the files it is
// handed (content read instead of the file on disk) writes nothing.
var filesWriteTalk = regexp.MustCompile(`(?i)\b(?:writes?|writing|written|saves?|saving|overwrit\w*|appl(?:y|ies)|commits?|push(?:es)?|updates?|edits?|replaces?|modif(?:y|ies)|stages?|upload(?:s)?|sync(?:s|hroni[sz]es)?)\b`)

// filesNoOverwriteTalk is text saying the call does not write over what
// exists.
var filesNoOverwriteTalk = regexp.MustCompile(`(?i)\b(?:does\s+not|doesn't|will\s+not|won't|never)\s+overwrite\b|\bfails?\s+if\s+(?:a\s+|the\s+|any\s+)?(?:file\s+)?(?:already\s+)?exists?\b|\bonly\s+(?:creates?|writes?)\s+new\s+files\b|\b(?:into|in)\s+a\s+(?:new|fresh|empty|temporary)\s+(?:directory|folder|project|workspace)\b`)

// filesCheckVerbs are the verbs of a tool that only checks the files it
// is handed: it validates, lints, checks, previews, analyses, verifies or
// dry-runs them, and writes none.
var filesCheckVerbs = []string{"validate", "validates", "validator", "lint", "lints", "linter", "check", "checks", "checker", "preview", "previews",
	"analyze", "analyzes", "analyse", "analyses", "verify", "verifies", "inspect", "inspects", "dryrun", "diagnose", "diagnoses"}

// filesUserClause is a clause whose subject is the reader ("before you
// commit them", "you can push"): what it says is done is the user's act,
// not the tool's.
var filesUserClause = regexp.MustCompile(`(?i)\byou(?:'ll|'re|'ve)?\b[^.;:!?,\n]*`)

// filesCheckOnly reports whether t only checks the files it is handed:
// its name, or the first word of its opening sentence, is a checking
// verb (validate_files, "Lints the given files").
func filesCheckOnly(t *tgTool) bool {
	if secHasWord(t.nameWords, filesCheckVerbs...) || secHasWord(t.nameWords, "dry") {
		return true
	}
	first := strings.Fields(secOpeningSentence(t.t.RawDescription))
	return len(first) > 0 && secHasWord(first[:1], filesCheckVerbs...)
}

// filesSourceTalk is a path's description saying the file is read or
// attached ("Local file path to read and attach", "File path to attach"):
// the path is where the content comes from, not where it goes.
var filesSourceTalk = regexp.MustCompile(`(?i)\b(?:attach(?:es|ed|ing)?|to\s+read|read\s+from)\b`)

// filesAttached reports whether a list of path and content pairs holds
// attachments (its name, or its path's description, says so): a message
// carries the files it attaches, either as content or read from the path,
// and the call writes no file (send_email(attachments: [{path, content}])).
func filesAttached(list string, pathSchema any) bool {
	if secHasWord(secIdentifierWords(list), "attachment", "attachments") {
		return true
	}
	f, _ := pathSchema.(map[string]any)
	d, _ := f["description"].(string)
	return filesSourceTalk.MatchString(d)
}

// filesWrittenAtPaths names the list parameter of t whose items pair a
// path with the content written there, or "".
func filesWrittenAtPaths(t *tgTool) string {
	if preciseReadNamed(t) || filesCheckOnly(t) || preciseAppendsOnly.MatchString(t.desc) || preciseTempTalk.MatchString(t.desc) || filesNoOverwriteTalk.MatchString(t.desc) {
		return ""
	}
	// What the reader is told to do ("before you commit them") is not
	// what the tool writes.
	if preciseAffirmed(filesUserClause.ReplaceAllString(t.desc, ""), filesWriteTalk) == "" && !secHasWord(t.nameWords, secWriteVerbs...) {
		return ""
	}
	props := t.t.Params()
	for _, n := range t.t.ParamNames() {
		obj, _ := props[n].(map[string]any)
		if obj == nil || !isJSONString(obj["type"], "array") {
			continue
		}
		items, _ := obj["items"].(map[string]any)
		fields, _ := items["properties"].(map[string]any)
		path, content := "", ""
		for _, k := range secSortedKeys(fields) {
			f, _ := fields[k].(map[string]any)
			if f == nil || !isJSONString(f["type"], "string") {
				continue
			}
			w := secIdentifierWords(k)
			if len(w) == 0 {
				continue
			}
			switch w[len(w)-1] {
			case "path", "filepath":
				if path == "" {
					path = k
				}
			case "content", "contents", "code", "source":
				if content == "" {
					content = k
				}
			}
		}
		if path != "" && content != "" && !filesAttached(n, fields[path]) {
			return fmt.Sprintf("its `%s` parameter lists files as `%s` and `%s`, and the call writes that content at each path, over whatever file is there", n, path, content)
		}
	}
	return ""
}
