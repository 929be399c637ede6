package worker

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/scan"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// TestNPMFailureByCode: npm's own --json error code, not its prose, says
// why an install failed, and the reason carries the code: a package the
// loopback registry does not have is E404 (not found), a version it does
// not have is ETARGET.
func TestNPMFailureByCode(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm not installed")
	}
	name := "mcpgauge-known"
	reg := fakeNPMRegistry(t, name, []byte("not a tarball"))
	cases := []struct {
		id, version string
		kind        InstallKind
		code        string
	}{
		{"mcpgauge-no-such-package", "1.0.0", InstallNotFound, "E404"},
		{name, "2.0.0", InstallNoVersion, "ETARGET"},
	}
	for _, c := range cases {
		t.Run(c.code, func(t *testing.T) {
			t.Parallel()
			n := &NPM{Cache: sandboxReadableDir(t), Registries: []string{reg.URL}}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			_, err := n.Install(ctx, registry.PlanPackage{Identifier: c.id, Version: c.version}, InstallOptions{})
			var ie *InstallError
			if !errors.As(err, &ie) {
				t.Fatalf("install: %v, want an *InstallError", err)
			}
			if ie.Kind != c.kind || ie.Code != c.code {
				t.Errorf("kind %q code %q, want %q %q (%v)", ie.Kind, ie.Code, c.kind, c.code, err)
			}
			st, reason := scan.Classify(ctx, err, scan.Failure{})
			if st != schema.StatusInstallFailed || !strings.Contains(reason, "npm "+c.code) {
				t.Errorf("classified %s %q, want install_failed naming npm %s", st, reason, c.code)
			}
		})
	}
}
