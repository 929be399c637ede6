package ci_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/ci"
	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/eval/evaltest"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/internal/mdsafe/mdsafetest"
)

type expected struct {
	Eval struct {
		Model string `json:"model"`
	} `json:"eval"`
	Health struct {
		Overall   int  `json:"overall"`
		LintScore int  `json:"lint_score"`
		EvalScore *int `json:"eval_score"`
		Errors    int  `json:"errors"`
		Warnings  int  `json:"warnings"`
	} `json:"health"`
	Badge    json.RawMessage `json:"badge"`
	Markdown string          `json:"pr_comment_markdown_no_baseline"`
}

func replay(t *testing.T, server string) (*model.Snapshot, *eval.Result, expected) {
	t.Helper()
	snap, suite := evaltest.Snapshot(t, server), evaltest.Suite(t, server)
	var exp expected
	evaltest.Expected(t, server, &exp)
	cache, err := eval.OpenFileCache(evaltest.Path(t, server, "responses.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	r := &eval.Runner{Cache: cache, Model: exp.Eval.Model, Offline: true}
	res, err := r.Run(context.Background(), snap, suite)
	if err != nil {
		t.Fatal(err)
	}
	return snap, res, exp
}

// findings fabricates lint findings with the given counts (the lint half
// is fed as counts; the rules themselves are tested in gauge/lint).
func findings(errors, warnings, infos int) []lint.Finding {
	var fs []lint.Finding
	for i := 0; i < errors; i++ {
		fs = append(fs, lint.Finding{Rule: "MCP010", Severity: lint.Error, Related: []string{}})
	}
	for i := 0; i < warnings; i++ {
		fs = append(fs, lint.Finding{Rule: "MCP020", Severity: lint.Warning, Related: []string{}})
	}
	for i := 0; i < infos; i++ {
		fs = append(fs, lint.Finding{Rule: "MCP025", Severity: lint.Info, Related: []string{}})
	}
	return fs
}

func TestGoldenHealthBadgeMarkdown(t *testing.T) {
	for _, tc := range []struct {
		server                 string
		errors, warnings, info int
	}{{"goodserver", 0, 0, 0}, {"badserver", 5, 53, 16}} {
		t.Run(tc.server, func(t *testing.T) {
			snap, res, exp := replay(t, tc.server)
			l := ci.LintResult{Target: snap.Target, Server: snap.Server, ToolCount: len(snap.Tools), Findings: findings(tc.errors, tc.warnings, tc.info)}
			rep := ci.NewReport(snap.Target, snap.Server, l, res)
			h := rep.Health
			if h.Overall != exp.Health.Overall || h.LintScore != exp.Health.LintScore || h.Errors != exp.Health.Errors || h.Warnings != exp.Health.Warnings ||
				h.EvalScore == nil || exp.Health.EvalScore == nil || *h.EvalScore != *exp.Health.EvalScore {
				t.Errorf("health = %+v (eval %v), want %+v", h, h.EvalScore, exp.Health)
			}
			wantBadge, err := model.DecodeJSON(exp.Badge)
			if err != nil {
				t.Fatal(err)
			}
			// The badge is toolgauge's number and colour under mcpgauge's label.
			wantBadge.(map[string]any)["label"] = ci.BadgeLabel
			if got, want := string(ci.Badge(h)), string(model.MustCanonical(wantBadge, model.Indent2))+"\n"; got != want {
				t.Errorf("badge =\n%s\nwant\n%s", got, want)
			}
			if got, want := ci.Markdown(rep, nil), evaltest.MCPGaugeComment(exp.Markdown); got != want {
				t.Errorf("markdown =\n%s\nwant\n%s", got, want)
			}
			// The JSON report round-trips as a baseline.
			base := &baseOf(t, rep).Health
			if base.Overall != h.Overall || *base.EvalScore != *h.EvalScore {
				t.Errorf("baseline read back %+v, want %+v", base, h)
			}
			md := ci.Markdown(rep, base)
			if !strings.Contains(md, "| **Health** | **"+itoa(h.Overall)+"** | — |") || !strings.Contains(md, "| | score | vs base |") {
				t.Errorf("markdown with an identical baseline lacks unchanged deltas:\n%s", md)
			}
		})
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestBands(t *testing.T) {
	bands := map[int]string{100: "brightgreen", 90: "brightgreen", 89: "green", 75: "green", 74: "yellowgreen", 60: "yellowgreen", 59: "yellow", 45: "yellow", 44: "orange", 30: "orange", 29: "red", 0: "red"}
	for score, want := range bands {
		if got := report.BadgeColor(score); got != want {
			t.Errorf("BadgeColor(%d) = %s, want %s", score, got, want)
		}
	}
	tones := map[int]string{75: "green", 74: "yellow", 45: "yellow", 44: "red"}
	for score, want := range tones {
		if got := ci.Tone(score); got != want {
			t.Errorf("Tone(%d) = %s, want %s", score, got, want)
		}
	}
}

func TestMarkdownLintOnlyAndDeltas(t *testing.T) {
	srv := model.ServerInfo{Name: "acme"}
	rep := ci.NewReport("python server.py", srv, ci.LintResult{Findings: findings(1, 2, 0)}, nil)
	eighty := 80
	base := &ci.Health{Overall: 90, LintScore: 100, EvalScore: &eighty, Errors: 0, Warnings: 0}
	md := ci.Markdown(rep, base)
	for _, want := range []string{
		"## 🟢 mcpgauge ci · toolgauge health: 84 / 100",
		"| **Health** | **84** | ▼ -6 |",
		"| Lint | 84 | ▼ -16 |",
		"| Selection | -- | lint-only now |",
		"| Findings | 1 errors, 2 warnings | ▲ +3 |",
		"_No eval suite was found, so this score reflects lint alone._ Add one with `mcpgauge eval . --init`.",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "`mcp-toolgauge ") {
		t.Errorf("the comment points to another tool's command:\n%s", md)
	}
	base.EvalScore = nil
	if md := ci.Markdown(rep, base); !strings.Contains(md, "| Selection | -- | — |") {
		t.Errorf("both lint-only should show an unchanged dash:\n%s", md)
	}
}

func TestHistory(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "nested", "history.json")
	h, err := ci.LoadHistory(path)
	if err != nil || len(h.Points) != 0 {
		t.Fatalf("missing file should start empty: %v %+v", err, h)
	}
	start := time.Date(2026, 1, 2, 3, 4, 5, 600, time.FixedZone("x", 3600))
	for i := 0; i < ci.MaxHistoryPoints+7; i++ {
		if w := h.Append("python server.py", ci.NewPoint(start.Add(time.Duration(i)*time.Minute), "", score.Toolgauge(0, i%10, 0, 0))); w != "" {
			t.Fatalf("unexpected warning %q", w)
		}
	}
	if err := h.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := ci.LoadHistory(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Points) != ci.MaxHistoryPoints {
		t.Fatalf("kept %d points, want %d", len(back.Points), ci.MaxHistoryPoints)
	}
	if back.Points[0].RecordedAt != "2026-01-02T02:11:05+00:00" {
		t.Errorf("oldest kept point = %s, want the 8th (02:11:05 UTC)", back.Points[0].RecordedAt)
	}
	data, _ := os.ReadFile(path)
	if !strings.HasSuffix(string(data), "}\n") || !strings.HasPrefix(string(data), "{\n  \"points\": [") {
		t.Errorf("history file not canonical indent-2 with newline: %.60q", data)
	}
	if w := back.Append("other", ci.NewPoint(start, "abc", score.Toolgauge(0, 0, 0, 0))); w == "" {
		t.Error("target mismatch should warn")
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ci.LoadHistory(bad); err == nil {
		t.Error("invalid history should be an error")
	}
}

func TestScorecard(t *testing.T) {
	snap, res, exp := replay(t, "badserver")
	l := ci.LintResult{Target: snap.Target, Server: snap.Server, ToolCount: len(snap.Tools), Findings: findings(exp.Health.Errors, exp.Health.Warnings, 16)}
	for _, tc := range []struct {
		name    string
		server  model.ServerInfo
		heading string
	}{
		{"named", snap.Server, snap.Server.Name + " " + snap.Server.Version + "\n" + snap.Target + "\n\n"},
		{"unnamed", model.ServerInfo{}, "(unnamed server)\n" + snap.Target + "\n\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := ci.NewReport(snap.Target, tc.server, l, res)
			var b strings.Builder
			ci.Scorecard(&b, rep, true)
			out := b.String()
			if !strings.HasPrefix(out, tc.heading) {
				t.Errorf("scorecard does not open with %q:\n%s", tc.heading, out)
			}
			sel := res.Scores.Selection
			for _, want := range []string{
				"Health        " + itoa(exp.Health.Overall) + " / 100\n",
				"  lint         " + itoa(exp.Health.LintScore) + "   5 errors, 53 warnings\n",
				"  selection  " + itoa(*exp.Health.EvalScore) + "%   " + itoa(sel.Correct) + " of " + itoa(sel.Total) + " prompts\n",
				"`search_users` captures 88% of the prompts meant for `ticket2`.\n",
				"\nfindings\n  MCP010  error",
			} {
				if !strings.Contains(out, want) {
					t.Errorf("scorecard lacks %q:\n%s", want, out)
				}
			}
			if strings.Contains(out, "MCP025") {
				t.Errorf("verbose scorecard lists info findings:\n%s", out)
			}
			md := ci.Markdown(rep, nil)
			if want := "`" + report.EvalServerName(tc.server) + "` — " + snap.Target; !strings.Contains(md, want) {
				t.Errorf("markdown lacks %q:\n%s", want, md)
			}
		})
	}
	rep := ci.NewReport(snap.Target, snap.Server, ci.LintResult{}, nil)
	var b strings.Builder
	ci.Scorecard(&b, rep, false)
	if !strings.Contains(b.String(), "  selection   --   no eval suite (lint only)\n") {
		t.Errorf("lint-only scorecard lacks the dash row:\n%s", b.String())
	}
}

func TestLintMapFindings(t *testing.T) {
	l := ci.LintResult{Target: "t", ToolCount: 2, Findings: []lint.Finding{
		{Rule: "MCP010", Severity: lint.Error, Tool: "search", Parameter: "q", Message: "m", Suggestion: "s", Related: []string{"find"}},
		{Rule: "MCP025", Severity: lint.Info, Message: "server-wide"},
	}}
	got := string(model.MustCanonical(ci.LintMap(l)["findings"], model.Compact))
	want := `[{"message":"m","parameter":"q","related":["find"],"rule":"MCP010","severity":"error","suggestion":"s","tool":"search"},` +
		`{"message":"server-wide","related":[],"rule":"MCP025","severity":"info","suggestion":""}]`
	if got != want {
		t.Errorf("findings = %s\nwant %s", got, want)
	}
}

func TestWriteFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		name, path, data string
		ok               bool
	}{
		{"new nested", filepath.Join(dir, "a", "b", "badge.json"), "one", true},
		{"replace", filepath.Join(dir, "a", "b", "badge.json"), "two", true},
		{"parent is a file", filepath.Join(dir, "a", "b", "badge.json", "x"), "three", false},
	} {
		err := ci.WriteFile(c.path, []byte(c.data))
		if (err == nil) != c.ok {
			t.Fatalf("%s: err %v, want ok %v", c.name, err, c.ok)
		}
		if !c.ok {
			continue
		}
		if got, _ := os.ReadFile(c.path); string(got) != c.data {
			t.Errorf("%s: file holds %q, want %q", c.name, got, c.data)
		}
		if _, err := os.Stat(c.path + ".tmp"); err == nil {
			t.Errorf("%s: the temporary file was left behind", c.name)
		}
	}
}

// TestMarkdownHostile: a hostile server name, target and tool names
// render as text in the PR comment: the only link is the credit, and no
// image, HTML, heading, extra cell or mention appears.
func TestMarkdownHostile(t *testing.T) {
	t.Parallel()
	const hostile = "@everyone ![x](https://evil.example/p.png) [click](https://evil.example) <img src=x onerror=alert(1)> " +
		"<details> | col | \n# heading\n`tick` ``two`` www.evil.example @org/team"
	ev := &eval.Result{Scores: eval.Scores{Selection: eval.Rate{Correct: 1, Total: 2}, Confusion: []eval.ConfusionCell{
		{Expected: "search", Selected: hostile, Count: 3, Share: 0.6},
		{Expected: hostile + "2", Selected: "search", Count: 2, Share: 0.5},
	}}}
	server := model.ServerInfo{Name: hostile, Version: hostile}
	rep := ci.NewReport(hostile, server, ci.LintResult{Target: hostile, Server: server}, ev)
	for _, base := range []*ci.Health{nil, &rep.Health} {
		md := ci.Markdown(rep, base)
		cols := 2
		if base != nil {
			cols = 3
		}
		want := mdsafetest.Want{
			Tags:  []string{"p", "strong", "code", "ul", "li", "sub", "em", "thead", "tbody"},
			Count: map[string]int{"h2": 1, "table": 1, "tr": 5, "a": 2, "th": cols, "td": 4 * cols},
			Links: []string{ci.MCPGaugeURL, ci.RepoURL},
		}
		if p := mdsafetest.Problems(t, md, want); len(p) > 0 {
			t.Errorf("comment:\n%s\nproblems:\n%s", md, strings.Join(p, "\n"))
		}
	}
}
