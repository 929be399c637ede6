package compat

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// PyIsSpace reports whether r is whitespace to Python (str.isspace, and
// `\s` in a str pattern).
func PyIsSpace(r rune) bool {
	switch {
	case r >= '\t' && r <= '\r', r >= 0x1c && r <= 0x20, r == 0x85, r == 0xa0, r == 0x1680,
		r >= 0x2000 && r <= 0x200a, r == 0x2028, r == 0x2029, r == 0x202f, r == 0x205f, r == 0x3000:
		return true
	}
	return false
}

// PyIsWord reports whether r is a word character to Python's re (`\w` in
// a str pattern): a Unicode letter or number, or "_".
func PyIsWord(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r)
}

func pyIsLower(r rune) bool {
	return unicode.IsLower(r) || unicode.Is(unicode.Other_Lowercase, r)
}

// PyIsUpperRune reports whether r is uppercase to Python (the test
// str.isupper makes of each cased character).
func PyIsUpperRune(r rune) bool {
	return unicode.IsUpper(r) || unicode.Is(unicode.Other_Uppercase, r)
}

// PyIsUpper is Python's str.isupper: every cased character is uppercase
// and there is at least one.
func PyIsUpper(s string) bool {
	cased := false
	for _, r := range s {
		if pyIsLower(r) || unicode.IsTitle(r) {
			return false
		}
		if PyIsUpperRune(r) {
			cased = true
		}
	}
	return cased
}

// PyLower is Python's str.lower for the cases that differ from
// strings.ToLower: U+0130 (İ) lowercases to "i" + U+0307.
func PyLower(s string) string {
	lower := strings.ToLower(s)
	if strings.ContainsRune(s, 0x130) {
		var b strings.Builder
		for _, r := range s {
			if r == 0x130 {
				b.WriteString("i\u0307")
			} else {
				b.WriteRune(unicode.ToLower(r))
			}
		}
		return b.String()
	}
	return lower
}

// PySplit is Python's str.split() with no arguments: fields separated by
// runs of Python whitespace.
func PySplit(s string) []string { return strings.FieldsFunc(s, PyIsSpace) }

// PyCleandoc is Python's inspect.cleandoc: tabs expand to 8 columns, the
// common indentation of lines 2..n is removed, line 1 loses its leading
// whitespace, and leading and trailing empty lines are dropped.
func PyCleandoc(doc string) string {
	lines := strings.Split(pyExpandTabs(doc, 8), "\n")
	margin := -1
	for _, line := range lines[1:] {
		rs := []rune(line)
		content := len([]rune(strings.TrimLeftFunc(line, PyIsSpace)))
		if content == 0 {
			continue
		}
		indent := len(rs) - content
		if margin < 0 || indent < margin {
			margin = indent
		}
	}
	lines[0] = strings.TrimLeftFunc(lines[0], PyIsSpace)
	if margin >= 0 {
		for i := 1; i < len(lines); i++ {
			rs := []rune(lines[i])
			if len(rs) >= margin {
				lines[i] = string(rs[margin:])
			} else {
				lines[i] = ""
			}
		}
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	return strings.Join(lines, "\n")
}

// pyExpandTabs is Python's str.expandtabs(tabsize): columns reset at \n
// and \r.
func pyExpandTabs(s string, tab int) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for _, r := range s {
		switch r {
		case '\t':
			n := tab - col%tab
			b.WriteString(strings.Repeat(" ", n))
			col += n
		case '\n', '\r':
			b.WriteRune(r)
			col = 0
		default:
			b.WriteRune(r)
			col++
		}
	}
	return b.String()
}
