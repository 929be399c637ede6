package report

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/internal/mdsafe"
	"github.com/mcpgauge/mcpgauge/schema"
)

// CommentMarker opens every pull-request comment scan --markdown writes, so
// a CI step can find its earlier comment and update it instead of adding one.
const CommentMarker = "<!-- mcpgauge-scan -->"

// ScanMarkdown writes the pull-request comment for res: the score and
// its parts with deltas against base (nil: none), findings by severity,
// and the findings base did not have. No timestamps, so an unchanged run
// re-posts the same text.
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
	if base != nil {
		if fresh := newFindings(res.Findings, base.Findings); len(fresh) > 0 {
			b.WriteString("\nNew since base:\n")
			for i, f := range fresh {
				if i == 10 {
					fmt.Fprintf(&b, "- … and %d more\n", len(fresh)-10)
					break
				}
				fmt.Fprintf(&b, "- **%s** %s %s: %s\n", mdText(f.Severity), mdText(f.Rule), mdText(subjectOf(f)), mdText(f.Message))
			}
		}
	}
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

// newFindings are head's findings whose (rule, subject) base lacks, most
// severe first.
func newFindings(head, base []schema.Finding) []schema.Finding {
	had := map[string]bool{}
	for _, f := range base {
		had[f.Rule+"\x00"+subjectOf(f)] = true
	}
	var out []schema.Finding
	for _, f := range head {
		if !had[f.Rule+"\x00"+subjectOf(f)] {
			out = append(out, f)
		}
	}
	rank := map[string]int{"error": 0, "warning": 1, "info": 2}
	sort.SliceStable(out, func(i, j int) bool { return rank[out[i].Severity] < rank[out[j].Severity] })
	return out
}

// mdText makes server-supplied text safe in the comment's prose: one line
// of at most 200 characters, backticks shown as quotes (rule messages
// quote names in backticks), then mdsafe.Text, so it cannot mention, link,
// embed, or start a heading or a table.
func mdText(s string) string {
	return mdsafe.Text(clip(strings.ReplaceAll(s, "`", "'")))
}

// clip cuts s to 200 characters.
func clip(s string) string {
	if rs := []rune(s); len(rs) > 200 {
		s = string(rs[:200]) + "…"
	}
	return s
}
