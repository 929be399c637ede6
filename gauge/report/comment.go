package report

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/internal/mdsafe"
	"github.com/mcpgauge/mcpgauge/schema"
)

// CommentMarker opens every pull-request comment scan --markdown writes, so
// a CI step can find its earlier comment and update it instead of adding one.
const CommentMarker = "<!-- mcpgauge-scan -->"

// ScanMarkdown writes the pull-request comment for res: the score and
// its parts with deltas against base (nil: none), findings by severity,
// the compatibility scores in one line, then the findings themselves
// (FindingSections): without a base the most severe, with one those new
// since base and those fixed. No timestamps, so an unchanged run re-posts
// the same text; never more than MaxCommentBytes.
func ScanMarkdown(w io.Writer, res schema.Result, base *schema.Result) error {
	var b strings.Builder
	b.WriteString(CommentMarker + "\n")
	overall := -1.0
	if res.Scores != nil {
		overall = res.Scores.MCPGauge
	}
	fmt.Fprintf(&b, "## %s mcpgauge %s\n\n", score.BandOf(overall).Light, scoreText(overall))
	fmt.Fprintf(&b, "%s %s, status **%s**", mdsafe.Code(clip(res.Name)), mdText(res.Version), mdText(string(res.Status)))
	if res.Status != schema.StatusOK {
		fmt.Fprintf(&b, ": %s", mdText(res.Reason))
	}
	b.WriteString("\n\n| | score | vs base |\n|---|---:|---|\n")
	parts := []struct {
		name string
		get  func(*schema.Scores) *float64
	}{
		{"mcpgauge", func(s *schema.Scores) *float64 { return &s.MCPGauge }},
		{"compliance", func(s *schema.Scores) *float64 { return s.Compliance }},
		{"tool design", func(s *schema.Scores) *float64 { return &s.Design }},
		{"security", func(s *schema.Scores) *float64 { return &s.Security }},
		{"efficiency", func(s *schema.Scores) *float64 { return &s.Efficiency }},
		{"selection", func(s *schema.Scores) *float64 { return s.Selection }},
	}
	for _, p := range parts {
		now, was := partOf(res.Scores, p.get), (*float64)(nil)
		if base != nil {
			was = partOf(base.Scores, p.get)
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", p.name, scorePtr(now), deltaText(now, was, base != nil))
	}
	counts, baseCounts := severityCounts(res.Findings), map[string]int{}
	if base != nil {
		baseCounts = severityCounts(base.Findings)
	}
	b.WriteString("\n| findings | now | vs base |\n|---|---:|---|\n")
	for _, sev := range []string{"error", "warning", "info"} {
		n, was := float64(counts[sev]), float64(baseCounts[sev])
		fmt.Fprintf(&b, "| %s | %d | %s |\n", sev, counts[sev], deltaText(&n, &was, base != nil))
	}
	if sc := res.Scores; sc != nil {
		fmt.Fprintf(&b, "\n%s: %s %s, %s %s (%s; [which score to read](%s#which-score-to-read)).\n",
			upperFirst(score.CompatHeading), score.ToolgaugeName, scorePtr(&sc.ToolgaugeHealth), score.QualityGateName, scorePtr(sc.QualityGate.Score), score.CompatWhy, score.ScoringDoc)
	}
	var baseFindings []schema.Finding
	if base != nil {
		baseFindings = base.Findings
	}
	FindingSections(&b, res.Findings, baseFindings, base != nil, MaxCommentBytes-footerReserve)
	b.WriteString("\n<sub>mcpgauge " + mdText(res.ScannerVersion) + "; `-` means not measured.</sub>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// partOf is one part of s (nil when s is).
func partOf(s *schema.Scores, get func(*schema.Scores) *float64) *float64 {
	if s == nil {
		return nil
	}
	return get(s)
}

// scorePtr is a score, or "-" when not measured.
func scorePtr(v *float64) string {
	if v == nil {
		return "-"
	}
	return fmt.Sprintf("%.0f", *v)
}

// scoreText is "n / 100", or "not scored".
func scoreText(v float64) string {
	if v < 0 {
		return "not scored"
	}
	return fmt.Sprintf("%.0f / 100", v)
}

// deltaText is "▲ +n", "▼ -n", "—" (unchanged), "newly measured", or ""
// without a base.
func deltaText(now, was *float64, haveBase bool) string {
	switch {
	case !haveBase:
		return ""
	case now == nil && was == nil:
		return "—"
	case was == nil:
		return "newly measured"
	case now == nil:
		return "no longer measured"
	}
	d := *now - *was
	switch {
	case d >= 0.5:
		return fmt.Sprintf("▲ +%.0f", d)
	case d <= -0.5:
		return fmt.Sprintf("▼ %.0f", d)
	}
	return "—"
}

// severityCounts counts findings by severity.
func severityCounts(fs []schema.Finding) map[string]int {
	m := map[string]int{}
	for _, f := range fs {
		m[f.Severity]++
	}
	return m
}

// subjectOf is what a finding is about: tool.parameter, tool or entity.
func subjectOf(f schema.Finding) string {
	switch {
	case f.Tool != "" && f.Parameter != "":
		return f.Tool + "." + f.Parameter
	case f.Tool != "":
		return f.Tool
	}
	return f.Entity
}

// MaxCommentBytes bounds a pull-request comment: GitHub refuses one over
// 65,536 characters, and a character is at least a byte.
const MaxCommentBytes = 60_000

// footerReserve is what the comment keeps for what follows its findings.
const footerReserve = 4_000

// ListedFindings is how many findings each list of a comment names.
const ListedFindings = 10

// FindingSections writes a comment's findings: without a base (haveBase
// false) the most severe of head's; with one, the findings new since base
// and then those fixed (a count and the first ListedFindings). Each line
// is the severity, the rule ID linked to its doc page (when the catalogue
// knows it), the tool and a one-line message, all escaped (mdsafe). It
// stops listing before b would pass limit bytes and says how many it left
// out, so thousands of findings or huge ones keep the comment postable.
func FindingSections(b *strings.Builder, head, base []schema.Finding, haveBase bool, limit int) {
	if !haveBase {
		findingList(b, "Findings", "most severe first; `mcpgauge scan -v` or the SARIF lists every one", sortedFindings(head), limit)
		return
	}
	findingList(b, "New since base", "most severe first", missingFrom(head, base), limit)
	findingList(b, "Fixed since base", "", missingFrom(base, head), limit)
}

// findingList writes one heading with its count and up to ListedFindings
// lines of fs, within limit bytes; nothing for no findings.
func findingList(b *strings.Builder, title, note string, fs []schema.Finding, limit int) {
	if len(fs) == 0 {
		return
	}
	fmt.Fprintf(b, "\n### %s (%d)\n", title, len(fs))
	if note != "" {
		fmt.Fprintf(b, "\n_%s_\n", note)
	}
	b.WriteString("\n")
	for i, f := range fs {
		line := findingLine(f)
		if i == ListedFindings || b.Len()+len(line) > limit-100 {
			fmt.Fprintf(b, "- … and %d more\n", len(fs)-i)
			return
		}
		b.WriteString(line)
	}
}

// findingLine is one finding as a list item: "- **error** [MCP015](doc)
// `tool`: message".
func findingLine(f schema.Finding) string {
	rule := mdText(f.Rule)
	if _, known := lint.RuleByID(f.Rule); known {
		rule = "[" + f.Rule + "](" + RuleDocURL(f.Rule) + ")"
	}
	subject := ""
	if s := subjectOf(f); s != "" {
		subject = " " + mdsafe.Code(clipTo(s, 80))
	}
	return fmt.Sprintf("- **%s** %s%s: %s\n", mdText(clipTo(f.Severity, 20)), rule, subject, mdText(clipTo(f.Message, 160)))
}

// SchemaFindings are fs as a result carries them (ci's findings in a
// comment).
func SchemaFindings(fs []lint.Finding) []schema.Finding {
	out := make([]schema.Finding, len(fs))
	for i, f := range fs {
		out[i] = schema.Finding{Rule: f.Rule, Severity: f.Severity.String(), Tool: f.Tool, Parameter: f.Parameter, Entity: f.Entity, Message: f.Message}
	}
	return out
}

// severityRank orders severities most severe first; unknown ones last.
func severityRank(s string) int {
	for i, known := range schema.FindingSeverities() {
		if s == known {
			return i
		}
	}
	return len(schema.FindingSeverities())
}

// sortedFindings is a copy of fs, most severe first, then by rule, subject
// and message, so a re-run lists the same findings in the same order.
func sortedFindings(fs []schema.Finding) []schema.Finding {
	out := slices.Clone(fs)
	slices.SortStableFunc(out, func(a, b schema.Finding) int {
		return cmp.Or(cmp.Compare(severityRank(a.Severity), severityRank(b.Severity)), cmp.Compare(a.Rule, b.Rule),
			cmp.Compare(subjectOf(a), subjectOf(b)), cmp.Compare(a.Message, b.Message))
	})
	return out
}

// missingFrom is the findings of fs whose rule and subject other lacks,
// sorted (sortedFindings).
func missingFrom(fs, other []schema.Finding) []schema.Finding {
	had := map[string]bool{}
	for _, f := range other {
		had[f.Rule+"\x00"+subjectOf(f)] = true
	}
	var out []schema.Finding
	for _, f := range fs {
		if !had[f.Rule+"\x00"+subjectOf(f)] {
			out = append(out, f)
		}
	}
	return sortedFindings(out)
}

// upperFirst capitalises s's first letter (ASCII).
func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// mdText makes server-supplied text safe in the comment's prose: one line
// of at most 200 characters, backticks shown as quotes (rule messages
// quote names in backticks), then mdsafe.Text, so it cannot mention, link,
// embed, or start a heading or a table.
func mdText(s string) string {
	return mdsafe.Text(clip(strings.ReplaceAll(s, "`", "'")))
}

// clip cuts s to 200 characters.
func clip(s string) string { return clipTo(s, 200) }

// clipTo cuts s to n characters, marking the cut with "…".
func clipTo(s string, n int) string {
	if rs := []rune(s); len(rs) > n {
		s = string(rs[:n]) + "…"
	}
	return s
}
