package coordinator_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/coordinator/sweeptest"
	"github.com/mcpgauge/mcpgauge/internal/netguard"
	"github.com/mcpgauge/mcpgauge/internal/testutil/natstest"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/worker"
)

// clock is a settable clock for InFlight.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func ev(job string, p schema.Phase) schema.PhaseEvent {
	return schema.PhaseEvent{JobID: job, SweepID: "s", Name: "io.test/" + job, Version: "1.0.0", Phase: p, WorkerID: "w/0"}
}

// summary is "job:phase" for each job in flight, in Jobs order.
func summary(f *coordinator.InFlight) []string {
	var out []string
	for _, j := range f.Jobs() {
		out = append(out, j.JobID+":"+string(j.Phase))
	}
	return out
}

func TestInFlightPhases(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		evs  []schema.PhaseEvent
		want []string
	}{
		{"nothing", nil, nil},
		{"one job moves", []schema.PhaseEvent{ev("a", schema.PhaseInstalling), ev("a", schema.PhaseStarting), ev("a", schema.PhaseChecking)}, []string{"a:checking"}},
		{"done removes", []schema.PhaseEvent{ev("a", schema.PhaseInstalling), ev("b", schema.PhaseChecking), ev("a", schema.PhaseDone)}, []string{"b:checking"}},
		{"first heard of first", []schema.PhaseEvent{ev("b", schema.PhaseInstalling), ev("a", schema.PhaseInstalling), ev("b", schema.PhasePublishing)}, []string{"b:publishing", "a:installing"}},
		{"done of an unknown job", []schema.PhaseEvent{ev("x", schema.PhaseDone)}, nil},
		{"no job id", []schema.PhaseEvent{{Phase: schema.PhaseChecking}}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := &clock{now: time.Unix(1e9, 0)}
			f := coordinator.NewInFlight(coordinator.InFlightOptions{Now: c.Now})
			for _, e := range tc.evs {
				c.Add(time.Second)
				f.Observe(e)
			}
			if got := summary(f); !slices.Equal(got, tc.want) {
				t.Fatalf("in flight %q, want %q", got, tc.want)
			}
		})
	}
}

// TestInFlightBounded: past Max, the job heard from longest ago goes.
func TestInFlightBounded(t *testing.T) {
	t.Parallel()
	c := &clock{now: time.Unix(1e9, 0)}
	f := coordinator.NewInFlight(coordinator.InFlightOptions{Max: 3, Now: c.Now})
	for _, id := range []string{"a", "b", "c"} {
		c.Add(time.Second)
		f.Observe(ev(id, schema.PhaseInstalling))
	}
	c.Add(time.Second)
	f.Observe(ev("a", schema.PhaseChecking)) // a is heard from again: b is now the oldest
	for _, id := range []string{"d", "e"} {
		c.Add(time.Second)
		f.Observe(ev(id, schema.PhaseInstalling))
	}
	if got, want := summary(f), []string{"a:checking", "d:installing", "e:installing"}; !slices.Equal(got, want) {
		t.Fatalf("in flight %q, want %q", got, want)
	}
	for i := range 10 * coordinator.DefaultInFlightMax / 1000 {
		f.Observe(ev(fmt.Sprint("many", i), schema.PhaseInstalling))
	}
	if n := len(f.Jobs()); n != 3 {
		t.Fatalf("%d jobs kept, want at most Max=3", n)
	}
}

// TestInFlightExpires: a job not heard from for TTL leaves (a dead
// worker's); one heard from again stays.
func TestInFlightExpires(t *testing.T) {
	t.Parallel()
	c := &clock{now: time.Unix(1e9, 0)}
	f := coordinator.NewInFlight(coordinator.InFlightOptions{Now: c.Now})
	f.Observe(ev("dead", schema.PhaseChecking))
	f.Observe(ev("alive", schema.PhaseInstalling))
	c.Add(coordinator.DefaultInFlightTTL - time.Minute)
	if got, want := summary(f), []string{"alive:installing", "dead:checking"}; !slices.Equal(got, want) {
		t.Fatalf("before the TTL: in flight %q, want %q", got, want)
	}
	f.Observe(ev("alive", schema.PhaseChecking))
	c.Add(2 * time.Minute)
	if got, want := summary(f), []string{"alive:checking"}; !slices.Equal(got, want) {
		t.Fatalf("after the TTL: in flight %q, want %q", got, want)
	}
	c.Add(coordinator.DefaultInFlightTTL)
	if got := summary(f); len(got) != 0 {
		t.Fatalf("long after: in flight %q, want none", got)
	}
}

// waitScanner runs the real scanner, then holds the job until its
// phase shows in InFlight, so the test sees the job in flight.
type waitScanner struct {
	inner worker.JobScanner
	f     *coordinator.InFlight
	seen  chan []coordinator.InFlightJob
}

func (w *waitScanner) Scan(ctx context.Context, job schema.Job) schema.Result {
	res := w.inner.Scan(ctx, job)
	for ctx.Err() == nil {
		if jobs := w.f.Jobs(); len(jobs) > 0 && jobs[0].Phase == schema.PhaseChecking {
			w.seen <- jobs
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	return res
}

// TestInFlightFromWorkerScan: a real worker loop scanning a real server
// over an in-process NATS announces checking, publishing and done, and
// InFlight (on a connection of its own) follows: the job is in flight
// while it is scanned and gone once its result is published.
func TestInFlightFromWorkerScan(t *testing.T) {
	t.Parallel()
	srv := sweeptest.Start("good", "1.0.0", sweeptest.Good())
	defer srv.Close()
	ns := natstest.Run(t, natstest.Options{Dir: t.TempDir(), ScanDeadline: time.Minute})
	wc, err := ns.Connect("inflight")
	if err != nil {
		t.Fatal(err)
	}
	defer wc.Close()
	wc.SetErrorHandler(func(*nats.Conn, *nats.Subscription, error) {})
	f, err := coordinator.WatchInFlight(wc, "s1", coordinator.InFlightOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	raw := make(chan *nats.Msg, 64)
	rawSub, err := wc.ChanSubscribe(schema.PhaseSubject("s1"), raw)
	if err != nil {
		t.Fatal(err)
	}
	defer rawSub.Unsubscribe()
	if err := wc.Flush(); err != nil {
		t.Fatal(err)
	}

	plan, _ := json.Marshal(map[string]string{"kind": "remote-http", "url": srv.URL(), "scanId": "remote:good"})
	key, err := schema.ScanKey(plan, "", "test", "")
	if err != nil {
		t.Fatal(err)
	}
	job := schema.Job{SchemaVersion: schema.Version, SweepID: "s1", JobID: schema.JobID("s1", "io.test/good", "1.0.0"),
		Name: "io.test/good", Version: "1.0.0", Server: json.RawMessage(`{"name":"io.test/good","version":"1.0.0"}`),
		Plan: plan, ScannerVersion: "test", ScanKey: key, CreatedAt: time.Now()}
	data, err := job.Encode()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if _, err := ns.JS.Publish(ctx, schema.JobSubject("s1"), data, jetstream.WithMsgID(job.JobID)); err != nil {
		t.Fatal(err)
	}
	sc := &waitScanner{f: f, seen: make(chan []coordinator.InFlightJob, 1),
		inner: worker.EntryScanner{Options: worker.Options{AllowRemote: true, RemoteAllow: netguard.Loopback(), Deadline: time.Minute}}}
	loopCtx, stop := context.WithCancel(ctx)
	done := make(chan worker.LoopStats)
	go func() {
		s, _ := worker.RunLoop(loopCtx, worker.LoopConfig{JS: ns.JS, Scanner: sc, Slots: 1, WorkerID: "w", FetchWait: 200 * time.Millisecond})
		done <- s
	}()
	var seen []coordinator.InFlightJob
	select {
	case seen = <-sc.seen:
	case <-ctx.Done():
		t.Fatal("the job never showed in flight")
	}
	if j := seen[0]; len(seen) != 1 || j.JobID != job.JobID || j.Name != job.Name || j.Version != "1.0.0" || j.WorkerID != "w/0" {
		t.Fatalf("in flight during the scan: %+v, want job %s of io.test/good 1.0.0 on w/0", seen, job.JobID)
	}
	var phases []schema.Phase
	for len(phases) == 0 || phases[len(phases)-1] != schema.PhaseDone {
		select {
		case m := <-raw:
			var e schema.PhaseEvent
			if err := json.Unmarshal(m.Data, &e); err != nil {
				t.Fatal(err)
			}
			phases = append(phases, e.Phase)
		case <-ctx.Done():
			t.Fatalf("announcements %q never reached done", phases)
		}
	}
	stop()
	if s := <-done; s.Published != 1 {
		t.Fatalf("loop stats %+v, want one result published", s)
	}
	if want := []schema.Phase{schema.PhaseChecking, schema.PhasePublishing, schema.PhaseDone}; !slices.Equal(phases, want) {
		t.Fatalf("announced %q, want %q", phases, want)
	}
	// done was published before the raw subscription saw it; the InFlight
	// subscription on the same connection got it in the same order.
	for len(f.Jobs()) > 0 {
		if ctx.Err() != nil {
			t.Fatalf("still in flight after done: %+v", f.Jobs())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
