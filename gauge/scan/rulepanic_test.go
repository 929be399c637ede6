package scan

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
	"github.com/mcpgauge/mcpgauge/schema"
)

// panicRule is a rule that indexes the words of a name that has none, as
// SEC015 did, at the given severities and origin.
func panicRule(id string, def, tg lint.Severity, origin string) lint.Rule {
	return lint.Rule{ID: id, Name: "panics", Default: def, Toolgauge: tg, Origin: origin, Check: func(c *lint.Context) []lint.Problem {
		var words []string
		return []lint.Problem{{Tool: c.Tools[0].Name, Message: words[0], Suggestion: "none"}}
	}}
}

// fireRule is a rule with one finding on the first tool in both profiles.
func fireRule(id, origin string) lint.Rule {
	return lint.Rule{ID: id, Default: lint.Warning, Toolgauge: lint.Warning, Origin: origin, Check: func(c *lint.Context) []lint.Problem {
		return []lint.Problem{{Tool: c.Tools[0].Name, Message: id + " fired", Suggestion: "fix it"}}
	}}
}

// TestRulePanicFailsTheAnalysis: a rule that panics in any of the three
// lint runs (the report's profile, the mcpgauge score's, toolgauge
// health's) stops Analyse with an *AnalysisError naming the rule, before
// anything is scored, and Classify files it as worker_error. A scan without
// one is scored as before.
func TestRulePanicFailsTheAnalysis(t *testing.T) {
	t.Parallel()
	snap, err := model.ParseToolsJSON([]byte(`{"tools":[{"name":"list_items","description":"Lists the items in the store.","inputSchema":{"type":"object","properties":{}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		profile lint.Profile
		rules   []lint.Rule
		failed  string // rule ID; "" when the scan finishes
	}{
		{"no rule panics", lint.ProfileMcpgauge, []lint.Rule{fireRule("MCP901", lint.OriginToolgauge), fireRule("MCP902", lint.OriginMcpgauge)}, ""},
		{"the report's run", lint.ProfileMcpgauge,
			[]lint.Rule{fireRule("MCP901", lint.OriginMcpgauge), panicRule("MCP902", lint.Warning, lint.Off, lint.OriginMcpgauge)}, "MCP902"},
		{"toolgauge health's run only", lint.ProfileMcpgauge,
			[]lint.Rule{fireRule("MCP901", lint.OriginToolgauge), panicRule("MCP902", lint.Off, lint.Warning, lint.OriginToolgauge)}, "MCP902"},
		{"the mcpgauge score's run only", lint.ProfileToolgauge,
			[]lint.Rule{fireRule("MCP901", lint.OriginToolgauge), panicRule("MCP902", lint.Warning, lint.Off, lint.OriginMcpgauge)}, "MCP902"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rep := &Report{}
			err := Analyse(rep, snap, WithRules(Options{Lint: lint.Config{Profile: c.profile}}, c.rules))
			if c.failed == "" {
				if err != nil {
					t.Fatal(err)
				}
				if rep.Score.Version == "" || rep.Health.Overall == 0 {
					t.Errorf("a finished analysis was not scored: %+v, health %+v", rep.Score, rep.Health)
				}
				return
			}
			var ae *AnalysisError
			var re *lint.RuleError
			if !errors.As(err, &ae) || !errors.As(err, &re) {
				t.Fatalf("err = %v; want an *AnalysisError holding a *lint.RuleError", err)
			}
			if re.Rule != c.failed || len(re.Stack) == 0 {
				t.Errorf("rule error names %s (stack %d bytes), want %s with a stack", re.Rule, len(re.Stack), c.failed)
			}
			if rep.Score.Version != "" || rep.Score.Overall != 0 || rep.Health.Overall != 0 || rep.QualityGate.Score.Quality != 0 {
				t.Errorf("a half-linted server was scored: %+v, health %+v", rep.Score, rep.Health)
			}
			st, reason := classifyStr(err)
			if st != string(schema.StatusWorkerError) || !strings.Contains(reason, "lint rule "+c.failed+" (panics) panicked: runtime error: index out of range") {
				t.Errorf("Classify = %s, %q; want worker_error naming the rule", st, reason)
			}
		})
	}
}

// TestRunWithAPanickingRuleReturnsNoReport: over a live server, a rule that
// panics makes Run return no report (nothing to score, publish or rank) and
// an error the worker classifies as worker_error.
func TestRunWithAPanickingRuleReturnsNoReport(t *testing.T) {
	t.Parallel()
	bin := fixtures.Build(t, "careful")
	target := &connect.Target{Transport: connect.TransportStdio, Command: bin, Display: "careful"}
	rules := append(lint.Catalogue(), panicRule("SEC999", lint.Warning, lint.Warning, lint.OriginMcpgauge))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	rep, err := Run(ctx, target, WithRules(Options{Connect: connect.Options{Timeout: 30 * time.Second}}, rules))
	if rep != nil {
		t.Errorf("a half-linted scan returned a report (score %d)", rep.Score.Overall)
	}
	var re *lint.RuleError
	if !errors.As(err, &re) || re.Rule != "SEC999" {
		t.Fatalf("err = %v; want a *lint.RuleError for SEC999", err)
	}
	if !strings.HasPrefix(err.Error(), "scan careful: analysis did not finish: lint rule SEC999") {
		t.Errorf("error %q does not name the target and the rule", err)
	}
	if st, _ := classifyStr(err); st != string(schema.StatusWorkerError) {
		t.Errorf("status %s, want worker_error", st)
	}
}
