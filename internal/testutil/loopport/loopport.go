// Package loopport picks loopback TCP ports for tests that must name a port
// before anything listens on it: a server started late, or restarted on
// the same port while clients keep dialling it.
//
// Such a port is taken from below the kernel's ephemeral range. A port
// from the ephemeral range (what listening on ":0" returns) can be handed
// again to any other socket once it is released, and a client that keeps
// dialling a loopback port nobody listens on can connect to itself when the
// kernel picks the same number as its source port (TCP simultaneous open):
// the server then fails to bind and the test waits for nothing.
package loopport

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
	"testing"
)

// rangeFile is where Linux keeps the ephemeral port range.
const rangeFile = "/proc/sys/net/ipv4/ip_local_port_range"

// lowestUser is the lowest port this package hands out (above the
// well-known and most registered service ports).
const lowestUser = 10000

// Free returns a loopback port below the ephemeral range that nothing was
// bound to when it was checked. It fails the test when none is found.
func Free(t testing.TB) int {
	t.Helper()
	port, err := pick(ephemeralLow(), rand.IntN)
	if err != nil {
		t.Fatal(err)
	}
	return port
}

// ephemeralLow is the first port of the kernel's ephemeral range (the Linux
// default when the range cannot be read).
func ephemeralLow() int {
	b, err := os.ReadFile(rangeFile)
	if err != nil {
		return 32768
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 32768
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n <= lowestUser {
		return 32768
	}
	return n
}

// pick tries random ports in [lowestUser, low) until one binds.
func pick(low int, intn func(int) int) (int, error) {
	if low <= lowestUser {
		return 0, fmt.Errorf("loopport: ephemeral range starts at %d, no room below it", low)
	}
	var last error
	for range 200 {
		port := lowestUser + intn(low-lowestUser)
		l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
		if err != nil {
			last = err
			continue
		}
		if err := l.Close(); err != nil {
			return 0, fmt.Errorf("loopport: closing probe on %d: %w", port, err)
		}
		return port, nil
	}
	return 0, errors.Join(fmt.Errorf("loopport: no free port below %d after 200 tries", low), last)
}
