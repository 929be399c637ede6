package report

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
)

// RulesText writes the rule catalogue as a table: ID, severity, family,
// name and summary.
func RulesText(w io.Writer, cat []lint.Rule) error {
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSEVERITY\tFAMILY\tNAME\tSUMMARY")
	for _, r := range cat {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.ID, r.Default, r.Family, r.Name, r.Summary)
	}
	return tw.Flush()
}

// RulesJSON is the rule catalogue as JSON, one object a rule.
func RulesJSON(cat []lint.Rule) ([]byte, error) {
	type row struct {
		ID, Name, Family, Summary, Severity, Scope, Origin string
	}
	rows := make([]row, len(cat))
	for i, r := range cat {
		rows[i] = row{r.ID, r.Name, r.Family, r.Summary, r.Default.String(), string(r.Scope), r.Origin}
	}
	data, err := json.MarshalIndent(rows, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}
