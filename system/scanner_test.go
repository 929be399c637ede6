package system

import (
	"context"
	"io"
	"slices"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/worker"
)

// TestScannerPassesRegistries: the operator's install.* lists reach every
// installer of the sweep's and the worker's scanner (the OCI list was lost
// once when this wiring moved).
func TestScannerPassesRegistries(t *testing.T) {
	t.Parallel()
	s := Scanning{DataDir: t.TempDir(), Sandbox: worker.SandboxNone,
		NPMRegistries: []string{"https://npm.mirror.example"}, PyPIIndexes: []string{"https://pypi.mirror.example"},
		OCIRegistries: []string{"quay.io"}}
	sc, err := s.scanner(context.Background(), time.Minute, "test", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, in := range sc.Options.Installers {
		var got, want []string
		switch in := in.(type) {
		case *worker.NPM:
			got, want = in.Registries, s.NPMRegistries
		case *worker.PyPI:
			got, want = in.Indexes, s.PyPIIndexes
		case *worker.OCI:
			got, want = in.Registries, s.OCIRegistries
		default:
			continue
		}
		seen++
		if !slices.Equal(got, want) {
			t.Errorf("%T gets registries %v, want %v", in, got, want)
		}
	}
	if seen != 3 {
		t.Errorf("%d of the npm, PyPI and OCI installers found, want 3", seen)
	}
}
