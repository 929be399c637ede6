package worker

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"

	seccomp "github.com/elastic/go-seccomp-bpf"
	"github.com/elastic/go-seccomp-bpf/arch"

	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

// chartSeccompDenied are the system calls the Helm chart's Localhost
// seccomp profile (helm/mcpgauge/files/seccomp-bwrap.json) leaves out, so
// they fail with its default action: what a container runtime's default
// profile refuses a process without capabilities (kernel modules, kexec,
// reboot, swap, clock setting, quotas, keyrings, bpf, perf, ptrace and
// cross-process memory, handles by inode), plus io_uring (its operations
// bypass seccomp), setns (no namespace joining), userfaultfd, and the
// obsolete or never-implemented calls. The profile is every x86-64 and
// arm64 system call go-seccomp-bpf knows minus these.
var chartSeccompDenied = []string{
	"_sysctl", "acct", "add_key", "afs_syscall", "arch_specific_syscall", "bpf",
	"clock_adjtime", "clock_adjtime64", "clock_settime", "clock_settime64", "clone3",
	"create_module", "delete_module", "fanotify_init", "finit_module", "get_kernel_syms",
	"get_mempolicy", "getpmsg", "init_module", "io_uring_enter", "io_uring_register", "io_uring_setup",
	"ioperm", "iopl", "kcmp", "kexec_file_load", "kexec_load", "keyctl", "lookup_dcookie",
	"mbind", "migrate_pages", "move_pages", "nfsservctl", "open_by_handle_at", "perf_event_open",
	"personality", "pidfd_getfd", "process_madvise", "process_vm_readv", "process_vm_writev",
	"ptrace", "putpmsg", "query_module", "quotactl", "quotactl_fd", "reboot", "request_key",
	"security", "set_mempolicy", "set_mempolicy_home_node", "setns", "settimeofday",
	"swapoff", "swapon", "sysfs", "syslog", "tuxcall", "uselib", "userfaultfd", "ustat",
	"vhangup", "vserver",
}

// chartSeccompNeeded are the calls bubblewrap makes to build a sandbox
// (new user, mount, pid, net, ipc and uts namespaces, its root, its
// hostname, its capabilities and the inner filter) and that a runtime's
// default profile refuses without CAP_SYS_ADMIN.
var chartSeccompNeeded = []string{
	"clone", "unshare", "mount", "umount2", "pivot_root", "chroot", "sethostname",
	"capset", "prctl", "seccomp", "setresuid", "setresgid", "execve",
}

// chartSeccompFile is the profile's path in the repository.
const chartSeccompFile = "helm/mcpgauge/files/seccomp-bwrap.json"

// ociSeccomp is the part of the OCI runtime spec's seccomp profile the
// chart's profile uses (the form kubelet's Localhost profiles take).
type ociSeccomp struct {
	DefaultAction   string   `json:"defaultAction"`
	DefaultErrnoRet *uint    `json:"defaultErrnoRet"`
	Architectures   []string `json:"architectures"`
	Syscalls        []struct {
		Names  []string `json:"names"`
		Action string   `json:"action"`
	} `json:"syscalls"`
}

func loadChartSeccomp(t *testing.T) ociSeccomp {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(shareddata.RepoRoot(t), chartSeccompFile))
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	var p ociSeccomp
	if err := dec.Decode(&p); err != nil {
		t.Fatalf("%s: %v", chartSeccompFile, err)
	}
	return p
}

// policy is the profile as a go-seccomp-bpf policy for the native arch:
// the native calls it does not allow fail with its errno, the rest are
// allowed. (go-seccomp-bpf takes no errno as a default action, hence the
// inversion; calls the tables do not know, and other ABIs, which a runtime
// refuses, are allowed here: this only checks what bwrap and the worker
// need is there.)
func (p ociSeccomp) policy(t *testing.T, native *arch.Info) seccomp.Policy {
	t.Helper()
	allowed := map[string]bool{}
	for _, g := range p.Syscalls {
		for _, n := range g.Names {
			allowed[n] = true
		}
	}
	var denied []string
	for n := range native.SyscallNames {
		if !allowed[n] {
			denied = append(denied, n)
		}
	}
	slices.Sort(denied)
	return seccomp.Policy{DefaultAction: seccomp.ActionAllow,
		Syscalls: []seccomp.SyscallGroup{{Action: errnoAction(uint32(*p.DefaultErrnoRet)), Names: denied}}}
}

// TestChartSeccompProfile is issue 22 §1's second filter: the chart's
// Localhost profile is a valid OCI seccomp profile that allows what
// bubblewrap needs, refuses chartSeccompDenied and every non-native ABI
// (only the 64-bit architectures are listed, so i386 and 32-bit arm
// calls take the default action), and, loaded on a copy of this test
// process as a runtime would load it on the worker, still lets a real
// bwrap sandbox start and run a command while io_uring and keyctl fail.
func TestChartSeccompProfile(t *testing.T) {
	if os.Getenv("MCPGAUGE_TEST_SECCOMP_CHILD") == "1" {
		seccompProfileChild(t)
		return
	}
	t.Parallel()
	p := loadChartSeccomp(t)
	if p.DefaultAction != "SCMP_ACT_ERRNO" || p.DefaultErrnoRet == nil {
		t.Errorf("default action %q errno %v, want SCMP_ACT_ERRNO with an errno", p.DefaultAction, p.DefaultErrnoRet)
	}
	if !slices.Equal(p.Architectures, []string{"SCMP_ARCH_X86_64", "SCMP_ARCH_AARCH64"}) {
		t.Errorf("architectures %v, want only the two 64-bit ones (no i386, x32 or arm compat)", p.Architectures)
	}
	allowed := map[string]bool{}
	for _, g := range p.Syscalls {
		if g.Action != "SCMP_ACT_ALLOW" {
			t.Errorf("group with action %q, want only SCMP_ACT_ALLOW", g.Action)
		}
		for _, n := range g.Names {
			_, x86 := arch.X86_64.SyscallNames[n]
			_, arm := arch.AARCH64.SyscallNames[n]
			if !x86 && !arm {
				t.Errorf("%s is no x86-64 or arm64 system call", n)
			}
			allowed[n] = true
		}
	}
	for _, n := range chartSeccompNeeded {
		if !allowed[n] {
			t.Errorf("the profile refuses %s, which bubblewrap needs", n)
		}
	}
	for _, n := range chartSeccompDenied {
		if allowed[n] {
			t.Errorf("the profile allows %s", n)
		}
	}
	if runtime.GOOS != "linux" {
		return
	}
	requireBwrap(t)
	native, err := arch.GetInfo("")
	if err != nil {
		t.Skipf("no seccomp tables for %s: %v", runtime.GOARCH, err)
	}
	_ = p.policy(t, native) // assembles in the child; fail early here
	cmd := exec.Command(os.Args[0], "-test.run=^TestChartSeccompProfile$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "MCPGAUGE_TEST_SECCOMP_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "sandbox ran under the profile") {
		t.Fatalf("the worker under the chart's profile: %v\n%s", err, out)
	}
}

// seccompProfileChild runs in the copy of the test process: it loads the
// chart's profile on every thread and then works as a worker does.
func seccompProfileChild(t *testing.T) {
	native, err := arch.GetInfo("")
	if err != nil {
		t.Fatal(err)
	}
	p := loadChartSeccomp(t)
	if err := seccomp.LoadFilter(seccomp.Filter{NoNewPrivs: true, Flag: seccomp.FilterFlagTSync, Policy: p.policy(t, native)}); err != nil {
		t.Fatalf("load the profile: %v", err)
	}
	for _, c := range []struct {
		name string
		call func() error
	}{
		{"io_uring_setup", func() error {
			_, _, e := syscall.RawSyscall(uintptr(native.SyscallNames["io_uring_setup"]), 4, 0, 0)
			return e
		}},
		{"keyctl", func() error {
			_, _, e := syscall.RawSyscall(uintptr(native.SyscallNames["keyctl"]), 0, 0, 0)
			return e
		}},
	} {
		if err := c.call(); !errors.Is(err, syscall.Errno(*p.DefaultErrnoRet)) {
			t.Errorf("%s under the profile: %v, want errno %d", c.name, err, *p.DefaultErrnoRet)
		}
	}
	sb := requireBwrap(t)
	out, stderr, err := runSandboxed(t, sb, Spec{Command: "/bin/sh", Args: []string{"-c", "echo inside; cat /proc/self/status | grep -c Seccomp"}})
	if err != nil || !strings.Contains(out, "inside") {
		t.Fatalf("sandbox under the profile: %q %v\n%s", out, err, stderr)
	}
	t.Log("sandbox ran under the profile")
}
