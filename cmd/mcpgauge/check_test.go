package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
)

// TestCheckFailOn: --fail-on sets the lowest severity of a failed test that
// makes check exit 1; none never fails; a typo is a usage error.
func TestCheckFailOn(t *testing.T) {
	bin := fixtures.Build(t, "lying-caps")
	for _, tc := range []struct {
		failOn string
		code   int
	}{
		{"low", exitThreshold},
		{"none", exitOK},
		{"loud", exitUsage},
	} {
		t.Run(tc.failOn, func(t *testing.T) {
			code, out, stderr := cli(t, "check", bin, "--fail-on", tc.failOn, "--no-config")
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout %s\nstderr %s", code, tc.code, out, stderr)
			}
			if tc.code == exitUsage && !strings.Contains(stderr, "--fail-on") {
				t.Errorf("usage error does not name the flag: %s", stderr)
			}
			if tc.code != exitUsage && !strings.Contains(out, "FAIL") {
				t.Errorf("lying-caps should fail some test:\n%s", out)
			}
		})
	}
}

// TestScanNotesQualityGateClientView: a tool list quality-gate's own client
// rejects is scored on its real tools, with a note saying why quality-gate's
// numbers would differ; a clean list gets no note.
func TestScanNotesQualityGateClientView(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, tools string
		note        bool
	}{
		{"rejected", `{"tools":[{"name":"list_items","description":"Lists the items in the store.","inputSchema":{"type":"object","properties":{}}},{"name":"bad","inputSchema":{"type":"array"}}]}`, true},
		{"clean", `{"tools":[{"name":"list_items","description":"Lists the items in the store.","inputSchema":{"type":"object","properties":{}}}]}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name+".json")
			if err := os.WriteFile(path, []byte(tc.tools), 0o644); err != nil {
				t.Fatal(err)
			}
			_, out, stderr := cli(t, "scan", "--tools-json", path, "--no-config")
			got := strings.Contains(out, `quality-gate's own client rejects this tool list (tool #1 "bad"`)
			if got != tc.note {
				t.Errorf("note shown: %v, want %v\nstdout %s\nstderr %s", got, tc.note, out, stderr)
			}
		})
	}
}
