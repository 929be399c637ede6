package lint

import (
	"bytes"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// panicking is a rule whose check panics as the SEC015 bug did: it indexes
// the words of a name that has none.
func panicking(id string) Rule {
	return Rule{ID: id, Name: "panics", Default: Warning, Check: func(c *Context) []Problem {
		var words []string
		return []Problem{{Tool: c.Tools[0].Name, Message: words[0], Suggestion: "none"}}
	}}
}

// panicsWith is a rule that panics with v.
func panicsWith(id string, v any) Rule {
	return Rule{ID: id, Default: Warning, Check: func(*Context) []Problem { panic(v) }}
}

// firing is a rule with one finding on the first tool.
func firing(id string) Rule {
	return Rule{ID: id, Default: Warning, Check: func(c *Context) []Problem {
		return []Problem{{Tool: c.Tools[0].Name, Message: id + " fired", Suggestion: "fix it"}}
	}}
}

// ruleErrors are the *RuleErrors err holds, in order.
func ruleErrors(err error) []*RuleError {
	var out []*RuleError
	var walk func(error)
	walk = func(err error) {
		var re *RuleError
		switch e := err.(type) {
		case nil:
		case interface{ Unwrap() []error }:
			for _, x := range e.Unwrap() {
				walk(x)
			}
		default:
			if errors.As(err, &re) {
				out = append(out, re)
			}
		}
	}
	walk(err)
	return out
}

// TestRulePanicIsContained: a rule whose check panics does not take the
// process down. RunRulesChecked keeps the other rules' findings and returns
// a *RuleError naming the rule, with the panic value and its stack; Run and
// RunRules return the same findings without the error.
func TestRulePanicIsContained(t *testing.T) {
	t.Parallel()
	snap := tgSnap(t, `[{"name":"run","inputSchema":{"type":"object"}}]`)
	cases := []struct {
		name     string
		rules    []Rule
		cfg      Config
		findings []string // rule IDs with findings kept
		failed   []string // rule IDs reported failed
		msg      []string // in the error's message
	}{
		{"none panics", []Rule{firing("MCP901"), firing("MCP902")}, Config{}, []string{"MCP901", "MCP902"}, nil, nil},
		{"index out of range", []Rule{firing("MCP901"), panicking("MCP902"), firing("MCP903")}, Config{},
			[]string{"MCP901", "MCP903"}, []string{"MCP902"}, []string{"lint rule MCP902 (panics) panicked", "index out of range"}},
		{"panic with an error value", []Rule{panicsWith("MCP902", errors.New("boom")), firing("MCP903")}, Config{},
			[]string{"MCP903"}, []string{"MCP902"}, []string{"lint rule MCP902 panicked: boom"}},
		{"two rules panic", []Rule{panicking("MCP901"), firing("MCP902"), panicsWith("MCP903", "again")}, Config{},
			[]string{"MCP902"}, []string{"MCP901", "MCP903"}, []string{"MCP901", "MCP903 panicked: again"}},
		{"a panicking rule that is off does not run", []Rule{panicking("MCP901"), firing("MCP902")},
			Config{Rules: map[string]Severity{"MCP901": Off}}, []string{"MCP902"}, nil, nil},
		{"server text in the panic is escaped and clipped", []Rule{panicsWith("MCP901", "\x1b]8;;evil\x07\r\n"+strings.Repeat("é", 400))}, Config{},
			nil, []string{"MCP901"}, []string{`\u001b]8;;evil\u0007\r\n`, "é…"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := RunRulesChecked(snap, c.cfg, c.rules)
			var ids []string
			for _, f := range got {
				ids = append(ids, f.Rule)
			}
			if strings.Join(ids, ",") != strings.Join(c.findings, ",") {
				t.Errorf("findings of %v, want %v", ids, c.findings)
			}
			if c.failed == nil {
				if err != nil {
					t.Fatalf("err = %v, want none", err)
				}
			} else {
				if err == nil {
					t.Fatal("no error for a rule that panicked")
				}
				res := ruleErrors(err)
				var failed []string
				for _, re := range res {
					failed = append(failed, re.Rule)
					if !bytes.Contains(re.Stack, []byte("lint.check")) {
						t.Errorf("%s: stack does not reach the check:\n%s", re.Rule, re.Stack)
					}
					if re.Value == nil {
						t.Errorf("%s: no panic value", re.Rule)
					}
					if m := re.Error(); strings.ContainsAny(m, "\x1b\x07\r\n") || len(m) > maxPanicText+100 {
						t.Errorf("%s: message not one escaped, clipped line: %q", re.Rule, m)
					}
				}
				if strings.Join(failed, ",") != strings.Join(c.failed, ",") {
					t.Errorf("failed rules %v, want %v", failed, c.failed)
				}
				for _, w := range c.msg {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q lacks %q", err, w)
					}
				}
			}
			if unchecked := RunRules(snap, c.cfg, c.rules); len(unchecked) != len(got) {
				t.Errorf("RunRules kept %d findings, RunRulesChecked %d", len(unchecked), len(got))
			}
		})
	}
	var rte runtime.Error
	if _, err := RunRulesChecked(snap, Config{}, []Rule{panicking("MCP901")}); !errors.As(err, &rte) {
		t.Errorf("err %v does not unwrap to the runtime.Error it panicked with", err)
	}
}

// TestProductionCallsTheCheckedEntryPoints: Run and RunRules do not say that
// a rule failed, so code outside tests that lints a server calls RunChecked
// or RunRulesChecked, and a half-linted server is never scored or shown as
// whole.
func TestProductionCallsTheCheckedEntryPoints(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found: %v", err)
	}
	fset := token.NewFileSet()
	checked := 0 // calls of the checked entry points seen: the walk read the callers
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "vendor" || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		inLint := filepath.Dir(path) == filepath.Join(root, "gauge", "lint")
		if !inLint && !bytes.Contains(src, []byte("lint.Run")) {
			return nil
		}
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var name string
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				if x, ok := fn.X.(*ast.Ident); ok && x.Name == "lint" {
					name = fn.Sel.Name
				}
			case *ast.Ident:
				if inLint {
					name = fn.Name
				}
			}
			if name == "RunChecked" || name == "RunRulesChecked" {
				checked++
			}
			if name == "Run" || name == "RunRules" {
				t.Errorf("%s: calls %s, which hides a rule that panicked; call %sChecked", fset.Position(call.Pos()), name, name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// scan.Analyse (three runs), local lint and local ci call them: a walk
	// that found fewer read nothing and proves nothing.
	if checked < 5 {
		t.Errorf("found %d calls of RunChecked or RunRulesChecked outside tests, want at least 5", checked)
	}
}
