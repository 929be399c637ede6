package worker

import (
	"os"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gofrs/flock"
)

// PackageCache keeps the shared package cache (Cache/npm/<key>,
// Cache/pypi/<key>) under a total size: each finished install is added
// with its size, each use leases its directory and marks it used (the
// install record's modification time, so the order survives a restart),
// and after an install the least recently used packages no scan of this
// process holds are removed until the cache fits. Removing takes the
// entry's install lock, so it never races an install of the same key.
// Leases are per process: a cache directory shared by several worker
// processes is bounded by each as if it were its own.
type PackageCache struct {
	// Root is the cache root (the installers' Cache).
	Root string
	// Max is the total size in bytes (<= 0: no cap).
	Max int64

	mu        sync.Mutex
	loaded    bool
	entries   map[string]*cacheEntry // by directory
	size      atomic.Int64
	evictions atomic.Int64
}

type cacheEntry struct {
	size   int64
	used   time.Time
	leases int
}

// NewPackageCache is a PackageCache for root with a total cap of max bytes.
func NewPackageCache(root string, max int64) *PackageCache {
	return &PackageCache{Root: root, Max: max, entries: map[string]*cacheEntry{}}
}

// Size is the cache's size in bytes as last measured.
func (c *PackageCache) Size() int64 {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	c.loadLocked()
	c.mu.Unlock()
	return c.size.Load()
}

// Evictions counts the packages this process removed to keep the cap.
func (c *PackageCache) Evictions() int64 {
	if c == nil {
		return 0
	}
	return c.evictions.Load()
}

// loadLocked measures the finished installs already on disk, once.
func (c *PackageCache) loadLocked() {
	if c.loaded {
		return
	}
	c.loaded = true
	if c.entries == nil {
		c.entries = map[string]*cacheEntry{}
	}
	for _, kind := range []string{"npm", "pypi"} {
		ents, _ := os.ReadDir(filepath.Join(c.Root, kind))
		for _, e := range ents {
			dir := filepath.Join(c.Root, kind, e.Name())
			if !e.IsDir() || e.Name()[0] == '.' {
				continue
			}
			fi, err := os.Stat(installRecord(dir))
			if err != nil {
				// An install of an older worker (its record inside the
				// dir): not used any more, but counted and evicted.
				if fi, err = os.Stat(filepath.Join(dir, legacyInstallMeta)); err != nil {
					continue
				}
			}
			n, _ := measureTree(dir, InstallCaps{Bytes: -1, Files: -1})
			c.entries[dir] = &cacheEntry{size: n, used: fi.ModTime()}
			c.size.Add(n)
		}
	}
}

// Use leases dir (a finished install) for one scan and marks it used; the
// returned release ends the lease. A new install (added) is measured and
// may make older, unleased packages go.
func (c *PackageCache) Use(dir string, added bool) (release func()) {
	if c == nil {
		return func() {}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.loadLocked()
	e := c.entries[dir]
	if e == nil || added {
		n, _ := measureTree(dir, InstallCaps{Bytes: -1, Files: -1})
		if e == nil {
			e = &cacheEntry{}
			c.entries[dir] = e
		}
		c.size.Add(n - e.size)
		e.size = n
	}
	e.leases++
	e.used = time.Now()
	_ = os.Chtimes(installRecord(dir), e.used, e.used)
	if added {
		c.evictLocked()
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			c.mu.Lock()
			e.leases--
			c.mu.Unlock()
		})
	}
}

// evictLocked removes the least recently used unleased packages until the
// cache fits its cap (or only leased ones are left).
func (c *PackageCache) evictLocked() {
	if c.Max <= 0 || c.size.Load() <= c.Max {
		return
	}
	dirs := make([]string, 0, len(c.entries))
	for d := range c.entries {
		dirs = append(dirs, d)
	}
	sort.Slice(dirs, func(i, j int) bool { return c.entries[dirs[i]].used.Before(c.entries[dirs[j]].used) })
	for _, d := range dirs {
		if c.size.Load() <= c.Max {
			return
		}
		e := c.entries[d]
		if e.leases > 0 {
			continue
		}
		lock := flock.New(d + ".lock")
		if ok, err := lock.TryLock(); err != nil || !ok {
			continue // being installed or checked right now
		}
		// The record goes first: a half-removed directory is redone, never
		// used.
		err := os.Remove(installRecord(d))
		_ = os.Remove(installBehaviour(d))
		if err == nil || os.IsNotExist(err) {
			err = os.Remove(filepath.Join(d, legacyInstallMeta))
		}
		if err == nil || os.IsNotExist(err) {
			err = os.RemoveAll(d)
		}
		_ = lock.Unlock()
		if err != nil {
			continue
		}
		delete(c.entries, d)
		c.size.Add(-e.size)
		c.evictions.Add(1)
	}
}
