package worker

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/scan"
	"github.com/mcpgauge/mcpgauge/schema"
)

// TestSandboxFailureIsTyped: bwrap's --json-status-fd, not its stderr,
// tells a sandbox that could not be set up (a bind of a path gone since
// Prepare: worker_error) from a command missing in the sandbox
// (start_failed) and from a server that ran and exited, whatever it wrote
// (crashed, even when it says "bwrap: "). Before, a real set-up failure
// was start_failed ("no such file or directory" in bwrap's message).
func TestSandboxFailureIsTyped(t *testing.T) {
	t.Parallel()
	b := requireBwrap(t)
	cases := []struct {
		name    string
		spec    Spec
		vanish  bool // remove the read-only directory after Prepare
		want    schema.Status
		setup   bool // a *SandboxError of the set-up
		inWords string
	}{
		{"bind of a missing path", Spec{Command: "/bin/sh", Args: []string{"-c", "exit 0"}}, true, schema.StatusWorkerError, true, "sandbox failed"},
		{"command not in the sandbox", Spec{Command: "no-such-mcp-server"}, false, schema.StatusStartFailed, false, "not found in the sandbox"},
		{"server says bwrap", Spec{Command: "/bin/sh", Args: []string{"-c", `echo "bwrap: Can't mount proc on /newroot/proc: Operation not permitted" >&2; exit 1`}}, false, schema.StatusCrashed, false, "exit status 1"},
		{"server exits", Spec{Command: "/bin/sh", Args: []string{"-c", "exit 3"}}, false, schema.StatusCrashed, false, "exit status 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if c.vanish {
				dir = sandboxReadableDir(t)
				c.spec.ReadOnly = []string{dir}
			}
			prep, err := b.Prepare(context.Background(), c.spec)
			if err != nil {
				t.Fatal(err)
			}
			defer prep.Cleanup()
			if c.vanish {
				if err := os.RemoveAll(dir); err != nil {
					t.Fatal(err)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			_, err = scan.Run(ctx, prep.Target, scan.Options{Connect: connect.Options{Timeout: 30 * time.Second}})
			if err == nil {
				t.Fatal("scan ok, want a failure")
			}
			st, reason := scan.Classify(ctx, err, scan.Failure{})
			if st != c.want || !strings.Contains(reason, c.inWords) {
				t.Errorf("status %s %q, want %s containing %q", st, reason, c.want, c.inWords)
			}
			var se *SandboxError
			if got := errors.As(err, &se) && se.Failure == SandboxSetup; got != c.setup {
				t.Errorf("set-up SandboxError in the chain: %v, want %v (%v)", got, c.setup, err)
			}
		})
	}
}
