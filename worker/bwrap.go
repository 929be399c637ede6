package worker

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Paths inside the bubblewrap sandbox.
const (
	// SandboxWorkDir is the scratch directory that replaces
	// registry.SandboxDirToken (inside the /tmp tmpfs).
	SandboxWorkDir = "/tmp/work"
)

// First sandbox user ID and the size of the range sandbox IDs come from.
const (
	uidBase  = 200000
	uidRange = 600000
	// uidsPerProcess is how many IDs one worker process cycles through.
	uidsPerProcess = 64
)

// SandboxUID is the lowest user and group ID a server has inside the
// sandbox's user namespace; each sandbox draws its own (see identity). On
// the host it is a fresh unprivileged ID (a root worker) or the worker's
// own (a non-root worker); never root.
const SandboxUID = 1000

// Descriptors bwrap gets besides stdio (connect passes ExtraFiles in this
// order): the seccomp program, the pipe it waits on before it starts the
// server, and the pipe it reports its status on (--json-status-fd: the
// sandbox's PID, then the server's exit code if the server ran).
const (
	fdSeccomp = 3
	fdBlock   = 4
	fdInfo    = 5
)

// Bwrap is the bubblewrap sandbox. Each server runs in new user, network
// (loopback only), PID, IPC, UTS and cgroup namespaces, sees read-only
// system directories and package directories, a tmpfs home and /tmp, and
// a cleared environment.
//
// Nothing in the sandbox runs as root or holds a capability: bwrap itself
// runs unprivileged (a root worker starts it under a fresh user ID from
// its range, a non-root worker as itself) and builds the sandbox in a new
// user namespace, where the server is SandboxUID with no capabilities and
// cannot make further user namespaces. No helper runs inside the sandbox:
// the server is the first program bwrap executes, so the server's
// environment (bwrap's --setenv) never reaches a process of ours. The
// worker sets the rlimits and the cgroup on the sandbox's first process
// from the outside, while bwrap waits on a pipe before it starts the
// server; a seccomp filter (sandboxPolicy) is loaded last, before the exec.
//
// The rlimits count per sandbox: RLIMIT_NPROC is charged to the sandbox's
// own user namespace. The cgroup (when the host lets the worker make one)
// bounds the memory and process count of the sandbox as a whole, and lets
// Cleanup kill everything the server left behind; a root worker also kills
// by the sandbox's fresh user ID. --die-with-parent ends the sandbox when
// the bwrap process dies (connect kills its process group on Close), and
// with it the sandbox's PID namespace.
//
// Use one *Bwrap per worker process; it is safe for concurrent use.
type Bwrap struct {
	// Path is the bwrap binary (default: "bwrap" on PATH).
	Path string
	// Limits apply to servers whose Spec leaves them zero.
	Limits Limits
	// CgroupParent is a delegated cgroup v2 directory (memory and pids in
	// its cgroup.subtree_control) to make per-sandbox cgroups in. Empty:
	// the worker's own cgroup v1 memory and pids groups, or its own v2
	// group when that delegates both controllers.
	CgroupParent string
	// RequireCgroup makes Available and Prepare fail when no per-sandbox
	// cgroup can be made (default: run with the rlimits only and say so in
	// CgroupStatus).
	RequireCgroup bool
	// NoCgroup turns the per-sandbox cgroup off.
	NoCgroup bool
	// IdentitySeed, when not zero, fixes the identity every sandbox shows
	// (host name, user, home, uid, locale, TERM, PATH, address): tests set
	// it to get the same one each time. Zero draws a fresh one per Prepare.
	IdentitySeed uint64
	// NoBehaviour turns off watching what servers do (the network
	// sinkhole, the process and file records); the sandbox then has
	// loopback only.
	NoBehaviour bool

	once  sync.Once
	setup bwrapSetup
}

// bwrapSetup is what a Bwrap works out once per process.
type bwrapSetup struct {
	err      error  // bwrap missing, or the filter failed to build
	bwrap    string // the binary
	prlimit  string // util-linux prlimit, run outside the sandbox
	filter   []byte // compiled seccomp program
	freshUID bool   // the worker is root: each sandbox gets its own host user ID
	cgroups  *cgroupHierarchy
	cgErr    error // why there is no cgroup
}

// NewBwrap returns a bubblewrap sandbox with bwrap found on PATH.
func NewBwrap() *Bwrap { return &Bwrap{} }

// Name implements Sandbox.
func (b *Bwrap) Name() string { return "bwrap" }

// Isolated implements Sandbox.
func (b *Bwrap) Isolated() bool { return true }

func (b *Bwrap) init() *bwrapSetup {
	b.once.Do(func() {
		s := &b.setup
		s.bwrap = b.Path
		if s.bwrap == "" {
			p, err := exec.LookPath("bwrap")
			if err != nil {
				s.err = fmt.Errorf("sandbox bwrap needs bubblewrap: %w", err)
				return
			}
			s.bwrap = p
		}
		if s.prlimit, s.err = exec.LookPath("prlimit"); s.err != nil {
			s.err = fmt.Errorf("sandbox bwrap needs util-linux prlimit: %w", s.err)
			return
		}
		if s.filter, s.err = compileSeccomp(); s.err != nil {
			return
		}
		s.freshUID = os.Geteuid() == 0
		if b.NoCgroup {
			s.cgErr = errors.New("turned off")
			return
		}
		h, err := findCgroups(b.CgroupParent)
		if err != nil {
			s.cgErr = err
			return
		}
		s.cgroups = &h
	})
	return &b.setup
}

// CgroupStatus says where per-sandbox cgroups are made, or why there are
// none (then only the per-process rlimits bound a sandbox).
func (b *Bwrap) CgroupStatus() string {
	s := b.init()
	if s.cgroups != nil {
		return "per-sandbox cgroups under " + s.cgroups.String()
	}
	if s.cgErr != nil {
		return "no per-sandbox cgroup (" + s.cgErr.Error() + "); each process is bounded by its rlimits only"
	}
	return "no per-sandbox cgroup"
}

// Available implements Sandbox: it starts `true` in a sandbox built the
// way the real runs are, and says why that fails (a missing bwrap,
// unprivileged user namespaces turned off, no cgroup when one is
// required).
func (b *Bwrap) Available(ctx context.Context) error {
	s := b.init()
	if s.err != nil {
		return s.err
	}
	if b.RequireCgroup && s.cgroups == nil {
		return fmt.Errorf("sandbox bwrap: %s", b.CgroupStatus())
	}
	prep, err := b.Prepare(ctx, Spec{Command: "true"})
	if err != nil {
		return err
	}
	defer prep.Cleanup()
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	t := prep.Target
	cmd := exec.CommandContext(ctx, t.Command, t.Args...)
	cmd.Dir = t.Dir
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	launched, err := t.Launch(cmd)
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		_ = launched.Started(0)
		return fmt.Errorf("sandbox bwrap: %w", err)
	}
	serr := launched.Started(cmd.Process.Pid)
	werr := cmd.Wait()
	if werr != nil {
		if cause := launched.Exited(werr); cause != nil {
			werr = cause
		}
	}
	if err := errors.Join(serr, werr); err != nil {
		msg := strings.TrimSpace(out.String())
		return fmt.Errorf("sandbox bwrap does not work on this host: %w: %s%s", err, msg, userNSHint(msg))
	}
	return nil
}

// userNSHint names the host setting that stops unprivileged user
// namespaces, when bwrap's message points that way.
func userNSHint(msg string) string {
	low := strings.ToLower(msg)
	if !strings.Contains(low, "namespace") && !strings.Contains(low, "operation not permitted") &&
		!strings.Contains(low, "no space left") && !strings.Contains(low, "permission denied") {
		return ""
	}
	var why []string
	read := func(p string) string {
		b, err := os.ReadFile(p)
		if err != nil {
			return ""
		}
		return strings.TrimSpace(string(b))
	}
	if v := read("/proc/sys/user/max_user_namespaces"); v == "0" {
		why = append(why, "user.max_user_namespaces is 0")
	}
	if v := read("/proc/sys/kernel/unprivileged_userns_clone"); v == "0" {
		why = append(why, "kernel.unprivileged_userns_clone is 0")
	}
	if v := read("/proc/sys/kernel/apparmor_restrict_unprivileged_userns"); v == "1" {
		why = append(why, "kernel.apparmor_restrict_unprivileged_userns is 1 (AppArmor needs a profile allowing userns for bwrap)")
	}
	if len(why) == 0 {
		return " (the sandbox needs unprivileged user namespaces; a container runtime's seccomp or AppArmor profile may forbid them)"
	}
	return " (the sandbox needs unprivileged user namespaces: " + strings.Join(why, "; ") + ")"
}

// Prepare implements Sandbox.
func (b *Bwrap) Prepare(_ context.Context, spec Spec) (*Prepared, error) {
	s := b.init()
	if s.err != nil {
		return nil, s.err
	}
	if spec.Command == "" {
		return nil, errors.New("sandbox bwrap: empty command")
	}
	replaceToken(&spec, SandboxWorkDir)
	lim := spec.Limits
	if lim == (Limits{}) {
		lim = b.Limits
	}
	lim = lim.withDefaults()
	uid := -1
	if s.freshUID {
		uid = b.allocUID()
	}
	id := newIdentity(b.IdentitySeed)
	etcDir, err := os.MkdirTemp("", "etc-")
	if err != nil {
		return nil, fmt.Errorf("sandbox bwrap: %w", err)
	}
	removeEtc := func() { _ = os.RemoveAll(etcDir) }
	etc, err := id.etcFiles(etcDir)
	if err == nil {
		err = os.Chmod(etcDir, 0o755) // bwrap may run as another user
	}
	if err != nil {
		removeEtc()
		return nil, err
	}
	// A non-root worker's sinkhole comes from the helper, which makes the
	// network namespace bwrap then runs in (sinkhole_helper.go).
	helperNet := !s.freshUID && !b.NoBehaviour
	rm := newRemap(spec.Remap, id.Home)
	args, err := b.args(spec, lim, uid, id, etc, helperNet, rm)
	if err != nil {
		removeEtc()
		return nil, err
	}
	if uid >= 0 {
		for _, p := range spec.Writable {
			if err := chownTree(p, uid, uid); err != nil {
				return nil, fmt.Errorf("sandbox bwrap: hand %s to the sandbox: %w", p, err)
			}
		}
	}
	if s.cgroups == nil && b.RequireCgroup {
		return nil, fmt.Errorf("sandbox bwrap: %s", b.CgroupStatus())
	}
	l := &launcher{filter: s.filter, prlimit: s.prlimit, limits: lim, uid: uid, command: spec.Command, dir: spec.Dir,
		path:    append(append([]string(nil), spec.Path...), filepath.SplitList(id.Path)...),
		cgroups: s.cgroups, cgName: b.cgroupName(), requireCgroup: b.RequireCgroup, id: id, bwrap: s.bwrap, helperNet: helperNet}
	if !b.NoBehaviour {
		l.rec = newRecorder()
	}
	t := &connect.Target{
		Transport: connect.TransportStdio, Command: s.bwrap, Args: args, Dir: "/", Source: "sandbox:bwrap",
		Display: connect.ShellJoin(append([]string{spec.Command}, spec.Args...)),
		Launch:  l.launch,
	}
	var once sync.Once
	cleanup := func() {
		once.Do(func() {
			defer l.finishWatches()
			l.killCgroups(5 * time.Second)
			defer removeEtc()
			if uid >= 0 {
				killUID(uid, 5*time.Second)
				// Nothing of the sandbox runs any more: take its writable
				// directories back, so no later sandbox under the same ID
				// (or the same ID's processes) can change them.
				for _, p := range spec.Writable {
					_ = chownTree(p, os.Geteuid(), os.Getegid())
				}
			}
		})
	}
	p := &Prepared{Target: t, WorkDir: SandboxWorkDir, Cleanup: cleanup, SandboxPID: func() int { return int(l.pid.Load()) },
		SandboxPath: rm.path}
	if s.cgroups != nil {
		p.Breach = l.breach
	}
	if l.rec != nil {
		p.Behaviour = func() *schema.Behaviour {
			l.finishWatches()
			return l.rec.snapshot()
		}
	}
	return p, nil
}

// launcher starts one sandbox's bwrap processes: it hands bwrap the
// seccomp program and its two pipes, starts it under the sandbox's host
// user ID, and, once bwrap reports the sandbox's first process, sets that
// process's rlimits and cgroup before it lets bwrap start the server.
type launcher struct {
	filter  []byte
	prlimit string // util-linux prlimit
	limits  Limits
	uid     int // host user ID for bwrap, or -1 for the worker's own
	// Every start (a scan's compliance probes start several servers) gets
	// a cgroup of its own, cgName-N under cgroups, so the aggregate limits
	// bound one server and its children, as the rlimits do.
	cgroups       *cgroupHierarchy
	cgName        string
	requireCgroup bool
	// command, dir and path are the server's command, working directory
	// and PATH inside the sandbox, to tell a command missing from the
	// sandbox from a sandbox that could not be set up.
	command string
	dir     string
	path    []string

	// id is what every start of this sandbox looks like from inside; rec,
	// when set, records what the starts do (each start's watch) and bwrap
	// is the bwrap binary (a process still running it is not the server).
	id    identity
	rec   *recorder
	bwrap string
	// helperNet: the sandbox's network namespace is the sinkhole helper's
	// (a non-root worker), not one bwrap makes.
	helperNet bool
	mu        sync.Mutex
	cgs       []*sandboxCgroup
	watches   []*watch
	pid       atomic.Int64 // the last start's sandbox PID (Prepared.SandboxPID)
}

// watchStart gives the sandbox whose first process is pid its network
// sinkhole and starts watching it (when behaviour is recorded). A sinkhole
// that cannot be made leaves the sandbox with loopback only, and the
// record says so.
func (l *launcher) watchStart(pid int, cg *sandboxCgroup, helper *helperSocket) {
	if l.rec == nil {
		return
	}
	var tun *os.File
	var err error
	if helper != nil {
		tun, err = receiveSink(helper.ours, helper.theirs)
	} else {
		tun, err = attachSinkhole(pid, l.id)
	}
	if err != nil {
		l.rec.unobserved("network: " + err.Error())
	}
	w := newWatch(pid, l.bwrap, cg, l.id, l.rec, tun)
	l.mu.Lock()
	l.watches = append(l.watches, w)
	l.mu.Unlock()
}

// finishWatches ends every start's watch and records its files.
func (l *launcher) finishWatches() {
	l.mu.Lock()
	ws := l.watches
	l.watches = nil
	l.mu.Unlock()
	for _, w := range ws {
		w.finish()
	}
}

// newCgroup makes the cgroup for one start (nil when there is none).
func (l *launcher) newCgroup() (*sandboxCgroup, error) {
	if l.cgroups == nil {
		return nil, nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	cg, err := newSandboxCgroup(*l.cgroups, fmt.Sprintf("%s-%d.scope", l.cgName, len(l.cgs)+1), l.limits.Memory, l.limits.Processes)
	if err != nil {
		if l.requireCgroup {
			return nil, fmt.Errorf("sandbox bwrap: %w", err)
		}
		return nil, nil
	}
	l.cgs = append(l.cgs, cg)
	return cg, nil
}

// killCgroups ends everything in this sandbox's cgroups and removes them.
func (l *launcher) killCgroups(wait time.Duration) {
	l.mu.Lock()
	cgs := l.cgs
	l.cgs = nil
	l.mu.Unlock()
	for _, cg := range cgs {
		cg.kill(wait)
	}
}

// breach implements Prepared.Breach over every start's cgroup.
func (l *launcher) breach() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, cg := range l.cgs {
		if why := cg.breach(); why != "" {
			return why
		}
	}
	return ""
}

// setupError is a SandboxError of bwrap's set-up.
func setupError(err error) *SandboxError {
	return &SandboxError{Sandbox: "bwrap", Failure: SandboxSetup, Err: err}
}

// launch implements connect.Target.Launch.
func (l *launcher) launch(cmd *exec.Cmd) (*connect.Launched, error) {
	l2, err := l.launchOne(cmd)
	if err != nil {
		var se *SandboxError
		if !errors.As(err, &se) {
			err = setupError(err)
		}
		return nil, err
	}
	return l2, nil
}

func (l *launcher) launchOne(cmd *exec.Cmd) (*connect.Launched, error) {
	cg, err := l.newCgroup()
	if err != nil {
		return nil, err
	}
	var files []*os.File
	closeAll := func() {
		for _, f := range files {
			_ = f.Close()
		}
	}
	pipe := func() (*os.File, *os.File, error) {
		r, w, err := os.Pipe()
		if err == nil {
			files = append(files, r, w)
		}
		return r, w, err
	}
	secR, secW, err := pipe()
	if err != nil {
		return nil, fmt.Errorf("sandbox bwrap: %w", err)
	}
	blockR, blockW, err := pipe()
	if err != nil {
		closeAll()
		return nil, fmt.Errorf("sandbox bwrap: %w", err)
	}
	infoR, infoW, err := pipe()
	if err != nil {
		closeAll()
		return nil, fmt.Errorf("sandbox bwrap: %w", err)
	}
	// The program is a few hundred bytes: it fits the pipe's buffer.
	if _, err := secW.Write(l.filter); err != nil {
		closeAll()
		return nil, fmt.Errorf("sandbox bwrap: seccomp program: %w", err)
	}
	_ = secW.Close()
	cmd.ExtraFiles = []*os.File{secR, blockR, infoW} // fdSeccomp, fdBlock, fdInfo
	var helper *helperSocket
	if l.helperNet {
		ours, err := sinkHelper(cmd, l.id)
		if err != nil {
			closeAll()
			return nil, err
		}
		helper = &helperSocket{ours: ours, theirs: cmd.ExtraFiles[helperSocketFD-3]}
	}
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	if l.uid >= 0 {
		id := uint32(l.uid)
		cmd.SysProcAttr.Credential = &syscall.Credential{Uid: id, Gid: id, Groups: []uint32{}}
	}
	st := &bwrapStatus{done: make(chan struct{})}
	started := func(pid int) error {
		_ = secR.Close()
		_ = blockR.Close()
		_ = infoW.Close()
		defer blockW.Close()
		if helper != nil {
			// Closed here unless watchStart took them (closing twice is harmless).
			defer helper.ours.Close()
			defer helper.theirs.Close()
		}
		if pid == 0 {
			_ = infoR.Close()
			close(st.done)
			return nil
		}
		_ = infoR.SetReadDeadline(time.Now().Add(20 * time.Second))
		dec := json.NewDecoder(infoR)
		var info struct {
			ChildPID int `json:"child-pid"`
		}
		if err := dec.Decode(&info); err != nil || info.ChildPID <= 0 {
			// bwrap failed before it made the sandbox; its stderr says
			// why, and Exited says it was the sandbox.
			_ = infoR.Close()
			close(st.done)
			return nil
		}
		_ = infoR.SetReadDeadline(time.Time{})
		go st.read(dec, infoR)
		l.pid.Store(int64(info.ChildPID))
		if err := l.confine(info.ChildPID, cg); err != nil {
			return setupError(err)
		}
		l.watchStart(info.ChildPID, cg, helper)
		if _, err := blockW.Write([]byte{1}); err != nil {
			return setupError(fmt.Errorf("release the sandbox: %w", err))
		}
		return nil
	}
	return &connect.Launched{Started: started, Exited: func(waitErr error) error { return l.exited(st, waitErr) }}, nil
}

// helperSocket is the worker's end of the sinkhole helper's socket and the
// helper's end, which the worker closes once the helper has started.
type helperSocket struct{ ours, theirs *os.File }

// bwrapStatus is what bwrap wrote on its --json-status-fd after the
// sandbox's PID: {"exit-code": N} once the server it started has exited.
// It writes nothing more when the server never ran (a set-up step or the
// exec failed).
type bwrapStatus struct {
	done   chan struct{} // closed when the status pipe reached its end
	exited bool          // bwrap reported the server's exit code
}

func (st *bwrapStatus) read(dec *json.Decoder, r *os.File) {
	defer close(st.done)
	defer r.Close()
	for {
		var m struct {
			ExitCode *int `json:"exit-code"`
		}
		if err := dec.Decode(&m); err != nil {
			return
		}
		if m.ExitCode != nil {
			st.exited = true
		}
	}
}

// exited implements connect.Launched.Exited: bwrap ended without saying
// the server exited, and was not killed, so the server never ran. A
// command that is not on the sandbox's PATH is the server's fault
// (SandboxExec); anything else is the sandbox's (SandboxSetup).
func (l *launcher) exited(st *bwrapStatus, waitErr error) error {
	select {
	case <-st.done:
	case <-time.After(5 * time.Second):
		return nil // the status never ended: say nothing rather than guess
	}
	if st.exited {
		return nil // the server ran: its exit is its own
	}
	var ee *exec.ExitError
	if errors.As(waitErr, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return nil // bwrap was killed (by us, at close): not a set-up failure
		}
	}
	if waitErr == nil {
		return nil
	}
	if !l.commandInSandbox() {
		return &SandboxError{Sandbox: "bwrap", Failure: SandboxExec, Command: l.command, Err: waitErr}
	}
	return setupError(waitErr)
}

// commandInSandbox reports whether the server's command is an executable
// file the sandbox can see: every path the sandbox shows is a host path at
// the same place, so the host's file system answers.
func (l *launcher) commandInSandbox() bool {
	isExec := func(p string) bool {
		fi, err := os.Stat(p)
		return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
	}
	switch {
	case filepath.IsAbs(l.command):
		return isExec(l.command)
	case strings.Contains(l.command, "/"):
		if l.dir == "" {
			return true // relative to the tmpfs home: the host cannot tell
		}
		return isExec(filepath.Join(l.dir, l.command))
	}
	for _, d := range l.path {
		if d != "" && isExec(filepath.Join(d, l.command)) {
			return true
		}
	}
	return false
}

// confine sets the rlimits of the sandbox's first process (all its
// descendants inherit them) and moves it into the sandbox's cgroup. The
// limits are set by util-linux prlimit running outside the sandbox as the
// sandbox's own host user (the kernel lets a process lower the limits of
// its own user's processes; a root worker may lack CAP_SYS_RESOURCE), with
// a fixed environment: nothing of the server's reaches it.
func (l *launcher) confine(pid int, cg *sandboxCgroup) error {
	lim := l.limits
	u := func(v uint64) string { return strconv.FormatUint(v, 10) }
	args := []string{"--pid", strconv.Itoa(pid),
		"--as=" + u(lim.AddressSpace), "--data=" + u(lim.Data), "--nproc=" + u(lim.Processes),
		"--nofile=" + u(lim.OpenFiles), "--fsize=" + u(lim.FileSize), "--cpu=" + u(lim.CPUSeconds), "--core=0"}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, l.prlimit, args...)
	cmd.Env = []string{"PATH=/usr/bin:/bin", "LANG=C"}
	cmd.Dir = "/"
	if l.uid >= 0 {
		id := uint32(l.uid)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: id, Gid: id, Groups: []uint32{}}}
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("set the sandbox's rlimits: %w: %s", err, strings.TrimSpace(string(out)))
	}
	if cg != nil {
		return cg.join(pid)
	}
	return nil
}

// uidSeq and cgroupSeq number the host user IDs and cgroup names this
// process hands out. They are process-wide, not per Bwrap, because what they
// number is: two Bwraps in one process must not give two sandboxes the same
// host user ID (one's cleanup would kill the other's processes) or cgroup.
var uidSeq, cgroupSeq atomic.Uint32

// allocUID picks the host user ID of the next sandbox: a slice of the
// range per worker process (by PID), cycling inside it.
func (b *Bwrap) allocUID() int {
	n := uidSeq.Add(1)
	return ownFirstUID() + int(n%uidsPerProcess)
}

// cgroupName names the per-sandbox cgroup of the next sandbox.
func (b *Bwrap) cgroupName() string {
	// The name shows inside the sandbox (its cgroup namespace starts at
	// the worker's group): an ordinary systemd-like scope name.
	return fmt.Sprintf("session-%d-%d", os.Getpid(), cgroupSeq.Add(1))
}

// ownFirstUID is the first of the uidsPerProcess sandbox user IDs this
// process hands out.
func ownFirstUID() int {
	return uidBase + (os.Getpid()%(uidRange/uidsPerProcess))*uidsPerProcess
}

// args builds the bwrap command line for spec. uid is the host user ID
// bwrap runs as (-1: the worker's own), which must be able to reach every
// read-only path. rm says where the spec's host paths show inside.
func (b *Bwrap) args(spec Spec, lim Limits, uid int, id identity, etc map[string]string, helperNet bool, rm remap) ([]string, error) {
	in := strconv.Itoa(id.UID)
	net := "--unshare-net"
	if helperNet {
		net = "--unshare-ipc" // the helper made the network namespace; repeated flags are harmless
	}
	a := []string{
		"--unshare-user", "--uid", in, "--gid", in, "--disable-userns", "--cap-drop", "ALL",
		"--die-with-parent", "--new-session", "--as-pid-1",
		net, "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
		"--hostname", id.Hostname,
		"--seccomp", strconv.Itoa(fdSeccomp), "--block-fd", strconv.Itoa(fdBlock), "--json-status-fd", strconv.Itoa(fdInfo),
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
				return nil, fmt.Errorf("sandbox bwrap: %s: %w", top, err)
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
	for _, p := range sortedKeys(etc) {
		a = append(a, "--ro-bind", etc[p], p)
	}
	// The tmpfs mounts come before the read-only binds, so a package or
	// binary that lives under the host's /tmp stays visible.
	size := strconv.FormatUint(lim.TmpfsBytes, 10)
	a = append(a,
		"--proc", "/proc", "--dev", "/dev",
		"--perms", "1777", "--size", size, "--tmpfs", "/tmp",
		"--perms", "0777", "--dir", SandboxWorkDir,
		"--perms", "0755", "--size", size, "--tmpfs", id.Home,
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
			return nil, fmt.Errorf("sandbox bwrap: read-only path %q is not absolute", p)
		}
		if _, err := os.Stat(p); err != nil {
			return nil, fmt.Errorf("sandbox bwrap: read-only path: %w", err)
		}
		if err := reachable(p, uid); err != nil {
			return nil, fmt.Errorf("sandbox bwrap: read-only path %s: %w", p, err)
		}
		// bwrap would make missing parents with the host's modes (a 0700
		// /root or test dir hides everything below from the sandbox user),
		// so make them world-searchable first.
		at := rm.path(p)
		a = append(a, parentDirs(at, seen, id)...)
		a = append(a, "--ro-bind", p, at)
		// A Unix socket inside a bound directory would be reachable from
		// the sandbox (a read-only mount does not stop connect): cover each
		// one found with an empty file.
		for _, sock := range socketsUnder(p) {
			a = append(a, "--ro-bind", "/dev/null", rm.path(sock))
		}
	}
	for _, p := range spec.Capped {
		if !filepath.IsAbs(p) {
			return nil, fmt.Errorf("sandbox bwrap: capped path %q is not absolute", p)
		}
		at := rm.path(p)
		a = append(a, parentDirs(at, seen, id)...)
		a = append(a, "--perms", "0777", "--size", strconv.FormatUint(spec.CappedBytes, 10), "--tmpfs", at)
	}
	for _, p := range spec.Writable {
		if !filepath.IsAbs(p) {
			return nil, fmt.Errorf("sandbox bwrap: writable path %q is not absolute", p)
		}
		if fi, err := os.Stat(p); err != nil || !fi.IsDir() {
			return nil, fmt.Errorf("sandbox bwrap: writable path %s is not a directory (%v)", p, err)
		}
		if err := reachable(filepath.Dir(p), uid); err != nil {
			return nil, fmt.Errorf("sandbox bwrap: writable path %s: %w", p, err)
		}
		at := rm.path(p)
		a = append(a, parentDirs(at, seen, id)...)
		a = append(a, "--bind", p, at)
	}
	a = append(a, "--clearenv")
	// GOTRACEBACK=none keeps a crashing Go server's stderr to its one
	// fatal line, so the reason survives connect's stderr tail.
	env := id.env()
	env["GOTRACEBACK"] = "none"
	if len(spec.Path) > 0 {
		env["PATH"] = rm.text(strings.Join(spec.Path, ":")) + ":" + id.Path
	}
	for k, v := range spec.Env {
		env[k] = rm.text(v)
	}
	for _, k := range sortedKeys(env) {
		if err := registry.CheckEnv(k, env[k]); err != nil {
			return nil, fmt.Errorf("sandbox bwrap: %w", err)
		}
		a = append(a, "--setenv", k, env[k])
	}
	dir := rm.path(spec.Dir)
	if dir == "" {
		dir = id.Home
	}
	a = append(a, "--chdir", dir, "--", rm.text(spec.Command))
	for _, x := range spec.Args {
		a = append(a, rm.text(x))
	}
	return a, nil
}

// parentDirs makes the parents of at (a bind's or tmpfs's place in the
// sandbox) that no earlier mount made, world-searchable: bwrap would make
// missing parents with the host's modes (a 0700 /root or test dir hides
// everything below from the sandbox user). /tmp, the home and the scratch
// directory are mounts of their own.
func parentDirs(at string, seen map[string]bool, id identity) []string {
	var a []string
	for _, d := range ancestors(at) {
		if seen["dir:"+d] || seen[d] || d == "/tmp" || d == id.Home || d == SandboxWorkDir {
			continue
		}
		seen["dir:"+d] = true
		a = append(a, "--perms", "0755", "--dir", d)
	}
	return a
}

// chownTree gives p and everything below it (never following a symlink)
// to uid:gid.
func chownTree(p string, uid, gid int) error {
	return filepath.WalkDir(p, func(path string, _ os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(path, uid, gid)
	})
}

// reachable reports why the host user uid (-1: this process) could not
// open path: bwrap runs as that user and must reach what it binds.
func reachable(p string, uid int) error {
	if uid < 0 {
		return nil // bwrap runs as us: it sees what we see
	}
	for _, d := range append(ancestors(p), p) {
		fi, err := os.Stat(d)
		if err != nil {
			return err
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		if !ok {
			return nil
		}
		need := os.FileMode(0o001) // search
		if d == p && !fi.IsDir() {
			need = 0o004 // read
		} else if d == p {
			need = 0o005
		}
		if int(st.Uid) != uid && fi.Mode().Perm()&need != need {
			return fmt.Errorf("the sandbox's user cannot reach %s (mode %v, owner %d): make it world-readable, or keep the data and cache directories outside private directories such as /root", d, fi.Mode().Perm(), st.Uid)
		}
	}
	return nil
}

// maxSocketScan bounds the directory walk that looks for Unix sockets in a
// bound directory.
const maxSocketScan = 20000

// socketsUnder lists the Unix sockets at or below p (at most maxSocketScan
// entries are looked at; node_modules trees from npm hold no sockets, so
// they are skipped).
func socketsUnder(p string) []string {
	var out []string
	n := 0
	_ = filepath.WalkDir(p, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if n++; n > maxSocketScan {
			return filepath.SkipAll
		}
		if d.IsDir() && d.Name() == "node_modules" && path != p {
			return filepath.SkipDir
		}
		if d.Type()&os.ModeSocket != 0 {
			out = append(out, path)
		}
		return nil
	})
	return out
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
		"/etc/ssl", "/etc/ca-certificates", "/etc/pki", "/etc/nsswitch.conf",
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
