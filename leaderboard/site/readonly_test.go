package site_test

import (
	"bytes"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

// fileState is what serving must not change: the database's bytes and
// modification time, and the directory's entries (no -wal, -shm or
// journal appears).
type fileState struct {
	data    []byte
	modTime time.Time
	entries []string
}

func stateOf(t *testing.T, path string) fileState {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	des, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, de := range des {
		names = append(names, de.Name())
	}
	return fileState{data, fi.ModTime(), names}
}

// TestServeReadOnly serves the board from a SQLite store that cannot or
// must not be written: on a read-only volume (a tmpfs remounted ro, which
// refuses root too), and writable but named with ?immutable=1. Opening
// it says so, the pages show the store's servers, and afterwards the
// file's bytes, its mtime and the directory are as before. On the
// read-only volume a plain mode=ro connection fails (it needs a -shm
// file), which is why the board opens it immutable.
func TestServeReadOnly(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		readOnly bool   // remount the volume read-only
		query    string // on the store URL
		note     bool   // OpenNote says immutable
	}{
		{"read-only volume", true, "", true},
		{"immutable=1 asked", false, "?immutable=1", true},
		{"writable", false, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := storetest.MountTmpfs(t, "64m")
			path := filepath.Join(dir, store.SQLiteFile)
			w, err := store.Open(context.Background(), "sqlite://"+path)
			if err != nil {
				t.Fatal(err)
			}
			storetest.LoadSweep(t, w)
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if c.readOnly {
				storetest.RemountReadOnly(t, dir)
				db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
				if err != nil {
					t.Fatal(err)
				}
				var n int
				if err := db.QueryRow(`SELECT count(*) FROM sqlite_master`).Scan(&n); err == nil {
					t.Errorf("mode=ro alone read a WAL database on a read-only volume (%d objects); the immutable fallback is untested", n)
				}
				db.Close()
			}
			before := stateOf(t, path)
			ro, err := store.OpenReadOnly(context.Background(), "sqlite://"+path+c.query)
			if err != nil {
				t.Fatal(err)
			}
			note := store.OpenNote(ro)
			if got := strings.Contains(note, "immutable: changes by other processes are not seen"); got != c.note {
				t.Errorf("OpenNote = %q, want the immutable note %v", note, c.note)
			}
			h := serveStore(ro)
			for _, p := range []struct{ path, want string }{
				{"/", "io.github.acme/weather"},
				{"/servers/io.github.acme/weather", "Score history"},
				{"/api/servers/io.github.acme/weather/history", `"io.github.acme/weather"`},
				{"/sweeps", "nightly-20261102"},
			} {
				rec := get(h, p.path)
				if rec.Code != 200 || !strings.Contains(rec.Body.String(), p.want) {
					t.Errorf("GET %s: %d, want 200 with %q:\n%.400s", p.path, rec.Code, p.want, rec.Body.String())
				}
			}
			if err := ro.Close(); err != nil {
				t.Fatal(err)
			}
			if !c.note {
				return // mode=ro on a writable directory keeps its -shm: not immutable
			}
			after := stateOf(t, path)
			if !bytes.Equal(before.data, after.data) || !before.modTime.Equal(after.modTime) ||
				strings.Join(before.entries, " ") != strings.Join(after.entries, " ") {
				t.Errorf("serving changed the store: %d bytes at %s in [%s], now %d bytes at %s in [%s]",
					len(before.data), before.modTime, strings.Join(before.entries, " "),
					len(after.data), after.modTime, strings.Join(after.entries, " "))
			}
		})
	}
}
