package lint

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// srfWordBefore and srfToolAfter must answer exactly as the whole-string
// regexps they bound, including where (?i) folds the Kelvin sign and the
// long s onto ASCII letters and where a window edge would cut a rune.
func TestSRFWindowsMatchWholeRegexps(t *testing.T) {
	t.Parallel()
	pieces := []string{"call", "calling", "USE", "uses", "invo\u212Aing", "invokes", "u\u017Fe", "the", "via", "with",
		"recall", "runs", "tool", "tools", "TOOL\u017F", "toolbox", "(", " ", "  ", "\t", "\n", "\v", "\u00a0", "\u3000",
		"x", "_", "é", "日本", "`", "-", ".", "\u212A", "\u017F", "9", "lorem ipsum dolor sit amet, ", "Ⅻ   \t "}
	rng := rand.New(rand.NewPCG(3, 4))
	before, after, matched := 0, 0, 0
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		// Also try every byte cut, so windows start and end inside runes.
		for cut := 0; cut <= len(s); cut += 1 + rng.IntN(4) {
			head, tail := s[:cut], s[cut:]
			if got, want := srfWordBefore(head), srfPrevWord.FindStringSubmatch(head); !cmp.Equal(got, want) {
				t.Errorf("srfWordBefore(%q) = %q, want %q", head, got, want)
			} else if want != nil {
				before++
			}
			if got, want := srfToolAfter(tail), srfNextWord.MatchString(tail); got != want {
				t.Errorf("srfToolAfter(%q) = %v, want %v", tail, got, want)
			} else if want {
				after++
			}
			matched++
		}
	}
	if before < 1000 || after < 1000 {
		t.Fatalf("only %d word-before and %d tool-after matches in %d cases; the generator no longer exercises the windows", before, after, matched)
	}
}
