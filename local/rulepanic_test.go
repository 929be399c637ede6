package local

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
)

// TestRulePanicFailsLintAndCI: a rule that panics on what a server listed
// makes lint and ci return an error naming the rule, on one escaped line,
// and no result: no partial report, SARIF, badge or history point. The
// command prints it and exits non-zero instead of dumping a goroutine trace.
func TestRulePanicFailsLintAndCI(t *testing.T) {
	t.Parallel()
	// The panic value carries text a server chose (an escape sequence).
	boom := lint.Rule{ID: "MCP999", Name: "boom", Default: lint.Warning, Toolgauge: lint.Warning, Origin: lint.OriginToolgauge,
		Check: func(c *lint.Context) []lint.Problem { panic("no words in \x1b[31m" + c.Tools[0].Name) }}
	rules := append(lint.Catalogue(), boom)
	hist := filepath.Join(t.TempDir(), "h.json")
	cases := []struct {
		name string
		run  func(Target) (any, error)
	}{
		{"lint", func(tg Target) (any, error) {
			r, err := Lint(context.Background(), LintOptions{Target: tg, SARIF: true, FailOn: lint.Error, rules: rules})
			if r != nil {
				return r, err
			}
			return nil, err
		}},
		{"ci", func(tg Target) (any, error) {
			r, err := CI(context.Background(), CIOptions{Target: tg, MinScore: -1, History: hist, rules: rules})
			if r != nil {
				return r, err
			}
			return nil, err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			res, err := c.run(smallTarget(t))
			if res != nil {
				t.Errorf("a half-linted server returned a result: %+v", res)
			}
			var re *lint.RuleError
			if !errors.As(err, &re) || re.Rule != "MCP999" {
				t.Fatalf("err = %v; want a *lint.RuleError for MCP999", err)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, c.name+" ") || !strings.Contains(msg, `lint rule MCP999 (boom) panicked: no words in \u001b[31m`) {
				t.Errorf("message %q does not name the command, the rule and the escaped panic", msg)
			}
			if strings.ContainsAny(msg, "\x1b\n") || strings.Contains(msg, "goroutine") {
				t.Errorf("message is not one escaped line: %q", msg)
			}
			// Not a gate, an unreachable server or a usage error the
			// operator caused: exit non-zero, and nothing to retry.
			if k := errkind.Of(err); k != errkind.Other {
				t.Errorf("kind %v, want other", k)
			}
		})
	}
}
