package main

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/config"
	"github.com/mcpgauge/mcpgauge/system"
)

func newServeCmd() *cobra.Command {
	var o system.ServeOptions
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the web board, the JSON API and the registry-shaped feed from a store, read-only",
		Long: `Serve opens a store for reading only (no NATS, no workers, no scans) and serves
the board (/, /servers/{name}, /ecosystem, /rules, /sweeps), the JSON API
(/api/...), the registry-shaped feed (/v0.1/servers), /healthz and /metrics.

  mcpgauge serve                                    # the SQLite store of the README's sweep
  mcpgauge serve --store clickhouse://default@127.0.0.1:9000/default --listen :8080`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, _, err := loadConfig(cmd, "", serviceBindings()...)
			if err != nil {
				return err
			}
			o.Store, o.DataDir, o.Listen, o.Version, o.Stderr = cfg.Store, cfg.DataDir, cfg.Listen, version, cmd.ErrOrStderr()
			return system.RunServe(cmd.Context(), o)
		},
	}
	f := cmd.Flags()
	f.String("store", "", "store URL: clickhouse://user:pass@host:9000/db or sqlite:///path.db (default SQLite under the data dir)")
	registerFlags(cmd, config.StoreFileFlag())
	f.String("data-dir", "", "data directory (default ~/.local/share/mcpgauge)")
	f.String("listen", "127.0.0.1:8080", "address to serve on")
	f.StringVar(&o.PublicURL, "public-url", "", "the board's public URL, for links in the feed and the badge Markdown (default: site-relative)")
	f.DurationVar(&o.ReadTimeout, "read-timeout", 10*time.Second, "time allowed to read a request")
	f.DurationVar(&o.WriteTimeout, "write-timeout", 60*time.Second, "time allowed to answer a request")
	f.DurationVar(&o.LeaderboardTTL, "leaderboard-ttl", 30*time.Second, "read the latest scans at most this often for leaderboards (0: on every request)")
	return cmd
}
