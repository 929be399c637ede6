package worker

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestForkbombComplianceSessions: a server that starts 3 children per
// session (about 20 tasks with their Go threads), under a limit of 64 for
// the scan's sandbox: the main session and one probe server fit, the seven
// version probes side by side did not. The
// compliance probes each start a server of their own; before, the version
// probes ran side by side and the shared raw session stayed open, so the
// probes failed to start ("Resource temporarily unavailable"), spec-version-01
// erred and spec-bait-01 failed, all blamed on the server.
func TestForkbombComplianceSessions(t *testing.T) {
	sb := requireBwrap(t)
	bins := buildHostile(t)
	opts := localOpts(sb)
	opts.Limits = Limits{Processes: 64, Data: 256 << 20}
	opts.Scan.Connect.Timeout = 60 * time.Second
	opts.Deadline = 4 * time.Minute
	opts.Scan.Compliance = true
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	out := ScanTarget(ctx, binTarget(bins["forkbomb"], "-max", "3"), opts)
	t.Logf("%s: %s", out.Result.Status, out.Result.Reason)
	limited := 0
	for _, c := range out.Result.Compliance {
		t.Logf("%s %s %s", c.ID, c.Status, c.Message)
		if c.Status != "pass" && c.Status != "skip" && c.Status != "not_testable" {
			t.Errorf("%s %s: %s (sessions of the same scan held the process limit)", c.ID, c.Status, c.Message)
		}
		if c.Status == "not_testable" && strings.Contains(c.Message, "process limit") {
			limited++
		}
	}
	t.Logf("%d tests not testable for the shared process limit", limited)
	noSandboxProcesses(t, "forkbomb with compliance")
}
