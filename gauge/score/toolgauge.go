package score

import "github.com/mcpgauge/mcpgauge/internal/compat"

// ToolgaugeHealth is mcp-toolgauge's 0-100 health score and its two halves.
type ToolgaugeHealth struct {
	Overall   int
	LintScore int
	// EvalScore is nil for a lint-only run.
	EvalScore *int
	Errors    int
	Warnings  int
}

// LintOnly reports whether no selection was measured.
func (h ToolgaugeHealth) LintOnly() bool { return h.EvalScore == nil }

// LintScore is toolgauge's lint half: clamp(100 - 10*errors - 3*warnings, 0, 100).
func LintScore(errors, warnings int) int {
	return int(clamp(float64(100-10*errors-3*warnings), 0, 100))
}

// Toolgauge is toolgauge's health formula: the lint score alone, or, when an
// eval ran with at least one selection case (selTotal > 0),
// round(0.5*lint + 0.5*selection%) rounded half to even, the selection
// percentage itself rounded half to even.
func Toolgauge(errors, warnings, selCorrect, selTotal int) ToolgaugeHealth {
	h := ToolgaugeHealth{LintScore: LintScore(errors, warnings), Errors: errors, Warnings: warnings}
	h.Overall = h.LintScore
	if selTotal > 0 {
		p := Percent(selCorrect, selTotal)
		h.EvalScore = &p
		h.Overall = compat.PyRound(0.5*float64(h.LintScore) + 0.5*float64(p))
	}
	return h
}
