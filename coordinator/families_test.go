package coordinator_test

import (
	"context"
	"math"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/store"
)

// checkIngested: what ingest stored for the ranked scans of a real sweep
// carries what the board reads instead of deriving it: each finding's
// family from lint's catalogue, and the weights the scanner used, which
// sum to 1 with an unmeasured part at 0.
func checkIngested(t *testing.T, ctx context.Context, st store.Store, ranked []store.Scan) {
	t.Helper()
	family := map[string]string{}
	for _, r := range lint.Catalogue() {
		family[r.ID] = r.Family
	}
	grouped := 0
	for _, row := range ranked {
		w := row.Scores.Weights
		if w == nil {
			t.Errorf("%s: the stored scan has no weights", row.Name)
			continue
		}
		if sum := w.Compliance + w.Design + w.Security + w.Efficiency + w.Selection; math.Abs(sum-1) > 1e-9 {
			t.Errorf("%s: stored weights %+v sum to %v, want 1", row.Name, *w, sum)
		}
		if row.Scores.Selection == nil && w.Selection != 0 {
			t.Errorf("%s: selection was not measured but weighs %v", row.Name, w.Selection)
		}
		fs, err := st.Findings(ctx, row.JobID)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			if f.Family != family[f.Rule] {
				t.Errorf("%s: finding of %s stored with family %q, want the catalogue's %q", row.Name, f.Rule, f.Family, family[f.Rule])
			}
			if f.Family != "" {
				grouped++
			}
		}
	}
	if grouped == 0 {
		t.Error("no stored finding has a family")
	}
}
