package worker

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// rootCacheFallback is the package cache a root worker uses when its
// configured one lies below a directory the sandbox's user cannot reach.
// Its name says nothing of mcpgauge: a bind mount's source path is in the
// sandbox's /proc/self/mountinfo (issue 22 §2).
const rootCacheFallback = "/var/cache/pkgcache"

// CacheDirFor returns the package cache directory to use with sb, and a
// note when it is not dir (the caller says it once, at start). bwrap runs
// as an unprivileged user and must reach every package directory it binds;
// a root worker's default data directory lies below /root (mode 0700), so
// for a Bwrap run by root whose dir that user cannot reach, CacheDirFor
// uses a directory of its own below /var/cache/pkgcache instead, named
// after dir (fallbackName), so workers and users with different data
// directories never share a cache, and one keeps its cache across
// restarts. Both are root-owned, world-searchable and not writable by
// others. Any other sandbox, a non-root worker (bwrap runs as itself) or a
// reachable dir gives dir unchanged.
//
// The note also says when the cache's path names mcpgauge: the sandbox
// shows each package at an npx or venv path of its own, but a bind
// mount's source path (its path within its file system) is in the
// sandbox's /proc/self/mountinfo, and no mount option hides it.
func CacheDirFor(sb Sandbox, dir string) (string, string, error) {
	out, note, err := cacheDirFor(sb, dir)
	if _, ok := sb.(*Bwrap); ok && err == nil && strings.Contains(strings.ToLower(out), "mcpgauge") {
		if note != "" {
			note += "; "
		}
		note += fmt.Sprintf("package cache %s names mcpgauge, and a server can read the path in its sandbox's /proc/self/mountinfo (the source of its package's bind mount): choose a neutral --cache-dir (or a volume of its own) for scans a server must not recognise", out)
	}
	return out, note, err
}

func cacheDirFor(sb Sandbox, dir string) (string, string, error) {
	if _, ok := sb.(*Bwrap); !ok || os.Geteuid() != 0 {
		return dir, "", nil
	}
	why := reachable(dir, uidBase)
	if why == nil {
		return dir, "", nil
	}
	fb := filepath.Join(rootCacheFallback, fallbackName(dir))
	for _, d := range []string{rootCacheFallback, fb} {
		if err := rootOnlyDir(d); err != nil {
			return "", "", fmt.Errorf("package cache %s: %w; and no fallback: %w", dir, why, err)
		}
	}
	if err := reachable(fb, uidBase); err != nil {
		return "", "", fmt.Errorf("package cache %s: %w; and %s: %w", dir, why, fb, err)
	}
	return fb, fmt.Sprintf("package cache %s is not reachable by the sandbox's unprivileged user (%v); using %s, this data directory's own (set --cache-dir or --data-dir to choose)", dir, why, fb), nil
}

// fallbackName is dir's directory below /var/cache/pkgcache: a hash of
// the whole path, and nothing of the path itself (the default data
// directory names mcpgauge, and the sandbox can read this name).
func fallbackName(dir string) string {
	sum := sha256.Sum256([]byte(filepath.Clean(dir)))
	return hex.EncodeToString(sum[:8])
}

// rootOnlyDir makes d (0755) or checks the one there: a directory owned by
// root that no one else may write.
func rootOnlyDir(d string) error {
	if err := os.MkdirAll(d, 0o755); err != nil {
		return err
	}
	fi, err := os.Lstat(d)
	if err != nil {
		return err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !fi.IsDir() || !ok || st.Uid != 0 || fi.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("%s is not a root-owned directory only root may write", d)
	}
	return os.Chmod(d, 0o755)
}
