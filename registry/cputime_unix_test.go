//go:build unix

package registry

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user + system) the test process has used, so
// benchmarks can report CPU per operation, which a loaded machine does not
// inflate the way it inflates wall time.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
