package main

import (
	"github.com/spf13/cobra"

	lbtext "github.com/mcpgauge/mcpgauge/leaderboard/text"
	"github.com/mcpgauge/mcpgauge/system"
)

func newHistoryCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "history NAME",
		Short: "Show every stored scan of one server and any rug pull (tools changed under the same version)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ref, err := storeRef(cmd)
			if err != nil {
				return err
			}
			h, err := system.History(cmd.Context(), system.HistoryOptions{Store: ref, Name: args[0]})
			if err != nil {
				return err
			}
			if asJSON {
				return lbtext.HistoryJSON(cmd.OutOrStdout(), h)
			}
			return lbtext.History(cmd.OutOrStdout(), h)
		},
	}
	storeFlags(cmd).BoolVar(&asJSON, "json", false, "machine-readable output")
	return cmd
}
