package scan

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
)

// TestIncompleteListingIsNeverOK: a server whose tools/list breaks off
// (crash, stdout flood, an endless line, too many tools) gets the status
// that says so, with the phase and the bytes read, and no report to score.
// Before, each of these came back ok with 0 tools and a score in the 80s.
func TestIncompleteListingIsNeverOK(t *testing.T) {
	t.Parallel()
	crash := fixtures.Build(t, "crash-mid-list")
	hostile := fixtures.Build(t, "hostile-list")
	cases := []struct {
		name   string
		cmd    string
		args   []string
		opts   connect.Options
		status string
		want   []string // in the reason
	}{
		{"crash mid list", crash, nil, connect.Options{}, "crashed",
			[]string{"tools/list page 2", "after 2 items", "bytes of list results", "exit status 1", "panic: runtime error"}},
		{"flood during list", hostile, []string{"-mode", "flood"}, connect.Options{}, "protocol_error",
			[]string{"tools/list page 1", "floods stdout", "after 0 items", "flooding stdout"}},
		{"500 MB line", hostile, []string{"-mode", "line"}, connect.Options{}, "too_large",
			[]string{"tools/list page 1", "a line longer than 8388608 bytes", "after 0 items"}},
		{"too many tools", hostile, []string{"-mode", "many"}, connect.Options{}, "too_large",
			[]string{"tools/list page 11", "more than 10000 tools", "after 10000 items"}},
		{"listing bytes cap", hostile, []string{"-mode", "many", "-count", "3000"}, connect.Options{MaxListBytes: 300 << 10}, "too_large",
			[]string{"over the cap of 307200", "tools/list page"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.opts.Timeout = 60 * time.Second
			target := &connect.Target{Transport: connect.TransportStdio, Command: c.cmd, Args: c.args, Display: c.name}
			rep, err := Run(context.Background(), target, Options{Connect: c.opts})
			if err == nil {
				t.Fatalf("scan ok with %d tools and score %d; want status %s", len(rep.Snapshot.Tools), rep.Score.Overall, c.status)
			}
			if rep != nil {
				t.Errorf("a failed scan returned a report to score")
			}
			var le *connect.ListError
			if !errors.As(err, &le) {
				t.Fatalf("err = %v; want a *connect.ListError", err)
			}
			st, reason := classifyStr(err)
			t.Logf("%s: %s", st, reason)
			if st != c.status {
				t.Errorf("status = %s, want %s (%s)", st, c.status, reason)
			}
			for _, w := range c.want {
				if !strings.Contains(reason, w) {
					t.Errorf("reason %q lacks %q", reason, w)
				}
			}
			if c.status == "too_large" && !errors.Is(err, connect.ErrTooLarge) {
				t.Errorf("err %v does not wrap connect.ErrTooLarge", err)
			}
		})
	}
}

// TestManyToolsUnderTheCapIsOK: a big listing under the caps is still read
// whole and scored.
func TestManyToolsUnderTheCapIsOK(t *testing.T) {
	t.Parallel()
	bin := fixtures.Build(t, "many-tools")
	rep, err := Run(context.Background(), &connect.Target{Transport: connect.TransportStdio, Command: bin, Display: bin},
		Options{Connect: connect.Options{Timeout: 60 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(rep.Snapshot.Tools); n != 5000 {
		t.Errorf("read %d tools, want all 5000", n)
	}
}

// TestDeepSchemaToolIsSeen: a tool whose schema nests 600 levels (the
// go-sdk rejects the whole message for it; a Node client accepts it) is
// read from the raw JSON and linted, never hidden behind an ok with 0
// tools (it timed out before: the reply was dropped as noise). Past what
// encoding/json reads (10,000 levels) the scan is a protocol_error at once.
func TestDeepSchemaToolIsSeen(t *testing.T) {
	t.Parallel()
	bin := fixtures.Build(t, "hostile-list")
	for _, depth := range []string{"600", "20000"} {
		t.Run(depth, func(t *testing.T) {
			target := &connect.Target{Transport: connect.TransportStdio, Command: bin, Args: []string{"-mode", "deep", "-depth", depth}, Display: "deep"}
			rep, err := Run(context.Background(), target, Options{Connect: connect.Options{Timeout: 60 * time.Second}})
			if err != nil {
				st, reason := classifyStr(err)
				if depth == "600" || st != "protocol_error" || !strings.Contains(reason, "nested deeper than 10000 levels") {
					t.Fatalf("depth %s: %s %s; want ok for 600, protocol_error saying why beyond the scanner's depth", depth, st, reason)
				}
				return
			}
			names := map[string]bool{}
			for _, tl := range rep.Snapshot.Tools {
				names[tl.Name] = true
			}
			if !names["poisoned_tool"] || !names["lookup_order"] {
				t.Fatalf("tools = %v, want lookup_order and poisoned_tool", names)
			}
		})
	}
}

// TestListingBoundedMemory: a 600 MB line and a 15 MB tool list in 3 MB
// pages (which took the scanner to 1.46 GB before the caps) end as
// too_large in bounded memory. A 6 MB list under the cap is read whole; its
// peak (mostly lint and token counting, not reading) is logged.
func TestListingBoundedMemory(t *testing.T) {
	bin := fixtures.Build(t, "hostile-list")
	for _, c := range []struct {
		name string
		args []string
		ok   bool
	}{
		{"600 MB line", []string{"-mode", "line"}, false},
		{"15 MB list", []string{"-mode", "many", "-count", "5000", "-pad", "3000"}, false},
		{"6 MB list", []string{"-mode", "many", "-count", "2000", "-pad", "3000"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			peak := sampleHeap()
			target := &connect.Target{Transport: connect.TransportStdio, Command: bin, Args: c.args, Display: c.name}
			rep, err := Run(context.Background(), target, Options{Connect: connect.Options{Timeout: 120 * time.Second}})
			peak.stop()
			if c.ok && (err != nil || len(rep.Snapshot.Tools) != 2000) {
				t.Fatalf("6 MB list: err %v; want all 2000 tools", err)
			}
			if !c.ok && !errors.Is(err, connect.ErrTooLarge) {
				t.Fatalf("err = %v, want too large", err)
			}
			t.Logf("%s: peak heap in use %d MiB", c.name, peak.max()>>20)
			if p := peak.max(); !c.ok && p > 256<<20 {
				t.Errorf("peak heap %d MiB; want it bounded by the caps", p>>20)
			}
		})
	}
}

// heapPeak samples the heap in use every 20 ms until stop.
type heapPeak struct {
	peak atomic.Uint64
	done chan struct{}
	wg   sync.WaitGroup
}

// sampleHeap starts sampling the heap in use.
func sampleHeap() *heapPeak {
	h := &heapPeak{done: make(chan struct{})}
	h.wg.Go(func() {
		for {
			select {
			case <-h.done:
				return
			case <-time.After(20 * time.Millisecond):
			}
			h.sample()
		}
	})
	return h
}

func (h *heapPeak) sample() {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if ms.HeapInuse > h.peak.Load() {
		h.peak.Store(ms.HeapInuse)
	}
}

// stop ends the sampling with one last sample, so a run shorter than the
// period is still measured; max is final after it.
func (h *heapPeak) stop() { close(h.done); h.wg.Wait(); h.sample() }

// max is the largest heap in use seen.
func (h *heapPeak) max() uint64 { return h.peak.Load() }
