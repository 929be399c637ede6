package coordinator

import (
	"testing"

	"github.com/mcpgauge/mcpgauge/registry"
)

// TestPackageType pins the launch-kind labels jobs and results carry
// (worker caches and ClickHouse rows are keyed by them).
func TestPackageType(t *testing.T) {
	t.Parallel()
	cases := []struct {
		kind registry.Kind
		want string
	}{
		{registry.KindNPMStdio, "npm"},
		{registry.KindPyPI, "pypi"},
		{registry.KindOCI, "oci"},
		{registry.KindRemoteHTTP, "remote"},
		{registry.KindRemoteSSE, "remote"},
		{registry.KindUnsupported, "unsupported"},
	}
	for _, c := range cases {
		if got := (registry.Plan{Kind: c.kind}).PackageType(); got != c.want {
			t.Errorf("Plan{Kind: %q}.PackageType() = %q, want %q", c.kind, got, c.want)
		}
	}
}
