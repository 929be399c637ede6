package leaderboard_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestReadSideDoesNotImportLint: no package of the read side depends on
// gauge/lint, directly or not. A finding's family comes from the store
// (the coordinator keeps it at ingest) and the rule pages' catalogue from
// whoever serves the board.
func TestReadSideDoesNotImportLint(t *testing.T) {
	t.Parallel()
	const lint = "github.com/mcpgauge/mcpgauge/gauge/lint"
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list dependencies: %v", err)
	}
	out, err := exec.Command(goBin, "list", "-f", `{{.ImportPath}} {{join .Deps " "}}`, "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := 0
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		pkgs++
		for _, d := range f[1:] {
			if d == lint || strings.HasPrefix(d, lint+"/") {
				t.Errorf("%s depends on %s", f[0], d)
			}
		}
	}
	if pkgs < 5 {
		t.Errorf("go list named %d read-side packages, want the leaderboard and its 4 subpackages", pkgs)
	}
}
