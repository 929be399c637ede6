package deploy

import (
	"os"
	"testing"
)

// maxBinaryBytes is the ceiling for the default build of cmd/mcpgauge
// (plain go build: symbols and DWARF kept, as the README's first command
// builds it), in bytes: 100 MB, not MiB. It was 160.4 MB (152.9 MiB) with
// the provider SDKs; see docs/benchmarks.md.
const maxBinaryBytes = 100_000_000

// TestBinarySize fails when the default build of mcpgauge passes 100 MB.
// It reuses the binary the distributed test builds (one build per process).
func TestBinarySize(t *testing.T) {
	t.Parallel()
	fi, err := os.Stat(mcpgaugeBin(t))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() > maxBinaryBytes {
		t.Errorf("go build ./cmd/mcpgauge is %.1f MB, over the %.0f MB ceiling: see docs/benchmarks.md (Binary size) for how to find what grew",
			float64(fi.Size())/1e6, maxBinaryBytes/1e6)
	}
	t.Logf("go build ./cmd/mcpgauge: %.1f MB", float64(fi.Size())/1e6)
}
