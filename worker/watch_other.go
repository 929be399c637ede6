//go:build !linux

package worker

import "golang.org/x/sys/unix"

// pinFlags open a sandbox directory to hold it (no O_PATH outside Linux).
const pinFlags = unix.O_DIRECTORY | unix.O_CLOEXEC
