package worker

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// buildC compiles worker/testdata/probe/<src> into dir with the C
// compiler (extra flags such as -shared -fPIC; with -nostdlib nothing is
// linked in), skipping without one (failing under CI).
func buildC(t *testing.T, dir, src, out string, flags ...string) string {
	t.Helper()
	cc, err := exec.LookPath("cc")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no C compiler under CI: %v", err)
		}
		t.Skipf("no C compiler: %v", err)
	}
	bin := filepath.Join(dir, out)
	args := append(append([]string(nil), flags...), "-O1", "-o", bin,
		filepath.Join(shareddata.RepoRoot(t), "worker", "testdata", "probe", src))
	if !slices.Contains(flags, "-nostdlib") {
		args = append(args, "-lpthread")
	}
	if b, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
		t.Fatalf("cc %s: %v\n%s", src, err, b)
	}
	if err := os.Chmod(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	return bin
}

// runSandboxed runs spec in the sandbox with plain pipes (no MCP) and
// returns its stdout and stderr.
func runSandboxed(t *testing.T, sb *Bwrap, spec Spec) (string, string, error) {
	t.Helper()
	prep, err := sb.Prepare(context.Background(), spec)
	if err != nil {
		t.Fatalf("prepare: %v", err)
	}
	defer prep.Cleanup()
	return runSandboxedPrep(t, prep)
}

// runSandboxedPrep runs a prepared sandbox with plain pipes.
func runSandboxedPrep(t *testing.T, prep *Prepared) (string, string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tg := prep.Target
	cmd := exec.CommandContext(ctx, tg.Command, tg.Args...)
	cmd.Dir = tg.Dir
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	launched, err := tg.Launch(cmd)
	if err != nil {
		t.Fatalf("launch: %v", err)
	}
	if err := cmd.Start(); err != nil {
		_ = launched.Started(0)
		t.Fatalf("start: %v", err)
	}
	serr := launched.Started(cmd.Process.Pid)
	werr := cmd.Wait()
	return stdout.String(), stderr.String(), errors.Join(serr, werr)
}

// TestPreloadNeverPrivileged is the escape of issue 15: a shared object
// the server's own code preloads into every program it starts. It must
// run only as the unprivileged sandbox user with no capability, fail to
// remount its read-only directory, to write there and to make a device
// node, and leave the host unchanged.
func TestPreloadNeverPrivileged(t *testing.T) {
	sb := requireBwrap(t)
	dir := sandboxReadableDir(t)
	so := buildC(t, dir, "preload.c", "escape.so", "-shared", "-fPIC")
	before := hashTree(t, dir)
	// The server sets LD_PRELOAD itself (registry env with loader
	// variables is refused before this point, TestLoaderEnvRefused), and
	// runs two more programs under it.
	spec := Spec{
		Command:  "/usr/bin/env",
		Args:     []string{"LD_PRELOAD=" + so, "ESCAPE_DIR=" + dir, "/bin/sh", "-c", "/bin/true; /bin/cat /dev/null"},
		ReadOnly: []string{dir},
	}
	_, stderr, err := runSandboxed(t, sb, spec)
	if err != nil {
		t.Fatalf("sandboxed run: %v\n%s", err, stderr)
	}
	re := regexp.MustCompile(`ESCAPE exe=(\S*) uid=(\d+) euid=(\d+) capeff=(\S+) remount=(-?\d+) write=(-?\d+) mknod=(-?\d+)`)
	lines := re.FindAllStringSubmatch(stderr, -1)
	if len(lines) < 3 { // sh, true, cat (env itself starts before LD_PRELOAD is set)
		t.Fatalf("the preload object ran in %d programs, want at least 3 (it must have run to prove anything):\n%s", len(lines), stderr)
	}
	for _, m := range lines {
		exe, uid, euid, capeff := m[1], m[2], m[3], m[4]
		if n, _ := strconv.Atoi(uid); uid == "0" || euid == "0" || !isSandboxUID(n) {
			t.Errorf("%s ran the preload object as uid %s euid %s, want a sandbox user", exe, uid, euid)
		}
		if strings.Trim(capeff, "0") != "" {
			t.Errorf("%s ran the preload object with capabilities %s", exe, capeff)
		}
		if m[5] != "-1" || m[6] != "-1" || m[7] != "-1" {
			t.Errorf("%s: remount=%s write=%s mknod=%s, want all to fail", exe, m[5], m[6], m[7])
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "ESCAPED")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the marker reached the host: %v", err)
	}
	if after := hashTree(t, dir); after != before {
		t.Error("the preload object's directory changed on the host")
	}
}

// TestSandboxRunsNoHelper: bwrap's command is the server itself, so the
// server's environment (bwrap's --setenv) reaches no program of ours; the
// old design ran setpriv and prlimit there, as root, under it.
func TestSandboxRunsNoHelper(t *testing.T) {
	sb := NewBwrap()
	prep, err := sb.Prepare(context.Background(), Spec{Command: "/srv/server", Args: []string{"--flag", "x"}, Env: map[string]string{"API_URL": "u"}})
	if err != nil {
		t.Skipf("bwrap: %v", err)
	}
	defer prep.Cleanup()
	args := prep.Target.Args
	i := len(args) - 1
	for i >= 0 && args[i] != "--" {
		i--
	}
	if got := strings.Join(args[i+1:], " "); got != "/srv/server --flag x" {
		t.Errorf("bwrap runs %q after --, want the server alone", got)
	}
	if strings.Contains(strings.Join(args, " "), "setpriv") || strings.Contains(strings.Join(args, " "), "prlimit") {
		t.Errorf("a helper runs inside the sandbox: %v", args)
	}
}

// TestLoaderEnvRefused: loader variables are refused at every layer: the
// plan (an entry that sets LD_PRELOAD is unsupported with the reason,
// nothing installed) and the sandbox (Prepare refuses them).
func TestLoaderEnvRefused(t *testing.T) {
	t.Parallel()
	srv := npmServer("some-server", "1.0.0")
	srv.Packages[0].EnvironmentVariables = []registry.Input{{Name: "LD_PRELOAD", Default: "./node_modules/x/evil.so"}}
	plan := registry.PlanFor(srv, registry.PlanOptions{})
	if plan.Kind != registry.KindUnsupported || !strings.Contains(plan.Reason, "LD_PRELOAD") {
		t.Fatalf("plan for an LD_PRELOAD entry: %s %q, want unsupported naming LD_PRELOAD", plan.Kind, plan.Reason)
	}
	res := ScanEntry(context.Background(), srv, plan, Options{Sandbox: NewBwrap()})
	if res.Status != schema.StatusUnsupported || !strings.Contains(res.Reason, "dynamic loader") {
		t.Errorf("scan of an LD_PRELOAD entry: %s %q, want unsupported with the reason", res.Status, res.Reason)
	}
	for _, env := range []map[string]string{
		{"LD_PRELOAD": "/x.so"}, {"LD_LIBRARY_PATH": "/x"}, {"GCONV_PATH": "/x"}, {"NODE_OPTIONS": "--require /x.js"},
		{"BAD=NAME": "x"}, {"OK": "a\x00b"},
	} {
		_, err := NewBwrap().Prepare(context.Background(), Spec{Command: "/bin/true", Env: env})
		var ee *registry.EnvError
		if !errors.As(err, &ee) {
			t.Errorf("Prepare with env %q: %v, want an EnvError", env, err)
		}
	}
}

// TestSeccompFilter: in the sandbox, nested user namespaces (unshare,
// clone with CLONE_NEWUSER, setns) fail with EPERM and io_uring with
// ENOSYS, while threads and fork still work (clone3's ENOSYS makes glibc
// fall back to clone).
func TestSeccompFilter(t *testing.T) {
	sb := requireBwrap(t)
	dir := sandboxReadableDir(t)
	probe := buildC(t, dir, "probe.c", "probe")
	cases := []struct {
		what  string
		errno syscall.Errno // 0: must succeed
	}{
		{"unshare-user", syscall.EPERM},
		{"clone-user", syscall.EPERM},
		{"setns", syscall.EPERM},
		{"io_uring_setup", syscall.ENOSYS},
		{"thread", 0},
		{"fork", 0},
	}
	for _, c := range cases {
		t.Run(c.what, func(t *testing.T) {
			out, stderr, err := runSandboxed(t, sb, Spec{Command: probe, Args: []string{c.what}, ReadOnly: []string{dir}})
			if err != nil {
				t.Fatalf("%v\n%s", err, stderr)
			}
			want := c.what + " ret=0 errno=0"
			if c.errno != 0 {
				want = fmt.Sprintf("%s ret=-1 errno=%d", c.what, int(c.errno))
			}
			if strings.TrimSpace(out) != want {
				t.Errorf("probe %s: %q, want %q (%v)", c.what, strings.TrimSpace(out), want, c.errno)
			}
		})
	}
}

// TestUnixSocketUnreachable: a listening Unix socket in a directory bound
// into the sandbox (world-writable, so only the sandbox could stop it) is
// not reachable from inside, and the listener sees no connection.
func TestUnixSocketUnreachable(t *testing.T) {
	sb := requireBwrap(t)
	dir := sandboxReadableDir(t)
	probe := buildC(t, dir, "probe.c", "probe")
	sock := filepath.Join(dir, "host.sock")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	if err := os.Chmod(sock, 0o777); err != nil {
		t.Fatal(err)
	}
	accepted := make(chan struct{}, 1)
	go func() {
		if c, err := ln.Accept(); err == nil {
			accepted <- struct{}{}
			_ = c.Close()
		}
	}()
	// The control: the same probe reaches the socket from the host.
	if out, err := exec.Command(probe, "connect", sock).Output(); err != nil || !strings.Contains(string(out), "ret=0") {
		t.Fatalf("host connect (control): %q %v", out, err)
	}
	<-accepted
	go func() {
		if c, err := ln.Accept(); err == nil {
			accepted <- struct{}{}
			_ = c.Close()
		}
	}()
	out, stderr, err := runSandboxed(t, sb, Spec{Command: probe, Args: []string{"connect", sock}, ReadOnly: []string{dir}})
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if !strings.Contains(out, "connect ret=-1") {
		t.Errorf("sandboxed connect to a host socket: %q, want a failure", out)
	}
	select {
	case <-accepted:
		t.Error("the host socket accepted a connection from the sandbox")
	case <-time.After(200 * time.Millisecond):
	}
}
