package connect

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
	"time"
)

// proc identifies one process: its PID and start time (clock ticks since
// boot), so a reused PID is never taken for the process we saw.
type proc struct {
	pid   int
	start uint64
}

// procStat reads the parent PID and start time of pid from /proc.
func procStat(pid int) (ppid int, start uint64, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	// The command name is in parentheses and may hold spaces: fields
	// start after the last ')'.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, 0, false
	}
	f := bytes.Fields(b[i+1:])
	// f[0] is state (field 3); ppid is field 4, starttime field 22.
	if len(f) < 20 {
		return 0, 0, false
	}
	pp, err1 := strconv.Atoi(string(f[1]))
	st, err2 := strconv.ParseUint(string(f[19]), 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return pp, st, true
}

// descendants lists every process below root (children, grandchildren,
// ...), whatever session or process group they moved to: a server that
// calls setsid, or bwrap's --new-session, leaves the group connect kills,
// but not the tree.
func descendants(root int) []proc {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	children := map[int][]proc{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid, start, ok := procStat(pid); ok {
			children[ppid] = append(children[ppid], proc{pid, start})
		}
	}
	var out []proc
	queue := []int{root}
	seen := map[int]bool{root: true}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, c := range children[p] {
			if !seen[c.pid] {
				seen[c.pid] = true
				out = append(out, c)
				queue = append(queue, c.pid)
			}
		}
	}
	return out
}

// alive reports whether p is still the process we saw (zombies included:
// until reaped they still count against the sandbox's process limit).
func (p proc) alive() bool {
	_, start, ok := procStat(p.pid)
	return ok && start == p.start
}

// reapTree SIGKILLs every process of tree still alive and waits, up to
// d, until none is left.
func reapTree(tree []proc, d time.Duration) {
	for _, p := range tree {
		if p.alive() {
			_ = syscall.Kill(p.pid, syscall.SIGKILL)
		}
	}
	for deadline := time.Now().Add(d); ; {
		left := false
		for _, p := range tree {
			if p.alive() {
				left = true
				break
			}
		}
		if !left || time.Now().After(deadline) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// readCmdline returns pid's command line, arguments joined by spaces.
func readCmdline(pid int) (string, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	return string(bytes.ReplaceAll(bytes.TrimRight(b, "\x00"), []byte{0}, []byte{' '})), err
}
