package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

func TestFingerprintMatchesToolgauge(t *testing.T) {
	t.Parallel()
	cases := []struct {
		f    lint.Finding
		want string
	}{
		{lint.Finding{Rule: "MCP004"}, "dc69f216dd467dd8"},
	}
	for _, c := range cases {
		if got := Fingerprint(c.f); got != c.want {
			t.Errorf("Fingerprint(%+v) = %s, want %s", c.f, got, c.want)
		}
	}
	a := Fingerprint(lint.Finding{Rule: "MCP020", Tool: "t", Parameter: "p", Message: "one"})
	b := Fingerprint(lint.Finding{Rule: "MCP020", Tool: "t", Parameter: "p", Message: "two"})
	if a != b {
		t.Error("fingerprint must not depend on the message")
	}
}

func TestWrap(t *testing.T) {
	t.Parallel()
	got := Wrap("Tool names mix conventions: 4 snake_case, 1 camelCase. The odd ones out are doStuff.", messageWidth)
	want := []string{"Tool names mix conventions: 4 snake_case, 1 camelCase. The odd", "ones out are doStuff."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("Wrap = %q, want %q", got, want)
	}
}

func sample() (*model.Snapshot, []lint.Finding) {
	snap := &model.Snapshot{Target: "python server.py", Server: model.ServerInfo{Name: "acme", Version: "1.0"},
		Tools: []model.Tool{{Name: "a"}, {Name: "b"}}}
	fs := []lint.Finding{
		{Rule: "MCP004", Severity: lint.Warning, Message: "Tool names mix conventions: 4 snake_case, 1 camelCase. The odd ones out are `doStuff`.", Suggestion: "Rename.", Related: []string{"doStuff"}},
		{Rule: "MCP010", Severity: lint.Error, Tool: "a", Message: "`a` has no description.", Suggestion: "Write one \u2014 a sentence."},
		{Rule: "MCP025", Severity: lint.Info, Tool: "a", Message: "no example", Suggestion: "Add one."},
		{Rule: "SRF001", Severity: lint.Warning, Entity: "resource:file:///x", Message: "no description", Suggestion: "Describe it."},
	}
	return snap, fs
}

func TestLintText(t *testing.T) {
	t.Parallel()
	snap, fs := sample()
	var quiet, loud bytes.Buffer
	if err := LintText(&quiet, snap, fs, false); err != nil {
		t.Fatal(err)
	}
	if err := LintText(&loud, snap, fs, true); err != nil {
		t.Fatal(err)
	}
	q := quiet.String()
	for _, want := range []string{
		"acme 1.0\npython server.py\n\n(server)\n  MCP004  warning  Tool names mix conventions: 4 snake_case, 1 camelCase. The odd\n                   ones out are doStuff.\n",
		"\na\n  MCP010  error    a has no description.\n                   Write one -- a sentence.\n",
		"\nresource file:///x\n",
		"2 tools, 4 findings   1 error, 2 warnings, 1 info   1 hidden, -v to show\n",
		"Most common: MCP004 (1), MCP010 (1), MCP025 (1)\n",
	} {
		if !strings.Contains(q, want) {
			t.Errorf("quiet report lacks %q:\n%s", want, q)
		}
	}
	if strings.Contains(q, "MCP025") && strings.Contains(q, "no example") {
		t.Error("info finding shown without -v")
	}
	if strings.Contains(q, "Rename.") {
		t.Error("warning suggestion shown without -v")
	}
	if !strings.Contains(loud.String(), "no example") || !strings.Contains(loud.String(), "Rename.") {
		t.Error("-v must show info findings and every suggestion")
	}
	for _, r := range q {
		if r > 0x7e || (r < 0x20 && r != '\n') {
			t.Fatalf("non-ASCII output %q", r)
		}
	}
	var clean bytes.Buffer
	_ = LintText(&clean, snap, nil, false)
	if !strings.HasSuffix(clean.String(), "No findings.\n2 tools checked.\n") {
		t.Errorf("clean report = %q", clean.String())
	}
}

func TestLintJSONAndSARIF(t *testing.T) {
	t.Parallel()
	snap, fs := sample()
	var doc map[string]any
	if err := json.Unmarshal(LintJSON(snap, fs), &doc); err != nil {
		t.Fatal(err)
	}
	if doc["schema_version"] != LintSchemaVersion || doc["tool_count"].(float64) != 2 {
		t.Fatalf("bad doc header: %v", doc)
	}
	first := doc["findings"].([]any)[0].(map[string]any)
	if _, ok := first["tool"]; ok {
		t.Error("server-level finding must omit tool")
	}
	if first["related"].([]any)[0] != "doStuff" {
		t.Error("related lost")
	}
	cat := []lint.Rule{{ID: "MCP004", Name: "mixed-naming-conventions", Summary: "s", Default: lint.Warning}, {ID: "MCP010", Name: "missing-description", Summary: "m", Default: lint.Error}}
	var sarif struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID, Name string
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID string            `json:"ruleId"`
				Level  string            `json:"level"`
				FP     map[string]string `json:"partialFingerprints"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(SARIF(fs, cat, "test", nil), &sarif); err != nil {
		t.Fatal(err)
	}
	run := sarif.Runs[0]
	if sarif.Version != "2.1.0" || len(run.Tool.Driver.Rules) != 2 || run.Tool.Driver.Rules[0].Name != "MixedNamingConventions" {
		t.Fatalf("bad driver: %+v", run.Tool.Driver)
	}
	if run.Results[2].Level != "note" || run.Results[0].FP[FingerprintKey] != "dc69f216dd467dd8" {
		t.Fatalf("bad results: %+v", run.Results)
	}
}

// TestCheckTextNotTestable: a not-testable result is labelled N/T with its
// reason, and counted apart from failures and skips.
func TestCheckTextNotTestable(t *testing.T) {
	t.Parallel()
	snap, _ := sample()
	rep := compliance.Report{Results: []compliance.TestResult{
		{ID: "tools-call-01", Name: "Can call a listed tool", Category: "tools", Severity: compliance.Critical,
			Result: compliance.Result{Status: compliance.StatusNotTestable, Message: "1 tool call(s) failed on a backend the scan cannot reach"}},
		{ID: "tools-list-01", Name: "Lists tools", Category: "tools", Severity: compliance.High,
			Result: compliance.Result{Status: compliance.StatusPass, Message: "ok"}},
	}}
	rep.Summary = compliance.Summarise(rep.Results)
	var b bytes.Buffer
	CheckText(&b, snap, rep, false)
	out := b.String()
	for _, want := range []string{"N/T  critical tools-call-01", "failed on a backend the scan cannot reach", "Results: 1 passed, 1 not testable"} {
		if !strings.Contains(out, want) {
			t.Errorf("%q not in\n%s", want, out)
		}
	}
	if strings.Contains(out, "failed,") {
		t.Errorf("a not-testable result counted as a failure:\n%s", out)
	}
}
