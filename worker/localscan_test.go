package worker

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// TestLocalReadOnly: a local target binds its project root (with the
// hoisted node_modules of a dependency tree or workspace), never "/" or
// the home directory.
func TestLocalReadOnly(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	t.Setenv("HOME", home)
	mk := func(p string) string {
		p = filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	mk("home/proj/package.json")
	script := mk("home/proj/dist/index.js")
	mk("home/install/node_modules/@s/srv/package.json")
	dep := mk("home/install/node_modules/@s/srv/dist/index.js")
	mk("home/repo/package-lock.json")
	mk("home/repo/node_modules/dep/index.js")
	mk("home/repo/packages/srv/package.json")
	member := mk("home/repo/packages/srv/index.js")
	mk("home/secret")
	cases := []struct {
		name string
		t    connect.Target
		dir  string
		want []string
	}{
		{"script by absolute path", connect.Target{Command: "node", Args: []string{script}}, "", []string{filepath.Join(root, "home/proj")}},
		{"dependency tree", connect.Target{Command: "node", Args: []string{dep}}, "", []string{filepath.Join(root, "home/install")}},
		{"workspace member", connect.Target{Command: "node", Args: []string{"index.js"}}, filepath.Dir(member), []string{filepath.Join(root, "home/repo")}},
		{"root and home are never bound", connect.Target{Command: "/no/such/srv", Args: []string{"/", home, "--root=" + home, "-v"}}, "", nil},
	}
	for _, c := range cases {
		got := localReadOnly(&c.t, c.dir)
		slices.Sort(got)
		got = slices.Compact(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: binds %v, want %v", c.name, got, c.want)
		}
	}
}

// TestLocalSandboxedNPMServers: real npm servers scanned as local targets
// in bwrap: "node /abs/path/index.js" (the --command case) and a package
// directory whose dependencies are hoisted into the node_modules above it
// (the directory-target case) both list their tools.
func TestLocalSandboxedNPMServers(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the npm registry; skipped with -short")
	}
	sb := requireBwrap(t)
	npm := &NPM{Cache: filepath.Join(os.TempDir(), "mcpgauge-worker-test-cache")}
	if err := os.MkdirAll(npm.Cache, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := npm.Available(context.Background()); err != nil {
		t.Skipf("npm unavailable: %v", err)
	}
	pkgDir := func(id, version string) string {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		inst, err := npm.Install(ctx, registry.PlanPackage{RegistryType: "npm", Identifier: id, Version: version}, InstallOptions{})
		if err != nil {
			t.Fatalf("install %s: %v", id, err)
		}
		return filepath.Join(inst.Dir, "node_modules", filepath.FromSlash(id))
	}
	allowed := sandboxReadableDir(t)
	cases := []struct {
		name   string
		target func() *connect.Target
	}{
		{"command node /abs/index.js", func() *connect.Target {
			dir := pkgDir("@modelcontextprotocol/server-memory", "2026.1.26")
			d, err := connect.Resolve(dir, connect.ResolveOptions{})
			if err != nil {
				t.Fatal(err)
			}
			script := filepath.Join(d.Dir, d.Args[len(d.Args)-1])
			tg, err := connect.Resolve("", connect.ResolveOptions{Command: "node " + script, CommandGiven: true})
			if err != nil {
				t.Fatal(err)
			}
			return tg
		}},
		{"directory target, hoisted dependencies", func() *connect.Target {
			tg, err := connect.Resolve(pkgDir("@modelcontextprotocol/server-filesystem", "2026.1.14"), connect.ResolveOptions{})
			if err != nil {
				t.Fatal(err)
			}
			tg.Args = append(tg.Args, allowed)
			return tg
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tg := c.target()
			opts := localOpts(sb)
			opts.Scan.Connect.Timeout = 90 * time.Second
			opts.Deadline = 3 * time.Minute
			out := ScanTarget(context.Background(), tg, opts)
			t.Logf("%s: %s %s", tg.Display, out.Result.Status, out.Result.Reason)
			checkResult(t, out.Result, schema.StatusOK)
			if out.Result.Snapshot.Tools == 0 || out.Sandbox != "bwrap" {
				t.Errorf("tools %d in sandbox %q, want tools in bwrap", out.Result.Snapshot.Tools, out.Sandbox)
			}
			noSandboxProcesses(t, c.name)
		})
	}
}
