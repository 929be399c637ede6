package model

import (
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Normalise applies toolgauge's description normalisation: Python's
// inspect.cleandoc followed by strip(). An empty result means "no text".
func Normalise(s string) string {
	return text.PyStrip(Cleandoc(s))
}

// Cleandoc reproduces Python's inspect.cleandoc: tabs expand to 8 columns,
// the common indentation of lines 2..n is removed, line 1 loses its leading
// whitespace, and leading and trailing empty lines are dropped.
func Cleandoc(doc string) string {
	lines := splitPyLines(expandTabs(doc, 8))
	margin := -1
	for _, line := range lines[1:] {
		rs := []rune(line)
		content := len([]rune(strings.TrimLeftFunc(line, text.IsPySpace)))
		if content == 0 {
			continue
		}
		indent := len(rs) - content
		if margin < 0 || indent < margin {
			margin = indent
		}
	}
	lines[0] = strings.TrimLeftFunc(lines[0], text.IsPySpace)
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

// splitPyLines splits like Python's str.expandtabs().split('\n').
func splitPyLines(s string) []string {
	return strings.Split(s, "\n")
}

// expandTabs is Python's str.expandtabs(tabsize): columns reset at \n and \r.
func expandTabs(s string, tab int) string {
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
