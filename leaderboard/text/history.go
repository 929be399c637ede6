package text

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	ecotext "github.com/mcpgauge/mcpgauge/ecosystem/text"
	"github.com/mcpgauge/mcpgauge/internal/termsafe"
	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/store"
)

// JSON writes the leaderboard as the API's board, indented.
func JSON(w io.Writer, lb store.Leaderboard) error { return indented(w, leaderboard.BoardOf(lb)) }

// HistoryJSON writes a server's history as the API's history document,
// indented.
func HistoryJSON(w io.Writer, h leaderboard.ServerHistory) error { return indented(w, h.Doc()) }

func indented(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// History prints every scan of one server, its latest ecosystem report in
// a sentence, and any rug pull.
func History(w io.Writer, h leaderboard.ServerHistory) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SCANNED\tVERSION\tSWEEP\tSTATUS\tSCORE\tTOOLS\tDIGEST")
	for _, sc := range h.Scans {
		score := "-"
		if sc.Scores != nil {
			score = fmt.Sprintf("%.1f", sc.Scores.MCPGauge)
		}
		dg := termsafe.String(sc.ServerDigest)
		if len(dg) > 12 {
			dg = dg[:12]
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d\t%s\n", sc.FinishedAt.UTC().Format(time.RFC3339), termsafe.String(sc.Version),
			termsafe.String(sc.SweepID), sc.Status, score, sc.ToolCount, dg)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if eco := h.Ecosystem; eco != nil {
		fmt.Fprintf(w, "\nEcosystem (sweep %s, %s): tool search over all %d tools finds its tool first for %s of %d prompts (top 5: %s)",
			termsafe.String(eco.SweepID), termsafe.String(eco.Version), eco.PoolTools, ecotext.Pct(eco.Search.At1, eco.Search.Total),
			eco.Search.Total, ecotext.Pct(eco.Search.At5, eco.Search.Total))
		if eco.InPool != nil {
			fmt.Fprintf(w, "; %s picks right %s of the time with %d tools of other servers offered too", termsafe.String(eco.Model),
				ecotext.Pct(eco.InPool.Correct, eco.InPool.Total), len(eco.Drawn))
		}
		fmt.Fprintln(w, ".")
		for _, c := range eco.Captures[:min(len(eco.Captures), 3)] {
			fmt.Fprintf(w, "  %s (%s)\n", ecotext.Capture(c), c.Method)
		}
	}
	if len(h.RugPulls) == 0 {
		_, err := fmt.Fprintln(w, "\nNo rug pull: every version kept its tools between scans.")
		return err
	}
	fmt.Fprintf(w, "\nRUG PULL: %d version(s) changed their tools without a new version:\n", len(h.RugPulls))
	for _, p := range h.RugPulls {
		fmt.Fprintf(w, "  %s: between sweep %s (%s) and sweep %s (%s)\n", termsafe.String(p.Version), termsafe.String(p.Before.SweepID),
			p.Before.FinishedAt.UTC().Format(time.RFC3339), termsafe.String(p.After.SweepID), p.After.FinishedAt.UTC().Format(time.RFC3339))
		for _, l := range []struct {
			what  string
			names []string
		}{{"changed", p.Changed}, {"added", p.Added}, {"removed", p.Removed}} {
			if len(l.names) > 0 {
				names := make([]string, len(l.names))
				for i, n := range l.names {
					names[i] = termsafe.String(n)
				}
				fmt.Fprintf(w, "    %s: %s\n", l.what, strings.Join(names, ", "))
			}
		}
	}
	return nil
}
