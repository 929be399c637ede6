package main

import (
	"bytes"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/internal/buildinfo"
	"github.com/mcpgauge/mcpgauge/schema"
)

// versions are the scanner, scoring and rule-set versions of this build
// (the rule-set digest of a default scan with compliance).
func versions() buildinfo.Versions {
	return buildinfo.Versions{Scanner: version, Scoring: score.Version, Rules: lint.RulesRevision,
		RuleSetDigest: coordinator.RuleSetDigest(schema.ScanOptions{Compliance: true})}
}

// versionText is what --version and `mcpgauge version` print.
func versionText() string {
	var b bytes.Buffer
	_ = versions().Write(&b)
	return b.String()
}

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the scanner, scoring and rule-set versions",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return versions().Write(cmd.OutOrStdout())
		},
	}
}
