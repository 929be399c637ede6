package worker

import (
	"testing"

	"golang.org/x/sys/unix"
)

// TestSeccompConstantsAreLinuxs: the Linux values seccomp.go writes out (so
// the package builds for darwin) are the kernel's, on the arch under test.
func TestSeccompConstantsAreLinuxs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name      string
		got, want uint64
	}{
		{"CLONE_NEWUSER", cloneNewUser, unix.CLONE_NEWUSER},
		{"SECCOMP_RET_ERRNO", seccompRetErrno, unix.SECCOMP_RET_ERRNO},
		{"SECCOMP_RET_KILL_PROCESS", seccompRetKillProcess, unix.SECCOMP_RET_KILL_PROCESS},
		{"EPERM", linuxEPERM, uint64(unix.EPERM)},
		{"ENOSYS", linuxENOSYS, uint64(unix.ENOSYS)},
	} {
		if c.got != c.want {
			t.Errorf("%s is %#x in seccomp.go, %#x in the kernel's headers", c.name, c.got, c.want)
		}
	}
}
