//go:build unix

package lint

import (
	"syscall"
	"testing"
)

// tgCPUTime returns the process's user+system CPU time in nanoseconds.
func tgCPUTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// tgReportCPU runs the benchmark loop body and adds a cpu-ns/op metric: the
// process CPU time per op (GC included). Wall-clock ns/op is inflated on a
// shared machine; CPU time much less so.
func tgReportCPU(b *testing.B, body func()) {
	start := tgCPUTime()
	n := 0
	for b.Loop() {
		body()
		n++
	}
	if n > 0 && start > 0 {
		b.ReportMetric(float64(tgCPUTime()-start)/float64(n), "cpu-ns/op")
	}
}
