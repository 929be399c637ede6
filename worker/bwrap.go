package worker

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
)

// Paths inside the bubblewrap sandbox.
const (
	// SandboxHome is $HOME inside the sandbox (a tmpfs).
	SandboxHome = "/home/mcpgauge"
	// SandboxWorkDir is the scratch directory that replaces
	// registry.SandboxDirToken (inside the /tmp tmpfs).
	SandboxWorkDir = "/tmp/work"
	// sandboxPath is PATH inside the sandbox, after Spec.Path.
	sandboxPath = "/usr/local/bin:/usr/bin:/bin"
)

// First sandbox user ID and the size of the range sandbox IDs come from.
const (
	uidBase  = 200000
	uidRange = 600000
	// uidsPerProcess is how many IDs one worker process cycles through.
	uidsPerProcess = 64
)

// Bwrap is the bubblewrap sandbox. Each server runs in new network (loopback
// only), PID, IPC, UTS and cgroup namespaces, sees read-only system
// directories and package directories, a tmpfs home and /tmp, a cleared
// environment, and runs as a fresh unprivileged user ID with every
// capability dropped (util-linux setpriv) under rlimits set by util-linux
// prlimit, both run inside bwrap in front of the server. A fresh user ID is
// what makes RLIMIT_NPROC count only the sandbox's own processes (the kernel
// never enforces it for root), and lets Cleanup find and kill every process
// the server left behind. --die-with-parent ends the sandbox when the
// bwrap process dies (connect kills its process group on Close).
//
// Use one *Bwrap per worker process; it is safe for concurrent use.
type Bwrap struct {
	// Path is the bwrap binary (default: "bwrap" on PATH).
	Path string
	// Setpriv and Prlimit are the util-linux helpers (default: on PATH).
	Setpriv, Prlimit string
	// Limits apply to servers whose Spec leaves them zero.
	Limits Limits

	next atomic.Uint32
}

// NewBwrap returns a bubblewrap sandbox with the helpers found on PATH.
func NewBwrap() *Bwrap { return &Bwrap{} }

// Name implements Sandbox.
func (b *Bwrap) Name() string { return "bwrap" }

// Isolated implements Sandbox.
func (b *Bwrap) Isolated() bool { return true }

func (b *Bwrap) tools() (bwrap, setpriv, prlimit string, err error) {
	find := func(set, name string) (string, error) {
		if set != "" {
			return set, nil
		}
		p, err := exec.LookPath(name)
		if err != nil {
			return "", fmt.Errorf("sandbox bwrap needs %s: %w", name, err)
		}
		return p, nil
	}
	if bwrap, err = find(b.Path, "bwrap"); err != nil {
		return
	}
	if setpriv, err = find(b.Setpriv, "setpriv"); err != nil {
		return
	}
	prlimit, err = find(b.Prlimit, "prlimit")
	return
}

// Available implements Sandbox: it starts `true` in a sandbox with every
// namespace and helper the real runs use.
func (b *Bwrap) Available(ctx context.Context) error {
	bw, setpriv, prlimit, err := b.tools()
	if err != nil {
		return err
	}
	args, uid, err := b.args(Spec{Command: "true"}, setpriv, prlimit)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bw, args...)
	out, err := cmd.CombinedOutput()
	killUID(uid, time.Second)
	if err != nil {
		return fmt.Errorf("sandbox bwrap does not work on this host: %w: %s", err, strings.TrimSpace(string(out)))
	}
	return nil
}

// Prepare implements Sandbox.
func (b *Bwrap) Prepare(_ context.Context, spec Spec) (*Prepared, error) {
	bw, setpriv, prlimit, err := b.tools()
	if err != nil {
		return nil, err
	}
	if spec.Command == "" {
		return nil, errors.New("sandbox bwrap: empty command")
	}
	replaceToken(&spec, SandboxWorkDir)
	args, uid, err := b.args(spec, setpriv, prlimit)
	if err != nil {
		return nil, err
	}
	t := &connect.Target{
		Transport: connect.TransportStdio, Command: bw, Args: args, Source: "sandbox:bwrap",
		Display: connect.ShellJoin(append([]string{spec.Command}, spec.Args...)),
	}
	return &Prepared{Target: t, WorkDir: SandboxWorkDir, Cleanup: func() { killUID(uid, 5*time.Second) }}, nil
}

// allocUID picks the user ID of the next sandbox: a slice of the range per
// worker process (by PID), cycling inside it.
func (b *Bwrap) allocUID() int {
	n := b.next.Add(1)
	return ownFirstUID() + int(n%uidsPerProcess)
}

// ownFirstUID is the first of the uidsPerProcess sandbox user IDs this
// process hands out.
func ownFirstUID() int {
	return uidBase + (os.Getpid()%(uidRange/uidsPerProcess))*uidsPerProcess
}

// args builds the bwrap command line for spec, with the helpers tools
// found.
func (b *Bwrap) args(spec Spec, setpriv, prlimit string) ([]string, int, error) {
	lim := spec.Limits
	if lim == (Limits{}) {
		lim = b.Limits
	}
	lim = lim.withDefaults()
	uid := b.allocUID()
	a := []string{
		"--die-with-parent", "--new-session",
		"--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
		"--hostname", "mcpgauge-sandbox",
		"--ro-bind", "/usr", "/usr",
	}
	for _, top := range []string{"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"} {
		fi, err := os.Lstat(top)
		switch {
		case err != nil:
			continue
		case fi.Mode()&os.ModeSymlink != 0:
			target, err := os.Readlink(top)
			if err != nil {
				return nil, 0, fmt.Errorf("sandbox bwrap: %s: %w", top, err)
			}
			a = append(a, "--symlink", target, top)
		case fi.IsDir():
			a = append(a, "--ro-bind", top, top)
		}
	}
	// Directories bwrap makes for a file bind are private (0700), which
	// would hide /etc from the sandbox user.
	a = append(a, "--perms", "0755", "--dir", "/etc", "--perms", "0755", "--dir", "/home")
	for _, p := range etcFiles() {
		a = append(a, "--ro-bind-try", p, p)
	}
	// The tmpfs mounts come before the read-only binds, so a package or
	// binary that lives under the host's /tmp stays visible.
	size := strconv.FormatUint(lim.TmpfsBytes, 10)
	a = append(a,
		"--proc", "/proc", "--dev", "/dev",
		"--perms", "1777", "--size", size, "--tmpfs", "/tmp",
		"--perms", "0777", "--dir", SandboxWorkDir,
		"--perms", "0777", "--size", size, "--tmpfs", SandboxHome,
	)
	ro := append([]string(nil), spec.ReadOnly...)
	if node := nodePrefix(); node != "" {
		ro = append(ro, node)
	}
	sort.Strings(ro)
	seen := map[string]bool{}
	for _, p := range ro {
		if p == "" || seen[p] || strings.HasPrefix(p+"/", "/usr/") {
			continue
		}
		seen[p] = true
		if !filepath.IsAbs(p) {
			return nil, 0, fmt.Errorf("sandbox bwrap: read-only path %q is not absolute", p)
		}
		if _, err := os.Stat(p); err != nil {
			return nil, 0, fmt.Errorf("sandbox bwrap: read-only path: %w", err)
		}
		// bwrap would make missing parents with the host's modes (a 0700
		// /root or test dir hides everything below from the sandbox user),
		// so make them world-searchable first.
		for _, d := range ancestors(p) {
			if seen["dir:"+d] || d == "/tmp" || d == SandboxHome || d == SandboxWorkDir {
				continue
			}
			seen["dir:"+d] = true
			a = append(a, "--perms", "0755", "--dir", d)
		}
		a = append(a, "--ro-bind", p, p)
	}
	a = append(a, "--clearenv")
	path := sandboxPath
	if len(spec.Path) > 0 {
		path = strings.Join(spec.Path, ":") + ":" + sandboxPath
	}
	// GOTRACEBACK=none keeps a crashing Go server's stderr to its one
	// fatal line, so the reason survives connect's stderr tail.
	env := map[string]string{"PATH": path, "HOME": SandboxHome, "TMPDIR": "/tmp", "LANG": "C.UTF-8", "USER": "mcpgauge", "GOTRACEBACK": "none"}
	for k, v := range spec.Env {
		env[k] = v
	}
	for _, k := range sortedKeys(env) {
		if k == "" || strings.ContainsAny(k, "=\x00") {
			return nil, 0, fmt.Errorf("sandbox bwrap: invalid environment variable name %q", k)
		}
		a = append(a, "--setenv", k, env[k])
	}
	dir := spec.Dir
	if dir == "" {
		dir = SandboxHome
	}
	id := strconv.Itoa(uid)
	a = append(a, "--chdir", dir, "--",
		setpriv, "--reuid="+id, "--regid="+id, "--clear-groups", "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--",
		prlimit,
		"--as="+strconv.FormatUint(lim.AddressSpace, 10),
		"--data="+strconv.FormatUint(lim.Data, 10),
		"--nproc="+strconv.FormatUint(lim.Processes, 10),
		"--nofile="+strconv.FormatUint(lim.OpenFiles, 10),
		"--fsize="+strconv.FormatUint(lim.FileSize, 10),
		"--cpu="+strconv.FormatUint(lim.CPUSeconds, 10),
		"--core=0",
		"--", spec.Command)
	a = append(a, spec.Args...)
	return a, uid, nil
}

// ancestors lists the parent directories of p below "/", outermost first.
func ancestors(p string) []string {
	var out []string
	for d := filepath.Dir(filepath.Clean(p)); d != "/" && d != "." && d != ""; d = filepath.Dir(d) {
		out = append([]string{d}, out...)
	}
	return out
}

// etcFiles are the /etc entries a server may need (dynamic linker, TLS
// roots, name service, time zone, alternatives symlinks); nothing else of
// the host's /etc is visible.
func etcFiles() []string {
	return []string{
		"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives",
		"/etc/ssl", "/etc/ca-certificates", "/etc/pki", "/etc/nsswitch.conf", "/etc/hosts",
		"/etc/localtime", "/etc/mime.types", "/etc/os-release",
	}
}

// nodePrefix returns the install prefix of the host's node when it lives
// outside /usr (nvm, /opt/node, ...), so the sandbox can run it.
func nodePrefix() string {
	p, err := exec.LookPath("node")
	if err != nil {
		return ""
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return ""
	}
	prefix := filepath.Dir(filepath.Dir(real))
	if strings.HasPrefix(prefix+"/", "/usr/") || prefix == "/" {
		return ""
	}
	return prefix
}

// killUID kills every process owned by uid and waits (up to wait) until
// none is left.
func killUID(uid int, wait time.Duration) {
	deadline := time.Now().Add(wait)
	for {
		pids := processesIn(uid, uid+1)
		if len(pids) == 0 {
			return
		}
		for _, pid := range pids {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
		if time.Now().After(deadline) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// procUID reads the real user ID of a live process from /proc. Zombies do
// not count: they run nothing, cannot be killed, and are reaped by the
// host's init once the sandbox's own init is gone.
func procUID(pid int) (string, bool) {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return "", false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	uid := ""
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "State:"); ok && strings.HasPrefix(strings.TrimSpace(rest), "Z") {
			return "", false
		}
		if rest, ok := strings.CutPrefix(line, "Uid:"); ok {
			if fields := strings.Fields(rest); len(fields) > 0 {
				uid = fields[0]
			}
			break // State comes before Uid
		}
	}
	return uid, uid != ""
}

// SandboxProcesses lists the processes still running under any sandbox
// user ID (for tests and leak checks).
func SandboxProcesses() []int { return processesIn(uidBase, uidBase+uidRange) }

// OwnSandboxProcesses lists the processes still running under the sandbox
// user IDs this process hands out, so a leak check is not confused by other
// workers' sandboxes on the same host.
func OwnSandboxProcesses() []int {
	first := ownFirstUID()
	return processesIn(first, first+uidsPerProcess)
}

// processesIn lists the live processes whose real user ID is in [lo, hi).
func processesIn(lo, hi int) []int {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if u, ok := procUID(pid); ok {
			if n, err := strconv.Atoi(u); err == nil && n >= lo && n < hi {
				out = append(out, pid)
			}
		}
	}
	return out
}
