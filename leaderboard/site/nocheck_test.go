package site_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

// TestComplianceNotMeasuredShowsDash: a scan stored without compliance
// (scan --no-check) shows "–" in the board's compliance and quality-gate
// columns and on its server page, never 0, on both stores.
func TestComplianceNotMeasuredShowsDash(t *testing.T) {
	t.Parallel()
	const name = "io.github.acme/no-check"
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			r := storetest.Result(storetest.Spec{SweepID: "sw1", Name: name, Version: "1.0.0", Score: 64})
			r.Compliance = nil
			r.Scores.Compliance, r.Scores.QualityGate.Score, r.Scores.QualityGate.Compliance = nil, nil, nil
			h := serveResults(t, b, r)

			body := get(h, "/").Body.String()
			row := regexp.MustCompile(`(?s)<tr>\s*<td class="num">1</td>.*?</tr>`).FindString(body)
			if !strings.Contains(row, name) {
				t.Fatalf("board has no ranked row for %s:\n%.2000s", name, body)
			}
			cells := regexp.MustCompile(`<td class="num[^"]*">(?:<span class="grade [^>]*>[A-F]</span> )?([^<]*)</td>`).FindAllStringSubmatch(row, -1)
			// #, then the parts in schema.ScoreParts order: mcpgauge,
			// compliance, design, security, efficiency, selection,
			// toolgauge, quality_gate.
			if len(cells) < 9 {
				t.Fatalf("row has %d number cells: %s", len(cells), row)
			}
			for i, want := range map[int]string{1: "64", 2: "–", 3: "64", 6: "64", 8: "–"} {
				if got := cells[i][1]; got != want {
					t.Errorf("board cell %d = %q, want %q (row %s)", i, got, want, row)
				}
			}
			if !strings.Contains(body, "not measured") {
				t.Error("the board does not explain –")
			}

			page := get(h, leaderboard.ServerPath(name)).Body.String()
			for _, want := range []string{`<td>compliance</td><td class="num muted" colspan="3">not measured`, `<div class="big">–</div><div class="muted">C –/40`} {
				if !strings.Contains(page, want) {
					t.Errorf("server page lacks %q", want)
				}
			}
		})
	}
}
