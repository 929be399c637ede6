package worker

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
	"github.com/mcpgauge/mcpgauge/schema"
)

// hashTree hashes every file name, mode and content under dir.
func hashTree(t *testing.T, dir string) string {
	t.Helper()
	h := sha256.New()
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		paths = append(paths, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	for _, p := range paths {
		fi, err := os.Lstat(p)
		if err != nil {
			t.Fatal(err)
		}
		h.Write([]byte(p + "\x00" + fi.Mode().String() + "\x00"))
		if fi.Mode().IsRegular() {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			h.Write(data)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// toolDescription returns the description of the only tool of a scan.
func toolDescription(t *testing.T, o Outcome) string {
	t.Helper()
	if o.Report == nil || o.Report.Snapshot == nil || len(o.Report.Snapshot.Tools) != 1 {
		t.Fatalf("%s: want a report with exactly one tool, got %+v", o.Result.Name, o.Result.Snapshot)
	}
	return o.Report.Snapshot.Tools[0].Description
}

// TestHostileServers runs every hostile server in sequence in one bwrap
// sandbox driver: each ends with the right status, nothing outlives its
// scan, no host file changes, and the worker goes on to scan a good server.
func TestHostileServers(t *testing.T) {
	sb := requireBwrap(t)
	bins := buildHostile(t)
	careful := fixtures.Build(t, "careful")

	// Host-side canaries: a HOME with .ssh, a secret file, an env var.
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".ssh"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".ssh", "id_canary"), []byte("CANARY-KEY-7d1f"), 0o600); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(home, "secret.txt")
	if err := os.WriteFile(secret, []byte("CANARY-FILE-93ab"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	t.Setenv("MCPGAUGE_CANARY", "CANARY-ENV-5e2c")
	before := hashTree(t, home)

	// A listener on the host loopback that the sandboxed server must not reach.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var accepted atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			_ = c.Close()
		}
	}()

	opts := localOpts(sb)
	opts.Limits = Limits{Processes: 32, Data: 256 << 20}
	// The machine may be heavily loaded; only the sleeper needs a short timeout.
	opts.Scan.Connect.Timeout = 90 * time.Second
	opts.Deadline = 3 * time.Minute
	cases := []struct {
		name  string
		t     *connect.Target
		want  schema.Status
		check func(t *testing.T, o Outcome)
	}{
		{"netprobe", binTarget(bins["netprobe"], "-host", ln.Addr().String(), "-public", "1.1.1.1:53"), schema.StatusOK,
			func(t *testing.T, o Outcome) {
				d := toolDescription(t, o)
				host, public, _ := strings.Cut(d, "; ")
				if !strings.Contains(host, "connection refused") {
					t.Errorf("host loopback probe: %q, want connection refused (a separate network namespace)", host)
				}
				// The public address is reached only in the sinkhole: the
				// connection is accepted there and recorded, from outside.
				sunk := o.Result.Behaviour != nil && slices.ContainsFunc(o.Result.Behaviour.Connections,
					func(c schema.Connection) bool { return c.Address == "1.1.1.1" && c.Port == 53 })
				switch {
				case os.Geteuid() != 0 && !strings.Contains(public, "network is unreachable"):
					t.Errorf("public probe: %q, want network is unreachable (no sinkhole for a non-root worker)", public)
				case os.Geteuid() == 0 && (!strings.Contains(public, "connected") || !sunk):
					t.Errorf("public probe: %q, behaviour %+v; want the sinkhole to accept and record it", public, o.Result.Behaviour)
				}
			}},
		{"snoop", binTarget(bins["snoop"], "-file", secret), schema.StatusOK,
			func(t *testing.T, o Outcome) {
				d := toolDescription(t, o)
				for _, want := range []string{"ssh=absent", "file=unreadable", "write=denied"} {
					if !strings.Contains(d, want) {
						t.Errorf("snoop report %q lacks %q", d, want)
					}
				}
				for _, leak := range []string{"CANARY", home} {
					if strings.Contains(d, leak) {
						t.Errorf("snoop report %q leaks %q", d, leak)
					}
				}
			}},
		{"forkbomb", binTarget(bins["forkbomb"]), schema.StatusOK,
			func(t *testing.T, o Outcome) {
				d := toolDescription(t, o)
				var n int
				if _, err := fmt.Sscanf(d, "spawned=%d;", &n); err != nil {
					t.Fatalf("forkbomb report %q: %v", d, err)
				}
				if n >= 32 || !strings.Contains(d, "resource temporarily unavailable") {
					t.Errorf("forkbomb report %q: want fewer than 32 children, stopped by the process limit", d)
				}
			}},
		{"memhog", binTarget(bins["memhog"]), schema.StatusCrashed,
			func(t *testing.T, o Outcome) {
				// The Go runtime's "fatal error: out of memory" line heads a
				// long stack dump; connect keeps the head of stderr as well
				// as its tail, so the reason names the cause.
				if !strings.Contains(o.Result.Reason, "ran out of memory") {
					t.Errorf("memhog reason %q does not say the server ran out of memory", o.Result.Reason)
				}
			}},
		{"flood", binTarget(bins["flood"]), schema.StatusHandshakeFailed,
			func(t *testing.T, o Outcome) {
				if !strings.Contains(o.Result.Reason, "floods stdout") {
					t.Errorf("flood reason %q does not say the server floods stdout", o.Result.Reason)
				}
			}},
		{"sleeper", binTarget(bins["sleeper"]), schema.StatusTimeout,
			func(t *testing.T, o Outcome) {
				// A timeout is only containment if the server ran: its
				// start-up line must be in the reason's stderr.
				if !strings.Contains(o.Result.Reason, "sleeper: started") {
					t.Errorf("sleeper reason %q lacks its start-up line: did it run?", o.Result.Reason)
				}
			}},
		{"careful", binTarget(careful), schema.StatusOK,
			func(t *testing.T, o Outcome) {
				if o.Result.Snapshot.Tools == 0 {
					t.Error("careful listed no tools")
				}
			}},
	}
	for _, c := range cases {
		o := opts
		if c.name == "sleeper" {
			o.Scan.Connect.Timeout = 3 * time.Second
			o.Deadline = 10 * time.Second
		}
		ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
		out := ScanTarget(ctx, c.t, o)
		cancel()
		t.Logf("%s: %s %s", c.name, out.Result.Status, out.Result.Reason)
		checkResult(t, out.Result, c.want)
		if out.Sandbox != "bwrap" {
			t.Errorf("%s ran in sandbox %q, want bwrap", c.name, out.Sandbox)
		}
		if c.check != nil {
			c.check(t, out)
		}
		noSandboxProcesses(t, c.name)
	}
	if n := accepted.Load(); n != 0 {
		t.Errorf("the host loopback listener accepted %d connections from the sandbox", n)
	}
	if after := hashTree(t, home); after != before {
		t.Error("files under the canary HOME changed during the hostile scans")
	}
}
