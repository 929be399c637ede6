package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/coordinator/sweeptest"
	"github.com/mcpgauge/mcpgauge/leaderboard"
)

func runCLI(t *testing.T, args ...string) (string, string) {
	t.Helper()
	return runCLIEnv(t, nil, args...)
}

// runCLIEnv is runCLI with env (KEY=value) added to the test's environment,
// so a test can give the command a variable without t.Setenv (which would
// keep it from running in parallel).
func runCLIEnv(t *testing.T, env []string, args ...string) (string, string) {
	t.Helper()
	cmd := exec.Command(binPath, args...)
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("mcpgauge %s: %v\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), err, out.String(), errb.String())
	}
	return out.String(), errb.String()
}

// TestSweepCommandEmbedded runs `mcpgauge sweep` (embedded NATS, SQLite)
// twice over loopback MCP servers, then reads the leaderboard and history.
func TestSweepCommandEmbedded(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	reg, servers := sweeptest.Registry(t, dir, sweeptest.Fixture{Name: "io.cli/good", Tools: sweeptest.Good()},
		sweeptest.Fixture{Name: "io.cli/poor", Tools: sweeptest.Poor()})
	good, poor := servers[0], servers[1]
	args := []string{"sweep", "--registry", "file://" + reg, "--data-dir", dir, "--sandbox", "none", "--allow-remote", "--allow-remote-cidr", "127.0.0.0/8", "--workers", "2"}
	out, errOut := runCLI(t, args...)
	gi, pi := strings.Index(out, "io.cli/good"), strings.Index(out, "io.cli/poor")
	if gi < 0 || pi < 0 || gi > pi {
		t.Fatalf("leaderboard should list good above poor:\n%s", out)
	}
	if !strings.Contains(errOut, "2 scanned") {
		t.Errorf("summary does not say 2 scanned:\n%s", errOut)
	}
	hits := good.Hits() + poor.Hits()
	_, errOut = runCLI(t, args...)
	if !strings.Contains(errOut, "2 skipped as unchanged") || !strings.Contains(errOut, "0 scanned") {
		t.Errorf("second sweep should skip both servers:\n%s", errOut)
	}
	if got := good.Hits() + poor.Hits() - hits; got != 0 {
		t.Errorf("the unchanged sweep sent %d requests to the servers, want 0", got)
	}

	jsonOut, _ := runCLI(t, "leaderboard", "--data-dir", dir, "--json")
	var b leaderboard.Board
	if err := json.Unmarshal([]byte(jsonOut), &b); err != nil {
		t.Fatalf("leaderboard --json: %v\n%s", err, jsonOut)
	}
	if len(b.Ranked) != 2 || b.Ranked[0].Name != "io.cli/good" || *b.Ranked[0].Value < *b.Ranked[1].Value {
		t.Errorf("leaderboard --json = %+v", b.Ranked)
	}
	hist, _ := runCLI(t, "history", "io.cli/poor", "--data-dir", dir)
	if !strings.Contains(hist, "1.0.0") || !strings.Contains(hist, "No rug pull") {
		t.Errorf("history output:\n%s", hist)
	}
	cmd := exec.Command(binPath, "leaderboard", "--data-dir", dir, "--by", "nonsense")
	if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "unknown score part") {
		t.Errorf("--by nonsense: err %v, output %s; want a usage error naming the part", err, out)
	}
}
