// Package score computes mcpgauge score v1 from a scan's parts. Python's
// and JavaScript's rounding live in internal/compat.
package score

import (
	"math"

	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// Percent is round(correct/total*100) with Python rounding, and 0 when total is 0.
func Percent(correct, total int) int {
	if total == 0 {
		return 0
	}
	return compat.PyRound(float64(correct) / float64(total) * 100)
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }
