package site_test

import (
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

// TestServerPageReadsStoredBreakdown: the server page shows the weights,
// the security cap and the finding families the store kept with the scan,
// never ones it derives; a scan stored without weights shows its parts
// and claims no cap.
func TestServerPageReadsStoredBreakdown(t *testing.T) {
	t.Parallel()
	parts := func(name string, total float64, c, d, s, e, sel float64, w *schema.ScoreWeights) schema.Result {
		r := storetest.Result(storetest.Spec{SweepID: "sw1", Name: name, Version: "1.0.0"})
		sc := r.Scores
		sc.MCPGauge, sc.MCPGaugeUncapped, sc.Weights = total, total, w
		*sc.Compliance, sc.Design, sc.Security, sc.Efficiency, *sc.Selection = c, d, s, e, sel
		return r
	}
	// Capped by the scanner, with weights the formula would not give.
	capped := parts("io.test/capped", 50, 64, 64, 64, 64, 64,
		&schema.ScoreWeights{Compliance: 0.1, Design: 0.5, Security: 0.2, Efficiency: 0.1, Selection: 0.1})
	capped.Scores.MCPGaugeUncapped, capped.Scores.Capped = 64, true
	capped.Findings[0].Rule, capped.Findings[0].Family = "NOPE001", "<i>Stored</i>"
	// 50 and not capped: the formula's weights would sum to 51.
	fifty := parts("io.test/fifty", 50, 30, 70, 50, 50, 50, &schema.ScoreWeights{Compliance: 0.5, Design: 0.5})
	// Stored by a scanner that did not report its weights.
	older := parts("io.test/older", 61, 64, 64, 64, 64, 64, nil)
	older.Scores.MCPGaugeUncapped = 0
	cases := []struct {
		name           string
		contains, lack []string
	}{
		{capped.Name, []string{`<td class="num">0.500</td><td class="num">32.00</td>`, "Σ = 64.00 → 50", "capped at 50", "(uncapped 64)",
			`<td class="fam">&lt;i&gt;Stored&lt;/i&gt;</td>`, `<td class="fam">Generated</td>`, `<td class="fam">Other</td>`}, []string{"<i>Stored"}},
		{fifty.Name, []string{"Σ = 50.00 → 50", "rounded half to even", `<td class="num">0.000</td>`}, []string{"capped"}},
		{older.Name, []string{`id="unweighed"`, `<td>design</td><td class="num">64</td><td class="num muted">–</td>`}, []string{"capped", "Σ", "0.300"}},
	}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			h := serveResults(t, b, capped, fifty, older)
			for _, c := range cases {
				rec := get(h, leaderboard.ServerPath(c.name))
				body := rec.Body.String()
				if rec.Code != 200 {
					t.Fatalf("%s: %d\n%.500s", c.name, rec.Code, body)
				}
				for _, s := range c.contains {
					if !strings.Contains(body, s) {
						t.Errorf("%s: page lacks %q", c.name, s)
					}
				}
				for _, s := range c.lack {
					if strings.Contains(body, s) {
						t.Errorf("%s: page has %q", c.name, s)
					}
				}
			}
		})
	}
}
