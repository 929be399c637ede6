package main

import (
	"cmp"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/local"
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
		RunE: runInspect,
	}
	addTargetFlags(cmd)
	cmd.Flags().Bool("json", false, "write the snapshot as JSON")
	return cmd
}

func runInspect(cmd *cobra.Command, args []string) error {
	t, err := targetFlags(cmd, args)
	if err != nil {
		return err
	}
	o := local.InspectOptions{Target: t}
	cfg, _, err := loadConfig(cmd, t.Arg, flagBinding{"timeout", "timeout"})
	if err := cmp.Or(o.Validate(), err); err != nil {
		return err
	}
	o.Target.Timeout = cfg.Timeout
	r, err := local.Inspect(cmd.Context(), o)
	if err != nil {
		return err
	}
	if asJSON, _ := cmd.Flags().GetBool("json"); asJSON {
		_, err = cmd.OutOrStdout().Write(report.InspectJSON(r.Snapshot, r.Tokens))
		return err
	}
	verbose, _ := cmd.Flags().GetBool("verbose")
	return report.InspectText(cmd.OutOrStdout(), r.Snapshot, r.Tokens, verbose)
}
