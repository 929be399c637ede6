// Package score computes mcpgauge score v1 from a scan's parts, plus the
// rounding helpers the reference scores need (Python's half-to-even and
// JavaScript's Math.round).
package score

import "math"

// PyRound rounds like Python 3's round(x): halves go to the even neighbour.
func PyRound(x float64) int { return int(math.RoundToEven(x)) }

// JSRound rounds like JavaScript's Math.round: halves go up (towards +Inf).
func JSRound(x float64) int { return int(math.Floor(x + 0.5)) }

// Percent is round(correct/total*100) with Python rounding, and 0 when total is 0.
func Percent(correct, total int) int {
	if total == 0 {
		return 0
	}
	return PyRound(float64(correct) / float64(total) * 100)
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }
