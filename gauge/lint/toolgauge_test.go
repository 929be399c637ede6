package lint

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// tgFixtureDir finds <repo root>/../shared/data/toolgauge-fixtures. Missing
// data fails under CI and skips otherwise.
func tgFixtureDir(t testing.TB) string {
	t.Helper()
	return shareddata.Path(t, "data", "toolgauge-fixtures")
}

func tgLoad(t testing.TB, server string) (*model.Snapshot, tgExpected) {
	t.Helper()
	dir := filepath.Join(tgFixtureDir(t), server)
	raw, err := os.ReadFile(filepath.Join(dir, "tools-list.json"))
	if err != nil {
		t.Fatal(err)
	}
	snap, err := model.ParseToolsJSON(raw)
	if err != nil {
		t.Fatal(err)
	}
	var exp struct {
		Lint tgExpected `json:"lint"`
	}
	raw, err = os.ReadFile(filepath.Join(dir, "expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &exp); err != nil {
		t.Fatal(err)
	}
	return snap, exp.Lint
}

type tgExpectedFinding struct {
	Rule      string   `json:"rule"`
	Severity  string   `json:"severity"`
	Tool      string   `json:"tool"`
	Parameter string   `json:"parameter"`
	Related   []string `json:"related"`
	Message   string   `json:"message"`
}

type tgExpected struct {
	Counts           map[string]int      `json:"counts"`
	MostCommon       [][2]any            `json:"most_common"`
	DefinitionTokens map[string]int      `json:"definition_tokens"`
	DefinitionTotal  int                 `json:"definition_tokens_total"`
	Findings         []tgExpectedFinding `json:"findings"`
}

func runToolgauge(snap *model.Snapshot, cfg Config) []Finding {
	cfg.Profile = ProfileToolgauge
	return RunRules(snap, cfg, ToolgaugeRules())
}

// tgMostCommon is Python's Counter(rules).most_common(n): by count, ties in
// first-seen order.
func tgMostCommon(fs []Finding, n int) []string {
	var order []string
	counts := map[string]int{}
	for _, f := range fs {
		if counts[f.Rule] == 0 {
			order = append(order, f.Rule)
		}
		counts[f.Rule]++
	}
	sort.SliceStable(order, func(i, j int) bool { return counts[order[i]] > counts[order[j]] })
	if len(order) > n {
		order = order[:n]
	}
	out := make([]string, len(order))
	for i, r := range order {
		out[i] = fmt.Sprintf("%s:%d", r, counts[r])
	}
	return out
}

func TestToolgaugeCatalogue(t *testing.T) {
	t.Parallel()
	rules := ToolgaugeRules()
	want := []string{"MCP001", "MCP002", "MCP003", "MCP004", "MCP010", "MCP011", "MCP012", "MCP013", "MCP014", "MCP015",
		"MCP020", "MCP021", "MCP022", "MCP023", "MCP024", "MCP025", "MCP040", "MCP041", "MCP042", "MCP050", "MCP051", "MCP052"}
	var got []string
	for _, r := range rules {
		got = append(got, r.ID)
		if r.Name == "" || r.Family == "" || r.Summary == "" || r.Check == nil || r.Scope == "" || r.Toolgauge == Off {
			t.Errorf("%s: incomplete rule %+v", r.ID, r)
		}
		for _, section := range []string{"## Why it matters", "## What triggers it", "## Example", "Before:", "After:"} {
			if !strings.Contains(r.Doc, section) {
				t.Errorf("%s: doc lacks %q", r.ID, section)
			}
		}
		if strings.ToLower(r.Name) != r.Name || strings.Contains(r.Name, " ") {
			t.Errorf("%s: name %q is not kebab-case", r.ID, r.Name)
		}
	}
	if !cmp.Equal(got, want) {
		t.Fatalf("toolgauge rule IDs:\n%s", cmp.Diff(want, got))
	}
	defaults := map[string]Severity{
		"MCP001": Error, "MCP002": Warning, "MCP003": Warning, "MCP004": Warning, "MCP010": Error, "MCP011": Warning,
		"MCP012": Warning, "MCP013": Error, "MCP014": Warning, "MCP015": Error, "MCP020": Warning, "MCP021": Info,
		"MCP022": Warning, "MCP023": Warning, "MCP024": Warning, "MCP025": Info, "MCP040": Error, "MCP041": Warning,
		"MCP042": Info, "MCP050": Info, "MCP051": Warning, "MCP052": Warning,
	}
	for _, r := range rules {
		if r.Toolgauge != defaults[r.ID] {
			t.Errorf("%s toolgauge severity = %s, want %s", r.ID, r.Toolgauge, defaults[r.ID])
		}
	}
}

func TestToolgaugeGolden(t *testing.T) {
	t.Parallel()
	shareddata.Require(t) // every case reads a toolgauge fixture
	cases := []struct {
		server             string
		errors, warn, info int
		total              int
		largest            int
	}{
		{"badserver", 5, 53, 16, 727, 100},
		{"goodserver", 0, 0, 0, 1599, 241},
	}
	for _, c := range cases {
		t.Run(c.server, func(t *testing.T) {
			t.Parallel()
			snap, exp := tgLoad(t, c.server)
			fs := runToolgauge(snap, Config{})
			// The toolgauge profile runs toolgauge's rules and nothing else.
			if all := Run(snap, Config{Profile: ProfileToolgauge}); !cmp.Equal(all, fs) {
				t.Fatalf("Run under the toolgauge profile differs from its 22 rules:\n%s", cmp.Diff(fs, all))
			}

			var got []tgExpectedFinding
			for _, f := range fs {
				if f.Suggestion == "" {
					t.Errorf("%s on %s/%s has no suggestion", f.Rule, f.Tool, f.Parameter)
				}
				got = append(got, tgExpectedFinding{
					Rule: f.Rule, Severity: f.Severity.String(), Tool: f.Tool, Parameter: f.Parameter,
					Related: f.Related, Message: f.Message,
				})
			}
			want := exp.Findings
			if len(want) == 0 {
				want = nil
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("findings differ from expected.json (-want +got):\n%s", diff)
			}

			// The one suggestion upstream documents (README lint sample).
			for _, f := range fs {
				if f.Rule == "MCP013" && f.Suggestion != "Rewrite one of them around what makes it different. If `search_users` and `search_orgs` really do the same thing, delete one; "+
					"if they do not, the first sentence of each should name the thing only that one handles. Two descriptions this close are a coin flip at "+
					"selection time, and the model has no way to know it guessed wrong." {
					t.Errorf("MCP013 suggestion = %q", f.Suggestion)
				}
			}

			e, w, i := Count(fs)
			if e != c.errors || w != c.warn || i != c.info {
				t.Errorf("counts = %d/%d/%d, want %d/%d/%d", e, w, i, c.errors, c.warn, c.info)
			}
			if e != exp.Counts["error"] || w != exp.Counts["warning"] || i != exp.Counts["info"] || len(fs) != exp.Counts["total"] {
				t.Errorf("counts %d/%d/%d/%d disagree with expected.json %v", e, w, i, len(fs), exp.Counts)
			}
			var wantTop []string
			for _, mc := range exp.MostCommon {
				wantTop = append(wantTop, fmt.Sprintf("%v:%v", mc[0], mc[1]))
			}
			if gotTop := tgMostCommon(fs, 3); !cmp.Equal(wantTop, gotTop, cmp.Comparer(func(a, b []string) bool {
				return strings.Join(a, ",") == strings.Join(b, ",")
			})) {
				t.Errorf("most common = %v, want %v", gotTop, wantTop)
			}

			total, largest := 0, 0
			for k := range snap.Tools {
				tool := &snap.Tools[k]
				n := DefinitionTokens(tool)
				if want, ok := exp.DefinitionTokens[tool.Name]; !ok || n != want {
					t.Errorf("DefinitionTokens(%s) = %d, want %d", tool.Name, n, want)
				}
				total += n
				largest = max(largest, n)
			}
			if total != exp.DefinitionTotal || total != c.total || largest != c.largest {
				t.Errorf("definition tokens total %d largest %d, want %d (%d) largest %d", total, largest, c.total, exp.DefinitionTotal, c.largest)
			}
		})
	}
}

func TestToolgaugeConfig(t *testing.T) {
	t.Parallel()
	snap, _ := tgLoad(t, "badserver")
	base := runToolgauge(snap, Config{})
	count := func(fs []Finding, rule string) (n int, sev map[Severity]int) {
		sev = map[Severity]int{}
		for _, f := range fs {
			if f.Rule == rule {
				n++
				sev[f.Severity]++
			}
		}
		return
	}
	cases := []struct {
		rule string
		to   Severity
	}{
		{"MCP020", Error}, {"MCP013", Info}, {"MCP025", Warning}, {"MCP004", Off}, {"MCP040", Off}, {"MCP042", Error},
	}
	for _, c := range cases {
		t.Run(c.rule+"="+c.to.String(), func(t *testing.T) {
			t.Parallel()
			baseN, _ := count(base, c.rule)
			if baseN == 0 {
				t.Fatalf("%s does not fire on badserver", c.rule)
			}
			fs := runToolgauge(snap, Config{Rules: map[string]Severity{c.rule: c.to}})
			n, sev := count(fs, c.rule)
			if c.to == Off {
				if n != 0 || len(fs) != len(base)-baseN {
					t.Fatalf("off: %d findings of %s remain, %d total (base %d)", n, c.rule, len(fs), len(base))
				}
				return
			}
			if n != baseN || sev[c.to] != n {
				t.Fatalf("%s: %d findings at %v, want %d at %s", c.rule, n, sev, baseN, c.to)
			}
			if len(fs) != len(base) {
				t.Fatalf("other rules changed: %d findings, want %d", len(fs), len(base))
			}
		})
	}
}

func TestToolgaugeOffIsNotExecuted(t *testing.T) {
	t.Parallel()
	snap := tgSnap(t, `[{"name":"run","inputSchema":{"type":"object"}}]`)
	ran := 0
	rule := Rule{ID: "MCP999", Default: Warning, Check: func(*Context) []Problem { ran++; return nil }}
	RunRules(snap, Config{Rules: map[string]Severity{"MCP999": Off}}, []Rule{rule})
	if ran != 0 {
		t.Fatal("a rule configured off was executed")
	}
	RunRules(snap, Config{}, []Rule{rule})
	if ran != 1 {
		t.Fatalf("rule ran %d times, want 1", ran)
	}
}

func tgSnap(t testing.TB, toolsJSON string) *model.Snapshot {
	t.Helper()
	snap, err := model.ParseToolsJSON([]byte(toolsJSON))
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// tgWire builds one wire tool: description "" means none; params is the
// properties object text.
func tgWire(name, desc, params string) string {
	d := ""
	if desc != "" {
		b, _ := json.Marshal(desc)
		d = `,"description":` + string(b)
	}
	if params == "" {
		params = "{}"
	}
	return fmt.Sprintf(`{"name":%q%s,"inputSchema":{"type":"object","properties":%s}}`, name, d, params)
}

func tgList(ts ...string) string { return "[" + strings.Join(ts, ",") + "]" }

func TestToolgaugePairsGate(t *testing.T) {
	t.Parallel()
	mid1 := "Find people in the staff directory by name, email address, team or office location."
	mid2 := "Find companies in the staff directory by name, email address, region or office location."
	cases := []struct {
		name      string
		a, b      string
		wantPairs int
		lo, hi    float64
	}{
		{"confusable", mid1, mid2, 1, 0.35, 0.70},
		{"steering text keeps the overlap", mid1 + " For companies use search orgs.", mid2 + " Not for people.", 1, 0.35, 0.70},
		{"five words never compared", "Alpha beta gamma delta epsilon.", "Alpha beta gamma delta epsilon.", 0, 0, 0},
		{"six words compared", "Alpha beta gamma delta epsilon zeta.", "Alpha beta gamma delta epsilon zeta.", 1, 1, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx := NewContext(tgSnap(t, tgList(tgWire("search_users", c.a, ""), tgWire("search_orgs", c.b, ""))))
			pairs := tgPairs(ctx)
			if len(pairs) != c.wantPairs {
				t.Fatalf("%d pairs, want %d", len(pairs), c.wantPairs)
			}
			if len(pairs) == 1 && (pairs[0].score < c.lo || pairs[0].score > c.hi) {
				t.Fatalf("score %v outside [%v, %v]", pairs[0].score, c.lo, c.hi)
			}
		})
	}
}

func TestDefinitionText(t *testing.T) {
	t.Parallel()
	snap := tgSnap(t, `[{"name":"a","description":"  Café\n  ok","inputSchema":{"type":"object","properties":{"b":{"type":"string","default":"é"}},"required":["b"]},"annotations":{"readOnlyHint":true}}]`)
	want := "a\nCafé\nok\n{\"properties\": {\"b\": {\"default\": \"\\u00e9\", \"type\": \"string\"}}, \"required\": [\"b\"], \"type\": \"object\"}"
	if got := DefinitionText(&snap.Tools[0]); got != want {
		t.Fatalf("DefinitionText:\n got %q\nwant %q", got, want)
	}
	if got, want := DefinitionTokens(&snap.Tools[0]), (len([]rune(want))+3)/4; got != want {
		t.Fatalf("DefinitionTokens = %d, want %d", got, want)
	}
	noSchema := tgSnap(t, `[{"name":"x"}]`)
	if got := DefinitionText(&noSchema.Tools[0]); got != "x\n\n{}" {
		t.Fatalf("no schema: %q", got)
	}
}

func TestDefinitionTextPythonNumbers(t *testing.T) {
	t.Parallel()
	snap := tgSnap(t, `[{"name":"a","inputSchema":{"type":"object","properties":{"x":{"type":"number","default":1.50,"maximum":1e21,"minimum":1E2,"enum":[-0,2]}}}}]`)
	want := "a\n\n{\"properties\": {\"x\": {\"default\": 1.5, \"enum\": [0, 2], \"maximum\": 1e+21, \"minimum\": 100.0, \"type\": \"number\"}}, \"type\": \"object\"}"
	if got := DefinitionText(&snap.Tools[0]); got != want {
		t.Fatalf("DefinitionText:\n got %s\nwant %s", got, want)
	}
	// The tool's own schema is left as sent.
	if got := snap.Tools[0].Params()["x"].(map[string]any)["default"]; got != json.Number("1.50") {
		t.Fatalf("schema modified: default = %v", got)
	}
}
