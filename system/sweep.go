package system

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/ecosystem"
	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/toolstore"
	"github.com/mcpgauge/mcpgauge/worker"
)

// SweepOptions configure a sweep on one machine: a coordinator and its
// workers in one process.
type SweepOptions struct {
	// DataDir holds the embedded NATS server, the SQLite store and the
	// package cache.
	DataDir string
	// NATS is a NATS URL ("": an embedded server under DataDir).
	NATS string
	// NATSAuth is how to authenticate to NATS and check its TLS.
	NATSAuth NATSAuth
	// Store is the store URL ("": SQLite under DataDir).
	Store string
	// Workers is the number of concurrent scans.
	Workers   int
	Plan      Plan
	Scanning  Scanning
	Ecosystem Ecosystem
	Version   string
	// Stderr receives progress and warnings; Terminal says it is one (a
	// live progress line instead of log lines).
	Stderr   io.Writer
	Terminal bool
}

// SweepResult is what a finished sweep leaves for its summary.
type SweepResult struct {
	ID       string
	Progress coordinator.Progress
	// Leaderboard is the top ten after the sweep.
	Leaderboard store.Leaderboard
	// EcosystemRan says the ecosystem pass was on; Ecosystem holds its
	// reports, worst first.
	EcosystemRan bool
	Ecosystem    []schema.EcosystemReport
}

// RunSweep runs one sweep to its end: it resumes the sweep that is
// running (or starts Plan.SweepID, or a new one), scans with Workers
// in-process slots, and returns the summary. Start-up order: the data
// dir, the scanner (the sandbox check), NATS and the streams' setup (on
// an embedded server, the leases of an interrupted run are taken back),
// the eval cache, the store, the coordinator, its loops, the workers,
// the progress report. If ctx ends, the sweep stays running for the next
// run to resume, and ctx's error is returned.
func RunSweep(ctx context.Context, o SweepOptions) (SweepResult, error) {
	var res SweepResult
	if err := o.Validate(); err != nil {
		return res, err
	}
	stderr := o.Stderr
	if err := os.MkdirAll(o.DataDir, 0o750); err != nil {
		return res, usage(fmt.Errorf("data dir %s: %w", o.DataDir, err))
	}
	log := NewLogger(io.Discard)
	if !o.Terminal {
		log = NewLogger(stderr)
	}
	sc, err := o.Scanning.scanner(ctx, o.Plan.ScanDeadline, o.Version, stderr)
	if err != nil {
		return res, err
	}
	var b *bus
	if o.NATS == "" {
		b, err = startEmbedded(o.DataDir, "mcpgauge-sweep")
	} else {
		b, err = dial(ctx, o.NATS, o.NATSAuth, "mcpgauge-sweep", log)
	}
	if err != nil {
		return res, err
	}
	defer b.close()
	if err := b.setup(ctx, o.Plan.ScanDeadline); err != nil {
		return res, err
	}
	if o.NATS == "" { // the embedded server is ours alone: a killed run's leases are ours to take back
		n, err := natsbus.ReclaimLeases(ctx, b.js, o.Plan.ScanDeadline)
		if err != nil {
			return res, err
		}
		if n > 0 {
			fmt.Fprintf(stderr, "took back %d job leases of an interrupted run\n", n)
		}
	}
	if err := o.Scanning.withEval(ctx, &sc, b.js, nil, log, stderr); err != nil {
		return res, err
	}
	storeURL := o.Store
	if storeURL == "" {
		storeURL = store.SQLiteURL(o.DataDir)
	}
	st, err := store.Open(ctx, storeURL)
	if err != nil {
		return res, unreachable(fmt.Errorf("store: %w", err))
	}
	defer st.Close()
	var evalModel string
	if sc.Options.Eval != nil {
		evalModel = sc.Options.Eval.Model
	}
	ccfg, err := o.Plan.coordinatorConfig(b.js, st, log, nil, evalModel, o.Version)
	if err != nil {
		return res, err
	}
	tools, err := toolstore.Open(ctx, b.js)
	if err != nil {
		return res, err
	}
	ccfg.Ecosystem = o.Ecosystem.config(tools, sc.Options.Eval)
	ccfg.WatchDirs = []string{o.DataDir} // embedded NATS, SQLite and the cache: a full disk ends the sweep
	c, err := coordinator.New(ctx, ccfg)
	if err != nil {
		return res, err
	}
	id := o.Plan.SweepID
	if id == "" {
		ids, resumed, err := sweepIDs(ctx, c, "", true)
		if err != nil {
			return res, err
		}
		id = ids[0]
		if len(resumed) > 0 {
			fmt.Fprintf(stderr, "resuming sweep %s\n", id)
		}
	}
	res.ID = id
	stopLoops := startLoops(ctx, c, b.nc, 0)
	loopCtx, stopWorkers := context.WithCancel(ctx)
	var workers sync.WaitGroup
	workers.Go(func() {
		_, _ = worker.RunLoop(loopCtx, worker.LoopConfig{JS: b.js, Scanner: sc, Slots: o.Workers, Grace: o.Scanning.Grace, Log: log})
	})
	repCtx, stopReport := context.WithCancel(context.WithoutCancel(ctx))
	repDone := make(chan struct{})
	go func() { reportProgress(repCtx, sweepProgress(c, id, b, o, log)); close(repDone) }()
	p, runErr := c.Run(ctx, id)
	defer func() {
		for _, n := range c.Notices() {
			fmt.Fprintln(stderr, "warning:", n)
		}
	}()
	if ctx.Err() != nil {
		fmt.Fprintf(stderr, "\ninterrupted: sweep %s stays running; run the same command again to resume it\n", id)
	}
	// Shutdown order: the workers stop pulling (in-flight scans get their
	// grace), the loops store what arrived, then the progress line ends.
	stopWorkers()
	workers.Wait()
	stopLoops()
	stopReport()
	<-repDone
	res.Progress = p
	if runErr != nil {
		return res, runErr
	}
	if ctx.Err() != nil {
		return res, ctx.Err()
	}
	lctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if res.Leaderboard, err = st.Leaderboard(lctx, store.LeaderboardQuery{Limit: 10}); err != nil {
		return res, fmt.Errorf("leaderboard: %w", err)
	}
	if ccfg.Ecosystem == nil {
		return res, nil
	}
	res.EcosystemRan = true
	if res.Ecosystem, err = st.Ecosystem(lctx, store.EcosystemQuery{SweepID: id}); err != nil {
		return res, fmt.Errorf("ecosystem: %w", err)
	}
	ecosystem.SortWorstFirst(res.Ecosystem)
	return res, nil
}
