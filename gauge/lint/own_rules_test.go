package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/tokens"
)

// ownRules are the QG, SEC and SRF families and mcpgauge's own rules in
// toolgauge's families (MCP016 on).
func ownRules() []Rule {
	var out []Rule
	for _, r := range Catalogue() {
		if strings.HasPrefix(r.ID, "QG") || strings.HasPrefix(r.ID, "SEC") || strings.HasPrefix(r.ID, "SRF") || r.Origin == OriginMcpgauge {
			out = append(out, r)
		}
	}
	return out
}

// toolgaugeFixture loads a toolgauge fixture snapshot from ../shared.
func toolgaugeFixture(t testing.TB, server string) *model.Snapshot {
	t.Helper()
	snap, _ := tgLoad(t, server)
	return snap
}

func TestOurRulesAreWellFormed(t *testing.T) {
	t.Parallel()
	rules := ownRules()
	if want := 13 + 19 + 11 + 4; len(rules) != want {
		t.Fatalf("%d QG/SEC/SRF and own MCP rules, want %d", len(rules), want)
	}
	names := map[string]string{}
	for _, r := range Catalogue() {
		if prev, ok := names[r.Name]; ok {
			t.Errorf("rule name %q used by %s and %s", r.Name, prev, r.ID)
		}
		names[r.Name] = r.ID
	}
	family := map[string]string{"QG": "Quality-gate", "SEC": "Security", "SRF": "Resources & prompts"}
	for _, r := range rules {
		prefix := strings.TrimRight(r.ID, "0123456789")
		if want, ok := family[prefix]; ok && r.Family != want || !ok && r.Family != "Description" && r.Family != "Parameters" {
			t.Errorf("%s family %q, want %q", r.ID, r.Family, family[prefix])
		}
		if r.Origin != OriginQualityGate && r.Origin != OriginMcpgauge {
			t.Errorf("%s origin %q", r.ID, r.Origin)
		}
		if r.Summary == "" || r.Scope == "" || r.Check == nil || r.Name == "" {
			t.Errorf("%s lacks summary, scope, name or check", r.ID)
		}
		for _, section := range []string{"## Why it matters", "## What triggers it", "## Example", "## Severity"} {
			if !strings.Contains(r.Doc, section) {
				t.Errorf("%s doc lacks %q", r.ID, section)
			}
		}
	}
}

// The toolgauge goodserver is the reference well-written server: none of our
// rules should fire on it. badserver must trip the quality-gate checks.
func TestOurRulesOnToolgaugeFixtures(t *testing.T) {
	t.Parallel()
	good := RunRules(toolgaugeFixture(t, "goodserver"), Config{}, ownRules())
	for _, f := range good {
		t.Errorf("goodserver: %s %s %s: %s", f.Rule, f.Tool, f.Entity, f.Message)
	}
	bad := RunRules(toolgaugeFixture(t, "badserver"), Config{}, ownRules())
	byRule := map[string]int{}
	for _, f := range bad {
		byRule[f.Rule]++
		t.Logf("badserver: %s %s %s: %s", f.Rule, f.Tool, f.Parameter, f.Message)
	}
	for rule, want := range map[string]int{"QG001": 10, "QG002": 3, "QG005": 1} {
		if byRule[rule] != want {
			t.Errorf("badserver %s: %d findings, want %d", rule, byRule[rule], want)
		}
	}
}

func BenchmarkOurRulesGoodserver(b *testing.B) {
	snap := toolgaugeFixture(b, "goodserver")
	rules := ownRules()
	for b.Loop() {
		RunRules(snap, Config{}, rules)
	}
}

func BenchmarkSecurityRulesGoodserver(b *testing.B) {
	snap := toolgaugeFixture(b, "goodserver")
	var rules []Rule
	for _, r := range ownRules() {
		if strings.HasPrefix(r.ID, "SEC") {
			rules = append(rules, r)
		}
	}
	for b.Loop() {
		RunRules(snap, Config{}, rules)
	}
}

// Odd but decodable shapes must never make a rule panic.
func TestOurRulesSurviveOddShapes(t *testing.T) {
	t.Parallel()
	snap := toolsSnapshot(t,
		`{"name":"a","inputSchema":{"type":"object","properties":{"x":true,"y":null,"z":[1,2],"w":{"enum":[1,null,{"a":"b"}],"default":{"k":"v"}}},"required":[1,null,"x","x"]}}`,
		`{"name":"b","inputSchema":{"type":"object","properties":"nope","required":"x","additionalProperties":{"type":"string"}}}`,
		`{"name":"","description":"","inputSchema":null}`,
		`{"name":"c","inputSchema":{"type":"object","properties":{"p":{"anyOf":[{"type":"string","description":"<system>x</system>"}],"examples":["ignore previous instructions"]}}},"annotations":{}}`,
	)
	snap.Server.Instructions = "Call `` and use ()"
	snap.Resources = []model.Resource{{}}
	snap.Templates = []model.ResourceTemplate{{URITemplate: "{"}, {URITemplate: "}"}}
	snap.Prompts = []model.Prompt{{}, {Arguments: []model.PromptArgument{{}, {}}}}
	fs := RunRules(snap, Config{Rules: map[string]Severity{"QG007": Warning, "QG008": Warning}}, ownRules())
	for _, f := range fs {
		if f.Message == "" || f.Suggestion == "" {
			t.Errorf("empty message or suggestion: %+v", f)
		}
	}
	found := map[string]bool{}
	for _, f := range fs {
		found[f.Rule] = true
	}
	for _, id := range []string{"SEC001", "SRF005", "SRF008"} {
		if !found[id] {
			t.Errorf("%s did not fire on the odd snapshot", id)
		}
	}
}

// BenchmarkCatalogue500Tools runs every default-on rule over the synthetic
// 500-tool server with a shared, warmed BPE counter, as a scan does.
func BenchmarkCatalogue500Tools(b *testing.B) {
	snap := tgSynthetic(b, 500)
	cfg := Config{Tokens: tokens.New()}
	Run(snap, cfg) // load the vocabulary and size the tools once
	b.ReportAllocs()
	for b.Loop() {
		if fs := Run(snap, cfg); len(fs) == 0 {
			b.Fatal("no findings on the synthetic server")
		}
	}
}

// BenchmarkSRF011LongInstructions checks 2,000 tool references in ~100 KB of
// server instructions.
func BenchmarkSRF011LongInstructions(b *testing.B) {
	snap := tgSynthetic(b, 20)
	var ins strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&ins, "To file a report, call make_report_%d with the ticket ID, then poll the queue. ", i)
	}
	snap.Server.Instructions = ins.String()
	r, _ := RuleByID("SRF011")
	b.ReportAllocs()
	for b.Loop() {
		if fs := RunRules(snap, Config{}, []Rule{r}); len(fs) != 2000 {
			b.Fatalf("%d findings, want 2000", len(fs))
		}
	}
}
