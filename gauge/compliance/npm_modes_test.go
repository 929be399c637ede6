package compliance_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
)

// installedNPMServer finds a published server the worker tests installed
// in their npm cache (go test ./worker -run TestRealNPMServers), by package
// directory name and entry file; "" when it is not there.
func installedNPMServer(pkgDir, pkg, entry string) string {
	m, _ := filepath.Glob(filepath.Join(os.TempDir(), "mcpgauge-worker-test-cache", "npm", pkgDir+"-*", "node_modules", pkg, entry))
	for _, p := range m {
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p
		}
	}
	return ""
}

// TestRealNPMServersDefaultVsDeep: on real published Node servers (the
// worker tests' reference servers), the default session plan and deep mode
// give every test the same verdict. Deep may only add a revision-specific
// spec-version-01 failure (docs/compliance/spec-version-01.md lists them);
// these servers have none.
func TestRealNPMServersDefaultVsDeep(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts real Node servers; skipped with -short")
	}
	for _, s := range []struct{ name, dir, pkg string }{
		{"server-memory", "npm-modelcontextprotocol_server-memory-2026.1.26", "@modelcontextprotocol/server-memory"},
		{"server-everything", "npm-modelcontextprotocol_server-everything-2026.1.26", "@modelcontextprotocol/server-everything"},
	} {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			entry := installedNPMServer(s.dir, s.pkg, filepath.Join("dist", "index.js"))
			if entry == "" {
				t.Skipf("%s is not installed: run go test ./worker -run TestRealNPMServers once", s.pkg)
			}
			target := &connect.Target{Transport: connect.TransportStdio, Command: "node", Args: []string{entry},
				Env: map[string]string{"MEMORY_FILE_PATH": filepath.Join(t.TempDir(), "memory.jsonl")}, Display: s.name}
			def := byID(scanWith(t, target, "", compliance.Options{}, compliance.RunOptions{}))
			deep := scanWith(t, target, "", compliance.Options{Mode: compliance.ModeDeep}, compliance.RunOptions{})
			for _, r := range deep.Results {
				d := def[r.ID]
				if d.Status != r.Status {
					t.Errorf("%s: default %s %q, deep %s %q", r.ID, d.Status, d.Message, r.Status, r.Message)
				}
				if r.Status == compliance.StatusError {
					t.Errorf("%s: error %q", r.ID, r.Message)
				}
			}
			if v := def["spec-version-01"]; v.Session != "main+identity" {
				t.Errorf("spec-version-01 used %q, want main+identity (an initialize-era server)", v.Session)
			}
		})
	}
}
