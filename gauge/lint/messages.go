package lint

import (
	"strings"
	"unicode/utf8"
)

// Helpers for the text of findings.

// secSnippet shortens matched text for a message: whitespace collapsed,
// at most 80 runes.
func secSnippet(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > 80 {
		r := []rune(s)
		s = string(r[:77]) + "..."
	}
	return s
}

// plural returns one when n is 1 and many otherwise.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// quoteList renders names as "`a`, `b`".
func quoteList(names []string) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = "`" + n + "`"
	}
	return strings.Join(parts, ", ")
}
