//go:build linux

package worker

import (
	"errors"
	"fmt"
	"net"
	"os"
	"runtime"

	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"
)

// attachSinkhole makes id's interface in the network namespace of pid (a
// TUN device, up, with id.Addr and a default route via id.Gateway) and
// returns the TUN device's file. It runs on a locked thread that enters
// the namespace and returns to the worker's own before it is unlocked, so
// no other goroutine ever runs in the sandbox's namespace. The thread is
// not thrown away: it may be the one that started a bwrap, whose
// --die-with-parent would kill that sandbox when the thread ends.
func attachSinkhole(pid int, id identity) (*os.File, error) {
	type answer struct {
		f   *os.File
		err error
	}
	ch := make(chan answer, 1)
	go func() {
		runtime.LockOSThread()
		own, err := unix.Open("/proc/thread-self/ns/net", unix.O_RDONLY|unix.O_CLOEXEC, 0)
		if err != nil {
			runtime.UnlockOSThread()
			ch <- answer{nil, fmt.Errorf("open the worker's network namespace: %w", err)}
			return
		}
		defer unix.Close(own)
		f, err := makeSinkInterface(pid, id)
		if rerr := unix.Setns(own, unix.CLONE_NEWNET); rerr != nil {
			// The thread is stuck in the sandbox's namespace: park it for
			// good rather than end it (see above) or let it run others.
			if f != nil {
				_ = f.Close()
			}
			ch <- answer{nil, errors.Join(err, fmt.Errorf("return to the worker's network namespace: %w", rerr))}
			select {}
		}
		runtime.UnlockOSThread()
		ch <- answer{f, err}
	}()
	a := <-ch
	if a.err != nil {
		return nil, fmt.Errorf("network sinkhole: %w", a.err)
	}
	return a.f, nil
}

// makeSinkInterface runs on a locked thread that it moves into pid's
// network namespace.
func makeSinkInterface(pid int, id identity) (*os.File, error) {
	ns, err := unix.Open(fmt.Sprintf("/proc/%d/ns/net", pid), unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("open the sandbox's network namespace: %w", err)
	}
	defer unix.Close(ns)
	if err := unix.Setns(ns, unix.CLONE_NEWNET); err != nil {
		return nil, fmt.Errorf("enter the sandbox's network namespace: %w", err)
	}
	return configureSink(id, false)
}

// configureSink makes id's TUN interface in the calling thread's network
// namespace, addresses it, brings it up (and loopback, when upLoopback:
// a namespace bwrap did not make) and routes everything through it.
func configureSink(id identity, upLoopback bool) (*os.File, error) {
	fd, err := unix.Open("/dev/net/tun", unix.O_RDWR|unix.O_CLOEXEC|unix.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("open /dev/net/tun: %w", err)
	}
	ifr, err := unix.NewIfreq(id.Iface)
	if err == nil {
		ifr.SetUint16(unix.IFF_TUN | unix.IFF_NO_PI)
		err = unix.IoctlIfreq(fd, unix.TUNSETIFF, ifr)
	}
	if err != nil {
		unix.Close(fd)
		return nil, fmt.Errorf("make the interface: %w", err)
	}
	f := os.NewFile(uintptr(fd), "tun")
	fail := func(what string, err error) (*os.File, error) {
		_ = f.Close()
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	link, err := netlink.LinkByName(id.Iface)
	if err != nil {
		return fail("find the interface", err)
	}
	if err := netlink.AddrAdd(link, &netlink.Addr{IPNet: &net.IPNet{IP: id.Addr.Addr().AsSlice(), Mask: net.CIDRMask(id.Addr.Bits(), 32)}}); err != nil {
		return fail("address the interface", err)
	}
	if err := netlink.LinkSetUp(link); err != nil {
		return fail("bring the interface up", err)
	}
	// In a namespace bwrap made, loopback is bwrap's: it brings lo up
	// itself (bringing it up here too would race with it: the kernel gives
	// an up lo its address, and bwrap's own request to add it then fails).
	if upLoopback {
		lo, err := netlink.LinkByName("lo")
		if err == nil {
			err = netlink.LinkSetUp(lo)
		}
		if err != nil {
			return fail("bring loopback up", err)
		}
	}
	if err := netlink.RouteAdd(&netlink.Route{LinkIndex: link.Attrs().Index, Gw: id.Gateway.AsSlice()}); err != nil {
		return fail("add the default route", err)
	}
	return f, nil
}
