// Package text renders a leaderboard for a terminal: integer scores, the
// overall score always shown beside the part it is ranked by, "-" for a
// part that was not measured (explained under the table), and every
// server-provided string made safe with termsafe.
package text

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/mcpgauge/mcpgauge/internal/termsafe"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// columns are the parts every ranked row shows, after the ranking part.
var columns = []struct {
	part   schema.ScorePart
	header string
}{
	{schema.PartMCPGauge, "MCPGAUGE"}, {schema.PartCompliance, "COMPL"}, {schema.PartDesign, "DESIGN"},
	{schema.PartSecurity, "SECUR"}, {schema.PartEfficiency, "EFFIC"}, {schema.PartSelection, "SELECT"},
}

// Write prints the ranked list with every part, then the servers that
// could not be scanned.
func Write(w io.Writer, lb store.Leaderboard) error {
	by := lb.By
	if by == "" {
		by = schema.PartMCPGauge
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := []string{"RANK", "SERVER", "VERSION"}
	if !shown(by) {
		head = append(head, strings.ToUpper(string(by)))
	}
	for _, c := range columns {
		h := c.header
		if c.part == by {
			h += "*"
		}
		head = append(head, h)
	}
	head = append(head, "TOOLS", "TOKENS")
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	dash := false
	for _, s := range lb.Ranked {
		row := []string{fmt.Sprint(s.Rank), termsafe.String(s.Name), termsafe.String(s.Version)}
		if !shown(by) {
			row = append(row, Score(s.Value, true))
		}
		for _, c := range columns {
			v, ok := part(s, c.part)
			dash = dash || !ok
			row = append(row, Score(v, ok))
		}
		row = append(row, fmt.Sprint(s.ToolCount), fmt.Sprint(s.TotalTokens))
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(lb.Ranked) == 0 {
		fmt.Fprintln(w, "(no ranked servers yet)")
	} else {
		fmt.Fprintf(w, "* ranked by %s", by)
		if dash {
			fmt.Fprint(w, "; - = not measured (no compliance tests ran, or no eval): its weight went to the other parts, never counted as 0")
		}
		fmt.Fprintln(w)
	}
	if len(lb.Unranked) > 0 {
		fmt.Fprintf(w, "\n%d scanned servers have no %s score (not measured)\n", len(lb.Unranked), by)
	}
	if len(lb.Unscored) > 0 {
		fmt.Fprintf(w, "\nCould not be scanned (not ranked, never scored 0):\n")
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, s := range lb.Unscored {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", termsafe.String(s.Name), termsafe.String(s.Version), s.Status, clipLine(termsafe.String(s.Reason), 90))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "\n%d servers in total\n", lb.Total)
	return nil
}

// Score prints a score as an integer, or "-" when it was not measured.
func Score(v float64, measured bool) string {
	if !measured {
		return "-"
	}
	return fmt.Sprintf("%.0f", v)
}

func shown(p schema.ScorePart) bool {
	for _, c := range columns {
		if c.part == p {
			return true
		}
	}
	return false
}

func part(s store.Scan, p schema.ScorePart) (float64, bool) {
	if s.Scores == nil {
		return 0, false
	}
	return s.Scores.Part(p)
}

func clipLine(s string, n int) string {
	r := []rune(strings.ReplaceAll(s, "\n", " "))
	if len(r) <= n {
		return string(r)
	}
	return string(r[:n-1]) + "…"
}
