package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// openInternalSQLite opens a fresh SQLite store, closed when the test ends,
// with a context for the test.
func openInternalSQLite(t *testing.T) (context.Context, *sqliteStore) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	st, err := OpenSQLite(ctx, filepath.Join(t.TempDir(), "internal.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return ctx, st.(*sqliteStore)
}

// TestSQLitePragmas checks the connection settings docs/store.md names: WAL,
// synchronous NORMAL, a 10 s busy timeout, a 64 MiB page cache, temp tables
// in memory and foreign keys on.
func TestSQLitePragmas(t *testing.T) {
	t.Parallel()
	ctx, s := openInternalSQLite(t)
	conn, err := s.db.Conn(ctx) // pragmas are per connection
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, c := range []struct{ pragma, want string }{
		{"journal_mode", "wal"},
		{"synchronous", "1"}, // NORMAL
		{"busy_timeout", "10000"},
		{"cache_size", "-65536"},
		{"temp_store", "2"}, // MEMORY
		{"foreign_keys", "1"},
	} {
		var got string
		if err := conn.QueryRowContext(ctx, "PRAGMA "+c.pragma).Scan(&got); err != nil {
			t.Fatalf("PRAGMA %s: %v", c.pragma, err)
		}
		if got != c.want {
			t.Errorf("PRAGMA %s = %s, want %s", c.pragma, got, c.want)
		}
	}
}

// TestSQLiteTransactionsBeginImmediate checks that a store transaction takes
// the write lock when it begins (BEGIN IMMEDIATE), before any write: a second
// connection that does not wait cannot begin a write transaction meanwhile.
func TestSQLiteTransactionsBeginImmediate(t *testing.T) {
	t.Parallel()
	ctx, s := openInternalSQLite(t)
	other, err := s.db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.ExecContext(ctx, "PRAGMA busy_timeout = 0"); err != nil {
		t.Fatal(err)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := other.ExecContext(ctx, "BEGIN IMMEDIATE"); err == nil {
		other.ExecContext(ctx, "ROLLBACK")
		t.Fatal("a second writer began while a store transaction was open: the store's BEGIN is not IMMEDIATE")
	}
}
