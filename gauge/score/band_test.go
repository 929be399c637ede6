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
		score        float64
		color, light string
	}{
		{100, "brightgreen", "🟢"}, {90, "brightgreen", "🟢"}, {89, "green", "🟢"}, {75, "green", "🟢"},
		{74, "yellowgreen", "🟡"}, {60, "yellowgreen", "🟡"}, {59, "yellow", "🟡"}, {45, "yellow", "🟡"},
		{44, "orange", "🔴"}, {30, "orange", "🔴"}, {29, "red", "🔴"}, {0, "red", "🔴"},
		{-1, "red", "🔴"}, {math.NaN(), "red", "🔴"},
	}
	for _, c := range cases {
		if b := BandOf(c.score); b.Color != c.color || b.Light != c.light {
			t.Errorf("BandOf(%v) = %s %s, want %s %s", c.score, b.Color, b.Light, c.color, c.light)
		}
	}
}
