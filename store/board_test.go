package store_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/schema"

	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

func TestOpenReadOnly(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		url  func(tb testing.TB) string
	}{
		{"sqlite", storetest.SQLiteURL},
		{"clickhouse", storetest.ClickHouseURL},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			u := c.url(t)
			w := storetest.Open(t, u)
			rs, _ := storetest.Sweep()
			if _, err := w.InsertResults(testCtx(t), rs); err != nil {
				t.Fatal(err)
			}
			ro, err := store.OpenReadOnly(testCtx(t), u)
			if err != nil {
				t.Fatalf("OpenReadOnly: %v", err)
			}
			defer ro.Close()
			lb, err := ro.Leaderboard(testCtx(t), store.LeaderboardQuery{})
			if err != nil || lb.Total != 8 {
				t.Fatalf("read-only leaderboard: %d servers, %v; want 8", lb.Total, err)
			}
			more := storetest.Result(storetest.Spec{SweepID: "sw9", Name: "late", Version: "1"})
			if n, err := ro.InsertResults(testCtx(t), rs[:0:0]); n != 0 || err != nil {
				t.Fatalf("empty insert: %d, %v", n, err)
			}
			if _, err := ro.InsertResults(testCtx(t), append(rs[:0:0], more)); err == nil {
				t.Error("a read-only store accepted a write")
			}
		})
	}
}

func TestOpenReadOnlyRefusesAMissingOrUnmigratedStore(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if _, err := store.OpenReadOnly(testCtx(t), "sqlite://"+filepath.Join(dir, "none.db")); err == nil {
		t.Error("a missing database file opened")
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("opening a missing database read-only created %v", left)
	}
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := store.OpenReadOnly(testCtx(t), "sqlite://"+empty); !errors.Is(err, store.ErrNotMigrated) {
		t.Errorf("unmigrated SQLite database: err = %v, want ErrNotMigrated", err)
	}
}

func TestLeaderboardCache(t *testing.T) {
	t.Parallel()
	u := storetest.SQLiteURL(t)
	w := storetest.Open(t, u)
	rs, _ := storetest.Sweep()
	if _, err := w.InsertResults(testCtx(t), rs); err != nil {
		t.Fatal(err)
	}
	c := store.WithLeaderboardCache(w, time.Hour)
	want, err := w.Leaderboard(testCtx(t), store.LeaderboardQuery{By: "security", Search: "acme", Limit: 2, Offset: 1})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 { // the second answer comes from the snapshot
		got, err := c.Leaderboard(testCtx(t), store.LeaderboardQuery{By: "security", Search: "acme", Limit: 2, Offset: 1})
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("cached leaderboard = %+v, %v; want %+v", got, err, want)
		}
	}
	more := storetest.Result(storetest.Spec{SweepID: "sw9", Name: "io.github.acme/new", Version: "1"})
	if _, err := w.InsertResults(testCtx(t), []schema.Result{more}); err != nil {
		t.Fatal(err)
	}
	if lb, _ := c.Leaderboard(testCtx(t), store.LeaderboardQuery{}); lb.Total != 8 {
		t.Errorf("within the TTL the snapshot changed: %d servers, want the cached 8", lb.Total)
	}
	if lb, _ := store.WithLeaderboardCache(w, time.Nanosecond).Leaderboard(testCtx(t), store.LeaderboardQuery{}); lb.Total != 9 {
		t.Errorf("a fresh cache shows %d servers, want 9", lb.Total)
	}
	if store.WithLeaderboardCache(w, 0) != w {
		t.Error("ttl 0 should return the store itself")
	}
}
