package lint

import (
	"strings"
	"testing"
)

func TestSecAnchors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		expr string
		want []string
	}{
		{`\bfoo\s+bar\b`, []string{"foo"}},
		{`\b(?:ignore|disregard)\s+previous`, []string{"previous"}},
		{`a|b+`, []string{"a", "b"}},
		{`x?y*`, nil},
		{`(?:\.\.[/\\]){2,}`, []string{".."}},
	}
	for _, tc := range cases {
		if got := secAnchors(tc.expr); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("secAnchors(%q) = %q, want %q", tc.expr, got, tc.want)
		}
	}
	// Every family pattern keeps matching its own examples with the prefilter on:
	// the phrase rules' cases (testdata/rules/sec00*.txtar) run through it.
}
