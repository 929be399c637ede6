package worker

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCacheDirFor: a root worker's cache below a private directory moves
// to a root-owned fallback of its own below /var/cache/pkgcache, with a
// note naming it: two data directories (two users, two workers) get two,
// and the same one gets the same again (issue 22 §5); a reachable cache,
// or another sandbox, keeps its directory.
func TestCacheDirFor(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the fallback is for root workers")
	}
	privateDir := func() string {
		p := filepath.Join(t.TempDir(), "private", "cache")
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.RemoveAll(filepath.Join(rootCacheFallback, fallbackName(p))) })
		return p
	}
	private, other := privateDir(), privateDir()
	fb, otherFB := filepath.Join(rootCacheFallback, fallbackName(private)), filepath.Join(rootCacheFallback, fallbackName(other))
	if fb == otherFB || filepath.Dir(fb) != rootCacheFallback {
		t.Fatalf("fallbacks %s and %s, want two directories below %s", fb, otherFB, rootCacheFallback)
	}
	// The sandbox reads the fallback's path in its mountinfo: nothing of
	// mcpgauge in it, even for the default data directory.
	if def := fallbackName("/root/.local/share/mcpgauge/cache"); strings.Contains(strings.ToLower(filepath.Join(rootCacheFallback, def)), "gauge") {
		t.Errorf("the default data directory's fallback %s names the scanner", filepath.Join(rootCacheFallback, def))
	}
	open := sandboxReadableDir(t)
	cases := []struct {
		name     string
		sb       Sandbox
		dir      string
		want     string
		wantNote bool
	}{
		{"private dir under bwrap", NewBwrap(), private, fb, true},
		{"the same private dir again", NewBwrap(), private, fb, true},
		{"another private dir", NewBwrap(), other, otherFB, true},
		{"reachable dir under bwrap", NewBwrap(), open, open, false},
		{"private dir without a sandbox", None{}, private, private, false},
	}
	for _, c := range cases {
		got, note, err := CacheDirFor(c.sb, c.dir)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got != c.want || (note != "") != c.wantNote || (c.wantNote && !strings.Contains(note, got)) {
			t.Errorf("%s: %q (note %q), want %q (note: %v, naming it)", c.name, got, note, c.want, c.wantNote)
		}
		if fi, err := os.Stat(got); err != nil || fi.Mode().Perm() != 0o755 && c.wantNote {
			t.Errorf("%s: %s is not a 0755 directory: %v", c.name, got, err)
		}
	}
}
