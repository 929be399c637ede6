package worker

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/mcpgauge/mcpgauge/schema"
)

// InstallCaps bound what one package install may leave on disk, and the
// shared package cache as a whole. A zero field takes its default
// (DefaultInstallCaps); a negative one turns that cap off.
type InstallCaps struct {
	// Bytes caps one install's files (default 500 MB). In the bubblewrap
	// install sandbox the package manager writes into a tmpfs of this size,
	// and the worker copies the result into the cache only when the install
	// succeeded and fits; without bubblewrap the finished install is
	// measured and refused when over.
	Bytes int64
	// Files caps one install's files, directories and links (default
	// 100,000).
	Files int64
	// CacheBytes caps the shared package cache (default 20 GB): after an
	// install, the least recently used packages no running scan uses are
	// evicted until the cache fits (PackageCache).
	CacheBytes int64
}

// DefaultInstallCaps are the caps used for fields left zero.
func DefaultInstallCaps() InstallCaps {
	return InstallCaps{Bytes: 500 << 20, Files: 100_000, CacheBytes: 20 << 30}
}

func (c InstallCaps) withDefaults() InstallCaps {
	d := DefaultInstallCaps()
	if c.Bytes == 0 {
		c.Bytes = d.Bytes
	}
	if c.Files == 0 {
		c.Files = d.Files
	}
	if c.CacheBytes == 0 {
		c.CacheBytes = d.CacheBytes
	}
	return c
}

// InstallTooLarge: the install went over its size or file-count cap
// (InstallCaps); nothing of it entered the cache.
const InstallTooLarge InstallKind = "too_large"

// ErrOverCap marks a tree that exceeds an install cap.
var ErrOverCap = errors.New("over the install cap")

// megabytes renders a byte count for a reason ("500 MB").
func megabytes(n int64) string { return fmt.Sprintf("%d MB", n>>20) }

// tooLarge is the install_failed error for an install over its caps: the
// reason names the cap and the setting that raises it.
func tooLarge(what string, caps InstallCaps, err error) *InstallError {
	return &InstallError{Status: schema.StatusInstallFailed, Kind: InstallTooLarge, Err: err,
		Reason: fmt.Sprintf("%s exceeds the install cap of %s or %d files (install.max_mb, install.max_files); nothing was cached",
			what, megabytes(caps.Bytes), caps.Files)}
}

// treeUse counts a tree's bytes and entries against caps.
type treeUse struct {
	caps         InstallCaps
	bytes, files int64
}

func (u *treeUse) add(bytes int64) error {
	u.files++
	u.bytes += bytes
	if (u.caps.Files > 0 && u.files > u.caps.Files) || (u.caps.Bytes > 0 && u.bytes > u.caps.Bytes) {
		return fmt.Errorf("%w: %d bytes in %d files so far", ErrOverCap, u.bytes, u.files)
	}
	return nil
}

// measureTree walks dir without following links and fails wrapping
// ErrOverCap as soon as its regular files' bytes or its entries exceed
// caps. It returns the bytes counted.
func measureTree(dir string, caps InstallCaps) (int64, error) {
	u := &treeUse{caps: caps}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		var n int64
		if d.Type().IsRegular() {
			fi, err := d.Info()
			if err != nil {
				return err
			}
			n = fi.Size()
		}
		return u.add(n)
	})
	return u.bytes, err
}

// copyCapped copies the tree at src into dst (an existing, empty
// directory) within caps, and fails wrapping ErrOverCap when it does not
// fit. src is read through an os.Root, so no link in it leads outside it;
// links are copied as links, regular files with their permission bits
// (never set-id), directories as 0755, and anything else (FIFOs, sockets)
// is skipped. It is how an install leaves its sandbox's tmpfs: src is
// /proc/PID/root/<target>, written by untrusted code that may still run.
func copyCapped(src, dst string, caps InstallCaps) error {
	root, err := os.OpenRoot(src)
	if err != nil {
		return err
	}
	defer root.Close()
	u := &treeUse{caps: caps}
	return fs.WalkDir(root.FS(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if name == "." {
			return nil
		}
		out := filepath.Join(dst, filepath.FromSlash(name))
		switch t := d.Type(); {
		case t.IsDir():
			if err := u.add(0); err != nil {
				return err
			}
			return os.Mkdir(out, 0o755)
		case t&fs.ModeSymlink != 0:
			if err := u.add(0); err != nil {
				return err
			}
			target, err := root.Readlink(name)
			if err != nil {
				return err
			}
			return os.Symlink(target, out)
		case t.IsRegular():
			return copyCappedFile(root, name, out, u)
		}
		return nil
	})
}

// copyCappedFile copies one regular file of root, opened without blocking
// (a file swapped for a FIFO is skipped, not waited on), within u's caps.
func copyCappedFile(root *os.Root, name, out string, u *treeUse) error {
	f, err := root.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return err
	}
	if err := u.add(0); err != nil {
		return err
	}
	w, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm()|0o200)
	if err != nil {
		return err
	}
	left := u.caps.Bytes - u.bytes
	if u.caps.Bytes <= 0 {
		left = 1 << 62
	}
	n, err := io.Copy(w, io.LimitReader(f, left+1))
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	u.files-- // counted above; add counts it again with its bytes
	return u.add(n)
}
