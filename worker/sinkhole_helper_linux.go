//go:build linux

package worker

import (
	"errors"
	"fmt"
	"net/netip"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// A non-root worker cannot enter a network namespace bwrap made (that
// needs CAP_SYS_ADMIN where the worker runs), so its sinkhole is made the
// other way round: the worker starts this binary again as the sinkhole
// helper in a new user and network namespace of its own (Go's
// SysProcAttr: uid and gid mapped to themselves, CAP_NET_ADMIN as an
// ambient capability there). The helper makes the TUN interface in that
// namespace, brings loopback up, hands the TUN device to the worker over
// a socket (SCM_RIGHTS), drops every capability and becomes bwrap, which
// then runs without --unshare-net: the sandbox's network is the helper's.
// The helper runs before the sandbox exists and never inside it; the
// server's environment never reaches it (bwrap's --setenv applies to the
// server alone).

func init() {
	// The helper is this binary started by a worker (sinkHelper); any other
	// start goes on as usual.
	if spec, ok := os.LookupEnv(sinkHelperEnv); ok && len(os.Args) > 1 {
		os.Exit(runSinkHelper(spec, os.Args[1:]))
	}
}

// runSinkHelper makes the sinkhole interface, hands it over and execs
// bwrap (args[0]) with args; it returns only on failure.
func runSinkHelper(spec string, args []string) int {
	sock := os.NewFile(uintptr(helperSocketFD), "worker")
	f := strings.Fields(spec)
	var id identity
	var err error
	if len(f) == 3 {
		id.Iface = f[0]
		if id.Addr, err = netip.ParsePrefix(f[1]); err == nil {
			id.Gateway, err = netip.ParseAddr(f[2])
		}
	} else {
		err = errors.New("bad instructions")
	}
	if err == nil {
		var tun *os.File
		if tun, err = configureSink(id, true); err == nil {
			err = unix.Sendmsg(int(sock.Fd()), []byte{1}, unix.UnixRights(int(tun.Fd())), nil, 0)
			_ = tun.Close()
		}
	}
	if err != nil {
		_, _ = sock.Write([]byte("sinkhole helper: " + err.Error()))
	}
	_ = sock.Close()
	// Nothing of ours reaches bwrap: no capability (ambient ones would
	// survive the exec), no instructions, no descriptor but bwrap's.
	_ = unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
	_ = os.Unsetenv(sinkHelperEnv)
	if err := syscall.Exec(args[0], args, os.Environ()); err != nil {
		fmt.Fprintf(os.Stderr, "sinkhole helper: exec %s: %v\n", args[0], err)
	}
	return 1
}

// sinkHelper turns cmd (bwrap, started by a non-root worker) into the
// sinkhole helper's start, and returns the worker's end of the socket the
// helper sends the TUN device on. The helper gets a new user namespace
// and network namespace; bwrap then must not make a network namespace of
// its own (Bwrap.args leaves out --unshare-net).
func sinkHelper(cmd *exec.Cmd, id identity) (*os.File, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("network sinkhole: %w", err)
	}
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_SEQPACKET|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("network sinkhole: %w", err)
	}
	ours, theirs := os.NewFile(uintptr(fds[0]), "sinkhole"), os.NewFile(uintptr(fds[1]), "sinkhole-helper")
	for len(cmd.ExtraFiles) < helperSocketFD-3 {
		cmd.ExtraFiles = append(cmd.ExtraFiles, nil)
	}
	cmd.ExtraFiles = append(cmd.ExtraFiles[:helperSocketFD-3], theirs)
	cmd.Args = append([]string{self}, append([]string{cmd.Path}, cmd.Args[1:]...)...)
	cmd.Path = self
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, sinkHelperEnv+"="+id.Iface+" "+id.Addr.String()+" "+id.Gateway.String())
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	a := cmd.SysProcAttr
	a.Cloneflags |= syscall.CLONE_NEWUSER | syscall.CLONE_NEWNET
	a.UidMappings = []syscall.SysProcIDMap{{ContainerID: os.Getuid(), HostID: os.Getuid(), Size: 1}}
	a.GidMappings = []syscall.SysProcIDMap{{ContainerID: os.Getgid(), HostID: os.Getgid(), Size: 1}}
	a.GidMappingsEnableSetgroups = false
	a.AmbientCaps = []uintptr{unix.CAP_NET_ADMIN}
	return ours, nil
}

// receiveSink reads the TUN device the helper sends on sock (it closes
// sock), or why there is none.
func receiveSink(sock *os.File, helperEnd *os.File) (*os.File, error) {
	defer sock.Close()
	if helperEnd != nil {
		_ = helperEnd.Close() // the helper holds its own copy
	}
	_ = sock.SetReadDeadline(time.Now().Add(20 * time.Second))
	buf, oob := make([]byte, 512), make([]byte, unix.CmsgSpace(4))
	raw, err := sock.SyscallConn()
	if err != nil {
		return nil, err
	}
	var n, oobn int
	var rerr error
	err = raw.Read(func(fd uintptr) bool {
		n, oobn, _, _, rerr = unix.Recvmsg(int(fd), buf, oob, unix.MSG_CMSG_CLOEXEC)
		return rerr != unix.EAGAIN
	})
	if err == nil {
		err = rerr
	}
	if err != nil {
		return nil, fmt.Errorf("network sinkhole: %w", err)
	}
	if msgs, perr := unix.ParseSocketControlMessage(oob[:oobn]); perr == nil && len(msgs) == 1 {
		if fds, perr := unix.ParseUnixRights(&msgs[0]); perr == nil && len(fds) == 1 {
			if err := unix.SetNonblock(fds[0], true); err != nil {
				unix.Close(fds[0])
				return nil, fmt.Errorf("network sinkhole: %w", err)
			}
			return os.NewFile(uintptr(fds[0]), "tun"), nil
		}
	}
	if n > 0 {
		return nil, errors.New(strings.TrimSpace(string(buf[:n])))
	}
	return nil, errors.New("network sinkhole: the helper sent no interface")
}
