package report_test

import (
	"bytes"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/report"
)

func TestEvalProgress(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		o    eval.Outcome
		want string
	}{
		{"called", eval.Outcome{Case: eval.Case{ID: "p1"}, Called: true, Selected: "search"}, "  [3/40] p1 -> search\n"},
		{"abstained", eval.Outcome{Case: eval.Case{ID: "a1"}}, "  [3/40] a1 -> (nothing)\n"},
		{"replayed", eval.Outcome{Case: eval.Case{ID: "p2"}, Called: true, Selected: "search", Cached: true}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var b bytes.Buffer
			report.EvalProgress(&b)(3, 40, c.o)
			if b.String() != c.want {
				t.Errorf("got %q, want %q", b.String(), c.want)
			}
		})
	}
}

func TestEvalDraft(t *testing.T) {
	t.Parallel()
	suite := &eval.Suite{Cases: []eval.Case{{ID: "p1", Kind: eval.Positive}, {ID: "p2", Kind: eval.Positive}, {ID: "s1", Kind: eval.Sibling}, {ID: "a1", Kind: eval.Abstain}}}
	for _, c := range []struct {
		name string
		d    eval.Draft
		want string
	}{
		{"paid", eval.Draft{Suite: suite, Calls: 3, Cached: 1, CostUSD: 0.0123},
			"Wrote cases.yaml: 2 positive, 1 sibling, 1 abstain cases (3 calls, 1 from cache, $0.0123).\n"},
		{"all cached", eval.Draft{Suite: suite, Cached: 4},
			"Wrote cases.yaml: 2 positive, 1 sibling, 1 abstain cases (0 calls, 4 from cache, free).\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var b bytes.Buffer
			report.EvalDraft(&b, "cases.yaml", &c.d)
			want := c.want + "Read and edit the cases before you trust a score, the abstain ones first, then commit the file.\n"
			if b.String() != want {
				t.Errorf("got\n%s\nwant\n%s", b.String(), want)
			}
		})
	}
}
