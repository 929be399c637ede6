package qualitygate

import (
	"encoding/json"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

func sharedPath(tb testing.TB, parts ...string) string {
	tb.Helper()
	return shareddata.Path(tb, append([]string{"data", "toolgauge-fixtures"}, parts...)...)
}

func fixtureTools(tb testing.TB, server string) []model.Tool {
	data, err := os.ReadFile(sharedPath(tb, server, "tools-list.json"))
	if err != nil {
		tb.Fatal(err)
	}
	snap, err := model.ParseToolsJSON(data)
	if err != nil {
		tb.Fatal(err)
	}
	return snap.Tools
}

type goldenServer struct {
	Quality struct {
		Findings []struct {
			Level, Category, Message string
		} `json:"findings"`
		ParamDescriptionCoverage     float64    `json:"paramDescriptionCoverage"`
		ToolsWithShortDescriptions   []string   `json:"toolsWithShortDescriptions"`
		ToolsWithVerboseDescriptions []string   `json:"toolsWithVerboseDescriptions"`
		DeprecatedTools              []string   `json:"deprecatedTools"`
		DuplicateToolGroups          [][]string `json:"duplicateToolGroups"`
	} `json:"quality"`
	Security struct {
		Findings []SecurityFinding `json:"findings"`
	} `json:"security"`
	Efficiency struct {
		ToolCount int `json:"toolCount"`
		Approx    int `json:"schemaTokenEstimate_approx"`
		Findings  []EfficiencyFinding
	} `json:"efficiency"`
	Points struct {
		Quality, Efficiency, Security int
	} `json:"dimension_points"`
}

// TestGoldenFixtures checks the analyzers against mqg-analyzers-on-fixtures.json.
//
// The token estimate is marked approximate there because quality-gate
// measures JSON.stringify of the tools after its MCP SDK parsed them. Key
// order does not change the length, but an SDK that dropped unknown fields
// would shorten it. We allow 2% either way; with the fixtures' wire shape our
// JSON.stringify reproduction is byte-identical to Node's (checked once with
// Node 20), so the estimate in fact matches exactly.
func TestGoldenFixtures(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(sharedPath(t, "mqg-analyzers-on-fixtures.json"))
	if err != nil {
		t.Fatal(err)
	}
	var golden map[string]json.RawMessage
	if err := json.Unmarshal(data, &golden); err != nil {
		t.Fatal(err)
	}
	for _, server := range []string{"goodserver", "badserver"} {
		t.Run(server, func(t *testing.T) {
			t.Parallel()
			var want goldenServer
			if err := json.Unmarshal(golden[server], &want); err != nil {
				t.Fatal(err)
			}
			tools := fixtureTools(t, server)
			q := AnalyzeQuality(tools)
			type lcm struct{ Level, Category, Message string }
			var gotF, wantF []lcm
			for _, f := range q.Findings {
				gotF = append(gotF, lcm{string(f.Level), f.Category, f.Message})
			}
			for _, f := range want.Quality.Findings {
				wantF = append(wantF, lcm(f))
			}
			if d := cmp.Diff(wantF, gotF); d != "" {
				t.Errorf("quality findings (-want +got):\n%s", d)
			}
			if q.ParamDescriptionCoverage != want.Quality.ParamDescriptionCoverage {
				t.Errorf("coverage = %v, want %v", q.ParamDescriptionCoverage, want.Quality.ParamDescriptionCoverage)
			}
			for name, pair := range map[string][2][]string{
				"short":      {want.Quality.ToolsWithShortDescriptions, q.ToolsWithShortDescriptions},
				"verbose":    {want.Quality.ToolsWithVerboseDescriptions, q.ToolsWithVerboseDescriptions},
				"deprecated": {want.Quality.DeprecatedTools, q.DeprecatedTools},
			} {
				if d := cmp.Diff(pair[0], pair[1]); d != "" {
					t.Errorf("%s list (-want +got):\n%s", name, d)
				}
			}
			if d := cmp.Diff(want.Quality.DuplicateToolGroups, q.DuplicateToolGroups); d != "" {
				t.Errorf("duplicate groups (-want +got):\n%s", d)
			}
			s := AnalyzeSecurity(tools)
			if d := cmp.Diff(want.Security.Findings, s.Findings); d != "" {
				t.Errorf("security findings (-want +got):\n%s", d)
			}
			e := AnalyzeEfficiency(tools, DefaultEfficiencyConfig())
			qa, sa, ea := Analyze(tools, DefaultEfficiencyConfig())
			checkAnalyzeMatchesAnalyzers(t, tools, qa, sa, ea)
			if e.ToolCount != want.Efficiency.ToolCount {
				t.Errorf("toolCount = %d, want %d", e.ToolCount, want.Efficiency.ToolCount)
			}
			if diff := math.Abs(float64(e.SchemaTokenEstimate - want.Efficiency.Approx)); diff > 0.02*float64(want.Efficiency.Approx) {
				t.Errorf("schemaTokenEstimate = %d, want %d ±2%%", e.SchemaTokenEstimate, want.Efficiency.Approx)
			}
			if len(e.Findings) != 0 {
				t.Errorf("efficiency findings = %v, want none", e.Findings)
			}
			got := [3]int{QualityPoints(&q), EfficiencyPoints(&e), SecurityPoints(&s)}
			if w := [3]int{want.Points.Quality, want.Points.Efficiency, want.Points.Security}; got != w {
				t.Errorf("points quality/efficiency/security = %v, want %v", got, w)
			}
		})
	}
}

func tools(t *testing.T, raws ...string) []model.Tool {
	t.Helper()
	var out []model.Tool
	for _, r := range raws {
		tl, err := model.ToolFromWire([]byte(r))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, tl)
	}
	return out
}

// B11: quality-gate's own echo-test-server fixture (2 described tools) has
// no analyzer findings, coverage 1, and with every test passing scores 100.
func TestEchoTestServerOutcome(t *testing.T) {
	t.Parallel()
	ts := tools(t,
		`{"name":"echo","description":"Echoes the input message back","inputSchema":{"type":"object","properties":{"message":{"type":"string","description":"Message to echo"}},"required":["message"]}}`,
		`{"name":"add","description":"Adds two numbers together","inputSchema":{"type":"object","properties":{"a":{"type":"number","description":"First number"},"b":{"type":"number","description":"Second number"}},"required":["a","b"]}}`,
	)
	q, s, e := AnalyzeQuality(ts), AnalyzeSecurity(ts), AnalyzeEfficiency(ts, DefaultEfficiencyConfig())
	if len(q.Findings)+len(s.Findings)+len(e.Findings) != 0 {
		t.Fatalf("findings: %+v %+v %+v", q.Findings, s.Findings, e.Findings)
	}
	if q.ParamDescriptionCoverage != 1 || e.ToolCount != 2 {
		t.Fatalf("coverage %v, toolCount %d", q.ParamDescriptionCoverage, e.ToolCount)
	}
	// All 17 tests pass (the fixture declares tools, resources and prompts).
	r := Score(Compliance{Passed: 17, Total: 17}, &q, &e, &s)
	if r.Score != 100 || r.Quality != 25 || r.Efficiency != 15 || r.Security != 20 || r.ComplianceShown != 40 {
		t.Fatalf("score = %+v, want 100 = 40+25+15+20", r)
	}
}

func TestQualityChecks(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		tools []string
		want  []string // "level category message"
		cov   float64
	}{
		{"empty list", nil, nil, 1},
		{"coverage warning rounds half up",
			[]string{`{"name":"a","description":"A tool with a long enough description","inputSchema":{"type":"object","properties":{"p1":{"description":"x"},"p2":{"description":"x"},"p3":{"description":"x"},"p4":{"description":"x"},"p5":{"description":"x"},"p6":{"description":"x"},"p7":{"description":"x"},"p8":{}}}}`},
			nil, 0.875},
		{"coverage 3 of 4 warns 25%",
			[]string{`{"name":"a","description":"A tool with a long enough description","inputSchema":{"type":"object","properties":{"p1":{"description":"x"},"p2":{"description":"x"},"p3":{"description":"x"},"p4":{"description":""}}}}`},
			[]string{"warning param-descriptions 1 of 4 parameters lack descriptions (25%)"}, 0.75},
		{"short counts UTF-16 units; empty not short",
			[]string{
				`{"name":"a","description":"😀😀😀😀😀😀😀😀😀😀"}`, // 10 runes, 20 units: not short
				`{"name":"b","description":"😀😀😀😀😀😀😀😀😀é"}`, // 19 units: short
				`{"name":"c","description":""}`,
				`{"name":"d"}`,
			},
			[]string{"warning description-quality 1 tool(s) have short descriptions (<20 chars)",
				"warning duplicate-tools Tools with identical schemas: a, b, c, d"}, 1},
		{"verbose and deprecated",
			[]string{`{"name":"old","description":"DEPRECATED: use new. ` + strings.Repeat("x", 500) + `","inputSchema":{"type":"object","properties":{"q":{"type":"string","description":"q"}}}}`,
				`{"name":"undeprecated","description":"Not undeprecated, nor obsoleted at all, fine.","inputSchema":{"type":"object","properties":{"r":{"type":"string","description":"r"}}}}`},
			[]string{"warning description-quality 1 tool(s) have verbose descriptions (>500 chars)",
				"critical deprecated-tools 1 deprecated tool(s) still listed: old"}, 1},
		{"duplicate key order matters (quality-gate quirk)",
			[]string{`{"name":"a","description":"Twenty characters long at least","inputSchema":{"type":"object","properties":{"x":{"type":"string","description":"d"},"y":{"type":"string","description":"d"}}}}`,
				`{"name":"b","description":"Twenty characters long at least","inputSchema":{"type":"object","properties":{"y":{"type":"string","description":"d"},"x":{"type":"string","description":"d"}}}}`,
				`{"name":"c","description":"Twenty characters long at least","inputSchema":{"type":"object","required":[],"properties":{"x":{"type":"string","description":"d"},"y":{"type":"string","description":"d"}}}}`},
			[]string{"warning duplicate-tools Tools with identical schemas: a, c"}, 1},
		{"required with default",
			[]string{`{"name":"a","description":"Twenty characters long at least","inputSchema":{"type":"object","properties":{"x":{"type":"integer","default":0,"description":"d"}},"required":["x"]}}`},
			[]string{"warning schema-issues 1 tool(s) mark params as required despite having defaults: a"}, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			q := AnalyzeQuality(tools(t, tc.tools...))
			var got []string
			for _, f := range q.Findings {
				got = append(got, string(f.Level)+" "+f.Category+" "+f.Message)
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("findings (-want +got):\n%s", d)
			}
			if q.ParamDescriptionCoverage != tc.cov {
				t.Errorf("coverage = %v, want %v", q.ParamDescriptionCoverage, tc.cov)
			}
		})
	}
}

func TestQualityJSONShape(t *testing.T) {
	t.Parallel()
	q := AnalyzeQuality(nil)
	b, err := json.Marshal(q)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"findings":[],"paramDescriptionCoverage":1,"toolsWithShortDescriptions":[],"toolsWithVerboseDescriptions":[],"deprecatedTools":[],"duplicateToolGroups":[]}`
	if string(b) != want {
		t.Errorf("JSON = %s\nwant %s", b, want)
	}
}

func TestSecurityChecks(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		tool string
		want []string // categories
	}{
		{"get-env (Everything)", `{"name":"get-env","description":"Returns all environment variables, helpful for debugging MCP server configuration"}`, []string{"env-exposure"}},
		{"envelope matches the name test (quirk)", `{"name":"send_envelope","description":"Lists the env settings of the envelope"}`, []string{"env-exposure"}},
		{"env name without env talk", `{"name":"get_env_name","description":"Returns the deployment name."}`, nil},
		{"env talk across a newline does not match", `{"name":"env","description":"Returns\nthe env"}`, nil},
		{"run_code name", `{"name":"browser_run_code","description":"Run a snippet"}`, []string{"code-execution"}},
		{"evaluate is not eval", `{"name":"browser_evaluate","description":"Evaluate JavaScript in the page"}`, nil},
		{"function param (Playwright evaluate)", `{"name":"browser_evaluate","description":"Evaluate JavaScript","inputSchema":{"type":"object","properties":{"Function":{"type":"string"}}}}`, []string{"code-execution"}},
		{"runCode camel", `{"name":"runCode","description":"x"}`, []string{"code-execution"}},
		{"exec inside a word", `{"name":"executive_summary","description":"x"}`, nil},
		{"destructive that warns IS flagged (inverted)", `{"name":"write_file","description":"Create a new file or completely overwrite an existing file. Use with caution as it will overwrite existing files without warning."}`, []string{"dangerous-defaults"}},
		{"silently destructive is NOT flagged (inverted)", `{"name":"delete_all_tickets","description":"Deletes every ticket. There is no undo."}`, nil},
		{"name bounded by letters", `{"name":"rewrite","description":"Deletes permanently"}`, nil},
		{"camelCase name is not bounded", `{"name":"deleteUser","description":"Deletes permanently"}`, nil},
		{"all three", `{"name":"exec_env_delete","description":"Prints env then deletes permanently","inputSchema":{"type":"object","properties":{"code":{}}}}`, []string{"env-exposure", "code-execution", "dangerous-defaults"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := AnalyzeSecurity(tools(t, tc.tool))
			var got []string
			for _, f := range s.Findings {
				got = append(got, f.Category)
				if f.ToolName == "" || f.Message == "" {
					t.Errorf("finding lacks tool or message: %+v", f)
				}
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("categories (-want +got):\n%s", d)
			}
		})
	}
}

func TestEfficiencyThresholds(t *testing.T) {
	t.Parallel()
	many := func(n int, desc string) []string {
		var out []string
		for i := range n {
			out = append(out, `{"name":"t`+strings.Repeat("x", i)+`","description":"`+desc+`"}`)
		}
		return out
	}
	cfg := DefaultEfficiencyConfig()
	cases := []struct {
		name string
		ts   []string
		cfg  EfficiencyConfig
		want []string
	}{
		{"20 tools ok", many(20, "d"), cfg, nil},
		{"21 tools warn", many(21, "d"), cfg, []string{"warning tool-count 21 20"}},
		{"51 tools critical", many(51, "d"), cfg, []string{"critical tool-count 51 50"}},
		{"--max-tools sets only critical", many(21, "d"), EfficiencyConfig{20, 10, 10000, 30000}, []string{"critical tool-count 21 10"}},
		// [{"name":"t","description":"a…a"}] is 2+30+40100 = 40132 chars → ceil(/4) = 10033.
		{"tokens warning", many(1, strings.Repeat("a", 40100)), cfg, []string{"warning schema-tokens 10033 10000"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := AnalyzeEfficiency(tools(t, tc.ts...), tc.cfg)
			var got []string
			for _, f := range e.Findings {
				got = append(got, strings.Join([]string{string(f.Level), f.Category, strconv.Itoa(f.Value), strconv.Itoa(f.Threshold)}, " "))
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

func TestScore(t *testing.T) {
	t.Parallel()
	q := func(c, w int) *Quality {
		var fs []QualityFinding
		for range c {
			fs = append(fs, QualityFinding{Level: Critical})
		}
		for range w {
			fs = append(fs, QualityFinding{Level: Warning})
		}
		return &Quality{Findings: fs}
	}
	eff := func(c, w int) *Efficiency {
		e := &Efficiency{}
		for range c {
			e.Findings = append(e.Findings, EfficiencyFinding{Level: Critical})
		}
		for range w {
			e.Findings = append(e.Findings, EfficiencyFinding{Level: Warning})
		}
		return e
	}
	sec := func(c, w int) *Security {
		s := &Security{}
		for range c {
			s.Findings = append(s.Findings, SecurityFinding{Level: Critical})
		}
		for range w {
			s.Findings = append(s.Findings, SecurityFinding{Level: Warning})
		}
		return s
	}
	cases := []struct {
		name       string
		c          Compliance
		q          *Quality
		e          *Efficiency
		s          *Security
		score, cmp int
		parts      [3]int
	}{
		{"README Filesystem shape: 10 pass 7 skip", Compliance{Passed: 10, Skipped: 7, Total: 17}, q(2, 1), eff(0, 0), sec(0, 1), 40 + 13 + 15 + 15, 40, [3]int{13, 15, 15}},
		{"README Everything", Compliance{Passed: 17, Total: 17}, q(0, 1), eff(0, 0), sec(1, 0), 88, 40, [3]int{23, 15, 10}},
		{"README Playwright", Compliance{Passed: 17, Total: 17}, q(0, 3), eff(0, 1), sec(0, 2), 81, 40, [3]int{19, 12, 10}},
		{"no test ran scores 0", Compliance{Skipped: 17, Total: 17}, q(0, 0), eff(0, 0), sec(0, 0), 0, 0, [3]int{25, 15, 20}},
		{"skipped analyzers give 0", Compliance{Passed: 17, Total: 17}, nil, nil, nil, 40, 40, [3]int{0, 0, 0}},
		{"floors at 0", Compliance{Passed: 1, Total: 1}, q(6, 0), eff(2, 0), sec(3, 0), 40, 40, [3]int{0, 0, 0}},
		// 15/16×40 = 37.5: shown compliance rounds to 38; the sum 37.5+25+15+20 = 97.5 rounds to 98.
		{"half rounds up", Compliance{Passed: 15, Failed: 1, Total: 16}, q(0, 0), eff(0, 0), sec(0, 0), 98, 38, [3]int{25, 15, 20}},
		// 13/15×40 = 34.67 → shown 35; sum with 25+15+10 = 84.67 → 85.
		{"errors count as run", Compliance{Passed: 13, Errors: 2, Total: 15}, q(0, 0), eff(0, 0), sec(1, 0), 85, 35, [3]int{25, 15, 10}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := Score(tc.c, tc.q, tc.e, tc.s)
			if r.Score != tc.score || r.ComplianceShown != tc.cmp || [3]int{r.Quality, r.Efficiency, r.Security} != tc.parts {
				t.Errorf("Score = %+v, want score %d compliance %d parts %v", r, tc.score, tc.cmp, tc.parts)
			}
		})
	}
}

// checkAnalyzeMatchesAnalyzers asserts that Analyze's reports (q, s, e)
// equal what the three analyzers give one by one.
func checkAnalyzeMatchesAnalyzers(t *testing.T, ts []model.Tool, q Quality, s Security, e Efficiency) {
	t.Helper()
	if d := cmp.Diff(AnalyzeQuality(ts), q); d != "" {
		t.Errorf("Analyze quality differs from AnalyzeQuality (-one +together):\n%s", d)
	}
	if d := cmp.Diff(AnalyzeSecurity(ts), s); d != "" {
		t.Errorf("Analyze security differs from AnalyzeSecurity (-one +together):\n%s", d)
	}
	if d := cmp.Diff(AnalyzeEfficiency(ts, DefaultEfficiencyConfig()), e); d != "" {
		t.Errorf("Analyze efficiency differs from AnalyzeEfficiency (-one +together):\n%s", d)
	}
}

// BenchmarkAnalyzeGoodserver is BenchmarkAnalyzeAllGoodserver through
// Analyze, which parses each tool once for the three analyzers.
func BenchmarkAnalyzeGoodserver(b *testing.B) {
	ts := fixtureTools(b, "goodserver")
	for b.Loop() {
		q, s, e := Analyze(ts, DefaultEfficiencyConfig())
		Score(Compliance{Passed: 17, Total: 17}, &q, &e, &s)
	}
}

func BenchmarkAnalyzeAllGoodserver(b *testing.B) {
	ts := fixtureTools(b, "goodserver")
	for b.Loop() {
		q, s, e := AnalyzeQuality(ts), AnalyzeSecurity(ts), AnalyzeEfficiency(ts, DefaultEfficiencyConfig())
		Score(Compliance{Passed: 17, Total: 17}, &q, &e, &s)
	}
}

func TestAnalyzersSurviveOddTools(t *testing.T) {
	t.Parallel()
	ts := tools(t,
		`{"name":"a","inputSchema":{"type":"object","properties":{"x":true,"y":null,"z":[1,2]},"required":[1,null,"x"]}}`,
		`{"name":"b","inputSchema":{"type":"object","properties":"nope","required":"x"}}`,
		`{"name":"","description":"","inputSchema":null}`,
		`{"name":"d","description":"\ud800 lone surrogate","inputSchema":{"type":"object","properties":{"1":{},"0":{}}}}`,
	)
	q, s, e := Analyze(ts, DefaultEfficiencyConfig())
	checkAnalyzeMatchesAnalyzers(t, ts, q, s, e)
	if e.ToolCount != 4 || e.SchemaTokenEstimate <= 0 {
		t.Errorf("efficiency = %+v", e)
	}
	// x (true), y (null), z (array), "1" and "0" are all undescribed: 5 of 5.
	if len(q.Findings) == 0 || q.Findings[0].Message != "5 of 5 parameters lack descriptions (100%)" {
		t.Errorf("quality = %+v", q.Findings)
	}
	if len(s.Findings) != 0 {
		t.Errorf("security = %+v, want none", s.Findings)
	}
	// A tool built in code (no Raw) is serialised from its fields.
	built := model.Tool{Name: "built", RawDescription: "Built in code, no raw JSON", HasDescriptionField: true}
	if got := StringifyTools([]model.Tool{built}); got != `[{"name":"built","description":"Built in code, no raw JSON","inputSchema":{"type":"object"}}]` {
		t.Errorf("StringifyTools(built) = %s", got)
	}
}
