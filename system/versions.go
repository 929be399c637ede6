package system

import (
	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/internal/buildinfo"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Versions are the scanner, scoring and rule-set versions of this build
// (the rule-set digest of a default scan with compliance), as a stored
// result carries them.
func Versions(scanner string) buildinfo.Versions {
	return buildinfo.Versions{Scanner: scanner, Scoring: score.Version, Rules: lint.RulesRevision,
		RuleSetDigest: coordinator.RuleSetDigest(schema.ScanOptions{Compliance: true})}
}
