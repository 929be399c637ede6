package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestInstalledFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	modules := filepath.Join(dir, "node_modules")
	for _, err := range []error{
		os.MkdirAll(filepath.Join(modules, "pkg", "bridge"), 0o755),
		os.WriteFile(filepath.Join(modules, "pkg", "bridge", "server.cjs"), nil, 0o644),
		os.WriteFile(filepath.Join(dir, "outside.js"), nil, 0o644),
		os.Symlink(filepath.Join(dir, "outside.js"), filepath.Join(modules, "pkg", "link.js")),
		os.MkdirAll(filepath.Join(modules, ".bin"), 0o755),
		os.Symlink("../pkg/bridge/server.cjs", filepath.Join(modules, ".bin", "server")),
		os.WriteFile(filepath.Join(modules, "pkg", "native"), nil, 0o755),
		os.WriteFile(filepath.Join(modules, "pkg", "stub"), nil, 0o644),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name, file string
		want       string // the resolved file's base name, or a piece of the error
		ok         bool
	}{
		{"a file of the package", "pkg/bridge/server.cjs", "server.cjs", true},
		{"a symbolic link that stays inside", ".bin/server", "server.cjs", true},
		{"an executable native file", "pkg/native", "native", true},
		{"dot-dot out of node_modules", "../outside.js", "must be a relative path", false},
		{"absolute path", filepath.Join(dir, "outside.js"), "must be a relative path", false},
		{"symbolic link out of node_modules", "pkg/link.js", "leaves node_modules", false},
		{"missing file", "pkg/none.js", "no such file", false},
		{"a directory", "pkg/bridge", "not a regular file", false},
		{"a native file that is not executable", "pkg/stub", "not executable", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := installedFile(modules, c.file)
			if (err == nil) != c.ok {
				t.Fatalf("installedFile(%q) = %q, %v; want ok=%v", c.file, got, err, c.ok)
			}
			if c.ok && filepath.Base(got) != c.want {
				t.Fatalf("installedFile(%q) = %q, want a file named %q", c.file, got, c.want)
			}
			if !c.ok && !strings.Contains(err.Error(), c.want) {
				t.Fatalf("installedFile(%q) error %q, want it to say %q", c.file, err, c.want)
			}
		})
	}
}
