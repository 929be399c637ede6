package worker

import (
	"fmt"
	"os"
	"syscall"
)

// rootCacheFallback is the package cache a root worker uses when its
// configured one lies below a directory the sandbox's user cannot reach.
const rootCacheFallback = "/var/cache/mcpgauge"

// CacheDirFor returns the package cache directory to use with sb, and a
// note when it is not dir. bwrap runs as an unprivileged user and must
// reach every package directory it binds; a root worker's default data
// directory lies below /root (mode 0700), so for a Bwrap run by root whose
// dir that user cannot reach, CacheDirFor uses /var/cache/mcpgauge instead
// (root-owned, world-searchable, not writable by others). Any other
// sandbox, a non-root worker (bwrap runs as itself) or a reachable dir
// gives dir unchanged.
func CacheDirFor(sb Sandbox, dir string) (string, string, error) {
	if _, ok := sb.(*Bwrap); !ok || os.Geteuid() != 0 {
		return dir, "", nil
	}
	why := reachable(dir, uidBase)
	if why == nil {
		return dir, "", nil
	}
	fb := rootCacheFallback
	if err := os.MkdirAll(fb, 0o755); err != nil {
		return "", "", fmt.Errorf("package cache %s: %w; and no fallback: %w", dir, why, err)
	}
	fi, err := os.Lstat(fb)
	if err != nil {
		return "", "", err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !fi.IsDir() || !ok || st.Uid != 0 || fi.Mode().Perm()&0o022 != 0 {
		return "", "", fmt.Errorf("package cache %s: %w; and %s is not a root-owned directory only root may write", dir, why, fb)
	}
	if err := os.Chmod(fb, 0o755); err != nil {
		return "", "", err
	}
	if err := reachable(fb, uidBase); err != nil {
		return "", "", fmt.Errorf("package cache %s: %w; and %s: %w", dir, why, fb, err)
	}
	return fb, fmt.Sprintf("package cache %s is not reachable by the sandbox's unprivileged user (%v); using %s (set --cache-dir or --data-dir to choose)", dir, why, fb), nil
}
