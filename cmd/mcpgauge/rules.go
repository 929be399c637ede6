package main

import (
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/internal/docgen"
)

func newRulesCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "List the rule catalogue (or write its doc pages)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dir, _ := cmd.Flags().GetString("write-docs")
			if dir != "" {
				if err := docgen.Write(dir); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "wrote %d pages under %s\n", len(docgen.Pages()), dir)
				return nil
			}
			cat := lint.Catalogue()
			if asJSON, _ := cmd.Flags().GetBool("json"); asJSON {
				type row struct {
					ID, Name, Family, Summary, Severity, Scope, Origin string
				}
				rows := make([]row, len(cat))
				for i, r := range cat {
					rows[i] = row{r.ID, r.Name, r.Family, r.Summary, r.Default.String(), string(r.Scope), r.Origin}
				}
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(rows)
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 2, 2, ' ', 0)
			fmt.Fprintln(w, "ID\tSEVERITY\tFAMILY\tNAME\tSUMMARY")
			for _, r := range cat {
				fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", r.ID, r.Default, r.Family, r.Name, r.Summary)
			}
			return w.Flush()
		},
	}
	cmd.Flags().Bool("json", false, "print the catalogue as JSON")
	cmd.Flags().String("write-docs", "", "write the rule and test doc pages under this directory (docs)")
	return cmd
}
