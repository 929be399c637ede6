package worker

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/internal/egress"
	"github.com/mcpgauge/mcpgauge/schema"
)

// egressPort is where the relay listens inside an install sandbox. The
// sandbox has a network namespace of its own, so the port is always free.
const egressPort = "3128"

// egressURL is the proxy URL a package manager inside the sandbox is given.
const egressURL = "http://127.0.0.1:" + egressPort

// relayDone is the line a relay started with "hold" writes on stderr
// when the package manager succeeded; it then waits for its stdin to end
// (the worker copying the capped install out of the sandbox's tmpfs).
const relayDone = "egress relay: done"

// relayNode is the in-sandbox relay for npm, run by the host's node as the
// sandbox's unprivileged user: it forwards each connection to
// 127.0.0.1:egressPort to the egress proxy's Unix socket (argv[2]), then
// runs the package manager (argv[3:]) and exits with its status; with
// argv[1] "hold", after a success it writes relayDone on stderr and
// exits only when its stdin ends.
const relayNode = `const net=require('net'),{spawn}=require('child_process');
const [hold,sock,cmd,...args]=process.argv.slice(1);
const srv=net.createServer(c=>{const u=net.connect(sock);c.pipe(u);u.pipe(c);
const end=()=>{c.destroy();u.destroy();};c.on('error',end);u.on('error',end);c.on('close',end);u.on('close',end);});
srv.on('error',e=>{console.error('egress relay: '+e.message);process.exit(125);});
srv.listen(` + egressPort + `,'127.0.0.1',()=>{const ch=spawn(cmd,args,{stdio:['ignore','inherit','inherit']});
ch.on('error',e=>{console.error('egress relay: '+e.message);process.exit(127);});
ch.on('exit',(code)=>{if(code!==0||hold!=='hold')process.exit(code===null?128:code);
process.stderr.write('\n` + relayDone + `\n');process.stdin.on('data',()=>{});
process.stdin.on('end',()=>process.exit(0));process.stdin.on('error',()=>process.exit(0));});});`

// relayPython is relayNode for pip, run by the host's Python.
const relayPython = `import socket, subprocess, sys, threading
hold, sock, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
srv = socket.socket()
srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(("127.0.0.1", ` + egressPort + `))
srv.listen(64)
def pipe(a, b):
    try:
        while True:
            d = a.recv(65536)
            if not d:
                break
            b.sendall(d)
    except OSError:
        pass
    try:
        b.shutdown(socket.SHUT_WR)
    except OSError:
        pass
def serve():
    while True:
        c, _ = srv.accept()
        u = socket.socket(socket.AF_UNIX)
        try:
            u.connect(sock)
        except OSError:
            c.close()
            continue
        threading.Thread(target=pipe, args=(c, u), daemon=True).start()
        threading.Thread(target=pipe, args=(u, c), daemon=True).start()
threading.Thread(target=serve, daemon=True).start()
code = subprocess.call(cmd, stdin=subprocess.DEVNULL)
if code == 0 and hold == "hold":
    sys.stderr.write("\n` + relayDone + `\n")
    sys.stderr.flush()
    sys.stdin.read()
sys.exit(code)
`

// installRun is one package-manager run of an installer.
type installRun struct {
	// Command and Args are the package manager (an absolute path).
	Command string
	Args    []string
	// Dir is the working directory, one of Writable.
	Dir string
	// Writable are the directories the run may change (the install
	// target and the run's scratch directory); nothing else of the host is
	// writable.
	Writable []string
	// ReadOnly are further host paths the run needs (the package manager's
	// own files when they live outside /usr, a CA file).
	ReadOnly []string
	// Path is prepended to PATH (the runtime's bin directory).
	Path []string
	// Env is the package manager's whole environment besides PATH, HOME,
	// TMPDIR and the proxy settings: nothing of the worker's environment.
	Env map[string]string
	// Registries are the base URLs the run may reach (the egress proxy's
	// allow list); Allow are the address ranges they may resolve to beyond
	// public ones.
	Registries []string
	Allow      []netip.Prefix
	// Relay is the interpreter that runs the in-sandbox relay: "node"
	// (relayNode) or a Python (relayPython).
	Relay    string
	IsPython bool
	// Timeout bounds the run.
	Timeout time.Duration
	// Capped is the install target (an existing, empty directory; not one
	// of Writable) and Caps its bounds: in the bubblewrap sandbox the
	// package manager writes it on a tmpfs of Caps.Bytes, copied back with
	// copyCapped after a success; without bubblewrap it is written in
	// place and measured afterwards. Either way a run over the caps fails
	// wrapping ErrOverCap.
	Capped string
	Caps   InstallCaps
	// Remap shows host directories of the run at other paths in the
	// bubblewrap sandbox (Spec.Remap).
	Remap map[string]string
	// OwnFiles are sandbox paths below which files are the package
	// manager's own (its download cache), left out of the recorded
	// behaviour.
	OwnFiles []string
}

// runResult is what a package-manager run left: its output, and the
// egress proxy's refusals (the reason when a run failed on the network).
type runResult struct {
	Stdout  []byte
	Stderr  string
	Refused []string
	// Sandboxed is false when the run went straight to the host (no
	// bubblewrap sandbox).
	Sandboxed bool
	// Started is false when the run failed before the package manager
	// started (the sandbox or the proxy could not be set up): a fault of
	// the worker, not of the package.
	Started bool
	// Behaviour is what the run did, watched from outside as a server's
	// start-up is (bubblewrap only; nil otherwise), less the package
	// manager's own cache files (installRun.OwnFiles).
	Behaviour *schema.Behaviour
}

// runPackageManager runs r in sb when sb is the bubblewrap sandbox: no
// network but the egress proxy to r.Registries, a fresh environment, and
// only r.Writable writable. Without bubblewrap (sandbox "none", or no
// sandbox) it runs on the host, still with r.Env only (plus PATH and a
// private HOME in scratch): never the worker's environment.
func runPackageManager(ctx context.Context, sb Sandbox, scratch string, r installRun) (runResult, error) {
	if r.Timeout <= 0 {
		r.Timeout = 5 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, r.Timeout)
	defer cancel()
	var res runResult
	var out, errb bytes.Buffer
	var cmd *exec.Cmd
	var launched *connect.Launched
	var copied *copyOut
	var watched func() *schema.Behaviour
	if b, ok := sb.(*Bwrap); ok && b != nil {
		res.Sandboxed = true
		proxy, err := egress.New(egress.Options{Registries: r.Registries, Allow: r.Allow})
		if err != nil {
			return res, err
		}
		sock := filepath.Join(scratch, "egress.sock")
		l, err := net.Listen("unix", sock)
		if err != nil {
			return res, fmt.Errorf("egress proxy: %w", err)
		}
		defer l.Close()
		if err := os.Chmod(sock, 0o600); err != nil {
			return res, fmt.Errorf("egress proxy: %w", err)
		}
		pctx, pcancel := context.WithCancel(ctx)
		served := make(chan struct{})
		go func() { _ = proxy.Serve(pctx, l); close(served) }()
		defer func() { pcancel(); <-served; res.Refused = proxy.Refused() }()
		env := map[string]string{
			"npm_config_proxy": egressURL, "npm_config_https_proxy": egressURL, "npm_config_noproxy": "",
			"http_proxy": egressURL, "https_proxy": egressURL, "HTTP_PROXY": egressURL, "HTTPS_PROXY": egressURL,
		}
		for k, v := range r.Env {
			env[k] = v
		}
		script := relayNode
		if r.IsPython {
			script = relayPython
		}
		spec := Spec{Command: r.Relay, Args: append([]string{map[bool]string{false: "-e", true: "-c"}[r.IsPython], script,
			map[bool]string{false: "go", true: "hold"}[r.Capped != ""], sock, r.Command}, r.Args...),
			Env: env, Path: r.Path, Dir: r.Dir, ReadOnly: r.ReadOnly, Writable: r.Writable, Remap: r.Remap}
		if r.Capped != "" {
			spec.Capped, spec.CappedBytes = []string{r.Capped}, uint64(max(r.Caps.Bytes, 0))
		}
		prep, err := b.Prepare(ctx, spec)
		if err != nil {
			return res, err
		}
		defer prep.Cleanup()
		watched = prep.Behaviour
		t := prep.Target
		cmd = exec.CommandContext(ctx, t.Command, t.Args...)
		cmd.Dir = t.Dir
		cmd.Env = []string{"PATH=/usr/bin:/bin", "LANG=C"}
		if launched, err = t.Launch(cmd); err != nil {
			return res, err
		}
		if r.Capped != "" {
			cp, err := newCopyOut(cmd, &errb, prep, r.Capped, r.Caps)
			if err != nil {
				return res, err
			}
			copied = cp
		}
	} else {
		home := filepath.Join(scratch, "home")
		if err := os.MkdirAll(home, 0o700); err != nil {
			return res, err
		}
		cmd = exec.CommandContext(ctx, r.Command, r.Args...)
		cmd.Dir = r.Dir
		path := strings.Join(append(append([]string(nil), r.Path...), os.Getenv("PATH")), string(filepath.ListSeparator))
		cmd.Env = []string{"PATH=" + path, "HOME=" + home, "TMPDIR=" + scratch, "LANG=C.UTF-8"}
		for _, k := range sortedKeys(r.Env) {
			cmd.Env = append(cmd.Env, k+"="+r.Env[k])
		}
	}
	cmd.WaitDelay = 5 * time.Second
	cmd.Stdout = &out
	if copied == nil {
		cmd.Stderr = &errb
	}
	err := cmd.Start()
	res.Started = err == nil
	if launched != nil {
		pid := 0
		if err == nil {
			pid = cmd.Process.Pid
		}
		if serr := launched.Started(pid); serr != nil && err == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			res.Started = false
			return res, serr
		}
	}
	if err == nil {
		err = cmd.Wait()
		if launched != nil && err != nil {
			if cause := launched.Exited(err); cause != nil {
				// The sandbox never ran the package manager.
				res.Started = false
				err = cause
			}
		}
	}
	if ctx.Err() != nil && err != nil {
		err = fmt.Errorf("did not finish within %s: %w", r.Timeout, ctx.Err())
	}
	switch {
	case err != nil:
	case copied != nil:
		err = copied.result()
	case r.Capped != "":
		_, err = measureTree(r.Capped, r.Caps)
	}
	res.Stdout, res.Stderr = out.Bytes(), strings.ReplaceAll(errb.String(), "\n"+relayDone+"\n", "")
	if watched != nil && res.Started {
		res.Behaviour = withoutFiles(watched(), r.OwnFiles)
	}
	return res, err
}

// withoutFiles drops b's files at or below any of dirs.
func withoutFiles(b *schema.Behaviour, dirs []string) *schema.Behaviour {
	if b == nil || len(dirs) == 0 {
		return b
	}
	kept := b.Files[:0]
	for _, f := range b.Files {
		own := false
		for _, d := range dirs {
			own = own || f.Path == d || strings.HasPrefix(f.Path, strings.TrimSuffix(d, "/")+"/")
		}
		if !own {
			kept = append(kept, f)
		}
	}
	b.Files = kept
	return b
}

// copyOut takes a capped install out of its sandbox: the relay's stderr
// passes through it, and when the relay says relayDone it copies the
// tmpfs (through /proc/PID/root of the sandbox's first process, which
// waits) into the host directory with copyCapped, then ends the relay's
// stdin so the sandbox ends.
type copyOut struct {
	stderr  io.Writer
	seen    []byte
	hold    io.WriteCloser // the relay's stdin
	prep    *Prepared
	target  string
	caps    InstallCaps
	started bool
	done    chan struct{}
	err     error
}

func newCopyOut(cmd *exec.Cmd, stderr io.Writer, prep *Prepared, target string, caps InstallCaps) (*copyOut, error) {
	hold, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("install sandbox: %w", err)
	}
	c := &copyOut{stderr: stderr, hold: hold, prep: prep, target: target, caps: caps, done: make(chan struct{})}
	cmd.Stderr = c
	return c, nil
}

// Write implements io.Writer for the relay's stderr (exec's copying
// goroutine calls it, one call at a time).
func (c *copyOut) Write(p []byte) (int, error) {
	n, err := c.stderr.Write(p)
	if !c.started {
		c.seen = append(c.seen, p...)
		if bytes.Contains(c.seen, []byte("\n"+relayDone+"\n")) {
			c.started = true
			go c.copy()
		} else if len(c.seen) > 4096 {
			c.seen = c.seen[len(c.seen)-len(relayDone)-2:]
		}
	}
	return n, err
}

func (c *copyOut) copy() {
	defer close(c.done)
	defer c.hold.Close()
	pid := 0
	if c.prep.SandboxPID != nil {
		pid = c.prep.SandboxPID()
	}
	if pid <= 0 {
		c.err = errors.New("install sandbox: no sandbox process to copy the install from")
		return
	}
	at := c.target
	if c.prep.SandboxPath != nil {
		at = c.prep.SandboxPath(at)
	}
	c.err = copyCapped(filepath.Join("/proc", strconv.Itoa(pid), "root", at), c.target, c.caps)
}

// result is the copy's outcome once the relay has exited: an error when
// the relay never said relayDone (it succeeded without it) or the copy
// failed.
func (c *copyOut) result() error {
	_ = c.hold.Close()
	if !c.started {
		return errors.New("install sandbox: the package manager's end was not seen; nothing copied")
	}
	<-c.done
	return c.err
}

// withRefusals adds the egress proxy's first refusal to a failed run's
// reason: when a package needed a host that is not a registry, that is
// why it failed.
func withRefusals(reason string, refused []string) string {
	if len(refused) == 0 {
		return reason
	}
	more := ""
	if len(refused) > 1 {
		more = fmt.Sprintf(" (and %d more)", len(refused)-1)
	}
	return reason + "; " + refused[0] + more
}

// hostCAEnv copies the named CA-bundle variables of the worker's
// environment (absolute paths to certificates, nothing secret) into env,
// so a package manager behind a TLS-intercepting egress still verifies
// the registry, and returns the paths the sandbox must show read-only.
func hostCAEnv(env map[string]string, names ...string) (readOnly []string) {
	for _, k := range names {
		v := os.Getenv(k)
		if v == "" || !filepath.IsAbs(v) {
			continue
		}
		if _, err := os.Stat(v); err != nil {
			continue
		}
		env[k] = v
		if !underUsr(v) && !strings.HasPrefix(v+"/", "/etc/ssl/") {
			readOnly = append(readOnly, v)
		}
	}
	return readOnly
}

// realDir is the directory holding the real file behind bin (a package
// manager installed as a symlink), for binding it into the sandbox.
func realDir(bin string) (string, error) {
	p, err := exec.LookPath(bin)
	if err != nil {
		return "", err
	}
	if p, err = filepath.Abs(p); err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", err
	}
	return filepath.Dir(real), nil
}

// underUsr reports whether p is already visible in the sandbox (bwrap
// binds /usr read-only).
func underUsr(p string) bool { return strings.HasPrefix(p+"/", "/usr/") }
