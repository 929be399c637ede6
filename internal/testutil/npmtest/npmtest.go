// Package npmtest installs published npm packages for tests that run real
// MCP servers: once per cache directory, scripts off, under a file lock so
// parallel test processes share one install.
package npmtest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/gofrs/flock"
)

// NeedOrSkip fails the test under CI (CI=true) and skips it elsewhere: a
// part a test needs (npm, the registry) is missing.
func NeedOrSkip(t testing.TB, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf(format, args...)
	}
	t.Skipf(format, args...)
}

// Install installs pkgs (name@version each) with npm into a directory named
// name below the user cache dir (reused across runs), unless every path of
// ready (relative to that directory) already exists, and returns the
// directory. Without npm or the registry it calls NeedOrSkip.
func Install(t testing.TB, name string, ready []string, pkgs ...string) string {
	t.Helper()
	npm, err := exec.LookPath("npm")
	if err != nil {
		NeedOrSkip(t, "npm not found: %v", err)
	}
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	dir := filepath.Join(base, "mcpgauge-test", name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	// Another test process may be installing into the same cache.
	lock := flock.New(dir + ".lock")
	if ok, err := lock.TryLockContext(ctx, 200*time.Millisecond); err != nil || !ok {
		t.Fatalf("locking %s: %v", dir, err)
	}
	defer func() { _ = lock.Unlock() }()
	missing := false
	for _, p := range ready {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			missing = true
		}
	}
	if !missing {
		return dir
	}
	args := append([]string{"install", "--prefix", dir, "--ignore-scripts", "--no-audit", "--no-fund", "--no-save"}, pkgs...)
	if out, err := exec.CommandContext(ctx, npm, args...).CombinedOutput(); err != nil {
		NeedOrSkip(t, "npm install %v failed (no registry access?): %v\n%.600s", pkgs, err, out)
	}
	return dir
}
