package coordinator_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/netguard"
	"github.com/mcpgauge/mcpgauge/internal/testutil/natstest"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/coordinator/sweeptest"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/worker"
)

type failEnv struct {
	nc  *nats.Conn
	js  jetstream.JetStream
	st  store.Store
	c   *coordinator.Coordinator
	m   *coordinator.Metrics
	reg string
}

// newFailEnv sets up embedded NATS (workers' AckWait = 2 × scanDeadline),
// SQLite and a coordinator over a registry of n unreachable remote entries.
func newFailEnv(t *testing.T, n int, scanDeadline, sweepDeadline time.Duration) *failEnv {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	nc, js, _ := natstest.Start(t, dir, scanDeadline)
	st, err := store.Open(ctx, store.SQLiteURL(dir))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	reg := filepath.Join(dir, "registry.json")
	var entries []sweeptest.Entry
	for i := 0; i < n; i++ {
		entries = append(entries, sweeptest.Entry{Name: "io.test/e" + string(rune('a'+i)), Version: "1.0.0", URL: "http://127.0.0.1:9/mcp/" + string(rune('a'+i))})
	}
	if err := sweeptest.WriteRegistry(reg, entries); err != nil {
		t.Fatal(err)
	}
	m := coordinator.NewMetrics()
	c, err := coordinator.New(ctx, coordinator.Config{JS: js, Store: st, Sources: []registry.Source{registry.NewFile(reg)},
		ScannerVersion: "test", SweepDeadline: sweepDeadline, BatchWait: 200 * time.Millisecond, Metrics: m, Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	return &failEnv{nc: nc, js: js, st: st, c: c, m: m, reg: reg}
}

// TestDeadlineMarksStragglers: with no worker running, every job is
// recorded as worker_error with reason "deadline" when the sweep deadline
// passes, and the sweep is finished.
func TestDeadlineMarksStragglers(t *testing.T) {
	t.Parallel()
	e := newFailEnv(t, 3, time.Minute, 2*time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	go func() { _ = e.c.Ingest(ctx) }()
	p, err := e.c.Run(ctx, "dl")
	if err != nil {
		t.Fatal(err)
	}
	if p.Status != store.SweepDone || p.Stragglers != 3 || p.Done != 3 || p.Failed != 3 {
		t.Fatalf("progress = %+v, want done with 3 stragglers", p)
	}
	if d, c := testutil.ToFloat64(e.m.SweepsFinished.WithLabelValues("deadline")), testutil.ToFloat64(e.m.SweepsFinished.WithLabelValues("complete")); d != 1 || c != 0 {
		t.Errorf("sweeps finished: deadline %v, complete %v; want the sweep counted once, as deadline", d, c)
	}
	// The last save (at the finish) still names the sources Start recorded.
	kv, err := e.js.KeyValue(ctx, schema.SweepsBucket)
	if err != nil {
		t.Fatal(err)
	}
	entry, err := kv.Get(ctx, "dl")
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Status  store.SweepStatus `json:"status"`
		Sources []string          `json:"sources"`
	}
	if err := json.Unmarshal(entry.Value(), &rec); err != nil {
		t.Fatal(err)
	}
	if want := registry.NewFile(e.reg).Name(); rec.Status != store.SweepDone || len(rec.Sources) != 1 || rec.Sources[0] != want {
		t.Errorf("KV sweep record = %+v, want done with sources [%s]", rec, want)
	}
	lb, err := e.st.Leaderboard(ctx, store.LeaderboardQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if len(lb.Ranked) != 0 || len(lb.Unscored) != 3 {
		t.Fatalf("leaderboard: %d ranked, %d unscored; want 0 and 3", len(lb.Ranked), len(lb.Unscored))
	}
	for _, s := range lb.Unscored {
		if s.Status != schema.StatusWorkerError || s.Reason != coordinator.DeadlineReason {
			t.Errorf("%s: %s %q, want worker_error %q", s.Name, s.Status, s.Reason, coordinator.DeadlineReason)
		}
	}
	// The sweep's queued jobs were purged.
	info, err := e.js.Stream(ctx, schema.JobsStream)
	if err != nil {
		t.Fatal(err)
	}
	si, err := info.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if si.State.Msgs != 0 {
		t.Errorf("%d jobs left in the stream after the sweep finished", si.State.Msgs)
	}
}

// TestGiveUpAfterMaxDeliver: a job fetched MaxDeliver times and never
// acked (a worker that keeps dying) yields a worker_error result, so it
// does not vanish.
func TestGiveUpAfterMaxDeliver(t *testing.T) {
	t.Parallel()
	e := newFailEnv(t, 1, 500*time.Millisecond, time.Hour) // AckWait 1 s
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	go func() { _ = e.c.Ingest(ctx) }()
	go func() { _ = e.c.WatchGiveUps(ctx, e.nc) }()
	time.Sleep(100 * time.Millisecond) // let the advisory subscription register
	if err := e.c.Start(ctx, "gu"); err != nil {
		t.Fatal(err)
	}
	cons, err := e.js.Consumer(ctx, schema.JobsStream, schema.WorkersConsumer)
	if err != nil {
		t.Fatal(err)
	}
	for got := 0; got < schema.MaxDeliver; {
		batch, err := cons.Fetch(1, jetstream.FetchMaxWait(5*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		for range batch.Messages() {
			got++ // "crash": never ack
		}
	}
	// Workers keep pulling; the server notices the exhausted job on the
	// next pull and sends the max-deliveries advisory.
	go func() {
		for ctx.Err() == nil {
			batch, err := cons.Fetch(1, jetstream.FetchMaxWait(time.Second))
			if err != nil {
				return
			}
			for m := range batch.Messages() {
				t.Errorf("job delivered again after MaxDeliver: %s", m.Subject())
			}
		}
	}()
	p, err := e.c.Wait(ctx, "gu")
	if err != nil {
		t.Fatal(err)
	}
	if p.Done != 1 || p.Failed != 1 || p.Stragglers != 0 {
		t.Fatalf("progress = %+v, want the job done as a failure, not a straggler", p)
	}
	h, err := e.st.History(ctx, "io.test/ea")
	if err != nil || len(h) != 1 {
		t.Fatalf("history = %+v, %v", h, err)
	}
	if h[0].Status != schema.StatusWorkerError || !strings.Contains(h[0].Reason, "3 deliveries") {
		t.Errorf("result = %s %q, want worker_error after 3 deliveries", h[0].Status, h[0].Reason)
	}
}

// TestBadJobTerminated: a job message that does not decode is terminated
// and counted, and the loop goes on to the next job.
func TestBadJobTerminated(t *testing.T) {
	t.Parallel()
	e := newFailEnv(t, 1, time.Minute, time.Hour)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := e.js.Publish(ctx, schema.JobSubject("bad"), []byte(`{"schema_version": 99, "garbage": true}`)); err != nil {
		t.Fatal(err)
	}
	go func() { _ = e.c.Ingest(ctx) }()
	if err := e.c.Start(ctx, "good"); err != nil {
		t.Fatal(err)
	}
	m := worker.NewLoopMetrics()
	loopCtx, stop := context.WithCancel(ctx)
	var stats worker.LoopStats
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		stats, _ = worker.RunLoop(loopCtx, worker.LoopConfig{JS: e.js, Scanner: worker.EntryScanner{Options: worker.Options{AllowRemote: true, RemoteAllow: netguard.Loopback(), Deadline: 10 * time.Second}},
			Slots: 1, Metrics: m, FetchWait: 200 * time.Millisecond})
	}()
	p, err := e.c.Wait(ctx, "good")
	stop()
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if stats.Terminated != 1 || stats.Published != 1 {
		t.Fatalf("loop stats = %+v, want 1 terminated and 1 published", stats)
	}
	if p.Done != 1 || p.Failed != 1 {
		t.Errorf("progress = %+v: the unreachable server should be one failed scan", p)
	}
	h, err := e.st.History(ctx, "io.test/ea")
	if err != nil || len(h) != 1 || h[0].Status == schema.StatusOK || h[0].Status == schema.StatusWorkerError {
		t.Errorf("history = %+v, %v: want one scan failure with the server's own status", h, err)
	}
}
