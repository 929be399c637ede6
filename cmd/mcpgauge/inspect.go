package main

import (
	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/gauge/tokens"
)

func newInspectCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "inspect [TARGET]",
		Short: "Show a server's info, capabilities, tools (with R D I hints), resources, prompts and digests",
		Long: `Inspect connects to TARGET, reads every list to its end, and shows what a
client sees. It never calls a tool. The R D I column shows readOnlyHint,
destructiveHint and idempotentHint: upper case true, lower case false, '-'
when the server said nothing.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			target, err := targetArg(cmd, args)
			if err != nil {
				return err
			}
			if _, _, err := loadConfig(cmd, target, flagBinding{"timeout", "timeout"}); err != nil {
				return err
			}
			snap, err := openSnapshot(cmd.Context(), cmd, target)
			if err != nil {
				return err
			}
			toks := toolTokens(tokens.New(), snap)
			verbose, _ := cmd.Flags().GetBool("verbose")
			if asJSON, _ := cmd.Flags().GetBool("json"); asJSON {
				_, err = cmd.OutOrStdout().Write(report.InspectJSON(snap, toks))
				return err
			}
			return report.InspectText(cmd.OutOrStdout(), snap, toks, verbose)
		},
	}
	addTargetFlags(cmd)
	cmd.Flags().Bool("json", false, "write the snapshot as JSON")
	return cmd
}

// toolTokens sizes every tool with the BPE tokenizer.
func toolTokens(c *tokens.Counter, snap *model.Snapshot) map[string]int {
	out := make(map[string]int, len(snap.Tools))
	for i := range snap.Tools {
		out[snap.Tools[i].Name] = c.ToolTokens(&snap.Tools[i])
	}
	return out
}
