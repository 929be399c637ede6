package store

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// latestSource is a store that can list the latest scan of every server.
type latestSource interface {
	latestScans(ctx context.Context) ([]Scan, error)
}

func (s *sqliteStore) latestScans(ctx context.Context) ([]Scan, error) {
	scans, err := s.queryScans(ctx, `SELECT `+sqliteScanCols+` FROM scans
		JOIN (SELECT name AS latest_name, MAX(revision) AS latest_revision FROM scans GROUP BY name)
		ON name = latest_name AND revision = latest_revision`)
	if err != nil {
		return nil, err
	}
	return latestPerName(scans), nil
}

func (s *clickhouseStore) latestScans(ctx context.Context) ([]Scan, error) {
	scans, err := s.queryScans(ctx, `SELECT `+chScanCols+` FROM scans FINAL
		WHERE (name, revision) IN (SELECT name, max(revision) FROM scans GROUP BY name)`)
	if err != nil {
		return nil, err
	}
	return latestPerName(scans), nil
}

// WithLeaderboardCache returns st with Leaderboard answered from a snapshot
// of the latest scan of every server, read at most once per ttl (ranking,
// filters and paging then run in memory). Other methods go to st. A
// leaderboard is at most ttl old; for the read side (mcpgauge serve), where
// reading 20,000 latest scans per page would dominate. A store that cannot
// list its latest scans, or ttl ≤ 0, is returned as is.
func WithLeaderboardCache(st Store, ttl time.Duration) Store {
	src, ok := st.(latestSource)
	if !ok || ttl <= 0 {
		return st
	}
	return &leaderboardCache{Store: st, src: src, ttl: ttl, now: time.Now}
}

type leaderboardCache struct {
	Store
	src latestSource
	ttl time.Duration
	now func() time.Time

	mu     sync.Mutex // held while refreshing: one read at a time
	readAt time.Time
	latest []Scan
}

func (c *leaderboardCache) Leaderboard(ctx context.Context, q LeaderboardQuery) (Leaderboard, error) {
	latest, err := c.snapshot(ctx)
	if err != nil {
		return Leaderboard{}, fmt.Errorf("leaderboard: %w", err)
	}
	return rank(latest, q)
}

func (c *leaderboardCache) snapshot(ctx context.Context) ([]Scan, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.latest != nil && c.now().Sub(c.readAt) < c.ttl {
		return c.latest, nil
	}
	latest, err := c.src.latestScans(ctx)
	if err != nil {
		return nil, err
	}
	if latest == nil {
		latest = []Scan{}
	}
	c.latest, c.readAt = latest, c.now()
	return latest, nil
}

// latestPerJob keeps the latest revision of each job (what a
// ReplacingMergeTree keeps once merged), in first-seen order.
func latestPerJob(scans []Scan) []Scan {
	idx := map[string]int{}
	out := scans[:0:0]
	for _, s := range scans {
		if i, ok := idx[s.JobID]; ok {
			if s.FinishedAt.After(out[i].FinishedAt) {
				out[i] = s
			}
			continue
		}
		idx[s.JobID] = len(out)
		out = append(out, s)
	}
	return out
}
