package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// wired lists the project packages cmd/mcpgauge may import: the
// composition (system, local), the settings (config), the renderers, and
// small CLI helpers. Anything else means cmd runs the system instead of
// wiring it.
var wired = []string{
	"system", "local", "config",
	"gauge/report", "gauge/ci", "leaderboard/text", "registry/text", "ecosystem/text", "system/text",
	"internal/errkind", "internal/termsafe", "internal/suggest", "internal/buildinfo", "internal/cpuprofile",
}

// maxCmdLines is the most non-test lines cmd may have.
const maxCmdLines = 1500

// TestCmdOnlyWires holds cmd/mcpgauge to wiring: only the packages above,
// no goroutines, and fewer than maxCmdLines non-test lines.
func TestCmdOnlyWires(t *testing.T) {
	t.Parallel()
	const module = "github.com/mcpgauge/mcpgauge/"
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	lines := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		lines += bytes.Count(src, []byte("\n"))
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			rel, ours := strings.CutPrefix(path, module)
			if ours && !slices.Contains(wired, rel) {
				t.Errorf("%s imports %s: cmd wires the composition, config and renderers only", name, path)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if g, ok := n.(*ast.GoStmt); ok {
				t.Errorf("%s: a goroutine at %s: the system package runs things, cmd wires", name, fset.Position(g.Pos()))
			}
			return true
		})
	}
	if lines >= maxCmdLines {
		t.Errorf("cmd/mcpgauge has %d non-test lines, want fewer than %d", lines, maxCmdLines)
	}
	t.Logf("cmd/mcpgauge: %d non-test lines in %d files", lines, len(files))
}
