package local

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLocalDoesNotImportTheSweep: scanning one server needs the engine, not
// the sweep's coordinator (the rule-set digest lives in gauge).
func TestLocalDoesNotImportTheSweep(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if dep == "github.com/mcpgauge/mcpgauge/coordinator" {
			t.Errorf("local imports %s", dep)
		}
	}
}
