package lint

import (
	"slices"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// TestSDKDefaultHints: a tool's hints count as stamped by an SDK only when
// they are exactly the specification's defaults and at least three tools,
// and at least half of the server's, carry them.
func TestSDKDefaultHints(t *testing.T) {
	t.Parallel()
	yes, no := true, false
	stamped := &model.Annotations{ReadOnlyHint: &no, DestructiveHint: &yes, IdempotentHint: &no, OpenWorldHint: &yes}
	own := &model.Annotations{ReadOnlyHint: &yes}
	partial := &model.Annotations{ReadOnlyHint: &no, DestructiveHint: &yes}
	snap := func(as ...*model.Annotations) *model.Snapshot {
		s := &model.Snapshot{}
		for i, a := range as {
			s.Tools = append(s.Tools, model.Tool{Name: string(rune('a' + i)), Annotations: a})
		}
		return s
	}
	cases := []struct {
		name string
		snap *model.Snapshot
		want []bool
	}{
		{"every tool stamped", snap(stamped, stamped, stamped), []bool{true, true, true}},
		{"two stamped tools are too few", snap(stamped, stamped), []bool{false, false}},
		{"a minority stamped among the author's hints", snap(stamped, stamped, stamped, own, own, own, own), []bool{false, false, false, false, false, false, false}},
		{"half stamped: the others are the author's", snap(stamped, stamped, stamped, own, partial, nil), []bool{true, true, true, false, false, false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := SDKDefaultHints(c.snap); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}
