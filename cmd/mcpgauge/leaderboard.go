package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// openStore opens --store, or the SQLite store under the data dir.
func openStore(ctx context.Context, cmd *cobra.Command, storeURL string) (store.Store, error) {
	if storeURL == "" {
		cfg, _, err := loadConfig(cmd, "", flagBinding{"data-dir", "data_dir"})
		if err != nil {
			return nil, err
		}
		storeURL = store.SQLiteURL(cfg.DataDir)
	}
	if _, _, err := store.ParseURL(storeURL); err != nil {
		return nil, usageErr(err)
	}
	st, err := store.Open(ctx, storeURL)
	if err != nil {
		return nil, connectErr(fmt.Errorf("store: %w", err))
	}
	return st, nil
}

func newLeaderboardCmd() *cobra.Command {
	var storeURL, by, reg, status, pkgType string
	var limit int
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "leaderboard",
		Short: "Show the ranked latest scan of every swept server",
		Long: `Leaderboard ranks the latest scan of every server by a score part
(mcpgauge, compliance, design, security, efficiency, selection, toolgauge,
quality_gate). Servers that could not be scanned are listed apart with their
status and reason; they are never given a score.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			part, err := schema.ParseScorePart(by)
			if err != nil {
				return usageErr(fmt.Errorf("--by: %w", err))
			}
			var st schema.Status
			if status != "" {
				if st, err = schema.ParseStatus(status); err != nil {
					return usageErr(fmt.Errorf("--status: %w", err))
				}
			}
			if limit < 1 || limit > leaderboard.MaxLimit {
				return usageErr(fmt.Errorf("--limit must be 1 to %d, got %d", leaderboard.MaxLimit, limit))
			}
			ctx, cancel := context.WithTimeout(cmd.Context(), time.Minute)
			defer cancel()
			s, err := openStore(ctx, cmd, storeURL)
			if err != nil {
				return err
			}
			defer s.Close()
			lb, err := s.Leaderboard(ctx, store.LeaderboardQuery{By: part, Registry: reg, Status: st, PackageType: pkgType, Limit: limit})
			if err != nil {
				return fmt.Errorf("leaderboard: %w", err)
			}
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(leaderboard.BoardOf(lb))
			}
			return writeLeaderboard(cmd.OutOrStdout(), lb)
		},
	}
	f := cmd.Flags()
	f.StringVar(&storeURL, "store", "", "store URL (default: SQLite under the data dir)")
	f.String("data-dir", "", "data directory (default ~/.local/share/mcpgauge)")
	f.StringVar(&by, "by", "mcpgauge", "score part to rank by: mcpgauge, compliance, design, security, efficiency, selection, toolgauge, quality_gate")
	f.StringVar(&reg, "registry", "", "only servers listed by this registry source")
	f.StringVar(&status, "status", "", "only servers whose latest scan has this status")
	f.StringVar(&pkgType, "package-type", "", "only servers of this launch kind (npm, pypi, oci, remote)")
	f.IntVar(&limit, "limit", 20, "rows per list")
	f.BoolVar(&asJSON, "json", false, "machine-readable output")
	return cmd
}

// writeLeaderboard prints the ranked list with every part, then the
// servers that could not be scanned.
func writeLeaderboard(w io.Writer, lb store.Leaderboard) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "RANK\tSERVER\tVERSION\t%s\tCOMPL\tDESIGN\tSECUR\tEFFIC\tSELECT\tTOOLS\tTOKENS\n", strings.ToUpper(string(lb.By)))
	for _, s := range lb.Ranked {
		sel := "-"
		if s.Scores != nil && s.Scores.Selection != nil {
			sel = fmt.Sprintf("%.0f", *s.Scores.Selection)
		}
		c := "-"
		var d, se, e float64
		if s.Scores != nil {
			d, se, e = s.Scores.Design, s.Scores.Security, s.Scores.Efficiency
			if s.Scores.Compliance != nil {
				c = fmt.Sprintf("%.0f", *s.Scores.Compliance)
			}
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%.1f\t%s\t%.0f\t%.0f\t%.0f\t%s\t%d\t%d\n", s.Rank, s.Name, s.Version, s.Value, c, d, se, e, sel, s.ToolCount, s.TotalTokens)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(lb.Ranked) == 0 {
		fmt.Fprintln(w, "(no ranked servers yet)")
	}
	if len(lb.Unranked) > 0 {
		fmt.Fprintf(w, "\n%d scanned servers have no %s score\n", len(lb.Unranked), lb.By)
	}
	if len(lb.Unscored) > 0 {
		fmt.Fprintf(w, "\nCould not be scanned (not ranked, never scored 0):\n")
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, s := range lb.Unscored {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", s.Name, s.Version, s.Status, clipLine(s.Reason, 90))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "\n%d servers in total\n", lb.Total)
	return nil
}

func clipLine(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}
