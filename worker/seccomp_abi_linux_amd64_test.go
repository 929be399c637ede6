package worker

import (
	"errors"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// bwrapSignalled is bwrap's exit status when the sandbox's command was
// killed by sig (its monitor exits 128 + the signal).
func bwrapSignalled(err error, sig syscall.Signal) bool {
	var ee *exec.ExitError
	return errors.As(err, &ee) && ee.ExitCode() == 128+int(sig)
}

// TestSeccompForeignABI is issue 22 §1: a 64-bit process that enters the
// kernel through the i386 gate (int $0x80), where the filter's native
// numbers mean nothing, is killed with SIGSYS at its first such call, even
// a harmless one, so io_uring, clone3 and setns are out of reach there;
// the x32 numbering is refused with ENOSYS; the native gate still works.
// The probe is a static binary with no C library (testdata/probe/abi.c).
func TestSeccompForeignABI(t *testing.T) {
	sb := requireBwrap(t)
	dir := sandboxReadableDir(t)
	probe := buildC(t, dir, "abi.c", "abi", "-static", "-nostdlib", "-ffreestanding", "-fno-stack-protector")
	// The control, harmless and outside the sandbox: the host kernel has
	// the i386 gate open (else the kernel itself refuses it and there is
	// nothing for the filter to close).
	out, err := exec.Command(probe, "i386-getpid").Output()
	i386Open := err == nil && regexp.MustCompile(`ret=[1-9]`).Match(out)
	if !i386Open {
		t.Logf("the host kernel has no i386 gate (%q %v): the i386 cases check only that the call fails", out, err)
	}
	cases := []struct {
		mode   string
		ret    string // the probe's return line; "" when it must be killed
		killed bool
	}{
		{mode: "native-getpid", ret: "positive"},
		{mode: "native-io_uring_setup", ret: "-" + strconv.Itoa(int(syscall.ENOSYS))},
		{mode: "x32-io_uring_setup", ret: "-" + strconv.Itoa(int(syscall.ENOSYS))},
		{mode: "i386-getpid", killed: true},
		{mode: "i386-io_uring_setup", killed: true},
		{mode: "i386-clone3", killed: true},
		{mode: "i386-setns", killed: true},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			out, stderr, err := runSandboxed(t, sb, Spec{Command: probe, Args: []string{c.mode}, ReadOnly: []string{dir}})
			if !strings.Contains(out, c.mode+" start\n") {
				t.Fatalf("the probe did not start: %q %v\n%s", out, err, stderr)
			}
			ret := regexp.MustCompile(regexp.QuoteMeta(c.mode) + ` ret=(-?\d+)`).FindStringSubmatch(out)
			switch {
			case c.killed && !i386Open:
				if ret != nil && !strings.HasPrefix(ret[1], "-") {
					t.Errorf("%s succeeded in the sandbox: %q", c.mode, out)
				}
			case c.killed:
				if ret != nil || !bwrapSignalled(err, syscall.SIGSYS) {
					t.Errorf("%s: %q, exit %v; want the probe killed by SIGSYS before the call returns", c.mode, out, err)
				}
			case err != nil || ret == nil:
				t.Errorf("%s: %q, exit %v; want a clean run\n%s", c.mode, out, err, stderr)
			case c.ret == "positive":
				if n, _ := strconv.Atoi(ret[1]); n <= 0 {
					t.Errorf("%s returned %s, want a pid", c.mode, ret[1])
				}
			case ret[1] != c.ret:
				t.Errorf("%s returned %s, want %s", c.mode, ret[1], c.ret)
			}
		})
	}
}
