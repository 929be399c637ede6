package web

import (
	"cmp"
	"html/template"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// breakAfter are the characters a name may wrap after: its segments
// ("io.github.acme/server-memory" wraps at "/" and "-", never mid-word).
const breakAfter = "/-_"

// wrapName is s escaped, with a <wbr> after each of breakAfter's
// characters, so a long name wraps between its parts (the stylesheet
// still breaks a part longer than its column).
func wrapName(s string) template.HTML {
	var b strings.Builder
	for {
		i := strings.IndexAny(s, breakAfter)
		if i < 0 {
			b.WriteString(template.HTMLEscapeString(s))
			return template.HTML(b.String())
		}
		b.WriteString(template.HTMLEscapeString(s[:i+1]))
		b.WriteString("<wbr>")
		s = s[i+1:]
	}
}

// codeSpans is a finding message escaped, with each `quoted` part (the
// Markdown code spans rule messages quote names in) as a <code> element;
// an unpaired backtick stays as it is.
func codeSpans(s string) template.HTML {
	parts := strings.Split(s, "`")
	if len(parts)%2 == 0 { // an odd number of backticks: the last one is unpaired
		parts[len(parts)-2] += "`" + parts[len(parts)-1]
		parts = parts[:len(parts)-1]
	}
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 1 && p != "" {
			b.WriteString("<code>" + template.HTMLEscapeString(p) + "</code>")
			continue
		}
		if i%2 == 1 {
			b.WriteString("``")
		}
		b.WriteString(template.HTMLEscapeString(p))
	}
	return template.HTML(b.String())
}

// grade is what the board shows beside a score: its band's letter and
// colour (score.BandOf, the badge's bands).
type grade struct {
	Letter, Class, Title string
}

// gradeOf is v's grade.
func gradeOf(v float64) grade {
	b := score.BandOf(v)
	return grade{Letter: b.Grade, Class: "band-" + b.Color, Title: "band " + b.Grade + " (the badge's " + b.Color + ")"}
}

// scanGrade is the grade of a scan's mcpgauge score, nil when it has none.
func scanGrade(s store.Scan) *grade {
	if !schema.Scored(s.Status, s.Scores) {
		return nil
	}
	g := gradeOf(s.Scores.MCPGauge)
	return &g
}

// findingRow is one finding on a server page, with the family it is shown under.
type findingRow struct {
	schema.Finding
	Family string
}

// severityRank orders severities most severe first, unknown ones last.
func severityRank(s string) int {
	if i := slices.Index(schema.FindingSeverities(), s); i >= 0 {
		return i
	}
	return len(schema.FindingSeverities())
}

// findingRows are a server's findings most severe first, then by rule,
// tool, parameter and entity, each with its family (as stored; older rows
// kept none: the family of the rules the board was given; "Other" when
// neither knows it).
func (h *handler) findingRows(fs []schema.Finding) []findingRow {
	out := make([]findingRow, len(fs))
	for i, f := range fs {
		fam := cmp.Or(f.Family, h.rules[f.Rule].Family, "Other")
		out[i] = findingRow{Finding: f, Family: fam}
	}
	slices.SortStableFunc(out, func(a, b findingRow) int {
		return cmp.Or(cmp.Compare(severityRank(a.Severity), severityRank(b.Severity)), cmp.Compare(a.Rule, b.Rule),
			cmp.Compare(a.Tool, b.Tool), cmp.Compare(a.Parameter, b.Parameter), cmp.Compare(a.Entity, b.Entity))
	})
	return out
}
