package lint

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Parameters documented in the tool's description: Python servers built
// on FastMCP send a function's docstring as the tool description and leave
// each parameter's schema with only an automatic title, so the model reads
// "Args:\n  sql_id (optional): The SQL ID ..." in the description and
// nothing in the field. The parameter is documented where the model reads
// it, though not where a client shows per-field help.

// paramDocMinWords is how many words a documenting line must give after
// the parameter's name: "limit: int" names a type, not a meaning.
const paramDocMinWords = 2

// paramDocLine returns the line of a tool description that documents the
// parameter name, or "": a line that opens, after an optional list mark,
// on the name (in backticks or quotes or not), an optional parenthesised
// type or "optional", and a colon or a spaced dash, as docstrings write
// an Args or Parameters section ("sql_id (optional): The SQL ID ...",
// "- `path`: file to read"); a JSDoc "@param {string} path the file to
// read"; or a Sphinx ":param str path: the file to read". What follows
// must be prose (paramDocProse).
func paramDocLine(desc, name string) string {
	if name == "" || !strings.Contains(desc, name) {
		return ""
	}
	for _, re := range paramDocLines {
		for _, m := range re.FindAllStringSubmatch(desc, -1) {
			if m[1] == name && paramDocProse(m[2]) {
				return strings.TrimSpace(m[0])
			}
		}
	}
	return ""
}

// paramDocLines are the three ways a line documents a parameter; group
// 1 is the name, group 2 what follows it. Compiled once: paramDocLine
// compares the name, so no pattern is built per parameter.
var paramDocLines = []*regexp.Regexp{
	regexp.MustCompile("(?m)^[ \t]*(?:[-*\u2022+][ \t]+|\\d{1,2}[.)][ \t]+)?[`'\"*]{0,2}([A-Za-z_$][\\w.$-]*?)[`'\"*]{0,2}[ \t]*(?:\\([^)\n]{0,80}\\)[ \t]*)?(?::|\uff1a|[ \t][-\u2013\u2014][ \t])(.*)$"),
	regexp.MustCompile("(?m)@param[ \t]+(?:\\{[^}\n]*\\}[ \t]+)?\\[?([A-Za-z_$][\\w.$-]*?)\\]?[ \t]+(?:[-\u2013\u2014][ \t]+)?(.*)$"),
	regexp.MustCompile("(?m):param[ \t]+(?:\\w+[ \t]+)?([A-Za-z_$][\\w.$-]*?):(.*)$"),
}

// paramDocProse reports whether the text after a parameter's name is
// prose about it: it opens on a word that starts with a letter and is no
// JSON literal, and holds at least paramDocMinWords words with letters.
// "0, length: 100 -> First 100 results" is an example call, "true | {
// output, layout }" and "{ ignoreRobotsTxt }: false" are type sketches.
func paramDocProse(s string) bool {
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return false
	}
	r, _ := utf8.DecodeRuneInString(fields[0])
	if !unicode.IsLetter(r) {
		return false
	}
	switch strings.ToLower(strings.Trim(fields[0], ",.;|")) {
	case "true", "false", "null", "none", "undefined":
		return false
	}
	n := 0
	for _, f := range fields {
		if strings.IndexFunc(f, unicode.IsLetter) >= 0 {
			n++
		}
	}
	return n >= paramDocMinWords
}
