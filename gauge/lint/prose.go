package lint

import "regexp"

// What of a description is its own prose, not code, quotes, markup or
// examples it shows.

var (
	preciseFence       = regexp.MustCompile("(?s)```.*?(```|$)|~~~.*?(~~~|$)")
	preciseSpan        = regexp.MustCompile("`[^`\n]*`")
	preciseXMLElement  = regexp.MustCompile(`(?s)<([A-Za-z][\w:.-]*)\b[^<>]*>.*?</([A-Za-z][\w:.-]*)>`)
	preciseTag         = regexp.MustCompile(`<[A-Za-z/!?][^<>\n]*>`)
	preciseQuoted      = regexp.MustCompile(`"[^"\n]{1,200}"|“[^”\n]{1,200}”|'[^'\n\s][^'\n]{0,198}[^'\n\s]'`)
	preciseExampleLine = regexp.MustCompile(`(?im)^[^\n]*\b(e\.g\.|for example|example:|examples:)[^\n]*$`)
)

// preciseProse blanks out what is not the description's own prose: fenced
// code blocks, code spans, quoted strings, XML/HTML elements and example
// lines, so a word shown as an example ("TODO" as a kanban column, a
// deprecated attribute in sample XML) is not read as the tool speaking.
func preciseProse(s string) string {
	s = preciseFence.ReplaceAllString(s, " ")
	s = preciseSpan.ReplaceAllString(s, " ")
	s = preciseXMLElement.ReplaceAllString(s, " ")
	s = preciseTag.ReplaceAllString(s, " ")
	s = preciseQuoted.ReplaceAllString(s, " ")
	s = preciseExampleLine.ReplaceAllString(s, " ")
	return s
}

// preciseCodeOnly blanks out fenced code blocks and code spans only: what
// a description shows as code rather than says. The security rules use it
// (they must still see tags and comments in the prose itself).
func preciseCodeOnly(s string) string {
	return preciseSpan.ReplaceAllString(preciseFence.ReplaceAllString(s, " "), " ")
}
