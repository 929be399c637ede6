// Package site assembles the whole read side on one handler: the board's
// pages (leaderboard/web), the JSON API (leaderboard) and the
// registry-shaped feed (leaderboard/feed), behind leaderboard.Cached (ETag,
// CORS, errors never cached) and, when given a registry, request metrics.
// `mcpgauge serve` and `mcpgauge coordinator` both serve it.
package site

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/leaderboard/feed"
	"github.com/mcpgauge/mcpgauge/leaderboard/web"
	"github.com/mcpgauge/mcpgauge/store"
)

// Options configure the site.
type Options struct {
	// BaseURL is the site's public URL (links in the feed, badge Markdown).
	BaseURL string
	// Metrics, when set, receives mcpgauge_board_requests_total and
	// mcpgauge_board_request_seconds.
	Metrics prometheus.Registerer
	Log     *slog.Logger
	// LeaderboardTTL, when positive, answers leaderboards from a snapshot of
	// the latest scans read at most once per TTL (store.WithLeaderboardCache).
	LeaderboardTTL time.Duration
	// Rules is the lint rule catalogue for the rule pages (web.Options.Rules).
	Rules []web.Rule
}

// Handler serves pages, API and feed over st. It only reads st.
func Handler(st store.Store, opts Options) http.Handler {
	st = store.WithLeaderboardCache(st, opts.LeaderboardTTL)
	mux := http.NewServeMux()
	leaderboard.Routes(mux, st)
	feed.Routes(mux, st, feed.Options{BaseURL: opts.BaseURL})
	web.Routes(mux, st, web.Options{BaseURL: opts.BaseURL, Log: opts.Log, Rules: opts.Rules})
	h := leaderboard.Cached(mux)
	if opts.Metrics == nil {
		return h
	}
	reqs := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "mcpgauge_board_requests_total", Help: "Board, API and feed requests, by method and status code.",
	}, []string{"method", "code"})
	dur := prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "mcpgauge_board_request_seconds", Help: "Time to answer a board, API or feed request.",
		Buckets: []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5},
	}, []string{"method", "code"})
	opts.Metrics.MustRegister(reqs, dur)
	return promhttp.InstrumentHandlerDuration(dur, promhttp.InstrumentHandlerCounter(reqs, h))
}
