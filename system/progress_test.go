package system

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/mattn/go-runewidth"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/internal/termsafe"
	"github.com/mcpgauge/mcpgauge/schema"
)

func TestProgressLine(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    coordinator.Progress
		want []string
		not  []string
	}{
		{"planning", coordinator.Progress{Planning: true, Planned: 40, Skipped: 10, Expected: 30, Done: 5},
			[]string{"planning: 40 planned, 10 skipped", "5/30 scanned"}, []string{"ETA", "unchanged"}},
		{"scanning", coordinator.Progress{Planned: 40, Skipped: 10, Expected: 30, Done: 10, Failed: 2},
			[]string{"10/30 scanned", "0.50/s", "ETA 40s", "2 could not be scanned", "10 unchanged"}, []string{"ecosystem"}},
		{"ecosystem pass", coordinator.Progress{Planned: 40, Expected: 40, Done: 40, Ecosystem: true},
			[]string{"40/40 scanned", "ecosystem pass running"}, []string{"ETA"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			line := progressLine(tc.p, 20*time.Second)
			for _, w := range tc.want {
				if !strings.Contains(line, w) {
					t.Errorf("%q lacks %q", line, w)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(line, n) {
					t.Errorf("%q should not say %q", line, n)
				}
			}
		})
	}
}

// hostileJobs are jobs in flight with names that attack the terminal or
// its width: escapes, carriage returns, bidi overrides, CJK, emoji and
// invalid UTF-8.
func hostileJobs() []coordinator.InFlightJob {
	names := []string{
		"io.test/plain", "\x1b[2J\x1b[31mclear-and-red", "ok\rOVERWRITE", "rtl\u202eevil", "漢字のサーバー名前",
		"emoji-👩‍👩‍👧‍👦-🏳️‍🌈", "bad\xff\xfeutf8", strings.Repeat("wide-名", 30), "a\u0301\u0301\u0301combining", "tab\there\nnl",
	}
	var jobs []coordinator.InFlightJob
	for i, n := range names {
		jobs = append(jobs, coordinator.InFlightJob{JobID: fmt.Sprint(i), Name: n, Version: "1.\x1b]8;;x\x07" + fmt.Sprint(i),
			Phase: []schema.Phase{schema.PhaseInstalling, schema.PhaseStarting, schema.PhaseChecking}[i%3]})
	}
	return jobs
}

// cellWidth measures s as the widest terminal would: an ambiguous
// character counts as two cells.
func cellWidth(s string) int {
	return (&runewidth.Condition{EastAsianWidth: true}).StringWidth(s)
}

// TestFitLineNeverExceedsWidth: at every width from 1 to 120 the live
// line fits (one cell is left so the cursor never wraps), whatever the
// names, and carries no control character of theirs.
func TestFitLineNeverExceedsWidth(t *testing.T) {
	t.Parallel()
	heads := []string{"", "3/10 scanned, 0.50/s, ETA 14s", liveHead(coordinator.Progress{Planning: true, Planned: 123456, Expected: 99999, Done: 12345, Failed: 999, Skipped: 5, Ecosystem: true}, time.Minute)}
	sets := map[string][]coordinator.InFlightJob{"none": nil, "hostile": hostileJobs(), "one CJK": hostileJobs()[4:5], "one long": hostileJobs()[7:8]}
	for _, head := range heads {
		for name, jobs := range sets {
			for width := 1; width <= 120; width++ {
				line := fitLine(head, jobs, width)
				if w := cellWidth(line); w > width-1 {
					t.Fatalf("%s, head %q, width %d: line takes %d cells: %q", name, head, width, w, line)
				}
				if !termsafe.Clean(line) {
					t.Fatalf("%s, width %d: line carries control characters: %q", name, width, line)
				}
			}
		}
	}
}

func TestFitLineNamesJobsInFlight(t *testing.T) {
	t.Parallel()
	jobs := []coordinator.InFlightJob{
		{JobID: "1", Name: "foo", Version: "1.2", Phase: schema.PhaseInstalling},
		{JobID: "2", Name: "bar", Version: "0.1", Phase: schema.PhaseChecking},
		{JobID: "3", Name: "baz", Version: "3.0", Phase: schema.PhaseStarting},
	}
	head := "12/200 scanned, 0.40/s, ETA 7m"
	for _, tc := range []struct {
		width int
		want  string
	}{
		{0, head + " · installing foo@1.2 · +2 more"}, // unknown: 80 cells
		{120, head + " · installing foo@1.2 · checking bar@0.1 · starting baz@3.0"},
		{90, head + " · installing foo@1.2 · checking bar@0.1 · +1 more"},
		{60, head + " · +3 more"},
		{41, head},
		{10, "12/200 sc"},
		{1, ""},
	} {
		if got := fitLine(head, jobs, tc.width); got != tc.want {
			t.Errorf("width %d:\n got %q\nwant %q", tc.width, got, tc.want)
		}
	}
	long := []coordinator.InFlightJob{{JobID: "1", Name: "io.github.example/very-long-server-name", Version: "1.0.0", Phase: schema.PhaseInstalling}}
	if got := fitLine(head, long, 60); !strings.HasPrefix(got, head+" · installing io.github.") || !strings.HasSuffix(got, "…") {
		t.Errorf("a long name is not cut short: %q", got)
	}
	line := fitLine(head, hostileJobs()[1:3], 200)
	for _, want := range []string{`starting \u001b[2J\u001b[31mclear-and-red@1.\u001b]8;;x\u00071`, `checking ok\rOVERWRITE@1.`} {
		if !strings.Contains(line, want) {
			t.Errorf("%q lacks the escaped name %q", line, want)
		}
	}
}

// lines is a concurrency-safe buffer.
type lines struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lines) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestReportProgressPlainLines: off a terminal each report is a plain
// line: no carriage return, no escape, no jobs in flight.
func TestReportProgressPlainLines(t *testing.T) {
	t.Parallel()
	var out lines
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	watched := false
	go func() {
		reportProgress(ctx, progressReport{w: &out, every: time.Millisecond,
			progress: func(context.Context) (coordinator.Progress, error) {
				return coordinator.Progress{Expected: 10, Done: 3}, nil
			},
			watch: func() (*coordinator.InFlight, func()) { watched = true; return nil, func() {} }})
		close(done)
	}()
	for strings.Count(out.String(), "\n") < 3 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	<-done
	got := out.String()
	if strings.ContainsAny(got, "\r\x1b") || watched {
		t.Fatalf("plain output has control bytes or watched jobs in flight: %q", got)
	}
	for _, l := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
		if !strings.HasPrefix(l, "3/10 scanned, ") {
			t.Fatalf("line %q is not a progress line (all: %q)", l, got)
		}
	}
}

// TestReportProgressOnPTY: on a real pseudo-terminal 100 cells wide, the
// live line names the jobs in flight, is redrawn in place with \r and
// never takes more than 99 cells.
func TestReportProgressOnPTY(t *testing.T) {
	t.Parallel()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	if err := pty.Setsize(tty, &pty.Winsize{Rows: 24, Cols: 100}); err != nil {
		t.Fatal(err)
	}
	var out lines
	go func() { _, _ = io.Copy(&out, ptmx) }()
	f := coordinator.NewInFlight(coordinator.InFlightOptions{})
	for _, j := range append(hostileJobs()[4:5], hostileJobs()[1]) {
		f.Observe(schema.PhaseEvent{JobID: j.JobID, Name: j.Name, Version: "1", Phase: j.Phase})
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	w := termsafe.NewWriter(tty)
	go func() {
		reportProgress(ctx, progressReport{w: w, tty: true, every: time.Millisecond,
			width: func() int { return termsafe.Width(w) },
			progress: func(context.Context) (coordinator.Progress, error) {
				return coordinator.Progress{Expected: 10, Done: 3}, nil
			},
			watch: func() (*coordinator.InFlight, func()) { return f, func() {} }})
		close(done)
	}()
	for strings.Count(out.String(), "\r") < 3 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	<-done
	got := out.String()
	draws := strings.Split(got, "\r")[1:]
	for _, d := range draws[:len(draws)-1] { // the last one may be cut mid-write
		d = strings.TrimSuffix(d, "\x1b[K")
		if cellWidth(d) > 99 {
			t.Fatalf("a draw takes %d cells on a 100-cell terminal: %q", cellWidth(d), d)
		}
		if !strings.HasPrefix(d, "3/10 scanned") || !strings.Contains(d, " · starting 漢字のサーバー名前@1") ||
			!strings.Contains(d, `\u001b[2J`) {
			t.Fatalf("draw %q does not show progress and the job in flight", d)
		}
		if strings.ContainsAny(d, "\n\x1b") {
			t.Fatalf("draw %q is not one escaped line", d)
		}
	}
}

// TestWatchInFlightEmbedded: the sweep's watcher, on its own connection
// to the embedded server, hears a worker's announcement on the bus.
func TestWatchInFlightEmbedded(t *testing.T) {
	t.Parallel()
	b, err := startEmbedded(t.TempDir(), "test")
	if err != nil {
		t.Fatal(err)
	}
	defer b.close()
	f, stop := watchInFlight(b, "s1", NewLogger(io.Discard))
	if f == nil {
		t.Fatal("no watcher on the embedded server")
	}
	defer stop()
	data, err := json.Marshal(schema.PhaseEvent{JobID: "j1", SweepID: "s1", Name: "io.test/a", Version: "1", Phase: schema.PhaseInstalling})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for len(f.Jobs()) == 0 {
		// Announcements are fire and forget: repeat until the watcher's
		// subscription is in place and hears one.
		if err := b.nc.Publish(schema.PhaseSubject("s1"), data); err != nil {
			t.Fatal(err)
		}
		if ctx.Err() != nil {
			t.Fatal("the watcher never heard the announcement")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if j := f.Jobs()[0]; j.JobID != "j1" || j.Name != "io.test/a" || j.Phase != schema.PhaseInstalling {
		t.Fatalf("in flight %+v, want j1 installing io.test/a", j)
	}
}
