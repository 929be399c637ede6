package report

import (
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/scan"
	"github.com/mcpgauge/mcpgauge/gauge/score"
)

// TestScanTextScoreStory: scan's summary leads with the mcpgauge score and
// shows toolgauge health and quality-gate under "compatibility scores",
// each with its one line from gauge/score, after the headline.
func TestScanTextScoreStory(t *testing.T) {
	t.Parallel()
	rep := &scan.Report{Snapshot: &model.Snapshot{Server: model.ServerInfo{Name: "s", Version: "1"}},
		Score: score.Result{Overall: 61}, Health: score.Toolgauge(5, 53, 0, 0)}
	var b strings.Builder
	if err := ScanText(&b, rep, false); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	at := func(s string) int {
		t.Helper()
		i := strings.Index(out, s)
		if i < 0 {
			t.Fatalf("summary lacks %q:\n%s", s, out)
		}
		return i
	}
	head, compat := at("mcpgauge score    61 / 100\n"), at(score.CompatHeading+" ("+score.CompatWhy+"):\n")
	tg, tgNote := at("  toolgauge health   0 / 100"), at("    "+score.ToolgaugeMeasures+"\n")
	qg, qgNote := at("  quality-gate       - / 100"), at("    "+score.QualityGateMeasures+"\n")
	if head >= compat || compat >= tg || tg >= tgNote || tgNote >= qg || qg >= qgNote {
		t.Errorf("the headline, then the compatibility heading, then each compatibility score with its line; got:\n%s", out)
	}
}
