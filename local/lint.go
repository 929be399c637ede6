package local

import (
	"context"
	"errors"
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
)

// LintOptions configure Lint.
type LintOptions struct {
	Target Target
	// Rules configure the rules (config lint.*), FailOn is the gate
	// (--fail-on, lint.fail_on).
	Rules  lint.Config
	FailOn lint.Severity
	// JSON and SARIF are the output formats asked for (--json, --sarif);
	// SARIF asks for LintResult.SARIF.
	JSON, SARIF bool
	// rules, when set, stand in for the catalogue (tests inject a rule).
	rules []lint.Rule
}

// catalogue is the rules Lint runs.
func (o LintOptions) catalogue() []lint.Rule {
	if o.rules != nil {
		return o.rules
	}
	return lint.Catalogue()
}

// Validate checks the target and the output flags.
func (o LintOptions) Validate() error {
	if o.JSON && o.SARIF {
		return errkind.AsUsage(errors.New("--json and --sarif cannot be combined"))
	}
	return o.Target.Validate()
}

// LintResult is the snapshot linted and its findings; SARIF when asked.
type LintResult struct {
	Snapshot *model.Snapshot
	Findings []lint.Finding
	SARIF    []byte
}

// Lint runs every rule over the target's definitions. A finding at or
// above FailOn returns the result with a threshold error. A rule that
// panics returns no result and an error naming it (a *lint.RuleError):
// the other rules' findings are not the whole server's, and a partial
// report (a SARIF upload above all) would say the failed rule's findings
// were fixed.
func Lint(ctx context.Context, o LintOptions) (*LintResult, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	snap, err := OpenSnapshot(ctx, o.Target)
	if err != nil {
		return nil, err
	}
	findings, err := lint.RunRulesChecked(snap, o.Rules, o.catalogue())
	if err != nil {
		return nil, fmt.Errorf("lint %s: %w", snap.Target, err)
	}
	r := &LintResult{Snapshot: snap, Findings: findings}
	if o.SARIF {
		r.SARIF = report.SARIF(r.Findings, lint.Catalogue(), o.Target.ClientVersion, o.Target.locator("", ""))
	}
	if lint.AtLeast(r.Findings, o.FailOn) {
		return r, errkind.Missed("")
	}
	return r, nil
}
