package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/leaderboard/text"
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

// writeLeaderboard prints the leaderboard for a terminal (leaderboard/text).
func writeLeaderboard(w io.Writer, lb store.Leaderboard) error { return text.Write(w, lb) }
