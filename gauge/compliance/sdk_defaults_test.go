package compliance_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gofrs/flock"
	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
)

// sdkServerVersion pins the published server the TypeScript SDK's
// defaults are verified on (its SDK is whatever npm resolves for it).
const sdkServerVersion = "2026.8.31"

// installSDKServer installs @modelcontextprotocol/server-memory (built on
// the TypeScript SDK's McpServer) with npm, scripts off, into a cache
// reused across runs, and returns its entry script. Without npm or the
// registry it fails under CI and skips elsewhere.
func installSDKServer(t *testing.T) string {
	t.Helper()
	needOrSkip := t.Skipf
	if os.Getenv("CI") == "true" {
		needOrSkip = t.Fatalf
	}
	if _, err := exec.LookPath("npm"); err != nil {
		needOrSkip("npm not found: %v", err)
	}
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	dir := filepath.Join(base, "mcpgauge-test", "npm-sdk-defaults-"+sdkServerVersion)
	entry := filepath.Join(dir, "node_modules", "@modelcontextprotocol", "server-memory", "dist", "index.js")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	lock := flock.New(dir + ".lock")
	if ok, err := lock.TryLockContext(ctx, 200*time.Millisecond); err != nil || !ok {
		t.Fatalf("locking %s: %v", dir, err)
	}
	defer func() { _ = lock.Unlock() }()
	if _, err := os.Stat(entry); err == nil {
		return entry
	}
	cmd := exec.CommandContext(ctx, "npm", "install", "--prefix", dir, "--ignore-scripts", "--no-audit", "--no-fund", "--no-save",
		"@modelcontextprotocol/server-memory@"+sdkServerVersion)
	if out, err := cmd.CombinedOutput(); err != nil {
		needOrSkip("npm install @modelcontextprotocol/server-memory@%s: %v: %.300s", sdkServerVersion, err, out)
	}
	return entry
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
