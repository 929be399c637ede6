// Package shareddata locates the repository root and the team's shared data
// folder (../shared next to the repository) for tests. Under CI=true a missing folder fails the
// test; elsewhere it skips.
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// RepoRoot returns the repository root: the nearest directory at or above
// the test's working directory that holds go.mod.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("shareddata: go.mod not found above the test directory")
		}
		dir = parent
	}
}

// Root returns the absolute path of ../shared relative to the repository root.
func Root(t testing.TB) string {
	t.Helper()
	root := filepath.Join(filepath.Dir(RepoRoot(t)), "shared")
	if _, err := os.Stat(root); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("shared data missing under CI: %v", err)
		}
		t.Skipf("shared data not available: %v", err)
	}
	return root
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
