package worker

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCacheDirFor: a root worker's cache below a private directory moves
// to the root-owned fallback, with a note; a reachable cache, or another
// sandbox, keeps its directory.
func TestCacheDirFor(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the fallback is for root workers")
	}
	private := filepath.Join(t.TempDir(), "private", "cache")
	if err := os.MkdirAll(private, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Dir(private), 0o700); err != nil {
		t.Fatal(err)
	}
	open := sandboxReadableDir(t)
	cases := []struct {
		name     string
		sb       Sandbox
		dir      string
		want     string
		wantNote bool
	}{
		{"private dir under bwrap", NewBwrap(), private, rootCacheFallback, true},
		{"reachable dir under bwrap", NewBwrap(), open, open, false},
		{"private dir without a sandbox", None{}, private, private, false},
	}
	for _, c := range cases {
		got, note, err := CacheDirFor(c.sb, c.dir)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got != c.want || (note != "") != c.wantNote {
			t.Errorf("%s: %q (note %q), want %q (note: %v)", c.name, got, note, c.want, c.wantNote)
		}
	}
}
