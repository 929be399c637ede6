package main

import (
	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/internal/buildinfo"
	"github.com/mcpgauge/mcpgauge/system"
)

// versions are the scanner, scoring and rule-set versions of this build
// (what --version and `mcpgauge version` print).
func versions() buildinfo.Versions { return system.Versions(version) }

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
