package compliance_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/internal/testutil/npmtest"
)

// sdkServerVersion pins the published server the TypeScript SDK's
// defaults are verified on (its SDK is whatever npm resolves for it).
const sdkServerVersion = "2026.8.31"

// installSDKServer installs @modelcontextprotocol/server-memory (built on
// the TypeScript SDK's McpServer) and returns its entry script.
func installSDKServer(t *testing.T) string {
	t.Helper()
	entry := filepath.Join("node_modules", "@modelcontextprotocol", "server-memory", "dist", "index.js")
	dir := npmtest.Install(t, "npm-sdk-defaults-"+sdkServerVersion, []string{entry}, "@modelcontextprotocol/server-memory@"+sdkServerVersion)
	return filepath.Join(dir, entry)
}

// TestSDKDefaultsOnRealServers: on a real published server built on the
// TypeScript SDK's McpServer, the failures that SDK's own code gives are
// marked as its defaults and say so; on a go-sdk fixture that fails the
// same tests by its own code, nothing is marked.
func TestSDKDefaultsOnRealServers(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts a real Node server; skipped with -short")
	}
	t.Run("typescript-sdk", func(t *testing.T) {
		t.Parallel()
		entry := installSDKServer(t)
		target := &connect.Target{Transport: connect.TransportStdio, Command: "node", Args: []string{entry},
			Env: map[string]string{"MEMORY_FILE_PATH": filepath.Join(t.TempDir(), "memory.jsonl")}, Display: "server-memory"}
		got := byID(scanWith(t, target, "", compliance.Options{}, compliance.RunOptions{}))
		for _, id := range []string{"spec-tools-01", "spec-pagination-01"} {
			r := got[id]
			if r.Status != compliance.StatusFail || !strings.Contains(r.SDK, "TypeScript SDK") ||
				!strings.Contains(r.Message, "every server built on it") {
				t.Errorf("%s: status %s sdk %q message %q; want a failure marked as the TypeScript SDK's default", id, r.Status, r.SDK, r.Message)
			}
		}
		for id, r := range got {
			if r.SDK != "" && id != "spec-tools-01" && id != "spec-pagination-01" {
				t.Errorf("%s: marked as an SDK default (%q), which no entry says", id, r.SDK)
			}
		}
	})
	t.Run("go-sdk-careless", func(t *testing.T) {
		t.Parallel()
		target, _ := stdioFixture(t, "careless")
		rep := scanWith(t, target, "", compliance.Options{}, compliance.RunOptions{})
		failed := 0
		for _, r := range rep.Results {
			if r.Status == compliance.StatusFail {
				failed++
			}
			if r.SDK != "" {
				t.Errorf("%s: marked as the default of %q on a server whose failures are its own", r.ID, r.SDK)
			}
		}
		if failed == 0 {
			t.Fatal("careless failed no test: the check above proves nothing")
		}
	})
}
