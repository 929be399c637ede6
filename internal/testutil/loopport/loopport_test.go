package loopport

import (
	"net"
	"strconv"
	"testing"
)

func TestFreeIsBelowTheEphemeralRangeAndBindable(t *testing.T) {
	t.Parallel()
	low := ephemeralLow()
	for range 20 {
		port := Free(t)
		if port < lowestUser || port >= low {
			t.Fatalf("port %d outside [%d, %d)", port, lowestUser, low)
		}
		l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
		if err != nil {
			t.Fatalf("port %d does not bind: %v", port, err)
		}
		l.Close()
	}
}

func TestPickSkipsATakenPort(t *testing.T) {
	t.Parallel()
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	busy := taken.Addr().(*net.TCPAddr).Port
	if busy <= lowestUser+1 {
		t.Skip("the kernel gave a port too low to stage the case")
	}
	// The first draw lands on the taken port, the second on the one below.
	draws := []int{busy - lowestUser, busy - 1 - lowestUser}
	i := 0
	port, err := pick(busy+1, func(int) int { d := draws[i%len(draws)]; i++; return d })
	if err != nil {
		t.Fatal(err)
	}
	if port == busy {
		t.Fatalf("pick returned the taken port %d", port)
	}
	if i < 2 {
		t.Fatalf("pick drew %d times, want a second draw after the taken port", i)
	}
}

func TestPickWithNoRoom(t *testing.T) {
	t.Parallel()
	if _, err := pick(lowestUser, func(n int) int { return 0 }); err == nil {
		t.Fatal("no error with no room below the range")
	}
}
