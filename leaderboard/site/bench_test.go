//go:build unix

package site_test

import (
	"context"
	"fmt"
	"net/http"
	"syscall"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/leaderboard/site"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

// benchServers is the store size of the page benchmarks.
const benchServers = 20_000

// BenchmarkPages renders the board and a server page from a warm store of
// 20,000 servers (one in ten not scannable), SQLite and ClickHouse:
//
//	go test ./leaderboard/site -run '^$' -bench Pages -benchtime 20x
func BenchmarkPages(b *testing.B) {
	for _, bk := range backends {
		b.Run(bk.name, func(b *testing.B) {
			u := bk.url(b)
			w := storetest.Open(b, u)
			ctx := context.Background()
			at := time.Date(2026, 11, 1, 3, 0, 0, 0, time.UTC)
			batch := make([]schema.Result, 0, 500)
			for i := range benchServers {
				sp := storetest.Spec{SweepID: "nightly-20261101", Name: fmt.Sprintf("io.github.bench%05d/server", i), Version: "1.0.0",
					Score: float64(1 + i%99), FinishedAt: at.Add(time.Duration(i) * time.Millisecond)}
				if i%10 == 9 {
					sp.Status = schema.StatusStartFailed
				}
				batch = append(batch, storetest.Result(sp))
				if len(batch) == cap(batch) || i == benchServers-1 {
					if _, err := w.InsertResults(ctx, batch); err != nil {
						b.Fatal(err)
					}
					batch = batch[:0]
				}
			}
			w.Close() // serve reads a store no one writes meanwhile
			ro, err := store.OpenReadOnly(ctx, u)
			if err != nil {
				b.Fatal(err)
			}
			defer ro.Close()
			for _, page := range []struct {
				name, path string
				ttl        time.Duration
			}{
				{"board", "/", 0}, {"board-cached", "/", time.Hour},
				{"board-page-100-by-security-cached", "/?by=security&page=100", time.Hour},
				{"server", "/servers/io.github.bench12345/server", 0},
			} {
				h := site.Handler(ro, site.Options{BaseURL: "https://board.example", LeaderboardTTL: page.ttl})
				b.Run(page.name, func(b *testing.B) {
					if rec := get(h, page.path); rec.Code != http.StatusOK { // warm
						b.Fatalf("%s: %d", page.path, rec.Code)
					}
					cpu0 := cpuTime(b)
					n := 0
					for b.Loop() {
						if rec := get(h, page.path); rec.Code != http.StatusOK {
							b.Fatalf("%s: %d", page.path, rec.Code)
						}
						n++
					}
					// The machine may be shared: CPU time per page says what a page
					// costs when wall time is inflated by other processes.
					b.ReportMetric(float64((cpuTime(b)-cpu0).Microseconds())/1000/float64(n), "cpu-ms/op")
				})
			}
		})
	}
}

// cpuTime is the process's user+system CPU time so far (every goroutine,
// the embedded SQLite included; ClickHouse's server side is not counted).
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
