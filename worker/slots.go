package worker

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// Slot sizing, from bench/sweeprate on a 2-core host (docs/benchmarks.md):
// a warm scan spends most of its wall time waiting on the server (start-up,
// compliance probes, the shutdown grace), so a core keeps more than one
// scan busy; past SlotsPerCPU slots per core servers/min stopped rising
// and CPU per scan rose (contention). Each slot also holds a server and
// its children in memory: at most one slot per MemoryPerSlot of the
// memory this process may use.
const (
	SlotsPerCPU   = 2
	MemoryPerSlot = 512 << 20
)

// DefaultSlots is the number of concurrent scans a worker runs when none is
// configured: SlotsPerCPU per usable CPU (GOMAXPROCS, which follows the
// container's CPU quota), bounded by the available memory, at least 1.
func DefaultSlots() int {
	return slotsFor(runtime.GOMAXPROCS(0), availableMemory())
}

// slotsFor is DefaultSlots for cpus usable CPUs and mem bytes of
// available memory (0: unknown, no bound).
func slotsFor(cpus int, mem uint64) int {
	n := max(cpus, 1) * SlotsPerCPU
	if mem > 0 {
		n = min(n, int(mem/MemoryPerSlot))
	}
	return max(n, 1)
}

// availableMemory is the smaller of the host's MemAvailable and what this
// process's memory cgroup still allows (0 when neither is known).
func availableMemory() uint64 {
	avail := memAvailable("/proc/meminfo")
	if left := cgroupMemoryLeft(); left > 0 && (avail == 0 || left < avail) {
		avail = left
	}
	return avail
}

// memAvailable reads MemAvailable (bytes) from a meminfo file; 0 if absent.
func memAvailable(path string) uint64 {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemAvailable:" {
			kb, err := strconv.ParseUint(fields[1], 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}

// cgroupMemoryLeft is the limit minus the usage of this process's memory
// cgroup (v2 memory.max, or v1 memory.limit_in_bytes); 0 when there is no
// limit or it cannot be read.
func cgroupMemoryLeft() uint64 {
	own, err := ownCgroups()
	if err != nil {
		return 0
	}
	if p, ok := own[""]; ok {
		if left := memoryLeft(filepath.Join("/sys/fs/cgroup", p), "memory.max", "memory.current"); left > 0 {
			return left
		}
	}
	if p, ok := own["memory"]; ok {
		return memoryLeft(filepath.Join("/sys/fs/cgroup/memory", p), "memory.limit_in_bytes", "memory.usage_in_bytes")
	}
	return 0
}

// memoryLeft reads limit and usage files in dir; 0 for "max", an
// unreadable file or a v1 "no limit" value (a page-rounded 2^63).
func memoryLeft(dir, limitFile, usageFile string) uint64 {
	limit, ok := readUint(filepath.Join(dir, limitFile))
	if !ok || limit >= 1<<62 {
		return 0
	}
	usage, _ := readUint(filepath.Join(dir, usageFile))
	if usage >= limit {
		return 1 // at the limit: one slot
	}
	return limit - usage
}

func readUint(path string) (uint64, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	v, err := strconv.ParseUint(string(bytes.TrimSpace(b)), 10, 64)
	return v, err == nil
}
