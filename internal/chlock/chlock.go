// Package chlock serialises tests that share the machine's ClickHouse
// server with the one test that stops it. Tests that use ClickHouse hold a
// shared lock; the outage test holds an exclusive one, so `go test ./...`,
// which runs packages in parallel, never stops the server under another
// package's queries.
package chlock

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gofrs/flock"
)

func path() string { return filepath.Join(os.TempDir(), "mcpgauge-clickhouse-test.lock") }

// Shared holds a shared lock until the test ends.
func Shared(tb testing.TB) {
	tb.Helper()
	hold(tb, false)
}

// Exclusive holds the exclusive lock until the test ends: no other test
// uses ClickHouse meanwhile.
func Exclusive(tb testing.TB) {
	tb.Helper()
	hold(tb, true)
}

func hold(tb testing.TB, exclusive bool) {
	tb.Helper()
	l := flock.New(path())
	var err error
	if exclusive {
		err = l.Lock()
	} else {
		err = l.RLock()
	}
	if err != nil {
		tb.Fatalf("clickhouse test lock %s: %v", path(), err)
	}
	tb.Cleanup(func() { _ = l.Unlock() })
}
