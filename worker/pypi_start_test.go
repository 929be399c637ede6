package worker

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// TestPipStartFailureNamesThePath is issue 22 §5: when the host's Python
// lives below a directory the sandbox's unprivileged user cannot reach (a
// pyenv Python under /root, 0700), pip cannot start in the install sandbox,
// and the reason says which interpreter, which directory and why, instead
// of "pip could not start" alone. The Python here is the distribution's,
// copied into a private (0700) directory; its venv links back to the copy.
// A root worker only: bwrap run by another user reaches what that user can.
func TestPipStartFailureNamesThePath(t *testing.T) {
	sb := requireBwrap(t)
	if os.Geteuid() != 0 {
		t.Skip("the sandbox runs as the worker's own user when it is not root")
	}
	src, err := filepath.EvalSymlinks("/usr/bin/python3")
	if err != nil {
		t.Skipf("no /usr/bin/python3: %v", err)
	}
	private := t.TempDir()
	if err := os.Chmod(private, 0o700); err != nil {
		t.Fatal(err)
	}
	python := filepath.Join(private, "bin", "python3")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(python), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(python, data, 0o755); err != nil {
		t.Fatal(err)
	}
	p := &PyPI{Cache: sandboxReadableDir(t), Python: python}
	if err := p.Available(context.Background()); err != nil {
		t.Skipf("the copied Python cannot make venvs: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	_, err = p.Install(ctx, registry.PlanPackage{Identifier: "mcpgauge-never-fetched", Version: "1.0.0"}, InstallOptions{Sandbox: sb})
	var ie *InstallError
	if !errors.As(err, &ie) || ie.Status != schema.StatusWorkerError {
		t.Fatalf("install with an unreachable Python: %v, want a worker_error", err)
	}
	t.Log(ie.Reason)
	for _, want := range []string{"pip could not start", "the host's Python " + python + " (prefix /usr)", "cannot reach " + private, "mode -rwx------"} {
		if !strings.Contains(ie.Reason, want) {
			t.Errorf("reason %q does not say %q", ie.Reason, want)
		}
	}
}
