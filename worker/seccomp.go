package worker

import (
	"bytes"
	"encoding/binary"
	"fmt"

	seccomp "github.com/elastic/go-seccomp-bpf"
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

// compileSeccomp assembles the sandbox policy into the form bwrap's
// --seccomp reads: an array of struct sock_filter in host byte order.
func compileSeccomp() ([]byte, error) {
	p := sandboxPolicy()
	insts, err := p.Assemble()
	if err != nil {
		return nil, fmt.Errorf("seccomp policy: %w", err)
	}
	raw, err := bpf.Assemble(insts)
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
