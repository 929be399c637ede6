//go:build linux

package worker

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// execWatch hears every program the sandbox runs from the kernel: a
// fanotify group with a FAN_OPEN_EXEC mark on each mount of the sandbox's
// mount namespace, made from outside before bwrap lets the server start
// (the server cannot mount anything: no capability, no nested user
// namespace). The kernel queues one event per file opened for execution,
// however briefly the program then runs, with the executing process's
// PID; the interpreter an exec opens next (an ELF file's dynamic loader, a
// script's #! program) folds into that exec. Marks on mounts need
// CAP_SYS_ADMIN in the initial user namespace: a worker without it polls
// (watch.poll). A program run from memory (memfd) lies on no mount of the
// sandbox: the poll, slowed to pollBackstop, still sees it.
type execWatch struct {
	f      *os.File // the fanotify group (non-blocking, on the poller)
	fd     int
	root   int             // the sandbox's root (O_PATH): interpreters resolve inside it
	mntNS  int             // the sandbox's mount namespace, held so it outlives the sandbox's processes
	marked map[uint64]bool // IDs of the mounts marked
	expect map[int32]fileID
	buf    []byte
}

// fileID names a file by device and inode.
type fileID struct{ dev, ino uint64 }

// execEvent is one exec the kernel reported. lost: the kernel's queue
// overflowed and events were dropped.
type execEvent struct {
	pid  int
	path string
	id   fileID
	lost bool
}

// Bounds: the per-process interpreter expectations kept, and the reads
// that drain the queue once the watch stops.
const (
	maxExpect     = 4096
	maxDrainReads = 256
)

// newExecWatch waits until the sandbox whose first process is pid has
// made its mounts (bwrap then waits on its block descriptor, blockFD) and
// marks them all.
func newExecWatch(pid, blockFD int) (*execWatch, error) {
	fd, err := unix.FanotifyInit(unix.FAN_CLOEXEC|unix.FAN_CLASS_NOTIF|unix.FAN_NONBLOCK, unix.O_RDONLY|unix.O_LARGEFILE|unix.O_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("fanotify: %w", err)
	}
	e := &execWatch{fd: fd, root: -1, mntNS: -1, marked: map[uint64]bool{}, expect: map[int32]fileID{}, buf: make([]byte, 16<<10)}
	fail := func(err error) (*execWatch, error) {
		unix.Close(fd)
		e.closeSandbox()
		return nil, err
	}
	if err := waitBlocked(pid, blockFD, 10*time.Second); err != nil {
		return fail(err)
	}
	// Events are read behind the sandbox, at times (a loaded worker) after
	// its last process has gone. Holding its mount namespace keeps its
	// mounts attached until the reading ends: an event's file keeps its
	// full path, and a late interpreter still resolves in the root (the
	// sandbox's /usr is a mount on it), so it folds as it would have.
	e.mntNS, err = unix.Open("/proc/"+strconv.Itoa(pid)+"/ns/mnt", unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return fail(fmt.Errorf("the sandbox's mount namespace: %w", err))
	}
	e.root, err = unix.Open("/proc/"+strconv.Itoa(pid)+"/root", unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return fail(fmt.Errorf("the sandbox's root: %w", err))
	}
	for _, mp := range mountPoints(pid) {
		rel := "." + mp // relative to the sandbox's root
		if err := unix.FanotifyMark(fd, unix.FAN_MARK_ADD|unix.FAN_MARK_MOUNT|unix.FAN_MARK_DONT_FOLLOW, unix.FAN_OPEN_EXEC, e.root, rel); err != nil {
			if mp == "/" {
				return fail(fmt.Errorf("fanotify mark /: %w", err))
			}
			continue // a mount hidden below another is reached by no path
		}
		var st unix.Statx_t
		if unix.Statx(e.root, rel, unix.AT_SYMLINK_NOFOLLOW, unix.STATX_MNT_ID, &st) == nil && st.Mask&unix.STATX_MNT_ID != 0 {
			e.marked[st.Mnt_id] = true
		}
	}
	if len(e.marked) == 0 {
		return fail(errors.New("fanotify: no mount of the sandbox could be marked"))
	}
	e.f = os.NewFile(uintptr(fd), "fanotify")
	if err := e.f.SetReadDeadline(time.Time{}); err != nil {
		// Not on the poller: stop could not end a blocked read.
		_ = e.f.Close()
		e.closeSandbox()
		return nil, fmt.Errorf("fanotify: %w", err)
	}
	return e, nil
}

// closeSandbox lets go of the sandbox's root and mount namespace.
func (e *execWatch) closeSandbox() {
	for _, fd := range []*int{&e.root, &e.mntNS} {
		if *fd >= 0 {
			unix.Close(*fd)
			*fd = -1
		}
	}
}

// waitBlocked waits (up to limit) until pid sits in read(fd): bwrap has
// set the sandbox up and waits to be let go.
func waitBlocked(pid, fd int, limit time.Duration) error {
	p := "/proc/" + strconv.Itoa(pid) + "/syscall"
	want := strconv.Itoa(unix.SYS_READ) + " 0x" + strconv.FormatInt(int64(fd), 16) + " "
	buf := make([]byte, 256)
	end := time.Now().Add(limit)
	nap := 100 * time.Microsecond
	for {
		b := readSmall(p, buf)
		if b == nil {
			return fmt.Errorf("the sandbox's first process: cannot read %s", p)
		}
		if bytes.HasPrefix(b, []byte(want)) {
			return nil
		}
		if time.Now().After(end) {
			return fmt.Errorf("bwrap did not reach its block descriptor within %s", limit)
		}
		time.Sleep(nap)
		nap = min(2*nap, 2*time.Millisecond)
	}
}

// covers reports whether the program pid runs lies on a marked mount (its
// exec was heard).
func (e *execWatch) covers(pid int) bool {
	var st unix.Statx_t
	if unix.Statx(unix.AT_FDCWD, "/proc/"+strconv.Itoa(pid)+"/exe", 0, unix.STATX_MNT_ID, &st) != nil || st.Mask&unix.STATX_MNT_ID == 0 {
		return false
	}
	return e.marked[st.Mnt_id]
}

// start reads the group's events on a goroutine and sends each exec on the
// channel it returns, which is closed once stop has been called and every
// queued event was read.
func (e *execWatch) start() <-chan execEvent {
	out := make(chan execEvent, 64)
	go func() {
		defer close(out)
		defer e.f.Close()
		defer e.closeSandbox()
		for {
			n, err := e.f.Read(e.buf)
			if err != nil {
				if errors.Is(err, os.ErrDeadlineExceeded) {
					// Stopped: read what the kernel still holds (a bounded
					// number of reads: a sandbox still running may exec on).
					for range maxDrainReads {
						n, err := unix.Read(e.fd, e.buf)
						if err != nil || n <= 0 {
							break
						}
						e.parse(e.buf[:n], out)
					}
				}
				return
			}
			e.parse(e.buf[:n], out)
		}
	}()
	return out
}

// stop ends the reading once the queued events are in.
func (e *execWatch) stop() { _ = e.f.SetReadDeadline(time.Now()) }

// parse turns a read's events into execs, folding interpreters into the
// exec that opened them, and closes the events' descriptors.
func (e *execWatch) parse(b []byte, out chan<- execEvent) {
	for len(b) >= unix.FAN_EVENT_METADATA_LEN {
		m := (*unix.FanotifyEventMetadata)(unsafe.Pointer(&b[0]))
		if m.Event_len < unix.FAN_EVENT_METADATA_LEN || int(m.Event_len) > len(b) || m.Vers != unix.FANOTIFY_METADATA_VERSION {
			return
		}
		b = b[m.Event_len:]
		if m.Mask&unix.FAN_Q_OVERFLOW != 0 {
			out <- execEvent{lost: true}
			continue
		}
		if m.Fd < 0 {
			continue
		}
		ev, ok := e.event(int(m.Fd), m.Pid)
		unix.Close(int(m.Fd))
		if ok {
			out <- ev
		}
	}
}

// event reads one opened-for-exec file; false when it is the interpreter
// of pid's exec just reported.
func (e *execWatch) event(fd int, pid int32) (execEvent, bool) {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil {
		return execEvent{}, false
	}
	id := fileID{uint64(st.Dev), st.Ino}
	next := e.resolve(interpreter(fd))
	if want, ok := e.expect[pid]; ok {
		delete(e.expect, pid)
		if want == id {
			if next != (fileID{}) {
				e.expect[pid] = next
			}
			return execEvent{}, false
		}
	}
	if next != (fileID{}) {
		if len(e.expect) >= maxExpect {
			clear(e.expect)
		}
		e.expect[pid] = next
	}
	path, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(fd))
	if err != nil {
		return execEvent{}, false
	}
	return execEvent{pid: int(pid), path: strings.TrimSuffix(path, " (deleted)"), id: id}, true
}

// resolve finds an absolute path inside the sandbox (its links followed
// within the sandbox's root) and names its file; zero when there is none.
func (e *execWatch) resolve(p string) fileID {
	if !strings.HasPrefix(p, "/") {
		return fileID{}
	}
	fd, err := unix.Openat2(e.root, p, &unix.OpenHow{Flags: unix.O_PATH | unix.O_CLOEXEC, Resolve: unix.RESOLVE_IN_ROOT | unix.RESOLVE_NO_MAGICLINKS})
	if err != nil {
		return fileID{}
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil {
		return fileID{}
	}
	return fileID{uint64(st.Dev), st.Ino}
}

// interpreter names the program the kernel opens next to run the file fd:
// a script's #! interpreter or an ELF file's PT_INTERP ("" for none).
func interpreter(fd int) string {
	var hdr [256]byte // the kernel reads a #! line from the first 256 bytes
	n, _ := unix.Pread(fd, hdr[:], 0)
	h := hdr[:max(n, 0)]
	if bytes.HasPrefix(h, []byte("#!")) {
		line := h[2:]
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
		}
		if f := bytes.Fields(line); len(f) > 0 {
			return string(f[0])
		}
		return ""
	}
	if len(h) < 64 || !bytes.HasPrefix(h, []byte("\x7fELF")) {
		return ""
	}
	var order binary.ByteOrder = binary.LittleEndian
	if h[5] == 2 {
		order = binary.BigEndian
	}
	var phoff uint64
	var phentsize, phnum int
	switch h[4] {
	case 1:
		phoff, phentsize, phnum = uint64(order.Uint32(h[28:])), int(order.Uint16(h[42:])), int(order.Uint16(h[44:]))
	case 2:
		phoff, phentsize, phnum = order.Uint64(h[32:]), int(order.Uint16(h[54:])), int(order.Uint16(h[56:]))
	default:
		return ""
	}
	if phentsize < 32 || phentsize > 128 || phnum > 256 || phoff > 1<<30 {
		return ""
	}
	ph := make([]byte, phentsize*phnum)
	if n, _ := unix.Pread(fd, ph, int64(phoff)); n != len(ph) {
		return ""
	}
	for i := 0; i < phnum; i++ {
		p := ph[i*phentsize:]
		if order.Uint32(p) != 3 { // PT_INTERP
			continue
		}
		var off, size uint64
		if h[4] == 1 {
			off, size = uint64(order.Uint32(p[4:])), uint64(order.Uint32(p[16:]))
		} else {
			if phentsize < 56 {
				return ""
			}
			off, size = order.Uint64(p[8:]), order.Uint64(p[32:])
		}
		if size == 0 || size > 4096 || off > 1<<40 {
			return ""
		}
		s := make([]byte, size)
		if n, _ := unix.Pread(fd, s, int64(off)); n != len(s) {
			return ""
		}
		if i := bytes.IndexByte(s, 0); i >= 0 {
			s = s[:i]
		}
		return string(s)
	}
	return ""
}

// argv0Of is the name ev's process gave its program, once its exec is
// complete (its /proc exe is ev's file); false while it is not. A script
// never has one: the kernel runs its interpreter with the interpreter's
// name as argv[0], and the name the script was given is gone.
func argv0Of(ev execEvent) (string, bool) {
	var st unix.Stat_t
	if unix.Stat("/proc/"+strconv.Itoa(ev.pid)+"/exe", &st) != nil {
		return "", false
	}
	if (fileID{uint64(st.Dev), st.Ino}) != ev.id {
		return "", false
	}
	return argv0(ev.pid), true
}

// device is the file system ev's program lies on.
func (ev execEvent) device() uint64 { return ev.id.dev }
