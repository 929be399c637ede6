package main

import (
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge"
	"github.com/mcpgauge/mcpgauge/gauge/score"
)

// TestVersionNamesScoringAndRules: `mcpgauge version` and `--version`
// print the scanner, scoring, rules', compliance tests' and rule-set
// versions a stored result carries.
func TestVersionNamesScoringAndRules(t *testing.T) {
	t.Parallel()
	want := []string{"mcpgauge " + version, score.Version, gauge.RulesRevision(), "compliance " + gauge.ComplianceRevision(), "rule set  " + versions().RuleSetDigest}
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, stderr := cli(t, args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%v prints %q, lacking %q", args, out, w)
			}
		}
	}
	if d := versions().RuleSetDigest; len(d) < 16 {
		t.Errorf("rule-set digest %q is too short to name a rule set", d)
	}
}
