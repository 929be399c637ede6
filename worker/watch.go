package worker

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"github.com/mcpgauge/mcpgauge/schema"
)

// pollEvery is how often a watch lists the sandbox's processes when it
// hears no exec events (a worker without CAP_SYS_ADMIN): a program that
// starts and ends between two polls is not seen (see docs/worker.md).
// With exec events the poll only backs them up (a program run from
// memory, on no mount of the sandbox), every pollBackstop.
const (
	pollEvery    = 10 * time.Millisecond
	pollBackstop = 100 * time.Millisecond
)

// maxPending bounds the execs waiting for their argv[0].
const maxPending = 256

// Bounds of the file walk after a run.
const (
	maxWalkEntries = 5000
	maxWalkDepth   = 12
)

// watch follows one start of a server from outside its sandbox: it hears
// every program the sandbox executes from the kernel (execWatch, a root
// worker) and polls the sandbox's processes (its cgroup, else the process
// tree below its first process) for the programs they run that the kernel
// did not report, and, once the sandbox is set up, holds the sandbox's
// home and /tmp file systems open so that finish can list what the server
// left there, even after the sandbox has gone. Nothing of it runs in the sandbox; it reads /proc and the held
// directories without following any link the server made.
type watch struct {
	pid   int // the sandbox's first process (host PID)
	bwrap string
	cg    *sandboxCgroup
	id    identity
	rec   *recorder
	stop  chan struct{}
	done  chan struct{}
	seen  map[string]bool // "pid exe" already recorded
	tun   *os.File
	roots []pinned
	// procs is the start's cgroup.procs ("": no cgroup) and tasks its
	// pids.current: the cgroup's process list is read again only when the
	// task count moved. known are the processes of the last list; buf is
	// the poll's buffer.
	procs     string
	tasksFD   int // pids.current, held open and read again at offset 0 (-1: none)
	lastTasks string
	known     []int
	buf       []byte
	// ex hears the sandbox's execs (nil: the poll alone, every every);
	// execs are its events, and pending the execs whose argv[0] the next
	// poll reads (their exec was not complete when they were heard).
	ex      *execWatch
	execs   <-chan execEvent
	every   time.Duration
	pending []pendingExec
}

// pinned is a tmpfs the sandbox writes to, held open by a directory file
// descriptor, with the mount points inside it (binds bwrap made) to skip.
type pinned struct {
	dir    *os.File
	at     string // the path inside the sandbox
	skip   map[string]bool
	device uint64
}

func newWatch(pid int, bwrap string, cg *sandboxCgroup, id identity, rec *recorder, tun *os.File) *watch {
	w := &watch{pid: pid, bwrap: bwrap, cg: cg, id: id, rec: rec, tun: tun,
		stop: make(chan struct{}), done: make(chan struct{}), seen: map[string]bool{},
		buf: make([]byte, 64<<10), tasksFD: -1, every: pollEvery}
	if ex, err := newExecWatch(pid, fdBlock); err == nil {
		w.ex, w.execs, w.every = ex, ex.start(), pollBackstop
		w.pin()
	} else {
		rec.unobserved(fmt.Sprintf("processes: polled every %s, a program that runs for less may be missed (exec events: %v)", pollEvery, err))
	}
	if cg != nil && len(cg.dirs) > 0 {
		// v1 keeps the same processes in the memory and pids groups: one is enough.
		w.procs = filepath.Join(cg.dirs[0], "cgroup.procs")
		if fd, err := unix.Open(filepath.Join(cg.dirs[len(cg.dirs)-1], "pids.current"), unix.O_RDONLY|unix.O_CLOEXEC, 0); err == nil {
			w.tasksFD = fd
		}
	}
	if tun != nil {
		s := &sinkhole{f: tun, id: id, rec: rec}
		go s.serve()
	}
	go w.run()
	return w
}

func (w *watch) run() {
	defer close(w.done)
	defer func() {
		if w.tasksFD >= 0 {
			unix.Close(w.tasksFD)
		}
	}()
	defer w.drainExecs()
	t := time.NewTicker(w.every)
	defer t.Stop()
	for {
		if !w.poll() {
			return
		}
		for waiting := true; waiting; {
			select {
			case <-w.stop:
				w.poll()
				return
			case ev, ok := <-w.execs:
				if !ok {
					w.execs = nil
				} else {
					w.exec(ev)
				}
			case <-t.C:
				waiting = false
			}
		}
	}
}

// exec records one exec the kernel reported, with its argv[0] when the
// exec is complete, else at the next poll.
func (w *watch) exec(ev execEvent) {
	if ev.lost {
		w.rec.unobserved("processes: the kernel's exec event queue overflowed; some programs were not recorded")
		return
	}
	if a, ok := argv0Of(ev); ok || len(w.pending) >= maxPending {
		w.rec.process(ev.path, a, w.writable(ev.device()))
		return
	}
	w.pending = append(w.pending, pendingExec{ev, time.Now()})
}

// pendingExec is an exec heard at heard whose argv[0] is read later.
type pendingExec struct {
	execEvent
	heard time.Time
}

// flushPending records the execs waiting for their argv[0] that were
// heard before since (all of them when since is zero): empty when their
// process has gone or runs something else by now.
func (w *watch) flushPending(since time.Time) {
	keep := w.pending[:0]
	for _, p := range w.pending {
		if !since.IsZero() && p.heard.After(since) {
			keep = append(keep, p)
			continue
		}
		a, _ := argv0Of(p.execEvent)
		w.rec.process(p.path, a, w.writable(p.device()))
	}
	clear(w.pending[len(keep):])
	w.pending = keep
}

// drainExecs ends the exec events and records those still queued.
func (w *watch) drainExecs() {
	if w.ex == nil {
		return
	}
	w.ex.stop()
	if w.execs != nil {
		for ev := range w.execs {
			w.exec(ev)
		}
	}
	w.flushPending(time.Time{})
}

// poll records the programs running now; false once the sandbox's first
// process is gone.
func (w *watch) poll() bool {
	// An exec heard within the last poll interval may not be complete yet.
	w.flushPending(time.Now().Add(-w.every / 2))
	pids := w.processes()
	if len(pids) == 0 {
		return false
	}
	for _, pid := range pids {
		exe, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/exe")
		if err != nil || exe == w.bwrap {
			continue // gone, or bwrap itself before it starts the server
		}
		if w.roots == nil && pid == w.pid {
			w.pin()
		}
		if w.ex != nil && w.ex.covers(pid) {
			continue // its exec was heard
		}
		key := strconv.Itoa(pid) + " " + exe
		if w.seen[key] {
			continue
		}
		w.seen[key] = true
		exe = strings.TrimSuffix(exe, " (deleted)")
		w.rec.process(exe, argv0(pid), w.written(pid))
	}
	return true
}

// written reports whether pid's executable lies on a file system the
// sandbox writes (its home or /tmp): a program written during the run.
func (w *watch) written(pid int) bool {
	var st unix.Stat_t
	if err := unix.Stat("/proc/"+strconv.Itoa(pid)+"/exe", &st); err != nil {
		return false
	}
	return w.writable(uint64(st.Dev))
}

// writable reports whether dev is a file system the sandbox writes.
func (w *watch) writable(dev uint64) bool {
	for _, p := range w.roots {
		if dev == p.device {
			return true
		}
	}
	return false
}

// processes lists the sandbox's live processes: its cgroup's, or without
// one the tree below its first process (the children of each of its
// threads: Go and libuv start programs from any thread). It reads with
// plain system calls where it can: a poll costs a few per process.
func (w *watch) processes() []int {
	if w.procs != "" {
		// A new process moves the task count; an exec in a known process
		// does not, and poll's readlink of each known process sees it.
		n := ""
		if w.tasksFD >= 0 {
			if k, err := unix.Pread(w.tasksFD, w.buf, 0); err == nil && k > 0 {
				n = string(w.buf[:k])
			}
		}
		if n == "" || n != w.lastTasks || len(w.known) == 0 {
			w.lastTasks = n
			w.known = appendPIDs(nil, readSmall(w.procs, w.buf))
		}
		return w.known
	}
	var st unix.Stat_t
	if unix.Stat("/proc/"+strconv.Itoa(w.pid), &st) != nil {
		return nil
	}
	var out []int
	queue := []int{w.pid}
	for len(queue) > 0 && len(out) < 4096 {
		pid := queue[0]
		queue = queue[1:]
		out = append(out, pid)
		p := "/proc/" + strconv.Itoa(pid) + "/task/"
		tasks, _ := os.ReadDir(p)
		for _, t := range tasks {
			queue = appendPIDs(queue, readSmall(p+t.Name()+"/children", w.buf))
		}
	}
	return out
}

// appendPIDs appends the process IDs listed in b (separated by white
// space) to out.
func appendPIDs(out []int, b []byte) []int {
	for _, f := range bytes.Fields(b) {
		if pid, err := strconv.Atoi(string(f)); err == nil {
			out = append(out, pid)
		}
	}
	return out
}

// readSmall reads the start of a small /proc file into buf with plain
// system calls (no poller), or nil.
func readSmall(path string, buf []byte) []byte {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	defer unix.Close(fd)
	n, err := unix.Read(fd, buf)
	if err != nil || n <= 0 {
		return nil
	}
	return buf[:n]
}

// argv0 is the first word of pid's command line.
func argv0(pid int) string {
	b := readSmall("/proc/"+strconv.Itoa(pid)+"/cmdline", make([]byte, 4096))
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

// pin opens the sandbox's home and /tmp through its first process's root.
func (w *watch) pin() {
	w.roots = []pinned{}
	root, err := unix.Open("/proc/"+strconv.Itoa(w.pid)+"/root", pinFlags, 0)
	if err != nil {
		w.rec.unobserved("files: the sandbox's root could not be opened: " + err.Error())
		return
	}
	defer unix.Close(root)
	mounts := mountPoints(w.pid)
	for _, at := range []string{w.id.Home, "/tmp"} {
		d, err := openBeneath(root, at)
		if err != nil {
			w.rec.unobserved("files: " + at + ": " + err.Error())
			continue
		}
		var st unix.Stat_t
		if err := unix.Fstat(int(d.Fd()), &st); err != nil {
			_ = d.Close()
			continue
		}
		p := pinned{dir: d, at: at, device: uint64(st.Dev), skip: map[string]bool{}}
		for _, m := range mounts {
			if strings.HasPrefix(m, at+"/") {
				p.skip[m] = true
			}
		}
		if at == "/tmp" {
			p.skip[SandboxWorkDir] = true // the scratch directory is the server's own
		}
		w.roots = append(w.roots, p)
	}
}

// openBeneath opens the directory at (absolute) below root one component
// at a time, never following a symbolic link.
func openBeneath(root int, at string) (*os.File, error) {
	fd, err := unix.Openat(root, ".", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	for _, part := range strings.Split(strings.Trim(at, "/"), "/") {
		next, err := unix.Openat(fd, part, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		unix.Close(fd)
		if err != nil {
			return nil, err
		}
		fd = next
	}
	return os.NewFile(uintptr(fd), at), nil
}

// mountPoints lists the mount points in pid's mount namespace.
func mountPoints(pid int) []string {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/mountinfo")
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) > 4 {
			out = append(out, unescapeMount(fields[4]))
		}
	}
	return out
}

// unescapeMount undoes mountinfo's octal escapes (\040 for a space).
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// finish stops the watch and records the files left in the held
// directories.
func (w *watch) finish() {
	select {
	case <-w.stop:
	default:
		close(w.stop)
	}
	<-w.done
	if w.tun != nil {
		_ = w.tun.Close()
	}
	for _, p := range w.roots {
		n := 0
		walkPinned(p, p.dir, p.at, 0, &n, w.rec)
		_ = p.dir.Close()
	}
	w.roots = nil
}

// walkPinned records the files below dir (sandbox path at), staying on
// the pinned file system and skipping bwrap's mount points.
func walkPinned(p pinned, dir *os.File, at string, depth int, n *int, rec *recorder) {
	ents, err := dir.ReadDir(-1)
	if err != nil {
		return
	}
	fd := int(dir.Fd())
	for _, e := range ents {
		if *n++; *n > maxWalkEntries {
			rec.unobserved(fmt.Sprintf("files: more than %d entries in %s; the rest were not listed", maxWalkEntries, p.at))
			return
		}
		full := path.Join(at, e.Name())
		if p.skip[full] {
			continue
		}
		var st unix.Stat_t
		if err := unix.Fstatat(fd, e.Name(), &st, unix.AT_SYMLINK_NOFOLLOW); err != nil || uint64(st.Dev) != p.device {
			continue
		}
		switch st.Mode & unix.S_IFMT {
		case unix.S_IFDIR:
			if depth >= maxWalkDepth {
				continue
			}
			sub, err := unix.Openat(fd, e.Name(), unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
			if err != nil {
				continue
			}
			f := os.NewFile(uintptr(sub), full)
			walkPinned(p, f, full, depth+1, n, rec)
			_ = f.Close()
		case unix.S_IFREG, unix.S_IFLNK:
			rec.file(schema.FileWrite{Path: full, Size: st.Size, Executable: st.Mode&0o111 != 0 && st.Mode&unix.S_IFMT == unix.S_IFREG,
				Symlink: st.Mode&unix.S_IFMT == unix.S_IFLNK})
		}
	}
}
