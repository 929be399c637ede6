package eval_test

import (
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/schema"
)

// TestSummaryKeepsEveryConfusionCell: the result document keeps the
// diagonal (right tool) and "called nothing" cells too, so a local scan's
// --json and a worker's stored result carry the same matrix. The old local
// summary dropped both.
func TestSummaryKeepsEveryConfusionCell(t *testing.T) {
	t.Parallel()
	pos := func(id, want string) eval.Case { return eval.Case{ID: id, Kind: eval.Positive, Expected: want} }
	outcomes := []eval.Outcome{
		{Case: pos("a1", "read"), Called: true, Selected: "read"},
		{Case: pos("a2", "read"), Called: true, Selected: "read"},
		{Case: pos("a3", "read"), Called: true, Selected: "write"},
		{Case: pos("b1", "write")},
	}
	res := &eval.Result{Model: "m", Outcomes: outcomes, Scores: eval.Score(outcomes)}
	sum := eval.Summary(res)

	want := map[schema.EvalConfusion]bool{}
	for _, o := range outcomes {
		chosen := o.Selected
		if !o.Called {
			chosen = ""
		}
		n := 0
		for _, p := range outcomes {
			if p.Case.Expected == o.Case.Expected && p.Selected == o.Selected && p.Called == o.Called {
				n++
			}
		}
		want[schema.EvalConfusion{Expected: o.Case.Expected, Chosen: chosen, Count: n}] = true
	}
	got := map[schema.EvalConfusion]bool{}
	for _, c := range sum.Confusion {
		got[c] = true
	}
	if len(got) != len(want) || len(sum.Confusion) != len(want) {
		t.Fatalf("confusion = %+v, want the %d cells %+v", sum.Confusion, len(want), want)
	}
	for c := range want {
		if !got[c] {
			t.Errorf("confusion lacks %+v (got %+v)", c, sum.Confusion)
		}
	}
	if sum.Model != "m" || sum.SelectionTotal != len(outcomes) || sum.SelectionCorrect != 2 {
		t.Errorf("summary = %+v, want model m and 2 of %d selections right", sum, len(outcomes))
	}
	if len(sum.PerTool) != 2 {
		t.Errorf("per-tool = %+v, want read and write", sum.PerTool)
	}
}
