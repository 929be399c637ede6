package lint

import (
	"strings"
	"testing"
)

// TestPreciseRelativeKindSentences holds the sentence reading of
// preciseRelativeKind after its sentence ends became one pass: a refused
// sentence with many hits stays refused, an offer in another sentence is
// still read, and a default's lead still keeps a value from being offered.
func TestPreciseRelativeKindSentences(t *testing.T) {
	t.Parallel()
	refused := "RFC3339. " + strings.Repeat("or now-1h ", 3000) + "is not accepted."
	cases := []struct {
		name, desc string
		want       bool
	}{
		{"a long refused sentence", refused, false},
		{"an offer after it", refused + " Otherwise RFC3339 or now-1h works.", true},
		{"an offer before it", "RFC3339 or now-1h. " + refused, true},
		{"a default only", "RFC3339 timestamp. Default: now-1h", false},
		{"an offer", "RFC3339 or relative like now-1h", true},
	}
	for _, c := range cases {
		if got := preciseRelativeKind(c.desc); got != c.want {
			t.Errorf("%s: preciseRelativeKind = %v, want %v", c.name, got, c.want)
		}
	}
}

// BenchmarkPreciseRelativeKindHostile is 78 KB of one refused sentence
// repeating an offset: 2 min 4 s before the sentence ends were found once,
// about 0.13 s after, on the 2-core machine.
func BenchmarkPreciseRelativeKindHostile(b *testing.B) {
	desc := "RFC3339 " + strings.Repeat("or now-1h ", 8000) + "is not accepted"
	for b.Loop() {
		preciseRelativeKind(desc)
	}
}
