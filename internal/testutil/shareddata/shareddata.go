// Package shareddata locates the repository root and the team's shared data
// folder (../shared next to the repository), for tests and bench programs. Under CI=true a missing folder fails the
// test; elsewhere it skips.
package shareddata

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// FindRepoRoot walks up from dir to the nearest directory holding go.mod.
func FindRepoRoot(dir string) (string, error) {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("no go.mod above %s", dir)
		}
		d = parent
	}
}

// RepoRoot returns the repository root: the nearest directory at or above
// the test's working directory that holds go.mod.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, err := FindRepoRoot(dir)
	if err != nil {
		t.Fatalf("shareddata: %v", err)
	}
	return root
}

// Root returns the absolute path of ../shared relative to the repository root.
func Root(t testing.TB) string {
	t.Helper()
	root := filepath.Join(filepath.Dir(RepoRoot(t)), "shared")
	if _, err := os.Stat(root); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("shared data missing under CI: %v", err)
		}
		t.Skipf("skipped: needs the team's shared data at %s, which is absent (CI=true makes this a failure)", root)
	}
	return root
}

// Require ends the test as Root does when the shared data is missing. A
// parent test whose subtests read shared data calls it first, so the
// parent skips with one line (rather than passing over skipped subtests,
// or asserting totals over them).
func Require(t testing.TB) {
	t.Helper()
	Root(t)
}

// Path joins parts under the shared root. A missing file fails the test
// under CI=true and skips it elsewhere.
func Path(t testing.TB, parts ...string) string {
	t.Helper()
	p := filepath.Join(append([]string{Root(t)}, parts...)...)
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("shared data missing under CI: %v", err)
		}
		t.Skipf("shared data not available: %v", err)
	}
	return p
}

// Read reads a file under the shared root, failing the test on error.
func Read(t testing.TB, parts ...string) []byte {
	t.Helper()
	b, err := os.ReadFile(Path(t, parts...))
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("shared data missing under CI: %v", err)
		}
		t.Skipf("shared data not available: %v", err)
	}
	return b
}
