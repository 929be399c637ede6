package store_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/coordinator/sweeptest"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

// fillSQLite creates a store at path holding n results, closes it (which
// checkpoints the WAL into the file) and returns the file's size.
func fillSQLite(t *testing.T, path string, n int) int64 {
	t.Helper()
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.InsertResults(ctx, failedResults("s1", 0, n)); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// failedResults returns n valid worker_error results of sweep id.
func failedResults(id string, from, n int) []schema.Result {
	now := time.Now().UTC()
	var rs []schema.Result
	for i := from; i < from+n; i++ {
		name := fmt.Sprintf("io.test/s%04d", i)
		rs = append(rs, schema.Result{SchemaVersion: schema.Version, JobID: schema.JobID(id, name, "1.0.0"), SweepID: id,
			Name: name, Version: "1.0.0", Status: schema.StatusWorkerError, Reason: strings.Repeat("no worker finished the job ", 20),
			ScannerVersion: "test", WorkerID: "w", StartedAt: now, FinishedAt: now})
	}
	return rs
}

// TestSQLiteDamagedFileIsAnError: a truncated or overwritten database file
// is refused on open with ErrDamaged and a message naming the file, never
// opened as an empty store (an empty leaderboard, exit 0).
func TestSQLiteDamagedFileIsAnError(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		damage func(path string, size int64) error
	}{
		{"truncated to a tenth", func(p string, n int64) error { return os.Truncate(p, n/10) }},
		{"truncated by one page", func(p string, n int64) error { return os.Truncate(p, n-4096) }},
		{"truncated inside the header", func(p string, _ int64) error { return os.Truncate(p, 50) }},
		{"overwritten", func(p string, n int64) error {
			return os.WriteFile(p, []byte(strings.Repeat("not a database\n", int(n/15))), 0o644)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "mcpgauge.db")
			size := fillSQLite(t, path, 400)
			if err := tc.damage(path, size); err != nil {
				t.Fatal(err)
			}
			st, err := store.OpenSQLite(context.Background(), path)
			if err == nil {
				lb, lerr := st.Leaderboard(context.Background(), store.LeaderboardQuery{})
				st.Close()
				t.Fatalf("damaged file opened; leaderboard: %d rows, err %v", lb.Total, lerr)
			}
			if !errors.Is(err, store.ErrDamaged) {
				t.Errorf("error %q is not ErrDamaged", err)
			}
			if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "damaged") {
				t.Errorf("error %q does not name the damaged file", err)
			}
			sweeptest.Record(t, sweeptest.Row{Fault: "SQLite file " + tc.name + " (held 400 results): the store refuses to open, no sweep starts",
				Message: err.Error(), Clear: true})
		})
	}
}

// TestSQLiteFreshFileOpens: a missing or empty file is a new store (the
// coordinator's cross-check with KV tells the operator when that is a loss).
func TestSQLiteFreshFileOpens(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{empty, filepath.Join(dir, "missing.db")} {
		st, err := store.OpenSQLite(context.Background(), p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		st.Close()
	}
}

// TestSQLiteFullDiskIsErrFull: on a full disk a write fails with ErrFull
// (the coordinator retries it a bounded number of times, then ends the
// sweep), and the store still reads what it holds.
func TestSQLiteFullDiskIsErrFull(t *testing.T) {
	t.Parallel()
	dir := storetest.MountTmpfs(t, "1m")
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, filepath.Join(dir, "mcpgauge.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var werr error
	stored := 0
	for i := 0; i < 200 && werr == nil; i++ {
		var n int
		n, werr = st.InsertResults(ctx, failedResults("s1", i*50, 50))
		stored += n
	}
	if werr == nil {
		t.Fatal("1 MiB disk never filled")
	}
	if !errors.Is(werr, store.ErrFull) {
		t.Fatalf("write on a full disk: %q is not ErrFull", werr)
	}
	if _, err := st.Leaderboard(ctx, store.LeaderboardQuery{Limit: 1}); err != nil {
		t.Errorf("reading a full store: %v", err)
	}
	t.Logf("stored %d results before the disk filled: %v", stored, werr)
}
