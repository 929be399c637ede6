package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

// TestBadFlagValueNamesTheFlag: a bad value typed as a flag is reported
// under the flag the user typed; the same value in a config file is
// reported under the file and its key.
func TestBadFlagValueNamesTheFlag(t *testing.T) {
	t.Parallel()
	tools := shareddata.Path(t, "data", "toolgauge-fixtures", "goodserver", "tools-list.json")
	code, _, stderr := cli(t, "lint", "--tools-json", tools, "--fail-on", "bogus", "--no-config")
	if code != exitUsage || !strings.Contains(stderr, "--fail-on: ") || strings.Contains(stderr, "lint.fail_on") {
		t.Errorf("exit %d, stderr %q: want a usage error naming --fail-on, not the config key", code, stderr)
	}
	dir := t.TempDir()
	cfg := filepath.Join(dir, "mcpgauge.yaml")
	writeFile(t, dir, "mcpgauge.yaml", "lint:\n  fail_on: bogus\n")
	code, _, stderr = cli(t, "lint", "--tools-json", tools, "--config", cfg)
	if code != exitUsage || !strings.Contains(stderr, cfg) || !strings.Contains(stderr, "lint.fail_on") {
		t.Errorf("exit %d, stderr %q: want a usage error naming %s and lint.fail_on", code, stderr, cfg)
	}
}
