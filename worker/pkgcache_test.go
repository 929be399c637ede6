package worker

import (
	"os"
	"path/filepath"
	"testing"

	dto "github.com/prometheus/client_model/go"
)

// cacheEntryDir makes a finished install of size bytes under root.
func cacheEntryDir(t *testing.T, root, kind, key string, size int) string {
	t.Helper()
	dir := filepath.Join(root, kind, key)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "payload"), make([]byte, size), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeInstallRecord(dir, nil); err != nil {
		t.Fatal(err)
	}
	return dir
}

// metricValue reads one unlabelled gauge or counter from m's registry.
func metricValue(t *testing.T, m *LoopMetrics, name string) float64 {
	t.Helper()
	mfs, err := m.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		var v *dto.Metric = mf.GetMetric()[0]
		if v.Gauge != nil {
			return v.GetGauge().GetValue()
		}
		return v.GetCounter().GetValue()
	}
	t.Fatalf("no metric %s", name)
	return 0
}

// TestPackageCacheEvictsLRU is issue 22 §3's shared cache: over its cap the
// least recently used package goes, a package a running scan leases never
// does (the next unleased one goes instead), the size and evictions are
// metrics, and a restart measures what is on disk.
func TestPackageCacheEvictsLRU(t *testing.T) {
	t.Parallel()
	const kb = 1 << 10
	root := t.TempDir()
	pc := NewPackageCache(root, 250*kb)
	m := NewLoopMetrics()
	m.WatchPackageCache(pc)
	exists := func(dir string) bool { _, err := os.Stat(dir); return err == nil }

	a := cacheEntryDir(t, root, "npm", "a", 100*kb)
	pc.Use(a, true)()
	b := cacheEntryDir(t, root, "pypi", "b", 100*kb)
	releaseB := pc.Use(b, true) // a scan still runs b
	c := cacheEntryDir(t, root, "npm", "c", 100*kb)
	pc.Use(c, true)()
	if exists(a) || !exists(b) || !exists(c) {
		t.Fatalf("after the third install: a %v b %v c %v, want the least recently used (a) evicted", exists(a), exists(b), exists(c))
	}
	pc.Use(c, false)() // c used again: b is now the older one, but leased
	d := cacheEntryDir(t, root, "npm", "d", 100*kb)
	pc.Use(d, true)()
	if !exists(b) || exists(c) || !exists(d) {
		t.Fatalf("with b leased: b %v c %v d %v, want c evicted and b kept", exists(b), exists(c), exists(d))
	}
	releaseB()
	if got := pc.Evictions(); got != 2 {
		t.Errorf("evictions %d, want 2", got)
	}
	if got, want := pc.Size(), int64(200*kb); got < want || got > want+8*kb {
		t.Errorf("size %d, want about %d", got, want)
	}
	if got := metricValue(t, m, "mcpgauge_package_cache_bytes"); got != float64(pc.Size()) {
		t.Errorf("mcpgauge_package_cache_bytes %v, want %d", got, pc.Size())
	}
	if got := metricValue(t, m, "mcpgauge_package_cache_evictions_total"); got != 2 {
		t.Errorf("mcpgauge_package_cache_evictions_total %v, want 2", got)
	}
	if got := NewPackageCache(root, 250*kb).Size(); got != pc.Size() {
		t.Errorf("a fresh PackageCache measures %d on disk, want %d", got, pc.Size())
	}
}
