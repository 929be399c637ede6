package lint

import (
	"strings"
	"testing"
)

// TestSaysItIsLegacyLinear counts the bytes saysItIsLegacy hands to the
// "legacy" word scan for a description of n and 2n sentences that each say
// the tool is not needed. The scan must read the description once, not
// once per such sentence (review27 item 1: 421 KB took two minutes).
func TestSaysItIsLegacyLinear(t *testing.T) {
	scanned := 0
	old := legacyHasWord
	legacyHasWord = func(s string) bool {
		scanned += len(s)
		return old(s)
	}
	defer func() { legacyHasWord = old }()
	work := func(n int) int {
		scanned = 0
		if saysItIsLegacy(strings.Repeat("You do not need this tool. ", n)) {
			t.Fatalf("n=%d: no legacy word, yet read as legacy", n)
		}
		return scanned
	}
	n := 200
	w1, w2 := work(n), work(2*n)
	if w1 == 0 || w2 > 3*w1 {
		t.Errorf("legacy word scan read %d bytes for %d sentences and %d for %d: not linear", w1, n, w2, 2*n)
	}
	if !saysItIsLegacy(strings.Repeat("You do not need this tool. ", 3) + "It serves the legacy path.") {
		t.Errorf("legacy word with a not-needed sentence: want legacy")
	}
}
