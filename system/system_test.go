package system

import (
	"context"
	"errors"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/internal/testutil/loopport"
	"github.com/mcpgauge/mcpgauge/internal/testutil/natstest"
	"github.com/mcpgauge/mcpgauge/internal/testutil/syncbuf"
	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/worker"
)

// waitFor polls out until re matches, failing if the process ended first;
// it returns the first submatch (or the whole match).
func waitFor(t *testing.T, out *syncbuf.Buffer, re *regexp.Regexp, done <-chan error) string {
	t.Helper()
	for {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			return m[len(m)-1]
		}
		select {
		case err := <-done:
			t.Fatalf("process returned %v before printing %s:\n%s", err, re, out.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// freePort returns a loopback port nothing listens on (just released).
// freePort is a loopback port named before anything listens on it, taken
// from below the ephemeral range so that no ":0" listener of a parallel
// test and no client dialling it while it is down can hold it when the
// server binds (see loopport).
func freePort(t *testing.T) int { return loopport.Free(t) }

func healthz(t *testing.T, addr string) int {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode
}

// startNATS starts a listening embedded server on port, set up as a
// coordinator would (setup false: bare, as before any coordinator ran).
func startNATS(t *testing.T, port int, setup bool) (*natsbus.Embedded, jetstream.JetStream) {
	t.Helper()
	s := natstest.Run(t, natstest.Options{Dir: t.TempDir(), Listen: true, Port: port, Bare: !setup, ScanDeadline: 20 * time.Second})
	return s.Embedded, s.JS
}

var (
	listening    = regexp.MustCompile(`LISTENING http://(\S+)`)
	notReachable = regexp.MustCompile(`NATS not reachable; retrying.*retry_in=1s`)
	retrying2s   = regexp.MustCompile(`NATS not reachable; retrying.*retry_in=2s`)
)

// While NATS is down, the coordinator and the worker say so at once,
// retry with a growing pause and answer /healthz unhealthy; once NATS is
// up they connect and /healthz turns healthy.
func TestProcessesWaitVisiblyForNATS(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  func(ctx context.Context, url string, stderr io.Writer) error
		// setup: the test sets NATS up as a coordinator (the worker only binds).
		setup bool
	}{
		{"coordinator", func(ctx context.Context, url string, stderr io.Writer) error {
			plan := DefaultPlan()
			plan.ScanDeadline, plan.Deadline = time.Minute, time.Hour
			return RunCoordinator(ctx, CoordinatorOptions{NATS: url, Store: store.SQLiteURL(t.TempDir()), Listen: "127.0.0.1:0",
				Plan: plan, Ecosystem: DefaultEcosystem(), Version: "test", Stderr: stderr})
		}, false},
		{"worker", func(ctx context.Context, url string, stderr io.Writer) error {
			return RunWorker(ctx, WorkerOptions{NATS: url, Listen: "127.0.0.1:0", Slots: 1, ScanDeadline: time.Minute,
				Heartbeat: time.Second, Scanning: Scanning{DataDir: t.TempDir(), Sandbox: worker.SandboxNone, Grace: time.Second},
				Version: "test", Stderr: stderr})
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			port := freePort(t)
			url := "nats://127.0.0.1:" + strconv.Itoa(port)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var stderr syncbuf.Buffer
			done := make(chan error, 1)
			go func() { done <- tc.run(ctx, url, &stderr) }()
			addr := waitFor(t, &stderr, listening, done)
			waitFor(t, &stderr, notReachable, done)
			if code := healthz(t, addr); code != http.StatusServiceUnavailable {
				t.Errorf("/healthz while NATS is down = %d, want 503", code)
			}
			waitFor(t, &stderr, retrying2s, done) // the pause grows
			_, js := startNATS(t, port, tc.setup)
			for healthz(t, addr) != http.StatusOK {
				select {
				case err := <-done:
					t.Fatalf("returned %v:\n%s", err, stderr.String())
				case <-time.After(50 * time.Millisecond):
				}
			}
			cancel()
			if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
				t.Errorf("returned %v after ctx ended", err)
			}
			if tc.name == "coordinator" {
				// The coordinator set the streams up itself.
				if _, err := js.Stream(context.Background(), schema.JobsStreamSpec().Name); err != nil {
					t.Errorf("coordinator did not set up the jobs stream: %v", err)
				}
			}
		})
	}
}
