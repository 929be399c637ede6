package worker

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// nonRootUID is the worker image's user (deploy/Dockerfile).
const nonRootUID = 10001

// TestNonRootWorker runs TestNonRootChild in a copy of this test binary
// as uid 10001 (the worker image's user): bwrap must work there, a good
// server lists its tools, and the fork bomb is still stopped by the
// per-sandbox process limit (RLIMIT_NPROC counts the sandbox's own user
// namespace, not the worker's uid).
func TestNonRootWorker(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to start a process as another user")
	}
	requireBwrap(t)
	dir := sandboxReadableDir(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "worker.test")
	copyFile(t, self, bin)
	bins := buildHostile(t)
	careful := fixtures.Build(t, "careful")
	startup := fixtures.Build(t, "startup-behaviour")
	home := filepath.Join(dir, "home")
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(home, nonRootUID, nonRootUID); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-test.run=^TestNonRootChild$", "-test.v", "-test.count=1")
	cmd.Dir = home
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "TMPDIR=" + home,
		"MCPGAUGE_NONROOT_CHILD=1", "MCPGAUGE_NONROOT_CAREFUL=" + careful, "MCPGAUGE_NONROOT_STARTUP=" + startup, "MCPGAUGE_NONROOT_FORKBOMB=" + bins["forkbomb"]}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nonRootUID, Gid: nonRootUID, Groups: []uint32{}}}
	out, err := cmd.CombinedOutput()
	t.Logf("child as uid %d:\n%s", nonRootUID, out)
	if err != nil || !strings.Contains(string(out), "--- PASS: TestNonRootChild") {
		t.Fatalf("the sandbox does not work for a non-root worker: %v", err)
	}
}

// TestNonRootChild is TestNonRootWorker's child; it does nothing unless
// that test started it.
func TestNonRootChild(t *testing.T) {
	if os.Getenv("MCPGAUGE_NONROOT_CHILD") != "1" {
		t.Skip("run by TestNonRootWorker")
	}
	if os.Geteuid() == 0 {
		t.Fatal("the child runs as root")
	}
	sb := NewBwrap()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := sb.Available(ctx); err != nil {
		t.Fatalf("bwrap unavailable to a non-root worker: %v", err)
	}
	t.Log(sb.CgroupStatus())
	opts := localOpts(sb)
	opts.Scan.Connect.Timeout = 90 * time.Second
	out := ScanTarget(context.Background(), binTarget(os.Getenv("MCPGAUGE_NONROOT_CAREFUL")), opts)
	checkResult(t, out.Result, schema.StatusOK)
	if out.Result.Snapshot.Tools == 0 {
		t.Error("careful listed no tools")
	}
	// The sinkhole comes from the helper: the startup-behaviour fixture
	// finds it (one point-to-point interface, every route through it) and
	// its lookup and TLS connection are recorded. Without exec events (no
	// CAP_SYS_ADMIN) the processes are polled, and the record says so.
	out = ScanTarget(context.Background(), binTarget(os.Getenv("MCPGAUGE_NONROOT_STARTUP")), opts)
	checkResult(t, out.Result, schema.StatusOK)
	if b := out.Result.Behaviour; b == nil || len(b.Unobserved) != 1 || !strings.HasPrefix(b.Unobserved[0], "processes: polled every 10ms") ||
		!slices.ContainsFunc(b.Lookups, func(l schema.Lookup) bool { return l.Name == "telemetry.example.net" }) ||
		!slices.ContainsFunc(b.Connections, func(c schema.Connection) bool { return c.SNI == "update.example.org" }) ||
		!slices.ContainsFunc(b.Processes, func(p schema.ProcessRun) bool { return p.Written }) {
		t.Errorf("a non-root worker's behaviour record %+v lacks the fixture's lookup, connection or helper", b)
	}
	// Without a pids cgroup the process limit is RLIMIT_NPROC, which counts
	// every thread of the uid: this worker's own threads as well as the
	// server's Go runtime. 64 leaves the fixture room to start and answer
	// under load, and still stops the bomb far short of the host's limit.
	const processes = 64
	opts.Limits = Limits{Processes: processes}
	out = ScanTarget(context.Background(), binTarget(os.Getenv("MCPGAUGE_NONROOT_FORKBOMB")), opts)
	checkResult(t, out.Result, schema.StatusOK)
	d := toolDescription(t, out)
	var n int
	if _, err := fmt.Sscanf(d, "spawned=%d;", &n); err != nil || n >= processes || !strings.Contains(d, "resource temporarily unavailable") {
		t.Errorf("forkbomb as a non-root worker: %q, want fewer than %d children, stopped by the process limit", d, processes)
	}
	// A capped npm install leaves its sandbox's tmpfs through
	// /proc/PID/root, which a non-root worker reads as the owner of the
	// sandbox's user namespace.
	if _, err := exec.LookPath("npm"); err == nil {
		name := "mcpgauge-nonroot-install"
		reg := fakeNPMRegistry(t, name, bombTarball(t, name, 2, 1<<10))
		n := &NPM{Cache: t.TempDir(), Registries: []string{reg.URL}}
		ictx, icancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer icancel()
		inst, err := n.Install(ictx, registry.PlanPackage{Identifier: name, Version: "1.0.0"}, InstallOptions{Sandbox: sb})
		if err != nil {
			t.Fatalf("npm install as a non-root worker: %v", err)
		}
		t.Logf("npm install as uid %d: %s", os.Geteuid(), inst.Dir)
		if _, err := os.Stat(filepath.Join(inst.Dir, "node_modules", name, "d0", "f1.bin")); err != nil {
			t.Errorf("the install was not copied out of the sandbox: %v", err)
		}
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestUserNSHint: when bwrap cannot make its user namespace, the error
// names unprivileged user namespaces (and the host setting that stops
// them, when one does), not a missing bubblewrap.
func TestUserNSHint(t *testing.T) {
	t.Parallel()
	for _, msg := range []string{
		"bwrap: No permissions to create new namespace, likely because the kernel does not allow non-privileged user namespaces.",
		"bwrap: setting up uid map: Permission denied",
		"bwrap: Creating new namespace failed: No space left on device",
	} {
		if h := userNSHint(msg); !strings.Contains(h, "unprivileged user namespaces") {
			t.Errorf("hint for %q = %q, want it to name unprivileged user namespaces", msg, h)
		}
	}
	if h := userNSHint("bwrap: execvp /srv/x: No such file or directory"); h != "" {
		t.Errorf("a missing command got the user-namespace hint %q", h)
	}
}
