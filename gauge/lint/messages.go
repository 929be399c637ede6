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
