package scan

import (
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// TestQualityGateNotTestable: a quality-gate test the scanner's environment
// kept from running is out of quality-gate's denominator (as a skip), so it
// costs the score nothing, while a failure does.
func TestQualityGateNotTestable(t *testing.T) {
	t.Parallel()
	qgResult := func(id string, st compliance.Status) compliance.TestResult {
		return compliance.TestResult{ID: id, Origin: compliance.OriginQualityGate, Result: compliance.Result{Status: st}}
	}
	cases := []struct {
		name               string
		second             compliance.Status
		wantRan, wantPass  int
		wantComplianceFull bool
	}{
		{"not testable", compliance.StatusNotTestable, 1, 1, true},
		{"skip", compliance.StatusSkip, 1, 1, true},
		{"fail", compliance.StatusFail, 2, 1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cr := &compliance.Report{Results: []compliance.TestResult{qgResult("tools-list-01", compliance.StatusPass), qgResult("tools-call-01", c.second)}}
			qg := qualityGate(&model.Snapshot{}, cr)
			if got := qg.Compliance.Ran(); got != c.wantRan || qg.Compliance.Passed != c.wantPass {
				t.Errorf("ran %d passed %d, want %d %d", got, qg.Compliance.Passed, c.wantRan, c.wantPass)
			}
			if full := qg.Score.Compliance == 40; full != c.wantComplianceFull {
				t.Errorf("compliance %v of 40, want full=%v", qg.Score.Compliance, c.wantComplianceFull)
			}
		})
	}
}
