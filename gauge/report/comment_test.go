package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/internal/mdsafe/mdsafetest"
	"github.com/mcpgauge/mcpgauge/schema"
)

// hostile is server text that tries to mention, link, embed, add HTML,
// start a heading and break the tables.
const hostile = "@everyone ![x](https://evil.example/p.png) [click](https://evil.example) <img src=x onerror=alert(1)> " +
	"<details><summary>s</summary> | col | \n# heading\n`tick` www.evil.example @org/team"

// commentLinks are the only links a comment may hold: the scoring page
// and the doc pages of the catalogue's rules it names.
var commentLinks = []string{score.ScoringDoc + "#which-score-to-read", RuleDocURL("MCP010"), RuleDocURL("MCP015"), RuleDocURL("MCP020")}

// TestScanMarkdownHostile: server text in every field the comment shows
// (name, version, status, reason, rule, tool, parameter, message, scanner
// version), in the head and in the base, renders as text: no link but the
// comment's own, no image, HTML, extra heading, extra cell or mention.
func TestScanMarkdownHostile(t *testing.T) {
	t.Parallel()
	res := schema.Result{
		Name: hostile, Version: hostile, Status: schema.Status(hostile), Reason: hostile, ScannerVersion: hostile,
		Scores: &schema.Scores{MCPGauge: 50},
		Findings: []schema.Finding{
			{Rule: hostile, Severity: "error", Tool: hostile, Parameter: hostile, Message: hostile},
			{Rule: "MCP010", Severity: hostile, Entity: hostile, Message: hostile},
		},
	}
	fixed := []schema.Finding{{Rule: "MCP020", Severity: "warning", Tool: hostile, Message: hostile}, {Rule: hostile, Severity: hostile, Message: hostile}}
	for _, c := range []struct {
		name string
		base *schema.Result
		h3   int
	}{
		{"no base", nil, 1},
		{"base", &schema.Result{Scores: &schema.Scores{MCPGauge: 50}, Findings: fixed}, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var b strings.Builder
			if err := ScanMarkdown(&b, res, c.base); err != nil {
				t.Fatal(err)
			}
			md := strings.TrimPrefix(b.String(), CommentMarker)
			want := mdsafetest.Want{
				Tags:  []string{"p", "strong", "code", "ul", "li", "sub", "em", "a"},
				Count: map[string]int{"h2": 1, "h3": c.h3, "table": 2, "thead": 2, "tbody": 2, "tr": 11, "th": 6, "td": 27},
				Links: commentLinks,
			}
			if p := mdsafetest.Problems(t, md, want); len(p) > 0 {
				t.Errorf("comment:\n%s\nproblems:\n%s", md, strings.Join(p, "\n"))
			}
			// The reader still sees what the server sent.
			if seen := mdsafetest.Visible(mdsafetest.Render(t, md)); !strings.Contains(seen, "![x](https://evil.example/p.png)") {
				t.Errorf("the comment does not show the server's text as text: %s", seen)
			}
		})
	}
}

// TestScanMarkdownOrdinary: ordinary names, versions and messages keep the
// comment's bytes (the name as a code span, the rest as they are), and a
// flawed server's comment names its findings, most severe first, each rule
// linked to its page.
func TestScanMarkdownOrdinary(t *testing.T) {
	t.Parallel()
	h := 28.0
	qg := 70.0
	res := schema.Result{
		Name: "careless", Version: "0.0.1", Status: schema.StatusOK, ScannerVersion: "0.1.0-dev",
		Scores: &schema.Scores{MCPGauge: 39, ToolgaugeHealth: h, QualityGate: schema.QualityGateScore{Score: &qg}},
		Findings: []schema.Finding{
			{Rule: "MCP020", Severity: "warning", Tool: "get_data", Parameter: "id", Message: "Parameter 'id' has no description."},
			{Rule: "MCP015", Severity: "error", Tool: "get_data", Message: "`get_data`'s description still contains placeholder text ('TODO')."},
		},
	}
	var b strings.Builder
	if err := ScanMarkdown(&b, res, nil); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"`careless` 0.0.1, status **ok**\n",
		"\nCompatibility scores: toolgauge health 28, quality-gate 70 (",
		"\n### Findings (2)\n",
		"- **error** [MCP015](" + RuleDocURL("MCP015") + ") `get_data`: 'get_data''s description still contains placeholder text ('TODO').\n" +
			"- **warning** [MCP020](" + RuleDocURL("MCP020") + ") `get_data.id`: Parameter 'id' has no description.\n",
		"<sub>mcpgauge 0.1.0-dev; `-` means not measured.</sub>\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("comment lacks %q:\n%s", want, out)
		}
	}
}

// TestScanMarkdownAgainstBase: with a base the comment lists the findings
// new since it (most severe first) and those fixed, each with a count, and
// names no finding both runs have.
func TestScanMarkdownAgainstBase(t *testing.T) {
	t.Parallel()
	kept := schema.Finding{Rule: "MCP020", Severity: "warning", Tool: "kept_tool", Message: "still here"}
	base := &schema.Result{Scores: &schema.Scores{MCPGauge: 80}, Findings: []schema.Finding{
		kept, {Rule: "MCP015", Severity: "error", Tool: "old_tool", Message: "placeholder text"},
	}}
	res := schema.Result{Name: "s", Status: schema.StatusOK, Scores: &schema.Scores{MCPGauge: 61}, Findings: []schema.Finding{
		kept,
		{Rule: "MCP020", Severity: "info", Tool: "new_tool", Message: "an info"},
		{Rule: "MCP010", Severity: "error", Tool: "new_tool", Message: "an error"},
	}}
	var b strings.Builder
	if err := ScanMarkdown(&b, res, base); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	newAt, fixedAt := strings.Index(out, "\n### New since base (2)\n"), strings.Index(out, "\n### Fixed since base (1)\n")
	errAt, infoAt := strings.Index(out, "- **error** [MCP010]"), strings.Index(out, "- **info** [MCP020]")
	oldAt := strings.Index(out, "- **error** [MCP015](")
	if newAt < 0 || fixedAt < newAt || errAt < newAt || infoAt < errAt || fixedAt < infoAt || oldAt < fixedAt {
		t.Errorf("want the new findings (error before info), then the fixed one:\n%s", out)
	}
	if strings.Contains(out, "kept_tool") {
		t.Errorf("a finding both runs have is listed:\n%s", out)
	}
	if !strings.Contains(out, "| mcpgauge | 61 | ▼ -19 |") {
		t.Errorf("the score's delta is missing:\n%s", out)
	}
}

// TestScanMarkdownFitsGitHub: a server with thousands of findings, each
// field huge and full of characters escaping multiplies, still gives a
// comment GitHub accepts (under 65,536 characters), listing ten findings
// of each kind and counting the rest.
func TestScanMarkdownFitsGitHub(t *testing.T) {
	t.Parallel()
	huge := strings.Repeat("#a@b|", 1000)
	var head, base []schema.Finding
	for i := range 3000 {
		head = append(head, schema.Finding{Rule: "MCP010", Severity: "error", Tool: fmt.Sprintf("%s%d", huge, i), Message: huge})
		base = append(base, schema.Finding{Rule: "MCP020", Severity: "warning", Tool: fmt.Sprintf("%s%d", huge, i), Message: huge})
	}
	res := schema.Result{Name: huge, Version: huge, Status: schema.StatusOK, ScannerVersion: huge, Reason: huge,
		Scores: &schema.Scores{MCPGauge: 10}, Findings: head}
	for _, c := range []struct {
		name string
		base *schema.Result
		want []string
	}{
		{"no base", nil, []string{"### Findings (3000)", "- … and 2990 more\n"}},
		{"base", &schema.Result{Findings: base}, []string{"### New since base (3000)", "### Fixed since base (3000)", "- … and 2990 more\n"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var b strings.Builder
			if err := ScanMarkdown(&b, res, c.base); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if n := len([]rune(out)); n > 65_536 || len(out) > MaxCommentBytes {
				t.Errorf("comment is %d characters (%d bytes), over GitHub's 65,536 or our %d bytes", n, len(out), MaxCommentBytes)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("comment lacks %q", w)
				}
			}
		})
	}
}
