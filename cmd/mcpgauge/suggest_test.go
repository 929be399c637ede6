package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

// TestTyposGetTheNearestName: a mistyped flag or config key is answered
// with the nearest valid one, and the config error names the file and
// the key in our words (not the decoder's "has invalid keys").
func TestTyposGetTheNearestName(t *testing.T) {
	t.Parallel()
	tools := shareddata.Path(t, "data", "toolgauge-fixtures", "goodserver", "tools-list.json")
	code, _, stderr := cli(t, "lint", "--tools-json", tools, "--fail-onn", "error", "--no-config")
	if code != exitUsage || !strings.Contains(stderr, "did you mean --fail-on?") {
		t.Errorf("mistyped flag: exit %d, stderr %q", code, stderr)
	}
	dir := t.TempDir()
	cfg := filepath.Join(dir, "mcpgauge.yaml")
	writeFile(t, dir, "mcpgauge.yaml", "lint:\n  fail_onn: error\n")
	code, _, stderr = cli(t, "lint", "--tools-json", tools, "--config", cfg)
	for _, want := range []string{cfg, "unknown key lint.fail_onn", "did you mean lint.fail_on?", "docs/config.md"} {
		if code != exitUsage || !strings.Contains(stderr, want) {
			t.Errorf("mistyped key: exit %d, stderr %q lacks %q", code, stderr, want)
		}
	}
	if strings.Contains(stderr, "invalid keys") {
		t.Errorf("the decoder's words reach the user: %q", stderr)
	}
}
