package main

import (
	"context"
	"encoding/json"
	"regexp"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/scan"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/worker"
)

// TestLocalAndWorkerFailuresAgree: a server that fails the same way gets
// the same status and reason from `mcpgauge scan --json` and from the
// worker that scans it in a sweep. The local scan used to classify with a
// coarser function (a stdout flood was "crashed" locally, handshake_failed
// in a sweep; a server's telling stderr line was missing from the reason).
// inFlight matches the request a server died before answering.
var inFlight = regexp.MustCompile(`(before answering) (server/discover|initialize)`)

func TestLocalAndWorkerFailuresAgree(t *testing.T) {
	t.Parallel()
	flood := fixtures.Build(t, "flood-stdout")
	crash := fixtures.Build(t, "crash-mid-list")
	cases := []struct{ name, command string }{
		{"stdout flood", flood},
		{"crash mid list", crash},
		{"missing key", `sh -c 'echo "Error: API_KEY environment variable is required" >&2; exit 1'`},
		{"offline start", `sh -c 'echo "Error: getaddrinfo EAI_AGAIN api.example.com" >&2; exit 1'`},
		{"plain exit", `sh -c 'echo "starting"; echo "fatal: cannot open config" >&2; exit 3'`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			code, out, stderr := cli(t, "scan", "--json", "--no-config", "--no-check", "--timeout", "10s", "--command", c.command)
			var local schema.Result
			if err := json.Unmarshal([]byte(out), &local); err != nil {
				t.Fatalf("scan --json (exit %d): %v\n%s\n%s", code, err, out, stderr)
			}
			if local.Status == schema.StatusOK {
				t.Fatalf("the local scan of %s is ok, want a failure", c.command)
			}
			target, err := connect.Resolve("", connect.ResolveOptions{Command: c.command, CommandGiven: true})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			out2 := worker.ScanTarget(ctx, target, worker.Options{
				AllowUnsandboxed: true, Deadline: worker.DefaultDeadline, SweepID: "local", WorkerID: "local",
				Scan: scan.Options{Connect: connect.Options{Timeout: 10 * time.Second}},
			})
			w := out2.Result
			// Which request was in flight when a server that exits at once
			// died (server/discover or the initialize that follows it) is
			// a race of the two processes, not a difference of the paths.
			if local.Status != w.Status || inFlight.ReplaceAllString(local.Reason, "$1") != inFlight.ReplaceAllString(w.Reason, "$1") {
				t.Errorf("local scan: %s %q\nworker:     %s %q", local.Status, local.Reason, w.Status, w.Reason)
			}
		})
	}
}
