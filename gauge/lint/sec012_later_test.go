package lint

import (
	"strings"
	"testing"
)

// TestSecLaterActReadsEachDeniedSentenceOnce holds secLaterAct's skip of
// hits inside a sentence already found denying: the verdict stays that of
// the sentence, and an act in a later sentence is still found.
func TestSecLaterActReadsEachDeniedSentenceOnce(t *testing.T) {
	t.Parallel()
	denied := "It never " + strings.Repeat("and deletes ", 5000)
	cases := []struct {
		name, desc, want string
	}{
		{"a long denied sentence", denied, ""},
		{"an act after it", denied + ". Then drops the table.", "drops"},
		{"an act before it", "Reads rows and deletes them. " + denied, "deletes"},
	}
	for _, c := range cases {
		if got := secLaterAct(c.desc); got != c.want {
			t.Errorf("%s: secLaterAct = %q, want %q", c.name, got, c.want)
		}
	}
}

// BenchmarkSecLaterActHostile is a 187 KB sentence repeating a denied
// act: linear since each sentence is read once (1.6 s before, 28 ms
// after, on the 2-core machine).
func BenchmarkSecLaterActHostile(b *testing.B) {
	desc := "Never " + strings.Repeat("and deletes ", 16000)
	for b.Loop() {
		secLaterAct(desc)
	}
}
