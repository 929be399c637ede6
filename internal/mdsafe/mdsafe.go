// Package mdsafe puts untrusted text into GitHub-flavoured Markdown so it
// renders as the text it is and nothing more.
//
// A server's name, version, title, tool names and the finding messages
// that quote them reach pull-request comments and step summaries. Written
// raw, "@org/team" pings people, "![x](https://…)" loads a remote image,
// "[click](…)" and "https://…" become links, "<img>" and "<details>" are
// HTML, a newline plus "# " starts a heading and "|" splits a table cell.
// Every Markdown renderer passes such strings through one of:
//
//   - Code: an inline code span (names, versions, tool names). Nothing
//     inside a code span is parsed, linked or mentioned, so the text is
//     shown verbatim; a fence longer than any backtick run in the text
//     closes it.
//   - Cell: Code for a GFM table cell (pipes escaped as tables need).
//   - Text: plain prose (messages, reasons) with every Markdown and HTML
//     metacharacter backslash-escaped and @-mentions, #-references and
//     autolinks broken by a zero-width space, so ordinary sentences keep
//     their bytes.
//
// All three fold the text onto one line: line breaks and tabs become
// spaces and other control characters are shown escaped (termsafe).
package mdsafe

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcpgauge/mcpgauge/internal/termsafe"
)

// zwsp is a zero-width space as an HTML entity: invisible when rendered,
// visible in the Markdown source, and enough to stop GitHub from reading
// "@name" as a mention or "https://" as a link.
const zwsp = "&#8203;"

// OneLine folds s onto one line: each run of line breaks and tabs
// becomes one space, other control characters are escaped as termsafe
// escapes them.
func OneLine(s string) string {
	if strings.ContainsAny(s, "\r\n\t\v\f\u0085\u2028\u2029") {
		s = strings.Join(strings.FieldsFunc(s, isBreak), " ")
	}
	return termsafe.String(s)
}

func isBreak(r rune) bool {
	switch r {
	case '\r', '\n', '\t', '\v', '\f', '\u0085', '\u2028', '\u2029':
		return true
	}
	return false
}

// Code returns s as one inline code span: "`s`" for ordinary text, with a
// longer fence (and a space inside each end, which Markdown strips) when s
// holds backticks. Empty s gives "". Not for table cells: use Cell.
func Code(s string) string { return code(OneLine(s)) }

// Cell is Code for a GFM table cell: a pipe would end the cell even inside
// a code span, so it is escaped (GFM shows "\|" in a cell as "|").
func Cell(s string) string {
	return strings.ReplaceAll(Code(s), "|", `\|`)
}

func code(s string) string {
	if s == "" {
		return ""
	}
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	pad := ""
	if s[0] == '`' || s[len(s)-1] == '`' || (s[0] == ' ' && s[len(s)-1] == ' ' && strings.Trim(s, " ") != "") {
		pad = " "
	}
	return fence + pad + s + pad + fence
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] != c {
			run = 0
			continue
		}
		run++
		best = max(best, run)
	}
	return best
}

// Text returns s as inline Markdown that renders as s: the characters
// that start emphasis, code, links, images, HTML, entities, tables, math
// or strikethrough are backslash-escaped, a line-start marker (heading,
// list, quote) is escaped, and "@x", "#x", "://" and "www." get a
// zero-width space so GitHub links and mentions nothing. Letters, digits,
// spaces, apostrophes, intraword underscores and ordinary punctuation are
// kept, so "get_data's description is 3 words long." is unchanged. Spaces
// at either end are dropped (Markdown would drop them, or read four of
// them at a line's start as a code block).
func Text(s string) string {
	s = strings.Trim(OneLine(s), " ")
	var b strings.Builder
	b.Grow(len(s) + 8)
	lead := leadingMarker(s)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		next, _ := utf8.DecodeRuneInString(s[i+n:])
		switch {
		case i == lead:
			b.WriteByte('\\')
			b.WriteRune(r)
		case strings.ContainsRune("\\`*[]<>|~&$", r):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '_':
			prev, _ := utf8.DecodeLastRuneInString(s[:i])
			if !alnum(prev) || !alnum(next) {
				b.WriteByte('\\')
			}
			b.WriteByte('_')
		case r == '#':
			b.WriteString(`\#`)
			if alnum(next) {
				b.WriteString(zwsp)
			}
		case r == '@':
			b.WriteByte('@')
			if alnum(next) {
				b.WriteString(zwsp)
			}
		case r == ':' && strings.HasPrefix(s[i+n:], "//"):
			b.WriteString(":" + zwsp)
		case (r == 'w' || r == 'W') && len(s)-i >= 4 && strings.EqualFold(s[i:i+4], "www."):
			b.WriteString(s[i:i+3] + zwsp)
			n = 3
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// leadingMarker is the index of the byte to escape so that s, at the
// start of a line, opens no list item ("- ", "+ ", "1. ", "1) ") and no
// setext underline ("="), or -1. Quotes and headings start with '>' and
// '#', which Text always escapes.
func leadingMarker(s string) int {
	if s == "" {
		return -1
	}
	switch s[0] {
	case '-', '+', '=':
		return 0
	}
	d := 0
	for d < len(s) && s[d] >= '0' && s[d] <= '9' {
		d++
	}
	if d > 0 && d < len(s) && (s[d] == '.' || s[d] == ')') && (d+1 == len(s) || s[d+1] == ' ') {
		return d
	}
	return -1
}

// alnum reports whether r is a letter or a digit (what an intraword
// underscore, a mention or a reference continues with).
func alnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
