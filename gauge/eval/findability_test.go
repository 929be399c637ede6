package eval_test

import (
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
)

// TestFindabilityAlone: goodserver's 40 selection prompts ranked over its
// own tools (the ecosystem package ranks them over a whole sweep).
func TestFindabilityAlone(t *testing.T) {
	t.Parallel()
	snap, suite, _ := loadFixture(t, "goodserver")
	f := eval.MeasureFindability(snap.Tools, suite)
	if f.RecallAt1.Total != 40 || len(f.Cases) != 40 {
		t.Fatalf("measured %d cases, want goodserver's 40 selection cases", f.RecallAt1.Total)
	}
	if f.RecallAt1.Correct == 0 || f.RecallAt5.Correct < f.RecallAt1.Correct || f.RecallAt5.Correct > 40 {
		t.Fatalf("recall@1 %+v, recall@5 %+v", f.RecallAt1, f.RecallAt5)
	}
	for _, c := range f.Cases {
		if c.Rank == 1 && c.Top != c.Expected {
			t.Errorf("case %s ranked first but the top tool is %s", c.CaseID, c.Top)
		}
	}
	t.Logf("goodserver alone: recall@1 %d%% recall@5 %d%%", f.RecallAt1.Percent(), f.RecallAt5.Percent())
}
