package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

func TestFindRepoRoot(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := FindRepoRoot(deep); err == nil {
		t.Fatal("found a root with no go.mod above")
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{root, deep} {
		if got, err := FindRepoRoot(dir); err != nil || got != root {
			t.Errorf("FindRepoRoot(%s) = %s, %v; want %s", dir, got, err, root)
		}
	}
	if got := RepoRoot(t); !fileExists(filepath.Join(got, "go.mod")) {
		t.Errorf("RepoRoot = %s, which holds no go.mod", got)
	}
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }
