package e2e

import (
	"encoding/json"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/mcpgauge/mcpgauge/coordinator/sweeptest"
	"github.com/mcpgauge/mcpgauge/gauge/eval/evaltest"
	"github.com/mcpgauge/mcpgauge/leaderboard"
)

// TestSweepEvalWithStubModel: an embedded sweep with a model configured runs
// the tool-selection eval on every ok scan and fills the selection part; a
// second sweep that rescans everything makes zero model calls, because the
// drafted suites and the answers are shared in NATS KV.
func TestSweepEvalWithStubModel(t *testing.T) {
	stub := &evaltest.WireStub{}
	model := httptest.NewServer(stub)
	defer model.Close()
	good := sweeptest.Start("good", "1.0.0", sweeptest.Good())
	poor := sweeptest.Start("poor", "1.0.0", sweeptest.Poor())
	defer good.Close()
	defer poor.Close()
	dir := t.TempDir()
	reg := filepath.Join(dir, "registry.json")
	if err := sweeptest.WriteRegistry(reg, []sweeptest.Entry{
		{Name: "io.eval/good", Version: "1.0.0", URL: good.URL()},
		{Name: "io.eval/poor", Version: "1.0.0", URL: poor.URL()},
	}); err != nil {
		t.Fatal(err)
	}
	args := []string{"sweep", "--registry", "file://" + reg, "--data-dir", dir, "--sandbox", "none", "--allow-remote",
		"--workers", "2", "--eval-model", "openai/stub", "--eval-base-url", model.URL + "/v1"}
	t.Setenv("OPENAI_API_KEY", "stub-key")
	runCLI(t, args...)
	first := stub.Calls()
	if first == 0 || stub.Drafts() == 0 {
		t.Fatalf("the first sweep made %d model calls (%d drafting); want both > 0", first, stub.Drafts())
	}
	out, _ := runCLI(t, "leaderboard", "--data-dir", dir, "--by", "selection", "--json")
	var b leaderboard.Board
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(b.Ranked) != 2 {
		t.Fatalf("want both servers ranked by selection, got %+v (unranked %+v)", b.Ranked, b.Unranked)
	}
	for _, r := range b.Ranked {
		if r.Value == nil || *r.Value <= 0 || *r.Value > 100 {
			t.Errorf("%s: selection %v, want a measured percentage", r.Name, r.Value)
		}
	}

	runCLI(t, append(args, "--rescan-after", "0")...)
	if n := stub.Calls() - first; n != 0 {
		t.Fatalf("the second sweep rescanned unchanged servers and made %d model calls, want 0", n)
	}
}
