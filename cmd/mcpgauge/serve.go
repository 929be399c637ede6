package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/internal/buildinfo"
	"github.com/mcpgauge/mcpgauge/leaderboard/site"
	"github.com/mcpgauge/mcpgauge/store"
)

func newServeCmd() *cobra.Command {
	var storeURL, listen, publicURL string
	var readTimeout, writeTimeout, ttl time.Duration
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
			if storeURL == "" {
				cfg, _, err := loadConfig(cmd, "", flagBinding{"data-dir", "data_dir"})
				if err != nil {
					return err
				}
				storeURL = store.SQLiteURL(cfg.DataDir)
			}
			if _, _, err := store.ParseURL(storeURL); err != nil {
				return usageErr(err)
			}
			return runServe(cmd, storeURL, listen, publicURL, readTimeout, writeTimeout, ttl)
		},
	}
	f := cmd.Flags()
	f.StringVar(&storeURL, "store", "", "store URL: clickhouse://user:pass@host:9000/db or sqlite:///path.db (default SQLite under the data dir)")
	f.String("data-dir", "", "data directory (default ~/.local/share/mcpgauge)")
	f.StringVar(&listen, "listen", "127.0.0.1:8080", "address to serve on")
	f.StringVar(&publicURL, "public-url", "", "the board's public URL, for links in the feed and the badge Markdown (default: site-relative)")
	f.DurationVar(&readTimeout, "read-timeout", 10*time.Second, "time allowed to read a request")
	f.DurationVar(&writeTimeout, "write-timeout", 60*time.Second, "time allowed to answer a request")
	f.DurationVar(&ttl, "leaderboard-ttl", 30*time.Second, "read the latest scans at most this often for leaderboards (0: on every request)")
	return cmd
}

func runServe(cmd *cobra.Command, storeURL, listen, publicURL string, readTimeout, writeTimeout, ttl time.Duration) error {
	ctx := cmd.Context()
	stderr := cmd.ErrOrStderr()
	log := newLogger(stderr)
	st, err := store.OpenReadOnly(ctx, storeURL)
	if err != nil {
		return connectErr(fmt.Errorf("store: %w", err))
	}
	defer st.Close()
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	buildinfo.New(reg).Set(version)
	mux := opsMux(reg, func() error {
		c, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		_, err := st.ListSweeps(c, 1)
		return err
	})
	mux.Handle("/", site.Handler(st, site.Options{BaseURL: publicURL, Metrics: reg, Log: log, LeaderboardTTL: ttl}))
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return usageErr(fmt.Errorf("--listen %s: %w", listen, err))
	}
	fmt.Fprintf(stderr, "LISTENING http://%s\n", ln.Addr())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: readTimeout, ReadTimeout: readTimeout,
		WriteTimeout: writeTimeout, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shut down: %w", err)
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
