package score

import (
	"fmt"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/compat"
)

func TestPercentRoundsHalfToEven(t *testing.T) {
	t.Parallel()
	if Percent(37, 40) != 92 || Percent(5, 8) != 62 || Percent(0, 0) != 0 {
		t.Error("Percent does not round half to even")
	}
}

// hinted gives tool_0 … tool_{n-1} behaviour hints that claim nothing.
func hinted(n int) map[string]Hints {
	return hintedNames(tools(n)...)
}

func hintedNames(names ...string) map[string]Hints {
	out := make(map[string]Hints, len(names))
	for _, n := range names {
		out[n] = Hints{}
	}
	return out
}

// partCase is one input and the score one part must give it.
type partCase struct {
	name string
	in   Input
	want float64
}

// checkParts computes each case and holds the named part to its want.
func checkParts(t *testing.T, part string, cases []partCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := Compute(c.in).Part(part).Score; got != c.want {
				t.Errorf("%s = %v, want %v", part, got, c.want)
			}
		})
	}
}

func tools(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("tool_%d", i)
	}
	return out
}

// TestDesignIsSizeNeutral: design costs the share of the server a rule
// hits, so twenty unannotated tools of twenty cost what two of two do, and
// half of a large server what half of a small one does.
func TestDesignIsSizeNeutral(t *testing.T) {
	t.Parallel()
	mk := func(n, bad int) Input {
		in := Input{ToolNames: tools(n), Hints: hinted(n)}
		for _, name := range in.ToolNames[:bad] {
			in.Findings = append(in.Findings, Finding{Rule: "MCP041", Tool: name, Severity: Warning})
		}
		return in
	}
	cases := []struct {
		name       string
		small, big Input
		want       float64
	}{
		{"every tool", mk(2, 2), mk(20, 20), 92},
		{"half the tools", mk(2, 1), mk(20, 10), round1(100 - 8*(0.3+0.7*0.5))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			small, big := Compute(c.small).Part(PartDesign).Score, Compute(c.big).Part(PartDesign).Score
			if small != big || small != c.want {
				t.Fatalf("design %v (small) vs %v (big), want both %v", small, big, c.want)
			}
		})
	}
}

// TestOneBadToolShows: a rule on one tool of a hundred still costs its
// presence, and a parameter rule costs the share of parameters it hits.
func TestOneBadToolShows(t *testing.T) {
	t.Parallel()
	in := Input{ToolNames: tools(100), Hints: hinted(100), Params: 200, Findings: []Finding{{Rule: "MCP040", Tool: "tool_0", Severity: Error}}}
	// MCP040 also says tool_0's hints leave destructiveHint unset: it
	// counts as unhinted in the annotation coverage term.
	if got, want := Compute(in).Part(PartDesign).Score, round1(100-20*(0.3+0.7*0.01)-annotationCoverage/100); got != want {
		t.Errorf("one error on one tool of 100: design %v, want %v", got, want)
	}
	in = Input{ToolNames: tools(2), Hints: hinted(2), Params: 10}
	for i := 0; i < 5; i++ {
		in.Findings = append(in.Findings, Finding{Rule: "MCP020", Tool: "tool_0", Parameter: fmt.Sprintf("p%d", i), Severity: Warning})
	}
	if got, want := Compute(in).Part(PartDesign).Score, round1(100-8*(0.3+0.7*0.5)); got != want {
		t.Errorf("5 of 10 parameters undescribed: design %v, want %v", got, want)
	}
}

// TestCoverageTerms: design costs the share of tools that declare no
// behaviour hint (15 for none) and the share whose description does not
// describe them (15 for all), whatever the server's size.
func TestCoverageTerms(t *testing.T) {
	t.Parallel()
	checkParts(t, PartDesign, []partCase{
		{"none annotated", Input{ToolNames: tools(20)}, 85},
		{"half annotated", Input{ToolNames: tools(2), Hints: hinted(1)}, 92.5},
		{"one poor description of four", Input{ToolNames: tools(4), Hints: hinted(4), Findings: []Finding{{Rule: "MCP011", Tool: "tool_0", Severity: Info}}},
			round1(100 - 15*0.25 - 1.5*(0.3+0.7*0.25))},
	})
}

// TestSizeRulesStayOutOfDesign: the tool count and context budget rules
// are priced by efficiency, not design.
func TestSizeRulesStayOutOfDesign(t *testing.T) {
	t.Parallel()
	in := Input{ToolNames: tools(60), Hints: hinted(60), Findings: []Finding{{Rule: "QG011", Severity: Error}, {Rule: "MCP051", Severity: Warning}, {Rule: "MCP052", Severity: Warning}}}
	if got := Compute(in).Part(PartDesign).Score; got != 100 {
		t.Errorf("design = %v, want 100", got)
	}
}

// TestPairCostsBothTools: a pair finding's related tool counts in the share.
func TestPairCostsBothTools(t *testing.T) {
	t.Parallel()
	in := Input{ToolNames: tools(4), Hints: hinted(4), Findings: []Finding{{Rule: "MCP013", Tool: "tool_0", Related: []string{"tool_1"}, Severity: Warning}}}
	if got, want := Compute(in).Part(PartDesign).Score, round1(100-8*(0.3+0.7*0.5)); got != want {
		t.Errorf("design = %v, want %v", got, want)
	}
}

func TestPartsAndOverall(t *testing.T) {
	t.Parallel()
	sel := 0.5
	cases := []struct {
		name      string
		in        Input
		overall   int
		capped    bool
		complMeas bool
	}{
		{"clean, no tests", Input{ToolNames: tools(3), Hints: hinted(3)}, 100, false, false},
		{"all tests pass", Input{ToolNames: tools(3), Hints: hinted(3), Tests: []Test{{Status: "pass", Severity: "critical"}, {Status: "skip", Severity: "high"}}}, 100, false, true},
		{"not testable is not a failure", Input{ToolNames: tools(3), Hints: hinted(3), Tests: []Test{{Status: "pass", Severity: "low"}, {Status: "not_testable", Severity: "critical"}}}, 100, false, true},
		{"only not testable: unmeasured", Input{ToolNames: tools(3), Hints: hinted(3), Tests: []Test{{Status: "not_testable", Severity: "critical"}}}, 100, false, false},
		{"critical failure", Input{ToolNames: tools(3), Hints: hinted(3), Tests: []Test{{Status: "fail", Severity: "critical"}, {Status: "pass", Severity: "low"}}},
			// compliance = 1/5*100 = 20; selection unmeasured, so weights are /0.85
			compat.PyRound((20*0.25 + 100*0.30 + 100*0.20 + 100*0.10) / 0.85), false, true},
		{"security error caps", Input{ToolNames: tools(1), Hints: hinted(1), Findings: []Finding{{Tool: "tool_0", Severity: Error, Security: true}}}, 50, true, false},
		{"selection counts", Input{ToolNames: tools(1), Hints: hinted(1), Selection: &sel},
			compat.PyRound(100*(0.30+0.20+0.10)/0.75 + 50*0.15/0.75), false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := Compute(c.in)
			if r.Overall != c.overall || r.Capped != c.capped {
				t.Fatalf("overall=%d capped=%v, want %d %v (parts %+v)", r.Overall, r.Capped, c.overall, c.capped, r.Parts)
			}
			if r.Part(PartCompliance).Measured != c.complMeas {
				t.Fatalf("compliance measured = %v", r.Part(PartCompliance).Measured)
			}
			w := 0.0
			for _, p := range r.Parts {
				w += p.Weight
			}
			if w < 0.999 || w > 1.001 {
				t.Fatalf("weights sum to %v", w)
			}
		})
	}
}

func TestEfficiency(t *testing.T) {
	t.Parallel()
	cases := []struct {
		tokens int
		want   float64
	}{{0, 100}, {2000, 100}, {4000, 80}, {8000, 60}, {16000, 40}, {32000, 20}, {64000, 0}, {500000, 0}}
	for _, c := range cases {
		if got := efficiencyPart(c.tokens).Score; got != c.want {
			t.Errorf("efficiency(%d) = %v, want %v", c.tokens, got, c.want)
		}
	}
}

// TestWorkedExample reproduces the worked example in docs/scoring.md.
func TestWorkedExample(t *testing.T) {
	t.Parallel()
	in := Input{ToolNames: []string{"A", "B", "C", "D"}, Hints: hintedNames("A", "B", "C", "D"), Params: 4, ContextTokens: 3100}
	for i := 0; i < 6; i++ {
		in.Tests = append(in.Tests, Test{Status: "pass", Severity: "critical"})
	}
	in.Tests = append(in.Tests, Test{Status: "fail", Severity: "high"}, Test{Status: "pass", Severity: "medium"}, Test{Status: "pass", Severity: "low"})
	in.Findings = []Finding{
		{Rule: "MCP020", Tool: "A", Parameter: "q", Severity: Warning},
		{Rule: "MCP010", Tool: "B", Severity: Error}, {Rule: "MCP025", Tool: "B", Severity: Info},
		{Rule: "MCP004", Severity: Warning},
		{Rule: "SEC009", Tool: "C", Severity: Warning, Security: true},
	}
	r := Compute(in)
	want := map[string]float64{PartCompliance: 90, PartDesign: 74.2, PartSecurity: 80, PartEfficiency: 87.4}
	for name, w := range want {
		if got := r.Part(name).Score; got != w {
			t.Errorf("%s = %v, want %v", name, got, w)
		}
	}
	if r.Overall != 82 || r.Capped {
		t.Fatalf("overall = %d (capped %v), want 82", r.Overall, r.Capped)
	}
}

// TestRisksCountOnce: the security part counts each risk once per server,
// however many tools and rules show it; info costs nothing; an execution
// surface at warning costs 5.
func TestRisksCountOnce(t *testing.T) {
	t.Parallel()
	many := Input{ToolNames: tools(40), Hints: hinted(40)}
	for _, name := range many.ToolNames {
		many.Findings = append(many.Findings, Finding{Rule: "SEC009", Tool: name, Severity: Warning, Security: true})
	}
	checkParts(t, PartSecurity, []partCase{
		{"one rule on forty tools", many, 80},
		{"two rules, one risk", Input{ToolNames: tools(1), Hints: hinted(1), Findings: []Finding{
			{Rule: "SEC001", Tool: "tool_0", Severity: Error, Security: true}, {Rule: "SEC002", Tool: "tool_0", Severity: Error, Security: true}}}, 60},
		{"two risks", Input{ToolNames: tools(1), Findings: []Finding{
			{Rule: "SEC004", Tool: "tool_0", Severity: Warning, Security: true}, {Rule: "SEC010", Tool: "tool_0", Severity: Warning, Security: true}}}, 60},
		{"info is not proof", Input{ToolNames: tools(1), Hints: hinted(1), Findings: []Finding{{Rule: "SEC009", Tool: "tool_0", Severity: Info, Security: true}}}, 100},
		{"execution surface", Input{ToolNames: tools(2), Hints: hinted(2), Findings: []Finding{
			{Rule: "SEC011", Tool: "tool_0", Severity: Warning, Security: true}, {Rule: "SEC011", Tool: "tool_1", Severity: Warning, Security: true}}}, 95},
	})
}

// TestComplianceByRootCause: failures sharing a cause count once, at the
// heaviest weight among them; a status other than pass, fail or error
// (skip, not testable) does not count.
func TestComplianceByRootCause(t *testing.T) {
	t.Parallel()
	pass := Test{Status: "pass", Severity: "critical"}
	cause := "method-not-found resources/list"
	cases := []struct {
		name  string
		tests []Test
		want  float64
	}{
		{"five failures, one cause", []Test{pass, pass,
			{Status: "fail", Severity: "high", Cause: cause}, {Status: "fail", Severity: "medium", Cause: cause},
			{Status: "fail", Severity: "low", Cause: cause}, {Status: "error", Severity: "medium", Cause: cause}, {Status: "fail", Severity: "high", Cause: cause}},
			round1(8.0 / 11 * 100)},
		{"no cause, each counts", []Test{pass, {Status: "fail", Severity: "high"}, {Status: "fail", Severity: "high"}}, 40},
		{"not testable does not count", []Test{pass, {Status: "untestable", Severity: "high"}, {Status: "skip", Severity: "high"}}, 100},
		// One reply to an unknown tool (isError: true): quality-gate's
		// tools-call-02 passes it, spec-tools-01 fails it; only the spec's
		// verdict counts here.
		{"one reply, one verdict", []Test{pass, {ID: "tools-call-02", Status: "pass", Severity: "high"}, {ID: "spec-tools-01", Status: "fail", Severity: "medium"}},
			round1(complianceCritical / (complianceCritical + complianceMedium) * 100)},
		// Two failures the TypeScript SDK gives every server on it count
		// once, at complianceSDK, whatever their severity.
		{"an SDK's defaults count once and little", []Test{pass,
			{ID: "spec-tools-01", Status: "fail", Severity: "medium", SDK: "ts"}, {ID: "spec-pagination-01", Status: "fail", Severity: "low", SDK: "ts"}},
			round1(complianceCritical / (complianceCritical + complianceSDK) * 100)},
		{"the server's own failure still weighs in full", []Test{pass,
			{ID: "spec-tools-01", Status: "fail", Severity: "medium", SDK: "ts"}, {ID: "spec-method-01", Status: "fail", Severity: "medium"}},
			round1(complianceCritical / (complianceCritical + complianceSDK + complianceMedium) * 100)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := Compute(Input{ToolNames: tools(1), Hints: hinted(1), Tests: c.tests}).Part(PartCompliance).Score; got != c.want {
				t.Errorf("compliance = %v, want %v", got, c.want)
			}
		})
	}
}

// TestBaitAndSwitchIsASecurityError: a failed spec-bait-01 counts as a
// security error (the cap applies); resources-list-03 stays out of the
// compliance part.
func TestBaitAndSwitchIsASecurityError(t *testing.T) {
	t.Parallel()
	in := Input{ToolNames: tools(2), Hints: hinted(2), Tests: []Test{{ID: "spec-bait-01", Status: "fail", Severity: "critical"}, {ID: "init-01", Status: "pass", Severity: "critical"}}}
	r := Compute(in)
	if !r.Capped || r.Overall != 50 || r.Part(PartSecurity).Score != 60 {
		t.Errorf("bait-and-switch: overall %d capped %v security %v, want 50, true, 60", r.Overall, r.Capped, r.Part(PartSecurity).Score)
	}
	in = Input{ToolNames: tools(2), Hints: hinted(2), Tests: []Test{{ID: "resources-list-03", Status: "fail", Severity: "low"}, {ID: "init-01", Status: "pass", Severity: "critical"}}}
	if got := Compute(in).Part(PartCompliance).Score; got != 100 {
		t.Errorf("compliance = %v, want 100: resources-list-03 is not in mcpgauge's compliance part", got)
	}
}

// TestFalseHints: a tool whose hints a finding at warning or error
// contradicts counts falseHintWeight times in the annotation coverage
// term (a client trusts a false hint; a tool without hints is confirmed);
// info is not proof, and an execution surface contradicts only a
// read-only or non-destructive claim.
func TestFalseHints(t *testing.T) {
	t.Parallel()
	claims := func(h Hints) map[string]Hints {
		out := hinted(4)
		out["tool_0"] = h
		return out
	}
	on0 := func(rule string, sev Severity) []Finding {
		return []Finding{{Rule: rule, Tool: "tool_0", Severity: sev, Security: rule == "SEC011" || rule == "SEC012"}}
	}
	// The rule's own design cost, where it has one (security rules have none).
	own := func(sev Severity) float64 {
		return penalty(sev, designErrorCost, designWarningCost, designInfoCost) * (designPresence + (1-designPresence)*0.25)
	}
	checkParts(t, PartDesign, []partCase{
		{"a contradicted hint", Input{ToolNames: tools(4), Hints: hinted(4), Findings: on0("SEC012", Warning)}, round1(100 - 15*2.0/4)},
		{"a destructive tool whose hints leave destructiveHint unset: incomplete, counted as unhinted", Input{ToolNames: tools(4), Hints: hinted(4), Findings: on0("MCP040", Error)},
			round1(100 - 15*1.0/4 - own(Error))},
		{"a destructive tool that claims to be non-destructive", Input{ToolNames: tools(4), Hints: claims(Hints{NonDestructive: true}), Findings: on0("QG009", Warning)},
			round1(100 - 15*2.0/4 - own(Warning))},
		{"a destructive tool that claims to be read-only", Input{ToolNames: tools(4), Hints: claims(Hints{ReadOnly: true}), Findings: on0("MCP040", Error)},
			round1(100 - 15*2.0/4 - own(Error))},
		{"info is not proof", Input{ToolNames: tools(4), Hints: hinted(4), Findings: on0("MCP040", Info)}, round1(100 - own(Info))},
		{"no hints: counted once, as unhinted", Input{ToolNames: tools(4), Hints: hintedNames("tool_1", "tool_2", "tool_3"), Findings: on0("MCP040", Error)},
			round1(100 - 15*1.0/4 - own(Error))},
		{"an execution surface that claims to be non-destructive", Input{ToolNames: tools(4), Hints: claims(Hints{NonDestructive: true}), Findings: on0("SEC011", Warning)},
			round1(100 - 15*2.0/4)},
		{"an execution surface that claims to be read-only", Input{ToolNames: tools(4), Hints: claims(Hints{ReadOnly: true}), Findings: on0("SEC011", Warning)},
			round1(100 - 15*2.0/4)},
		{"an execution surface that claims nothing", Input{ToolNames: tools(4), Hints: hinted(4), Findings: on0("SEC011", Warning)}, 100},
	})
}

// TestSDKDefaultHints: hints an SDK stamped on every tool (v5) cover
// nothing: each such tool counts once, as a tool without hints, and one a
// finding contradicts still counts falseHintWeight times.
func TestSDKDefaultHints(t *testing.T) {
	t.Parallel()
	stamped := func(n int) map[string]Hints {
		out := hinted(n)
		for k := range out {
			out[k] = Hints{SDKDefault: true}
		}
		return out
	}
	checkParts(t, PartDesign, []partCase{
		{"every hint stamped by the SDK: no coverage", Input{ToolNames: tools(4), Hints: stamped(4)}, round1(100 - 15*4.0/4)},
		{"the author's own hints: full coverage", Input{ToolNames: tools(4), Hints: hinted(4)}, 100},
		{"a stamped read marked destructive: counted twice", Input{ToolNames: tools(4), Hints: stamped(4),
			Findings: []Finding{{Rule: "SEC012", Tool: "tool_0", Severity: Warning, Security: true}}}, round1(100 - 15*(2.0+3.0)/4)},
	})
}

// TestDisclosedRisks: a call-time risk whose every finding at warning sits
// on a tool with honest hints that does not claim to be read-only costs
// secDisclosedPenalty; anywhere else, or from a rule that acts when the
// tool is listed, it costs secWarningPenalty; an error costs
// secErrorPenalty whatever the hints.
func TestDisclosedRisks(t *testing.T) {
	t.Parallel()
	sec := func(rule, tool string, sev Severity) Finding {
		return Finding{Rule: rule, Tool: tool, Severity: sev, Security: true}
	}
	readOnly := hinted(2)
	readOnly["tool_0"] = Hints{ReadOnly: true}
	checkParts(t, PartSecurity, []partCase{
		{"secret argument on a hinted tool", Input{ToolNames: tools(2), Hints: hinted(2), Findings: []Finding{sec("SEC014", "tool_0", Warning)}}, 90},
		{"secret argument on an unhinted tool", Input{ToolNames: tools(2), Hints: hintedNames("tool_1"), Findings: []Finding{sec("SEC014", "tool_0", Warning)}}, 80},
		{"returned credential on a read-only tool", Input{ToolNames: tools(2), Hints: readOnly, Findings: []Finding{sec("SEC010", "tool_0", Warning)}}, 80},
		{"access grant on a tool whose hints are false", Input{ToolNames: tools(2), Hints: hinted(2), Findings: []Finding{
			sec("SEC017", "tool_0", Warning), {Rule: "MCP040", Tool: "tool_0", Severity: Error}}}, 80},
		{"one risk, one finding undisclosed", Input{ToolNames: tools(2), Hints: hintedNames("tool_0"), Findings: []Finding{
			sec("SEC014", "tool_0", Warning), sec("SEC016", "tool_1", Warning)}}, 80},
		{"a listing-time rule in the risk", Input{ToolNames: tools(2), Hints: hinted(2), Findings: []Finding{
			sec("SEC010", "tool_0", Warning), sec("SEC008", "tool_1", Warning)}}, 80},
		{"steering is never disclosed", Input{ToolNames: tools(2), Hints: hinted(2), Findings: []Finding{sec("SEC004", "tool_0", Warning)}}, 80},
		{"an info finding elsewhere does not matter", Input{ToolNames: tools(2), Hints: hintedNames("tool_0"), Findings: []Finding{
			sec("SEC014", "tool_0", Warning), sec("SEC014", "tool_1", Info)}}, 90},
		{"an error is an error", Input{ToolNames: tools(2), Hints: hinted(2), Findings: []Finding{sec("SEC010", "tool_0", Error)}}, 60},
	})
}
