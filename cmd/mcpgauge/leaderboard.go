package main

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mcpgauge/mcpgauge/config"
	lbtext "github.com/mcpgauge/mcpgauge/leaderboard/text"
	"github.com/mcpgauge/mcpgauge/system"
)

// storeFlags adds --store, --store-file and --data-dir to a command that
// reads a store.
func storeFlags(cmd *cobra.Command) *pflag.FlagSet {
	f := cmd.Flags()
	f.String("store", "", "store URL (default: SQLite under the data dir)")
	registerFlags(cmd, config.StoreFileFlag())
	f.String("data-dir", "", "data directory (default ~/.local/share/mcpgauge)")
	return f
}

// storeRef is the store as configured (flags, MCPGAUGE_STORE or
// MCPGAUGE_STORE_FILE, the config file), else SQLite under the data dir.
func storeRef(cmd *cobra.Command) (system.StoreRef, error) {
	cfg, _, err := loadConfig(cmd, "", flagBinding{"data-dir", "data_dir"}, flagBinding{"store", "store"}, flagBinding{"store-file", "store_file"})
	return system.StoreRef{URL: cfg.Store, DataDir: cfg.DataDir}, err
}

func newLeaderboardCmd() *cobra.Command {
	var o system.LeaderboardOptions
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "leaderboard",
		Short: "Show the ranked latest scan of every swept server",
		Long: `Leaderboard ranks the latest scan of every server by a score part
(mcpgauge, compliance, design, security, efficiency, selection, toolgauge,
quality_gate). Servers that could not be scanned are listed apart with their
status and reason; they are never given a score.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) (err error) {
			if o.Store, err = storeRef(cmd); err != nil {
				return err
			}
			lb, err := system.Leaderboard(cmd.Context(), o)
			if err != nil {
				return err
			}
			if asJSON {
				return lbtext.JSON(cmd.OutOrStdout(), lb)
			}
			return lbtext.Write(cmd.OutOrStdout(), lb)
		},
	}
	f := storeFlags(cmd)
	f.StringVar(&o.By, "by", "mcpgauge", "score part to rank by: mcpgauge, compliance, design, security, efficiency, selection, toolgauge, quality_gate")
	f.StringVar(&o.Registry, "registry", "", "only servers listed by this registry source")
	f.StringVar(&o.Status, "status", "", "only servers whose latest scan has this status")
	f.StringVar(&o.PackageType, "package-type", "", "only servers of this launch kind (npm, pypi, oci, remote)")
	f.IntVar(&o.Limit, "limit", 20, "rows per list")
	f.BoolVar(&asJSON, "json", false, "machine-readable output")
	return cmd
}
