package system

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/mcpgauge/mcpgauge/internal/buildinfo"
	"github.com/mcpgauge/mcpgauge/leaderboard/site"
	"github.com/mcpgauge/mcpgauge/store"
)

// ServeOptions configure the read-only board server.
type ServeOptions struct {
	// Store is the store URL ("": SQLite under DataDir), opened read-only.
	Store, DataDir string
	Listen         string
	// PublicURL is the board's public URL, for links ("": site-relative).
	PublicURL                 string
	ReadTimeout, WriteTimeout time.Duration
	// LeaderboardTTL bounds how often leaderboards re-read the store.
	LeaderboardTTL time.Duration
	Version        string
	Stderr         io.Writer
}

// RunServe serves the board, the API, the feed, /healthz (healthy while
// the store answers) and /metrics from a store opened read-only, until
// ctx ends; then it drains requests for up to ten seconds.
func RunServe(ctx context.Context, o ServeOptions) error {
	if err := o.Validate(); err != nil {
		return err
	}
	log := NewLogger(o.Stderr)
	url := o.Store
	if url == "" {
		url = store.SQLiteURL(o.DataDir)
	}
	st, err := openReading(ctx, url)
	if err != nil {
		return err
	}
	defer st.Close()
	if note := store.OpenNote(st); note != "" {
		fmt.Fprintf(o.Stderr, "mcpgauge: %s\n", note)
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	buildinfo.New(reg).Set(o.Version)
	mux := opsMux(reg, func() error {
		c, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		_, err := st.ListSweeps(c, 1)
		return err
	})
	mux.Handle("/", site.Handler(st, site.Options{BaseURL: o.PublicURL, Metrics: reg, Log: log, LeaderboardTTL: o.LeaderboardTTL, Rules: boardRules()}))
	ln, err := net.Listen("tcp", o.Listen)
	if err != nil {
		return usage(fmt.Errorf("--listen %s: %w", o.Listen, err))
	}
	fmt.Fprintf(o.Stderr, "LISTENING http://%s\n", ln.Addr())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: o.ReadTimeout, ReadTimeout: o.ReadTimeout,
		WriteTimeout: o.WriteTimeout, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10}
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
