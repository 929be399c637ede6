package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

func newHistoryCmd() *cobra.Command {
	var storeURL string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "history NAME",
		Short: "Show every stored scan of one server and any rug pull (tools changed under the same version)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := strings.TrimSpace(args[0])
			if name == "" {
				return usageErr(fmt.Errorf("NAME is empty (want a registry name such as io.github.owner/server)"))
			}
			ctx, cancel := context.WithTimeout(cmd.Context(), time.Minute)
			defer cancel()
			s, err := openStore(ctx, cmd, storeURL)
			if err != nil {
				return err
			}
			defer s.Close()
			scans, err := s.History(ctx, name)
			if err != nil {
				return fmt.Errorf("history: %w", err)
			}
			pulls, err := s.RugPulls(ctx, store.RugPullQuery{Name: name})
			if err != nil {
				return fmt.Errorf("rug pulls: %w", err)
			}
			if len(scans) == 0 {
				return usageErr(fmt.Errorf("no scans of server %q in the store", name))
			}
			eco, err := latestEcosystem(ctx, s, name)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if asJSON {
				type doc struct {
					leaderboard.History
					RugPulls []leaderboard.RugPull `json:"rug_pulls"`
					// Ecosystem is the server's report from the latest
					// ecosystem pass that measured it (absent when none did).
					Ecosystem *schema.EcosystemReport `json:"ecosystem,omitempty"`
				}
				d := doc{History: leaderboard.History{Name: name}, RugPulls: []leaderboard.RugPull{}, Ecosystem: eco}
				for _, sc := range scans {
					d.Scans = append(d.Scans, leaderboard.RowOf(sc, false))
				}
				for _, p := range pulls {
					d.RugPulls = append(d.RugPulls, leaderboard.RugPull{Name: p.Name, Version: p.Version,
						Before: leaderboard.RowOf(p.Before, false), After: leaderboard.RowOf(p.After, false),
						Added: p.Added, Removed: p.Removed, Changed: p.Changed})
				}
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(d)
			}
			tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "SCANNED\tVERSION\tSWEEP\tSTATUS\tSCORE\tTOOLS\tDIGEST")
			for _, sc := range scans {
				score := "-"
				if sc.Scores != nil {
					score = fmt.Sprintf("%.1f", sc.Scores.MCPGauge)
				}
				dg := sc.ServerDigest
				if len(dg) > 12 {
					dg = dg[:12]
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d\t%s\n", sc.FinishedAt.UTC().Format(time.RFC3339), sc.Version, sc.SweepID, sc.Status, score, sc.ToolCount, dg)
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			if eco != nil {
				fmt.Fprintf(out, "\nEcosystem (sweep %s, %s): tool search over all %d tools finds its tool first for %s of %d prompts (top 5: %s)",
					eco.SweepID, eco.Version, eco.PoolTools, pct(eco.Search.At1, eco.Search.Total), eco.Search.Total, pct(eco.Search.At5, eco.Search.Total))
				if eco.InPool != nil {
					fmt.Fprintf(out, "; %s picks right %s of the time with %d tools of other servers offered too", eco.Model, pct(eco.InPool.Correct, eco.InPool.Total), len(eco.Drawn))
				}
				fmt.Fprintln(out, ".")
				for _, c := range eco.Captures[:min(len(eco.Captures), 3)] {
					fmt.Fprintf(out, "  %s (%s)\n", captureSentence(c), c.Method)
				}
			}
			if len(pulls) == 0 {
				fmt.Fprintln(out, "\nNo rug pull: every version kept its tools between scans.")
				return nil
			}
			fmt.Fprintf(out, "\nRUG PULL: %d version(s) changed their tools without a new version:\n", len(pulls))
			for _, p := range pulls {
				fmt.Fprintf(out, "  %s: between sweep %s (%s) and sweep %s (%s)\n", p.Version, p.Before.SweepID,
					p.Before.FinishedAt.UTC().Format(time.RFC3339), p.After.SweepID, p.After.FinishedAt.UTC().Format(time.RFC3339))
				for _, l := range []struct {
					what  string
					names []string
				}{{"changed", p.Changed}, {"added", p.Added}, {"removed", p.Removed}} {
					if len(l.names) > 0 {
						fmt.Fprintf(out, "    %s: %s\n", l.what, strings.Join(l.names, ", "))
					}
				}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&storeURL, "store", "", "store URL (default: SQLite under the data dir)")
	f.String("data-dir", "", "data directory (default ~/.local/share/mcpgauge)")
	f.BoolVar(&asJSON, "json", false, "machine-readable output")
	return cmd
}

// latestEcosystem returns the server's report from the most recent
// ecosystem pass (nil when no pass has measured it). Only the latest pass
// is consulted: an older report would describe an ecosystem that changed.
func latestEcosystem(ctx context.Context, s store.Store, name string) (*schema.EcosystemReport, error) {
	reps, err := s.Ecosystem(ctx, store.EcosystemQuery{Name: name})
	if err != nil {
		return nil, fmt.Errorf("ecosystem: %w", err)
	}
	if len(reps) == 0 {
		return nil, nil
	}
	r := reps[len(reps)-1] // the newest version, when several were measured
	return &r, nil
}
