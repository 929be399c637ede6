package qualitygate

import "github.com/mcpgauge/mcpgauge/internal/compat"

// Compliance is the summary of quality-gate's 17 compliance tests.
type Compliance struct {
	Passed, Failed, Errors, Skipped, Total int
}

// Ran is the number of tests that ran (total minus skipped); failed and
// errored tests count as run.
func (c Compliance) Ran() int { return c.Total - c.Skipped }

// Maximum points per dimension.
const (
	MaxCompliance = 40
	MaxQuality    = 25
	MaxEfficiency = 15
	MaxSecurity   = 20
)

// ScoreResult is quality-gate's 0–100 score with its parts.
type ScoreResult struct {
	// Score is Math.round of the unrounded sum of the parts; 0 when no test ran.
	Score int `json:"score"`
	// Compliance is passed/ran×40, unrounded (0 when no test ran).
	Compliance float64 `json:"compliance"`
	// ComplianceShown is the console breakdown's separately rounded
	// compliance, so the shown parts may not add up to Score.
	ComplianceShown int `json:"complianceShown"`
	// Quality, Efficiency and Security are the dimension points; a skipped
	// analyzer (nil report) contributes 0.
	Quality    int `json:"quality"`
	Efficiency int `json:"efficiency"`
	Security   int `json:"security"`
	// NoTestsRan is true when every test was skipped, which forces Score to 0.
	NoTestsRan bool `json:"noTestsRan"`
}

// QualityPoints is max(0, 25 − 5×critical − 2×warning).
func QualityPoints(q *Quality) int {
	if q == nil {
		return 0
	}
	c, w := q.Counts()
	return max(0, MaxQuality-5*c-2*w)
}

// EfficiencyPoints is max(0, 15 − 8×critical − 3×warning).
func EfficiencyPoints(e *Efficiency) int {
	if e == nil {
		return 0
	}
	c, w := e.Counts()
	return max(0, MaxEfficiency-8*c-3*w)
}

// SecurityPoints is max(0, 20 − 10×critical − 5×warning).
func SecurityPoints(s *Security) int {
	if s == nil {
		return 0
	}
	c, w := s.Counts()
	return max(0, MaxSecurity-10*c-5*w)
}

// Score computes quality-gate's score. Pass nil for an analyzer that was
// skipped (--skip-quality and friends): it then contributes 0 points.
func Score(c Compliance, q *Quality, e *Efficiency, s *Security) ScoreResult {
	r := ScoreResult{Quality: QualityPoints(q), Efficiency: EfficiencyPoints(e), Security: SecurityPoints(s)}
	ran := c.Ran()
	if ran <= 0 {
		r.NoTestsRan = true
		return r
	}
	r.Compliance = float64(c.Passed) / float64(ran) * MaxCompliance
	r.ComplianceShown = int(compat.JSRound(r.Compliance))
	r.Score = int(compat.JSRound(r.Compliance + float64(r.Quality) + float64(r.Efficiency) + float64(r.Security)))
	return r
}
