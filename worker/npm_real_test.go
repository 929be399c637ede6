package worker

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// npmCase is one published npm MCP server scanned through the sandbox.
type npmCase struct {
	id, version string
	args        []registry.Input
}

// realNPMServers are published servers that list tools without
// credentials: the reference servers (pinned at 2026.1.26 where that
// release exists, else the nearest one) and others from the official
// registry crawl of 2025-12-18 (npm entries with no environment variables,
// checked with `npm view`).
func realNPMServers() []npmCase {
	dirArg := registry.Input{Type: "positional", ValueHint: "allowed directory", IsRequired: true}
	return []npmCase{
		{id: "@modelcontextprotocol/server-everything", version: "2026.1.26"},
		{id: "@modelcontextprotocol/server-memory", version: "2026.1.26"},
		// No 2026.1.26 release: 2026.1.14 is the nearest.
		{id: "@modelcontextprotocol/server-filesystem", version: "2026.1.14", args: []registry.Input{dirArg}},
		// No 2026.1.26 release: 2025.12.18 is the nearest.
		{id: "@modelcontextprotocol/server-sequential-thinking", version: "2025.12.18"},
		{id: "time-mcp", version: "1.0.6"},
		{id: "mcp-server-code-runner", version: "0.1.8"},
		{id: "betterprompt-mcp", version: "0.2.1"},
		{id: "@agent-infra/mcp-server-commands", version: "1.2.18"},
		{id: "chrome-devtools-mcp", version: "1.11.0"},
		{id: "lighthouse-mcp", version: "0.1.17"},
	}
}

// TestRealNPMServers installs and scans published npm servers in the
// bubblewrap sandbox: each must list tools, and a second scan on the warm
// cache must not start npm at all.
func TestRealNPMServers(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the npm registry; skipped with -short")
	}
	sb := requireBwrap(t)
	// A cache shared across test runs (like the fixture binaries), so a
	// warm run installs nothing; every run still checks that a second scan
	// starts no npm process.
	npm := &NPM{Cache: filepath.Join(os.TempDir(), "mcpgauge-worker-test-cache")}
	if err := os.MkdirAll(npm.Cache, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := npm.Available(context.Background()); err != nil {
		t.Skipf("npm unavailable: %v", err)
	}
	opts := Options{Sandbox: sb, Installers: []Installer{npm}, Deadline: 3 * time.Minute, InstallTimeout: 10 * time.Minute, WorkerID: "test", ScannerVersion: "test"}
	opts.Scan.Connect = connect.Options{Timeout: 90 * time.Second}
	cases := realNPMServers()
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			s := npmServer(c.id, c.version, c.args...)
			plan := registry.PlanFor(s, registry.PlanOptions{})
			if plan.Kind != registry.KindNPMStdio {
				t.Fatalf("plan kind %s (%s), want npm-stdio", plan.Kind, plan.Reason)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			out := Scan(ctx, s, plan, opts)
			res := out.Result
			t.Logf("%s@%s: %s %s (install %d ms, connect %d ms)", c.id, c.version, res.Status, res.Reason, res.Timings.InstallMS, res.Timings.ConnectMS)
			checkResult(t, res, schema.StatusOK)
			if res.Snapshot.Tools == 0 {
				t.Fatal("no tools listed")
			}
			if out.Install == nil || out.Install.Version != c.version || !strings.HasPrefix(out.Install.Integrity, "sha512-") {
				t.Errorf("install record %+v: want version %s and a sha512 integrity", out.Install, c.version)
			}
			// Start-up behaviour is watched for every real server (a root
			// worker: with the sinkhole); the row goes to docs/benchmarks.md.
			if b := res.Behaviour; os.Geteuid() == 0 && (b == nil || len(b.Processes) == 0 || len(b.Unobserved) > 0) {
				t.Errorf("behaviour %+v: want the server's processes and nothing unobserved", b)
			}
			t.Logf("behaviour row: | %s@%s | %s |", c.id, c.version, behaviourRow(res.Behaviour))
			if res.PackageType != "npm" || out.Sandbox != "bwrap" {
				t.Errorf("package type %q sandbox %q, want npm in bwrap", res.PackageType, out.Sandbox)
			}
			noSandboxProcesses(t, c.id)
		})
	}
	// Warm cache: the same servers again start no npm process.
	runs := npm.Runs()
	for _, c := range cases[:2] {
		s := npmServer(c.id, c.version, c.args...)
		out := Scan(context.Background(), s, registry.PlanFor(s, registry.PlanOptions{}), opts)
		checkResult(t, out.Result, schema.StatusOK)
		if out.Install == nil || !out.Install.Cached {
			t.Errorf("%s: second install not served from the cache", c.id)
		}
	}
	if n := npm.Runs() - runs; n != 0 {
		t.Errorf("warm-cache scans started %d npm processes, want 0", n)
	}
	if ents, err := filepath.Glob(filepath.Join(npm.Cache, "npm", ".tmp-*")); err != nil || len(ents) > 0 {
		t.Errorf("temporary install dirs left in the cache: %v %v", ents, err)
	}
}

// TestNPMConcurrentInstallOnce: two slots asking for the same package at
// once install it once; the other waits on the per-key lock and is served
// from the cache.
func TestNPMConcurrentInstallOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the npm registry; skipped with -short")
	}
	npm := &NPM{Cache: t.TempDir()}
	if err := npm.Available(context.Background()); err != nil {
		t.Skipf("npm unavailable: %v", err)
	}
	pkg := registry.PlanPackage{Identifier: "@modelcontextprotocol/server-memory", Version: "2026.1.26"}
	type got struct {
		in  *Installed
		err error
	}
	results := make(chan got, 2)
	for range 2 {
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			in, err := npm.Install(ctx, pkg, InstallOptions{})
			results <- got{in, err}
		}()
	}
	cached := 0
	for range 2 {
		r := <-results
		if r.err != nil {
			t.Fatal(r.err)
		}
		if r.in.Cached {
			cached++
		}
	}
	if n := npm.Runs(); n != 1 || cached != 1 {
		t.Errorf("two concurrent installs ran npm %d times with %d cache hits, want 1 run and 1 hit", n, cached)
	}
}

// behaviourRow sums up a behaviour section as the cells of a table row:
// names looked up, connections, files written, programs run.
func behaviourRow(b *schema.Behaviour) string {
	if b == nil {
		return "not watched | | |"
	}
	var look, conn, files, procs []string
	for _, l := range b.Lookups {
		look = append(look, l.Name)
	}
	for _, c := range b.Connections {
		conn = append(conn, fmt.Sprintf("%s %s:%d %s%s", c.Protocol, c.Address, c.Port, c.SNI, c.HTTPHost))
	}
	for _, f := range b.Files {
		files = append(files, f.Path)
	}
	for _, p := range b.Processes {
		name := filepath.Base(p.Path)
		if a := p.Argv0; a != "" && filepath.Base(a) != name {
			name += " as " + a
		}
		procs = append(procs, fmt.Sprintf("%s ×%d", name, p.Count))
	}
	cell := func(xs []string) string {
		if len(xs) == 0 {
			return "–"
		}
		if len(xs) > 4 {
			xs = append(xs[:4:4], fmt.Sprintf("… %d more", len(xs)-4))
		}
		return strings.Join(xs, ", ")
	}
	return cell(look) + " | " + cell(conn) + " | " + cell(files) + " | " + cell(procs)
}
