//go:build unix

package store

import "golang.org/x/sys/unix"

// writable reports whether this process may write path: access(2), which
// also says no on a read-only mount (EROFS), even to root.
func writable(path string) bool { return unix.Access(path, unix.W_OK) == nil }
