package report

import (
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/mdsafe/mdsafetest"
	"github.com/mcpgauge/mcpgauge/schema"
)

// hostile is server text that tries to mention, link, embed, add HTML,
// start a heading and break the tables.
const hostile = "@everyone ![x](https://evil.example/p.png) [click](https://evil.example) <img src=x onerror=alert(1)> " +
	"<details><summary>s</summary> | col | \n# heading\n`tick` www.evil.example @org/team"

// commentWant is what the comment's own Markdown makes: one heading, the
// two tables (7 and 4 rows), the list of new findings and the footer.
var commentWant = mdsafetest.Want{
	Tags:  []string{"p", "strong", "code", "ul", "li", "sub"},
	Count: map[string]int{"h2": 1, "table": 2, "thead": 2, "tbody": 2, "tr": 11, "th": 6, "td": 27},
}

// TestScanMarkdownHostile: server text in every field the comment shows
// (name, version, status, reason, rule, tool, parameter, message, scanner
// version) renders as text: no link, image, HTML, heading, extra cell or
// mention.
func TestScanMarkdownHostile(t *testing.T) {
	t.Parallel()
	score := 50.0
	res := schema.Result{
		Name: hostile, Version: hostile, Status: schema.Status(hostile), Reason: hostile, ScannerVersion: hostile,
		Scores: &schema.Scores{MCPGauge: score},
		Findings: []schema.Finding{
			{Rule: hostile, Severity: "error", Tool: hostile, Parameter: hostile, Message: hostile},
			{Rule: "MCP010", Severity: hostile, Entity: hostile, Message: hostile},
		},
	}
	base := &schema.Result{Scores: &schema.Scores{MCPGauge: score}}
	var b strings.Builder
	if err := ScanMarkdown(&b, res, base); err != nil {
		t.Fatal(err)
	}
	md := strings.TrimPrefix(b.String(), CommentMarker)
	if p := mdsafetest.Problems(t, md, commentWant); len(p) > 0 {
		t.Errorf("comment:\n%s\nproblems:\n%s", md, strings.Join(p, "\n"))
	}
	// The reader still sees what the server sent.
	if seen := mdsafetest.Visible(mdsafetest.Render(t, md)); !strings.Contains(seen, "![x](https://evil.example/p.png)") {
		t.Errorf("the comment does not show the server's text as text: %s", seen)
	}
}

// TestScanMarkdownOrdinary: ordinary names, versions and messages keep the
// comment's bytes (the name as a code span, the rest as they are).
func TestScanMarkdownOrdinary(t *testing.T) {
	t.Parallel()
	res := schema.Result{
		Name: "careless", Version: "0.0.1", Status: schema.StatusOK, ScannerVersion: "0.1.0-dev",
		Scores: &schema.Scores{MCPGauge: 39},
		Findings: []schema.Finding{{Rule: "MCP015", Severity: "error", Tool: "get_data",
			Message: "`get_data`'s description still contains placeholder text ('TODO')."}},
	}
	var b strings.Builder
	if err := ScanMarkdown(&b, res, &schema.Result{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"`careless` 0.0.1, status **ok**\n",
		"- **error** MCP015 get_data: 'get_data''s description still contains placeholder text ('TODO').\n",
		"<sub>mcpgauge 0.1.0-dev; `-` means not measured.</sub>\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("comment lacks %q:\n%s", want, b.String())
		}
	}
}
