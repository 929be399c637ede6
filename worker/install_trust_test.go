package worker

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// TestNPMRefusesEntryRegistryAndPaths: an entry's loopback registry, or a
// version that is a path, URL, range or tag, is unsupported before npm
// runs; the loopback registry receives nothing.
func TestNPMRefusesEntryRegistryAndPaths(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm not installed")
	}
	var hits atomic.Int64
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		http.NotFound(w, nil)
	}))
	defer evil.Close()
	n := &NPM{Cache: t.TempDir()}
	cases := []struct {
		pkg  registry.PlanPackage
		want string
	}{
		{registry.PlanPackage{Identifier: "left-pad", Version: "1.3.0", RegistryBaseURL: evil.URL}, "does not allow"},
		{registry.PlanPackage{Identifier: "left-pad", Version: "", RegistryBaseURL: evil.URL + "/"}, "does not allow"},
		{registry.PlanPackage{Identifier: "left-pad", Version: "../../../../etc"}, "not an exact semver"},
		{registry.PlanPackage{Identifier: "left-pad", Version: "file:/etc"}, "not an exact semver"},
		{registry.PlanPackage{Identifier: "left-pad", Version: evil.URL + "/x.tgz"}, "not an exact semver"},
		{registry.PlanPackage{Identifier: "left-pad", Version: "github:a/b"}, "not an exact semver"},
		{registry.PlanPackage{Identifier: "left-pad", Version: "^1.0.0"}, "not an exact semver"},
		{registry.PlanPackage{Identifier: "left-pad", Version: "next"}, "not an exact semver"},
		{registry.PlanPackage{Identifier: "left-pad", Version: "1.3.0", RegistryBaseURL: "file:///etc"}, "not an http(s) URL"},
	}
	for _, c := range cases {
		_, err := n.Install(context.Background(), c.pkg, InstallOptions{})
		var ie *InstallError
		if !errors.As(err, &ie) || ie.Status != schema.StatusUnsupported || !strings.Contains(ie.Reason, c.want) {
			t.Errorf("%+v: %v, want unsupported containing %q", c.pkg, err, c.want)
		}
	}
	if r := n.Runs(); r != 0 {
		t.Errorf("npm ran %d times for refused entries", r)
	}
	if h := hits.Load(); h != 0 {
		t.Errorf("the entry's registry got %d requests", h)
	}
}

// TestNPMAllowedMirror: a registry the operator allows is used (npm asks
// it, and nothing else), and an entry that names no registry goes there.
func TestNPMAllowedMirror(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm not installed")
	}
	var hits atomic.Int64
	mirror := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		http.NotFound(w, nil)
	}))
	defer mirror.Close()
	n := &NPM{Cache: t.TempDir(), Registries: []string{mirror.URL}}
	_, err := n.Install(context.Background(), registry.PlanPackage{Identifier: "mcpgauge-no-such-package", Version: "1.0.0"}, InstallOptions{})
	var ie *InstallError
	if !errors.As(err, &ie) || ie.Status != schema.StatusInstallFailed {
		t.Fatalf("install from a mirror that has nothing: %v, want install_failed", err)
	}
	if hits.Load() == 0 {
		t.Error("npm did not ask the configured mirror")
	}
	// The public registry is not allowed once a mirror replaces it.
	_, err = n.Install(context.Background(), registry.PlanPackage{Identifier: "left-pad", Version: "1.3.0", RegistryBaseURL: registry.DefaultNPMRegistry}, InstallOptions{})
	if !errors.As(err, &ie) || ie.Status != schema.StatusUnsupported {
		t.Errorf("public registry with only a mirror allowed: %v, want unsupported", err)
	}
}

func TestRegistryInCacheKey(t *testing.T) {
	t.Parallel()
	def := cacheKey(registryKey("npm", registry.DefaultNPMRegistry, registry.DefaultNPMRegistry), "x", "1.0.0")
	other := cacheKey(registryKey("npm", "https://mirror.example", registry.DefaultNPMRegistry), "x", "1.0.0")
	if def == other {
		t.Fatalf("one cache entry for x@1.0.0 from two registries: %s", def)
	}
	if def != cacheKey("npm", "x", "1.0.0") {
		t.Errorf("default registry key changed: %s", def)
	}
}

// TestPyPIRefusesEntryIndexAndSpecifiers: the same for PyPI.
func TestPyPIRefusesEntryIndexAndSpecifiers(t *testing.T) {
	t.Parallel()
	p := &PyPI{Cache: t.TempDir()}
	if _, err := p.usable(context.Background()); err != nil {
		t.Skipf("no usable python: %v", err)
	}
	for _, c := range []struct {
		pkg  registry.PlanPackage
		want string
	}{
		{registry.PlanPackage{Identifier: "mcp-x", Version: "1.0", RegistryBaseURL: "http://127.0.0.1:1/simple"}, "does not allow"},
		{registry.PlanPackage{Identifier: "mcp-x", Version: ">=1.0"}, "not an exact PEP 440"},
		{registry.PlanPackage{Identifier: "mcp-x", Version: "1.0 @ file:///etc"}, "not an exact PEP 440"},
	} {
		_, err := p.Install(context.Background(), c.pkg, InstallOptions{})
		var ie *InstallError
		if !errors.As(err, &ie) || ie.Status != schema.StatusUnsupported || !strings.Contains(ie.Reason, c.want) {
			t.Errorf("%+v: %v, want unsupported containing %q", c.pkg, err, c.want)
		}
	}
	// PyPI's own base URL, as the official registry writes it, is allowed.
	if _, err := allowedRegistry("pypi", "x", "https://pypi.org/simple/", nil, registry.DefaultPyPIIndex); err != nil {
		t.Errorf("pypi.org/simple refused: %v", err)
	}
}
