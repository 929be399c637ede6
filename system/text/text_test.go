package text

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/system"
)

// TestSweep: the summary line goes to stderr, the leaderboard to stdout,
// and the ecosystem table only when the pass ran.
func TestSweep(t *testing.T) {
	t.Parallel()
	res := system.SweepResult{ID: "s1", Progress: coordinator.Progress{Status: "done", Planned: 3, Skipped: 1, Done: 2, Failed: 1},
		Leaderboard: store.Leaderboard{Total: 1, Ranked: []store.Scan{{Rank: 1, Name: "srv", Version: "1", Scores: &schema.Scores{MCPGauge: 50}}}}}
	for _, ran := range []bool{false, true} {
		res.EcosystemRan = ran
		var out, errb bytes.Buffer
		if err := Sweep(&out, &errb, res); err != nil {
			t.Fatal(err)
		}
		if want := "sweep s1 done: 3 planned, 1 skipped as unchanged, 2 scanned, 1 could not be scanned, 0 missed the deadline"; !strings.Contains(errb.String(), want) {
			t.Errorf("stderr %q lacks %q", errb.String(), want)
		}
		if !strings.Contains(out.String(), "srv") {
			t.Errorf("stdout lacks the leaderboard:\n%s", out.String())
		}
		if got := strings.Contains(out.String(), "no ecosystem reports yet"); got != ran {
			t.Errorf("pass ran %v, ecosystem shown %v:\n%s", ran, got, out.String())
		}
	}
}
