package worker

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// cgroupHierarchy is where the worker makes one cgroup per sandbox: either
// one cgroup v2 directory with the memory and pids controllers, or the
// cgroup v1 memory and pids hierarchies.
type cgroupHierarchy struct {
	// V2 is the parent directory in the unified hierarchy ("" if v1).
	V2 string
	// Memory and Pids are the v1 parent directories.
	Memory, Pids string
}

// String describes the hierarchy for messages.
func (h cgroupHierarchy) String() string {
	if h.V2 != "" {
		return "cgroup v2 " + h.V2
	}
	return "cgroup v1 " + h.Memory + " and " + h.Pids
}

// findCgroups looks for a writable place for per-sandbox cgroups. parent,
// when set, is an operator-delegated cgroup v2 directory. Otherwise the
// worker's own cgroup v1 memory and pids groups are used when it may make
// children there (root, or delegated directories), and the worker's own
// cgroup v2 group when its subtree has the memory and pids controllers
// enabled (a delegated subtree whose processes live in a sibling leaf).
func findCgroups(parent string) (cgroupHierarchy, error) {
	if parent != "" {
		if err := checkV2Parent(parent); err != nil {
			return cgroupHierarchy{}, err
		}
		return cgroupHierarchy{V2: parent}, nil
	}
	own, err := ownCgroups()
	if err != nil {
		return cgroupHierarchy{}, err
	}
	mem, pids := own["memory"], own["pids"]
	if mem != "" && pids != "" {
		h := cgroupHierarchy{
			Memory: filepath.Join("/sys/fs/cgroup/memory", mem),
			Pids:   filepath.Join("/sys/fs/cgroup/pids", pids),
		}
		if writable(h.Memory) && writable(h.Pids) {
			return h, nil
		}
		return cgroupHierarchy{}, fmt.Errorf("cgroup v1 %s or %s is not writable by this worker", h.Memory, h.Pids)
	}
	if v2, ok := own[""]; ok {
		dir := filepath.Join("/sys/fs/cgroup", v2)
		if err := checkV2Parent(dir); err != nil {
			return cgroupHierarchy{}, err
		}
		return cgroupHierarchy{V2: dir}, nil
	}
	return cgroupHierarchy{}, errors.New("no cgroup memory and pids controllers found in /proc/self/cgroup")
}

// checkV2Parent reports why dir cannot hold per-sandbox cgroups.
func checkV2Parent(dir string) error {
	b, err := os.ReadFile(filepath.Join(dir, "cgroup.subtree_control"))
	if err != nil {
		return fmt.Errorf("cgroup v2 %s: %w", dir, err)
	}
	have := strings.Fields(string(b))
	for _, c := range []string{"memory", "pids"} {
		if !contains(have, c) {
			return fmt.Errorf("cgroup v2 %s does not delegate the %s controller to its children (cgroup.subtree_control: %q)", dir, c, strings.TrimSpace(string(b)))
		}
	}
	if !writable(dir) {
		return fmt.Errorf("cgroup v2 %s is not writable by this worker", dir)
	}
	return nil
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// writable reports whether this process may make directories in dir.
func writable(dir string) bool {
	return syscall.Access(dir, 0x2|0x1) == nil // W_OK|X_OK
}

// ownCgroups reads /proc/self/cgroup: controller (or "" for v2) to path.
func ownCgroups() (map[string]string, error) {
	f, err := os.Open("/proc/self/cgroup")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) != 3 {
			continue
		}
		if parts[1] == "" {
			out[""] = parts[2]
			continue
		}
		for _, c := range strings.Split(parts[1], ",") {
			out[c] = parts[2]
		}
	}
	return out, sc.Err()
}

// sandboxCgroup is one sandbox's cgroup (v2) or pair of cgroups (v1).
type sandboxCgroup struct {
	dirs     []string // v2: one; v1: memory, pids
	v2       bool
	memLimit uint64
}

// newSandboxCgroup makes the cgroup(s) named name under h with the memory
// and process limits.
func newSandboxCgroup(h cgroupHierarchy, name string, memory, pids uint64) (*sandboxCgroup, error) {
	cg := &sandboxCgroup{v2: h.V2 != "", memLimit: memory}
	write := func(dir, file, val string) error {
		if err := os.WriteFile(filepath.Join(dir, file), []byte(val), 0); err != nil {
			return fmt.Errorf("cgroup %s: %w", file, err)
		}
		return nil
	}
	mk := func(parent string) (string, error) {
		d := filepath.Join(parent, name)
		if err := os.Mkdir(d, 0o755); err != nil {
			return "", fmt.Errorf("cgroup: %w", err)
		}
		cg.dirs = append(cg.dirs, d)
		return d, nil
	}
	m, p := strconv.FormatUint(memory, 10), strconv.FormatUint(pids, 10)
	var err error
	if cg.v2 {
		var d string
		if d, err = mk(h.V2); err == nil {
			err = errors.Join(write(d, "memory.max", m), write(d, "pids.max", p),
				write(d, "memory.oom.group", "1"))
			_ = write(d, "memory.swap.max", "0") // absent without swap accounting
		}
	} else {
		var md, pd string
		if md, err = mk(h.Memory); err == nil {
			err = write(md, "memory.limit_in_bytes", m)
			_ = write(md, "memory.memsw.limit_in_bytes", m) // absent without swap accounting
		}
		if err == nil {
			if pd, err = mk(h.Pids); err == nil {
				err = write(pd, "pids.max", p)
			}
		}
	}
	if err != nil {
		cg.remove()
		return nil, err
	}
	return cg, nil
}

// join moves pid (a single-threaded process that has not forked yet) into
// the cgroup(s).
func (cg *sandboxCgroup) join(pid int) error {
	for _, d := range cg.dirs {
		if err := os.WriteFile(filepath.Join(d, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0); err != nil {
			return fmt.Errorf("cgroup: join %s: %w", d, err)
		}
	}
	return nil
}

// oomKills is how many processes the kernel killed because the cgroup hit
// its memory limit.
func (cg *sandboxCgroup) oomKills() int {
	file := "memory.oom_control" // v1
	if cg.v2 {
		file = "memory.events"
	}
	b, err := os.ReadFile(filepath.Join(cg.dirs[0], file))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "oom_kill "); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(rest))
			return n
		}
	}
	return 0
}

// breach says why the sandbox's processes together broke a limit, or "".
func (cg *sandboxCgroup) breach() string {
	if n := cg.oomKills(); n > 0 {
		return fmt.Sprintf("the sandbox's processes together exceeded its memory limit (%d MiB): the kernel killed %d of them", cg.memLimit>>20, n)
	}
	return ""
}

// procs lists the processes in the cgroup(s).
func (cg *sandboxCgroup) procs() []int {
	var out []int
	for _, d := range cg.dirs {
		b, err := os.ReadFile(filepath.Join(d, "cgroup.procs"))
		if err != nil {
			continue
		}
		for _, f := range strings.Fields(string(b)) {
			if pid, err := strconv.Atoi(f); err == nil {
				out = append(out, pid)
			}
		}
	}
	return out
}

// kill ends every process in the cgroup, waits (up to wait) until none is
// left, and removes the cgroup.
func (cg *sandboxCgroup) kill(wait time.Duration) {
	if cg.v2 {
		_ = os.WriteFile(filepath.Join(cg.dirs[0], "cgroup.kill"), []byte("1"), 0)
	}
	deadline := time.Now().Add(wait)
	for {
		pids := cg.procs()
		if len(pids) == 0 {
			break
		}
		for _, pid := range pids {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
		if time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	cg.remove()
}

// remove deletes the cgroup directories (it fails while processes remain;
// zombies leave on their own once reaped).
func (cg *sandboxCgroup) remove() {
	for i := len(cg.dirs) - 1; i >= 0; i-- {
		d := cg.dirs[i]
		for range 50 {
			if err := os.Remove(d); err == nil || errors.Is(err, os.ErrNotExist) {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}
