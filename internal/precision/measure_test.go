package precision

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
)

func synthetic(name string, tools ...string) Capture {
	c := Capture{Format: CaptureFormat, Server: name, Package: "p-" + name, Version: "1.0.0", CapturedAt: "2026-12-01"}
	for _, t := range tools {
		c.Tools = append(c.Tools, json.RawMessage(t))
	}
	return c
}

// TestMeasure runs the matching on a two-server corpus whose findings are
// computed by the real rules (MCP010 fires on a tool with no description),
// and checks every count and every kind of mismatch the test reports.
func TestMeasure(t *testing.T) {
	t.Parallel()
	bare := `{"name":"fetch_page","inputSchema":{"type":"object"}}`
	corpus := []Capture{synthetic("a", bare), synthetic("b", bare, `{"name":"other_thing","inputSchema":{"type":"object"}}`), synthetic("c", bare)}
	only := lint.Config{Rules: map[string]lint.Severity{}}
	for _, r := range lint.Catalogue() {
		if r.ID != "MCP010" {
			only.Rules[r.ID] = lint.Off
		}
	}
	labels := &Labels{
		Classes: map[string]Class{"undocumented": {Summary: "no description", Rules: []string{"MCP010"}}},
		Servers: map[string]*ServerLabels{
			"a": {Findings: []Label{{Rule: "MCP010", Tool: "fetch_page", True: true, Reason: "r"}, {Rule: "MCP010", Tool: "gone", True: true, Reason: "r"}},
				Defects: []Defect{{Class: "undocumented", Tool: "fetch_page", Reason: "r", Caught: true}, {Class: "undocumented", Tool: "gone", Reason: "r", Caught: true}}},
			"b": {Findings: []Label{{Rule: "MCP010", Tool: "fetch_page", True: false, Reason: "r"}, {Rule: "MCP010", Tool: "x", True: false, Reason: "r"}},
				Defects: []Defect{{Class: "undocumented", Tool: "other_thing", Reason: "r"}}},
		},
	}
	res, err := Measure(corpus, labels, only)
	if err != nil {
		t.Fatal(err)
	}
	if res.True != 1 || res.False != 1 {
		t.Errorf("true/false = %d/%d, want 1/1", res.True, res.False)
	}
	if res.Unjudged != 1 || res.Servers[2].Judged || !res.Servers[0].Judged {
		t.Errorf("unjudged = %d, servers %+v: want c's one finding unjudged", res.Unjudged, res.Servers)
	}
	if len(res.Unlabelled) != 1 || !strings.Contains(res.Unlabelled[0].String(), "other_thing") {
		t.Errorf("unlabelled = %v, want other_thing on b", res.Unlabelled)
	}
	if len(res.LostTrue) != 1 || len(res.StaleFalse) != 1 {
		t.Errorf("lost true %v, stale false %v: want one each", res.LostTrue, res.StaleFalse)
	}
	if len(res.Missed) != 1 || !strings.Contains(res.Missed[0].Text, "gone") {
		t.Errorf("missed = %v, want the defect on gone", res.Missed)
	}
	if len(res.NewlyCaught) != 1 || !strings.Contains(res.NewlyCaught[0].Text, "other_thing") {
		t.Errorf("newly caught = %v, want other_thing", res.NewlyCaught)
	}
	if len(res.Classes) != 1 || res.Classes[0].Defects != 3 || res.Classes[0].Caught != 2 {
		t.Errorf("classes = %+v, want 3 defects, 2 caught", res.Classes)
	}
	var st RuleStat
	for _, s := range res.Rules {
		if s.ID == "MCP010" {
			st = s
		}
	}
	if p, ok := st.Precision(); !ok || p != 0.5 || !st.Below() || st.Findings != 4 {
		t.Errorf("MCP010 stat %+v precision %v: want 0.5 over 2 judged of 4 findings, below the bar", st, p)
	}
	md := string(res.Markdown())
	for _, want := range []string{"| [MCP010](rules/MCP010.md) |", "50.0% (below bar)", "**Overall: 50.0%**", "Not judged yet (1 findings at warning or error, not counted above): c."} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q", want)
		}
	}
}

// TestLoadLabelsRejects checks labels.yaml mistakes are errors, not silence.
func TestLoadLabelsRejects(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"unknown field": "servers:\n  a:\n    findings:\n      - {rule: MCP010, tool: x, true: true, reason: r, verdict: yes}\n",
		"no reason":     "servers:\n  a:\n    findings:\n      - {rule: MCP010, tool: x, true: true}\n",
		"twice":         "servers:\n  a:\n    findings:\n      - {rule: MCP010, tool: x, true: true, reason: r}\n      - {rule: MCP010, tool: x, true: false, reason: r}\n",
		"no class":      "servers:\n  a:\n    defects:\n      - {class: nope, tool: x, reason: r}\n",
	}
	for name, doc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := t.TempDir() + "/labels.yaml"
			if err := writeFile(path, doc); err != nil {
				t.Fatal(err)
			}
			if _, err := LoadLabels(path); err == nil {
				t.Errorf("LoadLabels accepted %q", doc)
			}
		})
	}
}

func writeFile(path, s string) error { return os.WriteFile(path, []byte(s), 0o644) }
