package coordinator_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/coordinator/sweeptest"
	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/eval/evaltest"
	"github.com/mcpgauge/mcpgauge/internal/netguard"
	"github.com/mcpgauge/mcpgauge/internal/testutil/natstest"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/toolstore"
	"github.com/mcpgauge/mcpgauge/worker"
)

// ecoRun is one coordinator process's worth of state on a data dir, with
// the eval and the ecosystem pass configured. hold, when set, wraps the
// suite loader (to stall the pass).
func ecoRun(t *testing.T, ctx context.Context, dir, reg, id string, sc *countingScanner, stub *evaltest.WireStub,
	hold func(ctx context.Context) error) (coordinator.Progress, store.Store) {
	t.Helper()
	_, js, stopNATS := natstest.Start(t, dir, time.Minute)
	defer stopNATS() // the next call is a restarted process on the same dir
	setup, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, err := store.Open(setup, store.SQLiteURL(dir))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	tools, err := toolstore.Open(setup, js)
	if err != nil {
		t.Fatal(err)
	}
	cache, err := worker.NewKVEvalCache(setup, js, nil)
	if err != nil {
		t.Fatal(err)
	}
	eo := &worker.EvalOptions{Backend: evaltest.Backend(t, stub), Model: "stub/m", Cache: cache}
	es := sc.inner.(worker.EntryScanner)
	es.Options.Eval, es.ShipTools = eo, true
	sc.inner = es
	load := func(ctx context.Context, name, digest string) (*eval.Suite, error) {
		if hold != nil {
			if err := hold(ctx); err != nil {
				return nil, err
			}
		}
		o := *eo
		o.Cache = worker.ScopeCache(o.Cache, name)
		return worker.LoadSuite(ctx, o, digest)
	}
	c, err := coordinator.New(setup, coordinator.Config{JS: js, Store: st, Sources: []registry.Source{registry.NewFile(reg)},
		ScanOptions: schema.ScanOptions{Eval: true, EvalModel: "stub/m"}, ScannerVersion: "test", RuleSetDigest: "r1",
		SweepDeadline: 2 * time.Minute, Log: testLog(t),
		Ecosystem: &coordinator.EcosystemConfig{Tools: tools, LoadSuite: load}})
	if err != nil {
		t.Fatal(err)
	}
	p := runWithWorker(t, ctx, c, js, sc, id)
	return p, st
}

// TestEcosystemPassSurvivesARestart: the sweep stays running until its
// ecosystem pass has stored its reports. A coordinator stopped during the
// pass leaves the sweep running; the next one resumes it, scans nothing
// again, runs the pass and only then records the sweep as done.
func TestEcosystemPassSurvivesARestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	reg, _ := sweeptest.Registry(t, dir, sweeptest.Fixture{Name: "io.test/good", Tools: sweeptest.Good()},
		sweeptest.Fixture{Name: "io.test/poor", Tools: sweeptest.Poor()})
	stub := &evaltest.WireStub{}
	sc := &countingScanner{inner: worker.EntryScanner{Options: worker.Options{AllowRemote: true, RemoteAllow: netguard.Loopback(), Deadline: time.Minute}}}
	const id = "s20261130T0400Z"

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	started := make(chan struct{})
	var once sync.Once
	go func() {
		select {
		case <-started:
			cancel() // the coordinator stops while the pass runs
		case <-time.After(3 * time.Minute):
			cancel()
		}
	}()
	p, st := ecoRun(t, ctx, dir, reg, id, sc, stub, func(ctx context.Context) error {
		once.Do(func() { close(started) })
		<-ctx.Done()
		return ctx.Err()
	})
	if p.Status != store.SweepRunning || p.Done != 2 {
		t.Fatalf("after a stop during the pass: %+v, want the sweep still running with both scans done", p)
	}
	reps, err := st.Ecosystem(context.Background(), store.EcosystemQuery{SweepID: id})
	if err != nil || len(reps) != 0 {
		t.Fatalf("an interrupted pass stored %d reports (%v)", len(reps), err)
	}
	scans, calls := sc.count(), stub.Calls()

	ctx2, cancel2 := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel2()
	p, st = ecoRun(t, ctx2, dir, reg, id, sc, stub, nil)
	if p.Status != store.SweepDone {
		t.Fatalf("resumed sweep: %+v, want done", p)
	}
	if sc.count() != scans || stub.Calls() != calls {
		t.Errorf("the resumed sweep scanned %d servers and made %d model calls again, want none", sc.count()-scans, stub.Calls()-calls)
	}
	reps, err = st.Ecosystem(context.Background(), store.EcosystemQuery{SweepID: id})
	if err != nil || len(reps) != 2 {
		t.Fatalf("the resumed sweep's pass stored %d reports (%v), want 2", len(reps), err)
	}
	sw, err := st.GetSweep(context.Background(), id)
	if err != nil || sw.Status != store.SweepDone {
		t.Errorf("store records the sweep as %q (%v), want done", sw.Status, err)
	}
}
