package worker

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// buildHostile compiles every server under testdata/hostile into a fresh
// directory the sandbox user can read, and returns name → binary path.
func buildHostile(t testing.TB) map[string]string {
	t.Helper()
	dir := sandboxReadableDir(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-o", dir+string(filepath.Separator), "./worker/testdata/hostile/...")
	cmd.Dir = shareddata.RepoRoot(t)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build hostile servers: %v\n%s", err, out)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	bins := map[string]string{}
	for _, e := range ents {
		bins[e.Name()] = filepath.Join(dir, e.Name())
	}
	return bins
}

// sandboxReadableDir returns a fresh temporary directory that the
// sandbox's unprivileged user can reach (t.TempDir's parent is 0700, and
// bwrap runs as that user, so it could not bind anything below it).
func sandboxReadableDir(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// requireBwrap skips (or fails under CI) when bubblewrap cannot run here.
func requireBwrap(t testing.TB) *Bwrap {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("bubblewrap is Linux only")
	}
	b := NewBwrap()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := b.Available(ctx); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("bwrap unavailable under CI: %v", err)
		}
		t.Skipf("bwrap unavailable: %v", err)
	}
	return b
}

// noSandboxProcesses fails when any process still runs as one of this test
// process's sandbox users (other packages' tests may run sandboxes at the
// same time).
func noSandboxProcesses(t testing.TB, when string) {
	t.Helper()
	if left := OwnSandboxProcesses(); len(left) > 0 {
		var desc []string
		for _, pid := range left {
			cmdline, _ := os.ReadFile(filepath.Join("/proc", itoa(pid), "cmdline"))
			desc = append(desc, itoa(pid)+":"+strings.ReplaceAll(string(cmdline), "\x00", " "))
		}
		t.Fatalf("%s: %d sandbox processes outlived their scan: %s", when, len(left), strings.Join(desc, "; "))
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// localOpts are options for scanning local binaries in the sandbox fast.
func localOpts(sb Sandbox) Options {
	o := Options{Sandbox: sb, Deadline: 60 * time.Second, WorkerID: "test", ScannerVersion: "test"}
	o.Scan.Connect = connect.Options{Timeout: 15 * time.Second}
	return o
}

// checkResult validates the result document and its status.
func checkResult(t testing.TB, res schema.Result, want schema.Status) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("%s: status %s (%s), want %s", res.Name, res.Status, res.Reason, want)
	}
	if err := res.Validate(); err != nil {
		t.Fatalf("%s: invalid result: %v", res.Name, err)
	}
}

// binTarget is a stdio target for a binary with arguments.
func binTarget(bin string, args ...string) *connect.Target {
	return &connect.Target{Transport: connect.TransportStdio, Command: bin, Args: args, ServerName: filepath.Base(bin),
		Display: connect.ShellJoin(append([]string{bin}, args...))}
}

// npmServer is a minimal registry entry for an npm package.
func npmServer(id, version string, args ...registry.Input) registry.Server {
	return registry.Server{
		Name: "test/" + id, Version: version, Status: registry.StatusActive,
		Packages: []registry.Package{{RegistryType: "npm", Identifier: id, Version: version,
			Transport: registry.Transport{Type: "stdio"}, PackageArguments: args}},
	}
}
