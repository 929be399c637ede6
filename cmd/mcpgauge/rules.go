package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/local"
)

func newRulesCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "List the rule catalogue (or write its doc pages)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var o local.RulesOptions
			o.WriteDocs, _ = cmd.Flags().GetString("write-docs")
			r, err := local.Rules(o)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if o.WriteDocs != "" {
				fmt.Fprintf(out, "wrote %d pages under %s\n", r.Pages, o.WriteDocs)
				return nil
			}
			if asJSON, _ := cmd.Flags().GetBool("json"); asJSON {
				data, err := report.RulesJSON(r.Catalogue)
				if err == nil {
					_, err = out.Write(data)
				}
				return err
			}
			return report.RulesText(out, r.Catalogue)
		},
	}
	cmd.Flags().Bool("json", false, "print the catalogue as JSON")
	cmd.Flags().String("write-docs", "", "write the rule and test doc pages under this directory (docs)")
	return cmd
}
