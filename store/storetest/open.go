package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/chlock"
	"github.com/mcpgauge/mcpgauge/store"
)

// SQLiteURL returns the URL of a fresh SQLite database file in a
// temporary directory of the test's own.
func SQLiteURL(tb testing.TB) string {
	tb.Helper()
	return "sqlite://" + filepath.Join(tb.TempDir(), "data", store.SQLiteFile)
}

// ClickHouseURL returns the URL of a fresh database of the test's own on
// the test ClickHouse server (MCPGAUGE_TEST_CLICKHOUSE), dropped when the
// test ends. Locally it skips the test when the variable is unset; under
// CI=true that is a failure.
func ClickHouseURL(tb testing.TB) string {
	tb.Helper()
	base := os.Getenv("MCPGAUGE_TEST_CLICKHOUSE")
	if base == "" {
		if os.Getenv("CI") == "true" {
			tb.Fatal("MCPGAUGE_TEST_CLICKHOUSE is unset under CI=true")
		}
		tb.Skip("MCPGAUGE_TEST_CLICKHOUSE is unset (e.g. clickhouse://default@127.0.0.1:9000/default)")
	}
	chlock.Shared(tb)
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		tb.Fatal(err)
	}
	db := "mcpgauge_test_" + hex.EncodeToString(b[:])
	i := strings.LastIndex(base, "/")
	if i < len("clickhouse://") {
		base += "/"
		i = len(base) - 1
	}
	u := base[:i+1] + db
	if q := strings.Index(base[i:], "?"); q >= 0 {
		u += base[i+q:]
	}
	tb.Cleanup(func() {
		if err := store.DropClickHouseDatabase(context.Background(), u); err != nil {
			tb.Logf("drop %s: %v", db, err)
		}
	})
	return u
}

// Open opens (creating and migrating) the store at u and closes it when
// the test ends.
func Open(tb testing.TB, u string) store.Store {
	tb.Helper()
	s, err := store.Open(context.Background(), u)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

// MountTmpfs mounts a tmpfs of the given size (mount's size=, e.g. "8m")
// on a fresh directory and unmounts it when the test ends; it skips when
// mounting is not allowed (not root).
func MountTmpfs(t *testing.T, size string) string {
	t.Helper()
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs (needs root): %v %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", "-l", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", dir, err, out)
		}
	})
	return dir
}

// RemountReadOnly makes the tmpfs MountTmpfs mounted at dir read-only:
// every write under it then fails with EROFS, for root too.
func RemountReadOnly(t *testing.T, dir string) {
	t.Helper()
	if out, err := exec.Command("mount", "-o", "remount,ro", dir).CombinedOutput(); err != nil {
		t.Fatalf("remount %s read-only: %v %s", dir, err, out)
	}
}
