package worker

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// TestNPMOwnProgram: a package npx cannot run without being told which
// program (several bins none named like it, or no bin) fails to install
// for a scan, as npx would, but installs for a caller that names its own
// program (OwnProgram), with no command and the package on disk; a later
// scan of the cached install fails from its record without running npm
// again. A package whose single bin npx picks is unchanged.
func TestNPMOwnProgram(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm not installed")
	}
	cases := []struct {
		name    string
		bin     any
		problem string // "" when npx picks a program
	}{
		{"mcpgauge-two-bins", map[string]string{"tool-cli": "cli.js", "tool-mcp": "mcp.js"}, "has 2 bins and none is named"},
		{"mcpgauge-no-bin", nil, "declares no bin"},
		{"mcpgauge-one-bin", map[string]string{"only": "mcp.js"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			fields := map[string]any{"name": c.name, "version": "1.0.0"}
			meta := map[string]any{}
			if c.bin != nil {
				fields["bin"], meta["bin"] = c.bin, c.bin
			}
			pj, _ := json.Marshal(fields)
			tgz := npmTarball(t, []tarFile{
				{"package/package.json", string(pj)},
				{"package/cli.js", "#!/usr/bin/env node\n"},
				{"package/mcp.js", "#!/usr/bin/env node\n"},
			})
			reg := fakeNPMPackage(t, c.name, tgz, meta)
			n := &NPM{Cache: t.TempDir(), Registries: []string{reg.URL}}
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			pkg := registry.PlanPackage{Identifier: c.name, Version: "1.0.0"}

			own, err := n.Install(ctx, pkg, InstallOptions{OwnProgram: true})
			if err != nil {
				t.Fatalf("install naming its own program: %v", err)
			}
			if _, err := os.Stat(filepath.Join(own.Dir, "node_modules", c.name, "mcp.js")); err != nil {
				t.Errorf("the package's files are not in the install: %v", err)
			}
			if c.problem == "" {
				if !strings.HasSuffix(own.Command, "mcp.js") && (len(own.Args) == 0 || !strings.HasSuffix(own.Args[0], "mcp.js")) {
					t.Errorf("command %q %q, want the package's one bin", own.Command, own.Args)
				}
			} else if own.Command != "" || len(own.Args) != 0 {
				t.Errorf("command %q %q, want none (the caller picks the program)", own.Command, own.Args)
			}
			if len(own.Path) != 1 || own.Path[0] != filepath.Join(own.Dir, "node_modules", ".bin") {
				t.Errorf("path %q, want the install's .bin", own.Path)
			}

			scan, err := n.Install(ctx, pkg, InstallOptions{})
			if c.problem == "" {
				if err != nil || scan.Command != own.Command {
					t.Errorf("scan of the cached install: %v, want command %q", err, own.Command)
				}
			} else {
				var ie *InstallError
				if !errors.As(err, &ie) || ie.Status != schema.StatusInstallFailed || !strings.Contains(ie.Reason, "cannot tell which program") || !strings.Contains(ie.Reason, c.problem) {
					t.Errorf("scan of the cached install: %v, want install_failed saying %q", err, c.problem)
				}
			}
			if r := n.Runs(); r != 1 {
				t.Errorf("npm ran %d times, want once (the second install reads the cache)", r)
			}
		})
	}
}

// TestNPMUnrunnableInstallIsCounted: the install a scan cannot run (no bin)
// stays in the cache, so the package cache counts it against its cap like
// any other install (uncounted, a registry of binless packages would grow
// a long-running worker's cache past its cap).
func TestNPMUnrunnableInstallIsCounted(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm not installed")
	}
	name := "mcpgauge-unrunnable"
	pj, _ := json.Marshal(map[string]any{"name": name, "version": "1.0.0"})
	tgz := npmTarball(t, []tarFile{{"package/package.json", string(pj)}, {"package/blob.txt", strings.Repeat("x", 2<<20)}})
	reg := fakeNPMPackage(t, name, tgz, map[string]any{})
	cache := t.TempDir()
	pc := NewPackageCache(cache, 1<<20)
	_ = pc.Size() // loaded before the install, as a running worker's is
	n := &NPM{Cache: cache, Registries: []string{reg.URL}, PkgCache: pc}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if _, err := n.Install(ctx, registry.PlanPackage{Identifier: name, Version: "1.0.0"}, InstallOptions{}); err == nil {
		t.Fatal("a scan of a package with no bin installed")
	}
	// Counted as any fresh install is: the next install's eviction pass
	// can then take it (an install is never evicted while it is leased).
	if size := pc.Size(); size < 2<<20 {
		t.Errorf("package cache size %d, want the 2 MB install counted", size)
	}
}
