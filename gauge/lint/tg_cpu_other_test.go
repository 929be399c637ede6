//go:build !unix

package lint

import "testing"

// tgReportCPU runs the benchmark loop body; CPU time is not measured here.
func tgReportCPU(b *testing.B, body func()) {
	for b.Loop() {
		body()
	}
}
