package precision

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"go.yaml.in/yaml/v3"
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
			"a": {Tuned: true, Findings: []Label{{Rule: "MCP010", Tool: "fetch_page", True: true, Reason: "r"}, {Rule: "MCP010", Tool: "gone", True: true, Reason: "r"}},
				Dangers: []Danger{{Class: "undocumented", Tool: "fetch_page", Reason: "r", Caught: true}, {Class: "undocumented", Tool: "gone", Reason: "r", Caught: true}}},
			"b": {Findings: []Label{{Rule: "MCP010", Tool: "fetch_page", True: false, Reason: "r"}, {Rule: "MCP010", Tool: "x", True: false, Reason: "r"}},
				Dangers: []Danger{{Class: "undocumented", Tool: "other_thing", Reason: "r"}}},
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
	if len(res.Uncaught) != 1 || !strings.Contains(res.Uncaught[0].Text, "gone") {
		t.Errorf("uncaught = %v, want the defect on gone alone", res.Uncaught)
	}
	if len(res.Classes) != 1 || res.Classes[0].Dangers != 3 || res.Classes[0].Caught != 2 {
		t.Errorf("classes = %+v, want 3 defects, 2 caught", res.Classes)
	}
	if res.Fresh != (Tally{0, 1}) || res.Servers[0].Fresh || !res.Servers[1].Fresh || res.Servers[2].Fresh {
		t.Errorf("fresh = %+v (servers a %v b %v c %v), want b alone fresh with its one false finding", res.Fresh, res.Servers[0].Fresh, res.Servers[1].Fresh, res.Servers[2].Fresh)
	}
	if all, fresh := res.Recall(); all != (Tally{2, 1}) || fresh != (Tally{1, 0}) {
		t.Errorf("recall all %+v fresh %+v, want 2 of 3 and 1 of 1", all, fresh)
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
		"no reason":     "servers:\n  a:\n    findings:\n      - {rule: MCP010, tool: x, true: true, tuned: false}\n",
		"twice":         "servers:\n  a:\n    tuned: true\n    findings:\n      - {rule: MCP010, tool: x, true: true, reason: r}\n      - {rule: MCP010, tool: x, true: false, reason: r}\n",
		"no class":      "servers:\n  a:\n    dangers:\n      - {class: nope, tool: x, reason: r}\n",
		"no tuned":      "servers:\n  a:\n    findings:\n      - {rule: MCP010, tool: x, true: true, reason: r}\n",
		"bad tier":      "servers:\n  a:\n    tier: {level: great, reason: r}\n",
		"tier reason":   "servers:\n  a:\n    tier: {level: best}\n",
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

// TestRanking checks the tier means and the top-quarter rule on scores set
// by hand.
func TestRanking(t *testing.T) {
	t.Parallel()
	srv := func(name, tier string, score int) ServerResult {
		s := ServerResult{Name: name, Tier: tier}
		s.Score.Overall = score
		return s
	}
	cases := []struct {
		name    string
		servers []ServerResult
		gap     float64
		top     int
		worstUp []string
	}{
		{"ordered", []ServerResult{srv("a", TierBest, 90), srv("b", TierBest, 80), srv("c", TierMiddle, 70), srv("d", TierWorst, 40), srv("e", "", 10)}, 45, 2, nil},
		{"worst on top", []ServerResult{srv("a", TierBest, 60), srv("b", TierWorst, 95), srv("c", TierWorst, 50), srv("d", TierMiddle, 70)}, 60 - 72.5, 1, []string{"b (95)"}},
		{"tie at the edge counts as top", []ServerResult{srv("a", TierBest, 90), srv("b", TierWorst, 90), srv("c", TierMiddle, 10), srv("d", TierMiddle, 10), srv("e", TierMiddle, 10)}, 0, 2, []string{"b (90)"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			k := (&Result{Servers: c.servers}).Ranking()
			if k.Gap() != c.gap || k.TopQuarter != c.top || strings.Join(k.WorstInTopQuarter, ",") != strings.Join(c.worstUp, ",") {
				t.Errorf("gap %.1f top %d worst-up %v, want %.1f %d %v", k.Gap(), k.TopQuarter, k.WorstInTopQuarter, c.gap, c.top, c.worstUp)
			}
		})
	}
}

// TestMeasureRaisesARuleToItsFindingsSeverity: MCP050 is info by default
// but reports a manual-sized description at warning; its row must say
// warning and hold those findings to the warning bar, not show "info" with
// no bar.
func TestMeasureRaisesARuleToItsFindingsSeverity(t *testing.T) {
	t.Parallel()
	manual := `{"name":"get_reference","description":"` + strings.Repeat("word ", 1000) + `","inputSchema":{"type":"object"}}`
	only := DefaultConfig()
	only.Rules = map[string]lint.Severity{}
	for _, r := range lint.Catalogue() {
		if r.ID != "MCP050" {
			only.Rules[r.ID] = lint.Off
		}
	}
	labels := &Labels{Servers: map[string]*ServerLabels{
		"m": {Findings: []Label{{Rule: "MCP050", Tool: "get_reference", True: false, Reason: "r"}}},
	}}
	res, err := Measure([]Capture{synthetic("m", manual)}, labels, only)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range res.Rules {
		if s.ID != "MCP050" {
			continue
		}
		if s.Severity != lint.Warning || s.Bar() != WarningBar || s.Findings != 1 || s.False != 1 || !s.Below() {
			t.Errorf("MCP050 row = %+v (bar %.2f, below %v), want warning, held to the warning bar and below it", s, s.Bar(), s.Below())
		}
		return
	}
	t.Fatal("no MCP050 row")
}

// TestSkeletonOneLinePerLabelKey: a label stands for every finding with its
// key, so the skeleton writes one line per key. contextstream's `project`
// has two SEC012 findings (a read-only and a destructive contradiction);
// two lines would make the loader refuse the labels as labelled twice.
func TestSkeletonOneLinePerLabelKey(t *testing.T) {
	t.Parallel()
	caps, err := LoadCorpus(filepath.Join(repoRoot(t), "testdata", "audit", "2026-12-02-ak"))
	if err != nil {
		t.Fatal(err)
	}
	var cs []Capture
	for _, c := range caps {
		if c.Server == "contextstream" {
			cs = append(cs, c)
		}
	}
	if len(cs) != 1 {
		t.Fatalf("contextstream capture: found %d", len(cs))
	}
	sk, err := buildSkeleton(cs, &Labels{Servers: map[string]*ServerLabels{}}, "ak")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(sk.yaml, "\n") {
		if strings.Contains(l, `rule: SEC012, tool: "project"`) {
			lines = append(lines, l)
		}
	}
	if len(lines) != 1 || !strings.Contains(lines[0], "| also warning:") {
		t.Errorf("SEC012 lines for project = %q, want one line quoting both findings", lines)
	}
	var parsed struct {
		Servers map[string]struct {
			Findings []Label `yaml:"findings"`
		} `yaml:"servers"`
	}
	if err := yaml.Unmarshal([]byte("servers:\n"+strings.ReplaceAll(sk.yaml, "true: ?", "true: true")), &parsed); err != nil {
		t.Fatalf("skeleton does not parse: %v", err)
	}
	seen := map[string]bool{}
	for _, l := range parsed.Servers["contextstream"].Findings {
		if seen[l.Key()] {
			t.Errorf("key %s written twice", l.Key())
		}
		seen[l.Key()] = true
	}
}
