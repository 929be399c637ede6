package ci_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/ci"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/internal/mdsafe/mdsafetest"
)

// baseOf writes rep as `ci --json` would and reads it back as a base.
func baseOf(t *testing.T, rep *ci.Report) *ci.Base {
	t.Helper()
	js, err := rep.JSON()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "base.json")
	if err := os.WriteFile(p, js, 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := ci.ReadBase(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Findings) != len(rep.Lint.Findings) || b.Health.Overall != rep.Health.Overall || b.Health.Errors != rep.Health.Errors {
		t.Fatalf("base read back %d findings and %+v, want %d and %+v", len(b.Findings), b.Health, len(rep.Lint.Findings), rep.Health)
	}
	return b
}

// TestCommentAgainstBase: ci's comment against a previous `ci --json`
// names the findings new since it (most severe first, rule linked) and the
// fixed ones; hostile tool names and messages render as text; thousands
// of huge findings still fit GitHub's comment limit.
func TestCommentAgainstBase(t *testing.T) {
	t.Parallel()
	const hostile = "@everyone ![x](https://evil.example/p.png) [click](https://evil.example) <img src=x onerror=alert(1)> " +
		"<details> | col | \n# heading\n`tick` www.evil.example @org/team"
	srv := model.ServerInfo{Name: "acme"}
	kept := lint.Finding{Rule: "MCP020", Severity: lint.Warning, Tool: "kept", Message: "kept", Related: []string{}}
	baseRep := ci.NewReport("t", srv, ci.LintResult{Findings: []lint.Finding{kept,
		{Rule: "MCP015", Severity: lint.Error, Tool: hostile, Message: hostile, Related: []string{}}}}, nil)
	head := ci.NewReport("t", srv, ci.LintResult{Findings: []lint.Finding{kept,
		{Rule: "MCP025", Severity: lint.Info, Tool: hostile, Message: hostile, Related: []string{}},
		{Rule: "MCP010", Severity: lint.Error, Tool: "search", Parameter: "q", Message: "`q` has no description.", Related: []string{}}}}, nil)
	md := ci.Comment(head, baseOf(t, baseRep))
	newAt, fixedAt := strings.Index(md, "### New since base (2)"), strings.Index(md, "### Fixed since base (1)")
	errAt := strings.Index(md, "- **error** [MCP010]("+report.RuleDocURL("MCP010")+") `search.q`: 'q' has no description.")
	infoAt := strings.Index(md, "- **info** [MCP025](")
	if newAt < 0 || errAt < newAt || infoAt < errAt || fixedAt < infoAt || !strings.Contains(md[fixedAt:], "[MCP015](") {
		t.Errorf("want the new findings (error first), then the fixed one:\n%s", md)
	}
	if strings.Contains(md, "`kept`") {
		t.Errorf("a finding both runs have is listed:\n%s", md)
	}
	if !strings.Contains(md, "| **Health** | **87** | — |") {
		t.Errorf("the health delta is missing:\n%s", md)
	}
	want := mdsafetest.Want{
		Tags:  []string{"p", "strong", "code", "ul", "li", "sub", "em", "thead", "tbody", "a"},
		Count: map[string]int{"h2": 1, "h3": 2, "table": 1, "tr": 5, "th": 3, "td": 12},
		Links: []string{ci.MCPGaugeURL, ci.RepoURL, report.RuleDocURL("MCP010"), report.RuleDocURL("MCP015"), report.RuleDocURL("MCP025")},
	}
	if p := mdsafetest.Problems(t, md, want); len(p) > 0 {
		t.Errorf("comment:\n%s\nproblems:\n%s", md, strings.Join(p, "\n"))
	}
	if got := ci.Comment(head, nil); got != ci.Markdown(head, nil) {
		t.Errorf("without a base the comment is not mcp-toolgauge's:\n%s", got)
	}

	huge := strings.Repeat("#a@b|", 1000)
	var many, gone []lint.Finding
	for i := range 3000 {
		tool := huge + string(rune('a'+i%26)) + strings.Repeat("x", i)
		many = append(many, lint.Finding{Rule: "MCP010", Severity: lint.Error, Tool: tool, Message: huge, Related: []string{}})
		gone = append(gone, lint.Finding{Rule: "MCP020", Severity: lint.Warning, Tool: tool, Message: huge, Related: []string{}})
	}
	big := ci.Comment(ci.NewReport(huge, model.ServerInfo{Name: huge}, ci.LintResult{Findings: many}, nil),
		&ci.Base{Health: baseRep.Health, Findings: report.SchemaFindings(gone)})
	if n := len([]rune(big)); n > 65_536 || len(big) > report.MaxCommentBytes {
		t.Errorf("comment is %d characters (%d bytes), over GitHub's 65,536 or %d bytes", n, len(big), report.MaxCommentBytes)
	}
	if !strings.Contains(big, "### New since base (3000)") || !strings.Contains(big, "### Fixed since base (3000)") || !strings.Contains(big, "- … and 2990 more") {
		t.Errorf("the big comment does not count what it leaves out")
	}
}
