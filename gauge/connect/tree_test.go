package connect

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
)

// TestCloseReapsEscapedChildren: a server child that left the process
// group (setsid, as bwrap's --new-session does for the sandboxed tree) is
// killed and waited for by Close. Before, it outlived the session and
// held the sandbox's process limit, so the scan's next session (a
// compliance probe) failed to start and the server was blamed.
func TestCloseReapsEscapedChildren(t *testing.T) {
	t.Parallel()
	bin := fixtures.Build(t, "careful")
	target := &Target{Transport: TransportStdio, Command: "sh",
		Args: []string{"-c", "setsid sleep 1000 & exec " + bin}, Display: "escaper"}
	ctx := context.Background()
	s, err := Dial(ctx, target, Options{Timeout: 60 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	var escaped []proc
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		for _, p := range descendants(s.PGID()) {
			if _, _, ok := procStat(p.pid); ok && isSleep(p.pid) {
				escaped = append(escaped, p)
			}
		}
		if len(escaped) > 0 {
			break
		}
	}
	if len(escaped) == 0 {
		_ = s.Close()
		t.Fatal("the setsid child never showed up under the server")
	}
	if err := s.Close(); err != nil {
		t.Logf("close: %v", err)
	}
	for _, p := range escaped {
		if p.alive() {
			t.Errorf("pid %d (setsid sleep) outlived Close", p.pid)
			reapTree([]proc{p}, time.Second)
		}
	}
}

func isSleep(pid int) bool {
	b, err := readCmdline(pid)
	return err == nil && strings.HasPrefix(b, "sleep")
}
