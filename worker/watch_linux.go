package worker

import "golang.org/x/sys/unix"

// pinFlags open a sandbox directory to hold, not to read (O_PATH).
const pinFlags = unix.O_PATH | unix.O_DIRECTORY | unix.O_CLOEXEC
