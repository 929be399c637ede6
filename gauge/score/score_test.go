package score

import (
	"fmt"
	"math"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/compat"
)

func TestPercentRoundsHalfToEven(t *testing.T) {
	t.Parallel()
	if Percent(37, 40) != 92 || Percent(5, 8) != 62 || Percent(0, 0) != 0 {
		t.Error("Percent does not round half to even")
	}
}

func tools(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("tool_%d", i)
	}
	return out
}

func TestDesignIsSizeFair(t *testing.T) {
	t.Parallel()
	// Every tool has one warning of its own rule: a 4-tool and a 40-tool
	// server score the same.
	mk := func(n int) Input {
		in := Input{ToolNames: tools(n)}
		for i, name := range in.ToolNames {
			in.Findings = append(in.Findings, Finding{Rule: fmt.Sprintf("R%d", i), Tool: name, Severity: Warning})
		}
		return in
	}
	small, big := Compute(mk(4)), Compute(mk(40))
	if small.Part(PartDesign).Score != big.Part(PartDesign).Score {
		t.Fatalf("design not size-fair: %v vs %v", small.Part(PartDesign).Score, big.Part(PartDesign).Score)
	}
	if got := small.Part(PartDesign).Score; got != 92 {
		t.Fatalf("design = %v, want 92", got)
	}
}

func TestWorstToolWeighs(t *testing.T) {
	t.Parallel()
	in := Input{ToolNames: tools(10)}
	for i := 0; i < 4; i++ { // tool_0 gets 4 errors: 0 points
		in.Findings = append(in.Findings, Finding{Rule: fmt.Sprintf("R%d", i), Tool: "tool_0", Severity: Error})
	}
	got := Compute(in).Part(PartDesign).Score
	// mean = 90, worst = 0: 0.7*90 + 0.3*0 = 63
	if got != 63 {
		t.Fatalf("design = %v, want 63", got)
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
		{"clean, no tests", Input{ToolNames: tools(3)}, 100, false, false},
		{"all tests pass", Input{ToolNames: tools(3), Tests: []Test{{Status: "pass", Severity: "critical"}, {Status: "skip", Severity: "high"}}}, 100, false, true},
		{"not testable is not a failure", Input{ToolNames: tools(3), Tests: []Test{{Status: "pass", Severity: "low"}, {Status: "not_testable", Severity: "critical"}}}, 100, false, true},
		{"only not testable: unmeasured", Input{ToolNames: tools(3), Tests: []Test{{Status: "not_testable", Severity: "critical"}}}, 100, false, false},
		{"critical failure", Input{ToolNames: tools(3), Tests: []Test{{Status: "fail", Severity: "critical"}, {Status: "pass", Severity: "low"}}},
			// compliance = 1/5*100 = 20; selection unmeasured, so weights are /0.85
			compat.PyRound((20*0.25 + 100*0.30 + 100*0.20 + 100*0.10) / 0.85), false, true},
		{"security error caps", Input{ToolNames: tools(1), Findings: []Finding{{Tool: "tool_0", Severity: Error, Security: true}}}, 50, true, false},
		{"selection counts", Input{ToolNames: tools(1), Selection: &sel},
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
	in := Input{ToolNames: []string{"A", "B", "C", "D"}, ContextTokens: 3100}
	for i := 0; i < 6; i++ {
		in.Tests = append(in.Tests, Test{Status: "pass", Severity: "critical"})
	}
	in.Tests = append(in.Tests, Test{Status: "fail", Severity: "high"}, Test{Status: "pass", Severity: "medium"}, Test{Status: "pass", Severity: "low"})
	in.Findings = []Finding{
		{Rule: "MCP020", Tool: "A", Severity: Warning},
		{Rule: "MCP010", Tool: "B", Severity: Error}, {Rule: "MCP025", Tool: "B", Severity: Info},
		{Rule: "MCP004", Severity: Warning},
		{Rule: "SEC009", Tool: "C", Severity: Warning, Security: true},
	}
	r := Compute(in)
	want := map[string]float64{PartCompliance: 90, PartDesign: 81.8, PartSecurity: 85, PartEfficiency: 87.4}
	for name, w := range want {
		if got := r.Part(name).Score; got != w {
			t.Errorf("%s = %v, want %v", name, got, w)
		}
	}
	if r.Overall != 86 || r.Capped {
		t.Fatalf("overall = %d (capped %v), want 86", r.Overall, r.Capped)
	}
}

// TestRepeatsDiminish: one rule firing on every tool of a large server
// weighs 1/sqrt(k) for its k-th finding, so the server is not sunk by it;
// the security part counts one risk once however many tools repeat it.
func TestRepeatsDiminish(t *testing.T) {
	t.Parallel()
	in := Input{ToolNames: tools(40)}
	for _, name := range in.ToolNames {
		in.Findings = append(in.Findings, Finding{Rule: "MCP020", Tool: name, Severity: Warning},
			Finding{Rule: "SEC009", Tool: name, Severity: Warning, Security: true})
	}
	r := Compute(in)
	// Penalties 8/sqrt(k), k=1..40, mean over 40 tools; worst tool loses 8.
	sum := 0.0
	for k := 1; k <= 40; k++ {
		sum += 8 / math.Sqrt(float64(k))
	}
	want := round1(0.7*(100-sum/40) + 0.3*92)
	if got := r.Part(PartDesign).Score; got != want || got <= 92 {
		t.Errorf("design = %v, want %v (above the 92 of undiminished repeats)", got, want)
	}
	if got := r.Part(PartSecurity).Score; got != 85 {
		t.Errorf("security = %v, want 85: one distinct risk", got)
	}
}

// TestBaitAndSwitchIsASecurityError: a failed spec-bait-01 counts as a
// security error (the cap applies); resources-list-03 stays out of the
// compliance part.
func TestBaitAndSwitchIsASecurityError(t *testing.T) {
	t.Parallel()
	in := Input{ToolNames: tools(2), Tests: []Test{{ID: "spec-bait-01", Status: "fail", Severity: "critical"}, {ID: "init-01", Status: "pass", Severity: "critical"}}}
	r := Compute(in)
	if !r.Capped || r.Overall != 50 || r.Part(PartSecurity).Score != 60 {
		t.Errorf("bait-and-switch: overall %d capped %v security %v, want 50, true, 60", r.Overall, r.Capped, r.Part(PartSecurity).Score)
	}
	in = Input{ToolNames: tools(2), Tests: []Test{{ID: "resources-list-03", Status: "fail", Severity: "low"}, {ID: "init-01", Status: "pass", Severity: "critical"}}}
	if got := Compute(in).Part(PartCompliance).Score; got != 100 {
		t.Errorf("compliance = %v, want 100: resources-list-03 is not in mcpgauge's compliance part", got)
	}
}
