// Package report renders scan results: the terminal text (ASCII, as
// toolgauge prints it), canonical JSON with a schema version, and SARIF 2.1.0.
package report

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/termsafe"
)

// LintSchemaVersion identifies the lint JSON document shape.
const LintSchemaVersion = "mcpgauge.lint/v1"

// messageWidth is the width the message column wraps at (85 columns in all,
// as toolgauge's terminal report).
const (
	messageWidth  = 66
	messageIndent = 19
)

// LintText writes the terminal lint report. Info findings and the
// suggestions of non-errors are shown only when verbose.
func LintText(w io.Writer, snap *model.Snapshot, fs []lint.Finding, verbose bool) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\n%s\n\n", ASCII(snap.Server.Name), ASCII(snap.Server.Version), ASCII(snap.Target))
	if len(fs) == 0 {
		fmt.Fprintf(&b, "No findings.\n%d tools checked.\n", len(snap.Tools))
		_, err := io.WriteString(w, b.String())
		return err
	}
	hidden := 0
	group := ""
	first := true
	for _, f := range fs {
		if f.Severity == lint.Info && !verbose {
			hidden++
			continue
		}
		g := groupName(f)
		if first || g != group {
			if !first {
				b.WriteString("\n")
			}
			b.WriteString(ASCII(g) + "\n")
			group, first = g, false
		}
		prefix := fmt.Sprintf("  %-6s  %-7s  ", f.Rule, f.Severity.String())
		writeWrapped(&b, prefix, plain(f.Message))
		if f.Severity == lint.Error || verbose {
			writeWrapped(&b, strings.Repeat(" ", messageIndent), plain(f.Suggestion))
		}
	}
	b.WriteString("\n")
	e, wn, in := lint.Count(fs)
	var sev []string
	if e > 0 {
		sev = append(sev, plural(e, "error"))
	}
	if wn > 0 {
		sev = append(sev, plural(wn, "warning"))
	}
	if in > 0 {
		sev = append(sev, fmt.Sprintf("%d info", in))
	}
	footer := fmt.Sprintf("%s, %s   %s", plural(len(snap.Tools), "tool"), plural(len(fs), "finding"), strings.Join(sev, ", "))
	if hidden > 0 {
		footer += fmt.Sprintf("   %d hidden, -v to show", hidden)
	}
	b.WriteString(footer + "\n")
	if top := MostCommon(fs, 3); len(top) > 1 {
		parts := make([]string, len(top))
		for i, rc := range top {
			parts[i] = fmt.Sprintf("%s (%d)", rc.Rule, rc.Count)
		}
		b.WriteString("Most common: " + strings.Join(parts, ", ") + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func groupName(f lint.Finding) string {
	switch {
	case f.Tool != "":
		return f.Tool
	case f.Entity != "":
		kind, name, ok := strings.Cut(f.Entity, ":")
		if !ok {
			return "(" + f.Entity + ")"
		}
		return kind + " " + name
	default:
		return "(server)"
	}
}

// RuleCount is one row of MostCommon.
type RuleCount struct {
	Rule  string
	Count int
}

// MostCommon returns the n most frequent rules, by count descending, then
// first appearance.
func MostCommon(fs []lint.Finding, n int) []RuleCount {
	counts := map[string]int{}
	order := map[string]int{}
	for i, f := range fs {
		if _, ok := order[f.Rule]; !ok {
			order[f.Rule] = i
		}
		counts[f.Rule]++
	}
	out := make([]RuleCount, 0, len(counts))
	for r, c := range counts {
		out = append(out, RuleCount{r, c})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return order[out[i].Rule] < order[out[j].Rule]
	})
	if len(out) > n {
		out = out[:n]
	}
	return out
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// plain drops Markdown code quotes and makes text ASCII for CI logs.
func plain(s string) string { return ASCII(strings.ReplaceAll(s, "`", "")) }

// ASCII escapes control characters (termsafe.Text: ANSI escapes, OSC-8
// links, carriage returns and bidi controls never reach the terminal raw;
// newlines and tabs stay), then replaces common typographic characters with
// ASCII equivalents and any other non-ASCII character with '?', so terminal
// output survives any CI log.
func ASCII(s string) string {
	s = termsafe.Text(s)
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x80:
			b.WriteRune(r)
		case r == '\u2014' || r == '\u2013':
			b.WriteString("--")
		case r == '\u2018' || r == '\u2019':
			b.WriteByte('\'')
		case r == '\u201c' || r == '\u201d':
			b.WriteByte('"')
		case r == '\u2026':
			b.WriteString("...")
		case r == '\u2192':
			b.WriteString("->")
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}

// writeWrapped writes text wrapped to messageWidth, the first line after
// prefix and the rest indented under it.
func writeWrapped(b *strings.Builder, prefix, text string) {
	indent := strings.Repeat(" ", len(prefix))
	for i, line := range Wrap(text, messageWidth) {
		if i == 0 {
			b.WriteString(prefix)
		} else {
			b.WriteString(indent)
		}
		b.WriteString(line + "\n")
	}
}

// Wrap breaks text into lines of at most width characters at spaces
// (longer words stand alone), keeping explicit newlines.
func Wrap(text string, width int) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			out = append(out, "")
			continue
		}
		line := words[0]
		for _, w := range words[1:] {
			if len(line)+1+len(w) > width {
				out = append(out, line)
				line = w
				continue
			}
			line += " " + w
		}
		out = append(out, line)
	}
	return out
}
