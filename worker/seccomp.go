package worker

import (
	"bytes"
	"encoding/binary"
	"fmt"

	seccomp "github.com/elastic/go-seccomp-bpf"
	"github.com/elastic/go-seccomp-bpf/arch"
	"golang.org/x/net/bpf"
)

// Linux ABI values, written out rather than taken from x/sys/unix so the
// package (and the release binaries) also build for darwin, where the
// filter is never loaded but the same bytes must come out on Linux.
const (
	// cloneNewUser is CLONE_NEWUSER, the flag the filter refuses in clone
	// and unshare.
	cloneNewUser = 0x10000000
	// seccompRetErrno is SECCOMP_RET_ERRNO.
	seccompRetErrno = 0x00050000
	// seccompRetKillProcess is SECCOMP_RET_KILL_PROCESS (Linux 4.14).
	seccompRetKillProcess = 0x80000000
	// seccompDataArch is the offset of the arch field (the system call's
	// AUDIT_ARCH_*) in struct seccomp_data.
	seccompDataArch = 4
	// linuxEPERM and linuxENOSYS are Linux's errno values (the same on
	// amd64 and arm64; darwin's ENOSYS differs).
	linuxEPERM  = 1
	linuxENOSYS = 38
)

// errnoAction returns the seccomp action that fails a call with errno.
func errnoAction(errno uint32) seccomp.Action {
	return seccomp.Action(seccompRetErrno | errno)
}

// sandboxPolicy is the syscall filter every sandboxed process runs under
// (bwrap loads it last, just before it executes the server, so it applies
// to the server and everything it starts, and to the sandbox's init):
//
//   - nested user namespaces: unshare and clone with CLONE_NEWUSER, and
//     setns, fail with EPERM (bwrap's --disable-userns also caps the
//     namespace count at the sandbox's own);
//   - clone3 fails with ENOSYS: its flags sit in a struct a filter cannot
//     read, and glibc and Go fall back to clone, which the filter can;
//   - io_uring (setup, enter, register) fails with ENOSYS, as on a kernel
//     without it, so runtimes that probe for it (libuv) fall back to the
//     classic calls. io_uring's operations bypass seccomp altogether.
//
// Everything else is allowed: the filter closes these holes, it does not
// define what a server may do (the namespaces, mounts and limits do).
//
// The policy names system calls by their numbers in the native ABI only;
// nativeABIOnly (in compileSeccomp) kills a process that enters through
// another ABI of the same kernel (x86-64's i386 gate, int $0x80; arm64's
// 32-bit compat), where the same calls have other numbers. The x32 ABI
// (native arch, numbers with bit 30 set) fails with ENOSYS, a check the
// assembler adds on x86-64.
func sandboxPolicy() seccomp.Policy {
	eperm, enosys := errnoAction(linuxEPERM), errnoAction(linuxENOSYS)
	newUser := seccomp.ArgumentConditions{{Argument: 0, Operation: seccomp.BitsSet, Value: cloneNewUser}}
	return seccomp.Policy{
		DefaultAction: seccomp.ActionAllow,
		Syscalls: []seccomp.SyscallGroup{
			{
				Action: eperm,
				Names:  []string{"setns"},
				NamesWithCondtions: []seccomp.NameWithConditions{
					{Name: "unshare", Conditions: newUser},
					{Name: "clone", Conditions: newUser},
				},
			},
			{
				Action: enosys,
				Names:  []string{"clone3", "io_uring_setup", "io_uring_enter", "io_uring_register"},
			},
		},
	}
}

// nativeABIOnly is the filter's first check: a system call whose audit
// architecture is not the native one kills the whole process
// (SECCOMP_RET_KILL_PROCESS, so the kernel's log and the exit status say
// SIGSYS). The policy's own arch test lets such calls through to its
// default action (allow), which left every denial open to an i386 entry.
// No server needs another ABI: a 32-bit program in a package dies at its
// first system call, as it would on a kernel without compat support.
func nativeABIOnly(native arch.AuditArch) []bpf.Instruction {
	return []bpf.Instruction{
		bpf.LoadAbsolute{Off: seccompDataArch, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: uint32(native), SkipTrue: 1},
		bpf.RetConstant{Val: seccompRetKillProcess},
	}
}

// compileSeccomp assembles the sandbox policy, behind nativeABIOnly, into
// the form bwrap's --seccomp reads: an array of struct sock_filter in host
// byte order.
func compileSeccomp() ([]byte, error) {
	native, err := arch.GetInfo("")
	if err != nil {
		return nil, fmt.Errorf("seccomp policy: %w", err)
	}
	p := sandboxPolicy()
	policy, err := p.Assemble()
	if err != nil {
		return nil, fmt.Errorf("seccomp policy: %w", err)
	}
	raw, err := bpf.Assemble(append(nativeABIOnly(native.ID), policy...))
	if err != nil {
		return nil, fmt.Errorf("seccomp policy: %w", err)
	}
	var buf bytes.Buffer
	for _, r := range raw {
		// struct sock_filter { __u16 code; __u8 jt; __u8 jf; __u32 k; }
		_ = binary.Write(&buf, binary.NativeEndian, struct {
			Op     uint16
			Jt, Jf uint8
			K      uint32
		}{r.Op, r.Jt, r.Jf, r.K})
	}
	return buf.Bytes(), nil
}
