package worker

import (
	"encoding/binary"
	"runtime"
	"testing"

	seccomp "github.com/elastic/go-seccomp-bpf"
	"github.com/elastic/go-seccomp-bpf/arch"
	"golang.org/x/net/bpf"
)

// runFilter runs the compiled sandbox filter in x/net/bpf's interpreter on
// one system call and returns the action. The interpreter loads words in
// network byte order, so struct seccomp_data is laid out big-endian here.
func runFilter(t *testing.T, vm *bpf.VM, auditArch uint32, nr uint32) uint32 {
	t.Helper()
	data := make([]byte, 64) // nr, arch, instruction_pointer, args[6]
	binary.BigEndian.PutUint32(data[0:], nr)
	binary.BigEndian.PutUint32(data[4:], auditArch)
	ret, err := vm.Run(data)
	if err != nil {
		t.Fatalf("run the filter: %v", err)
	}
	return uint32(ret)
}

// TestSeccompFilterABIs is issue 22 §1 on whatever arch the tests run on
// (x86-64 or arm64): a system call through any ABI but the native one,
// with any number, kills the process; on x86-64 the x32 numbering fails
// with ENOSYS; the native ABI still reaches the policy (its denials, and
// allow for the rest). TestSeccompForeignABI runs the same through the
// kernel with a real i386 entry.
func TestSeccompFilterABIs(t *testing.T) {
	t.Parallel()
	native, err := arch.GetInfo("")
	if err != nil {
		t.Skipf("no seccomp tables for %s: %v", runtime.GOARCH, err)
	}
	raw, err := compileSeccomp()
	if err != nil {
		t.Fatal(err)
	}
	var insts []bpf.RawInstruction
	for i := 0; i+8 <= len(raw); i += 8 {
		insts = append(insts, bpf.RawInstruction{
			Op: binary.NativeEndian.Uint16(raw[i:]), Jt: raw[i+2], Jf: raw[i+3], K: binary.NativeEndian.Uint32(raw[i+4:]),
		})
	}
	prog, ok := bpf.Disassemble(insts)
	if !ok {
		t.Fatal("the compiled filter does not disassemble")
	}
	vm, err := bpf.NewVM(prog)
	if err != nil {
		t.Fatalf("the compiled filter: %v", err)
	}
	nr := func(name string) uint32 {
		n, ok := native.SyscallNames[name]
		if !ok {
			t.Fatalf("no %s on %s", name, native.Name)
		}
		return uint32(n)
	}
	const allow = uint32(seccomp.ActionAllow)
	enosys, eperm := uint32(errnoAction(linuxENOSYS)), uint32(errnoAction(linuxEPERM))
	type abiCase struct {
		name     string
		arch, nr uint32
		want     uint32 // the filter's action
	}
	cases := []abiCase{
		{"native getpid", uint32(native.ID), nr("getpid"), allow},
		{"native io_uring_setup", uint32(native.ID), nr("io_uring_setup"), enosys},
		{"native clone3", uint32(native.ID), nr("clone3"), enosys},
		{"native setns", uint32(native.ID), nr("setns"), eperm},
	}
	// Every other audit arch the kernel knows (i386 and x32's host x86-64
	// on amd64, 32-bit arm on arm64), with its own numbers of the calls
	// the policy denies and of harmless ones.
	for _, other := range []*arch.Info{arch.I386, arch.ARM, arch.X86_64, arch.AARCH64, arch.PPC64LE, arch.S390X} {
		if other.ID == native.ID {
			continue
		}
		for _, call := range []string{"getpid", "io_uring_setup", "clone3", "setns", "unshare"} {
			if n, ok := other.SyscallNames[call]; ok {
				cases = append(cases, abiCase{other.Name + " " + call, uint32(other.ID), uint32(n), seccompRetKillProcess})
			}
		}
	}
	if native.ID == arch.X86_64.ID {
		cases = append(cases, abiCase{"x32 io_uring_setup", uint32(native.ID), uint32(arch.X32.SeccompMask) | nr("io_uring_setup"), enosys})
	}
	for _, c := range cases {
		if got := runFilter(t, vm, c.arch, c.nr); got != c.want {
			t.Errorf("%s (arch %#x, nr %#x): action %#x, want %#x", c.name, c.arch, c.nr, got, c.want)
		}
	}
}
