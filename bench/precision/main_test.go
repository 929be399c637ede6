package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestInstalledFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	modules := filepath.Join(dir, "node_modules")
	if err := os.MkdirAll(filepath.Join(modules, "pkg", "bridge"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(modules, "pkg", "bridge", "server.cjs"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "outside.js"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "outside.js"), filepath.Join(modules, "pkg", "link.js")); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, file string
		ok         bool
	}{
		{"a file of the package", "pkg/bridge/server.cjs", true},
		{"dot-dot out of node_modules", "../outside.js", false},
		{"absolute path", filepath.Join(dir, "outside.js"), false},
		{"symbolic link out of node_modules", "pkg/link.js", false},
		{"missing file", "pkg/none.js", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := installedFile(modules, c.file)
			if (err == nil) != c.ok {
				t.Fatalf("installedFile(%q) = %q, %v; want ok=%v", c.file, got, err, c.ok)
			}
			if c.ok && filepath.Base(got) != filepath.Base(c.file) {
				t.Fatalf("installedFile(%q) = %q", c.file, got)
			}
		})
	}
}
