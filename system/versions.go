package system

import (
	"github.com/mcpgauge/mcpgauge/gauge"
	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/internal/buildinfo"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Versions are the scanner, scoring, rules' and compliance tests' versions
// of this build and the rule-set digest of a default scan with compliance,
// as a stored result carries them.
func Versions(scanner string) buildinfo.Versions {
	return buildinfo.Versions{Scanner: scanner, Scoring: score.Version, Rules: gauge.RulesRevision(),
		Compliance: gauge.ComplianceRevision(), RuleSetDigest: gauge.RuleSetDigest(schema.ScanOptions{Compliance: true})}
}
