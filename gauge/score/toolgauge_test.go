package score

import "testing"

// TestToolgauge: toolgauge's health formula, including the 96 and 28 of
// its goodserver and badserver replays.
func TestToolgauge(t *testing.T) {
	t.Parallel()
	p := func(n int) *int { return &n }
	cases := []struct {
		errors, warnings     int
		selCorrect, selTotal int
		overall, lint        int
		eval                 *int
	}{
		{0, 0, 0, 0, 100, 100, nil},
		{1, 2, 0, 0, 84, 84, nil},
		{20, 0, 0, 0, 0, 0, nil},
		{0, 0, 37, 40, 96, 100, p(92)},
		{5, 53, 31, 56, 28, 0, p(55)},
		{0, 0, 0, 0, 100, 100, nil}, // only abstain cases: lint-only
		{0, 1, 5, 8, 80, 97, p(62)}, // round(79.5) = 80 (half to even)
	}
	for _, c := range cases {
		h := Toolgauge(c.errors, c.warnings, c.selCorrect, c.selTotal)
		if h.Overall != c.overall || h.LintScore != c.lint || (h.EvalScore == nil) != (c.eval == nil) || (c.eval != nil && *h.EvalScore != *c.eval) {
			t.Errorf("Toolgauge(%d,%d,%d/%d) = %+v, want overall %d lint %d eval %v", c.errors, c.warnings, c.selCorrect, c.selTotal, h, c.overall, c.lint, c.eval)
		}
	}
}
