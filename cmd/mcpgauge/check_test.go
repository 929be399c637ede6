package main

import (
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/fixtures"
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
