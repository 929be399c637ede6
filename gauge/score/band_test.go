package score

import (
	"math"
	"testing"
)

// TestBandOf pins the one colour scale at each band's edges: the badge
// colour and the pull-request comment's light come from the same band.
func TestBandOf(t *testing.T) {
	t.Parallel()
	cases := []struct {
		score               float64
		color, light, grade string
	}{
		{100, "brightgreen", "🟢", "A"}, {90, "brightgreen", "🟢", "A"}, {89, "green", "🟢", "B"}, {75, "green", "🟢", "B"},
		{74, "yellowgreen", "🟡", "C"}, {60, "yellowgreen", "🟡", "C"}, {59, "yellow", "🟡", "D"}, {45, "yellow", "🟡", "D"},
		{44, "orange", "🔴", "E"}, {30, "orange", "🔴", "E"}, {29, "red", "🔴", "F"}, {0, "red", "🔴", "F"},
		{-1, "red", "🔴", "F"}, {math.NaN(), "red", "🔴", "F"},
	}
	for _, c := range cases {
		if b := BandOf(c.score); b.Color != c.color || b.Light != c.light || b.Grade != c.grade {
			t.Errorf("BandOf(%v) = %s %s %s, want %s %s %s", c.score, b.Color, b.Light, b.Grade, c.color, c.light, c.grade)
		}
	}
}
