package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/ctxsleep"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// JobScanner scans one job and returns its result. It never fails: every
// problem is a result status. The work loop is generic over it (as
// OpenSSF Scorecard's cron separates its work loop from its checks).
type JobScanner interface {
	Scan(ctx context.Context, job schema.Job) schema.Result
}

// EntryScanner is the JobScanner of a real worker: it decodes the job's
// registry entry and plan and runs ScanEntry with Options.
type EntryScanner struct {
	Options Options
	// Metrics, when set, count package cache hits and misses
	// (cache="npm", "pypi", "oci").
	Metrics *LoopMetrics
	// ShipTools puts the tool definitions of every ok scan in its result
	// (schema.CacheFill), for the coordinator to store in KV
	// mcpgauge-tools for its post-sweep ecosystem pass. The eval answers
	// a job computes travel there too when Options.Eval.Cache is the
	// shared *KVEvalCache (read through ForJob): a worker writes no bucket.
	ShipTools bool
	// Log receives what was left out of a result's cache section
	// (default: discard).
	Log *slog.Logger
}

// Scan implements JobScanner.
func (e EntryScanner) Scan(ctx context.Context, job schema.Job) schema.Result {
	var srv registry.Server
	var plan registry.Plan
	opts := e.Options
	opts.SweepID, opts.ScanKey = job.SweepID, job.ScanKey
	if job.Options.Compliance {
		opts.Scan.Compliance = true
		if m, err := compliance.ParseMode(job.Options.ComplianceMode); err == nil {
			opts.Scan.ComplianceMode = m
		}
	}
	if job.Options.DeadlineSeconds > 0 {
		opts.Deadline = time.Duration(job.Options.DeadlineSeconds) * time.Second
	}
	// The job decides whether the eval runs; the worker supplies the model.
	evalSkipped := ""
	switch {
	case !job.Options.Eval:
		opts.Eval = nil
	case opts.Eval == nil:
		evalSkipped = fmt.Sprintf("the job asks for the eval with %s, but this worker has no --eval-model", job.Options.EvalModel)
	case job.Options.EvalModel != "" && job.Options.EvalModel != opts.Eval.Model:
		evalSkipped = fmt.Sprintf("the job asks for the eval with %s, but this worker's --eval-model is %s", job.Options.EvalModel, opts.Eval.Model)
		opts.Eval = nil
	}
	if err := json.Unmarshal(job.Server, &srv); err != nil {
		return errorResult(job, opts.WorkerID, fmt.Sprintf("job's registry entry does not decode: %v", err))
	}
	if err := json.Unmarshal(job.Plan, &plan); err != nil {
		return errorResult(job, opts.WorkerID, fmt.Sprintf("job's launch plan does not decode: %v", err))
	}
	srv.Name, srv.Version = job.Name, job.Version
	var jobCache *JobEvalCache
	if opts.Eval != nil {
		if kc, ok := opts.Eval.Cache.(*KVEvalCache); ok {
			ev := *opts.Eval
			jobCache = kc.ForJob(job.Name)
			ev.Cache = jobCache
			opts.Eval = &ev
		}
	}
	out := Scan(ctx, srv, plan, opts)
	if evalSkipped != "" && out.Result.Status == schema.StatusOK {
		out.Result.Findings = append(out.Result.Findings, schema.Finding{Rule: EvalSkippedRule, Severity: "info",
			Message: "the tool-selection eval did not run: " + evalSkipped})
	}
	if out.Result.Status == schema.StatusOK && out.Result.Snapshot != nil {
		var tools []model.Tool
		if e.ShipTools && out.Report != nil && out.Report.Snapshot != nil && len(out.Report.Snapshot.Tools) == out.Result.Snapshot.Tools {
			tools = out.Report.Snapshot.Tools
		}
		var note string
		out.Result.Cache, note = cacheFill(tools, jobCache)
		if note != "" && e.Log != nil {
			e.Log.Warn("worker: cache section trimmed", "job", job.JobID, "left_out", note)
		}
	}
	if e.Metrics != nil && out.Install != nil {
		cache := plan.PackageType()
		if out.Install.Cached {
			e.Metrics.CacheHits.WithLabelValues(cache).Inc()
		} else {
			e.Metrics.CacheMisses.WithLabelValues(cache).Inc()
		}
	}
	return out.Result
}

// errorResult is a worker_error result for job.
func errorResult(job schema.Job, workerID, reason string) schema.Result {
	now := time.Now()
	return schema.Result{SchemaVersion: schema.Version, JobID: job.JobID, SweepID: job.SweepID, Name: job.Name,
		Version: job.Version, Sources: job.Sources, PackageType: job.PackageType, ScanKey: job.ScanKey,
		Attempt: job.Attempt, Status: schema.StatusWorkerError, Reason: reason, ScannerVersion: job.ScannerVersion, WorkerID: workerID,
		StartedAt: now, FinishedAt: now}
}

// LoopConfig configures RunLoop.
type LoopConfig struct {
	// JS is the JetStream context; the consumer "workers" on MCPGAUGE_JOBS
	// must exist (natsbus.Setup creates it).
	JS jetstream.JetStream
	// Scanner does the domain work.
	Scanner JobScanner
	// Slots is how many jobs run at once (default DefaultSlots()).
	Slots int
	// WorkerID names this process in results (default: host name and PID).
	WorkerID string
	// Heartbeat is how often InProgress extends a running job's lease
	// (default 30 s; keep it well under the consumer's AckWait).
	Heartbeat time.Duration
	// Grace is how long in-flight scans may finish after ctx ends; scans
	// still running then are cancelled and their jobs handed back (Nak).
	// Default 30 s.
	Grace time.Duration
	// FetchWait bounds one pull request (default 2 s).
	FetchWait time.Duration
	// Metrics, when set, are updated.
	Metrics *LoopMetrics
	// Log receives problems (default: discard).
	Log *slog.Logger
}

// LoopStats counts what a loop did.
type LoopStats struct {
	Scanned, Published, Terminated, HandedBack, PublishFailed int64
}

// RunLoop pulls jobs from the durable consumer "workers" with Slots
// concurrent slots, scans each, publishes the result on MCPGAUGE_RESULTS
// (Nats-Msg-Id = job ID, so a redelivered job's second result is dropped by
// the stream's duplicate window) and acks the job only after the publish
// succeeded. A job that cannot be decoded is terminated and counted. While
// a scan runs the job's lease is extended with InProgress. When ctx ends the
// loop stops pulling, lets in-flight scans finish for Grace and hands back
// (Nak) the ones still running. It returns the counts.
func RunLoop(ctx context.Context, cfg LoopConfig) (LoopStats, error) {
	if cfg.JS == nil || cfg.Scanner == nil {
		return LoopStats{}, errors.New("worker loop: JetStream and scanner are required")
	}
	if cfg.Slots <= 0 {
		cfg.Slots = DefaultSlots()
	}
	if cfg.WorkerID == "" {
		host, _ := os.Hostname()
		cfg.WorkerID = host + "-" + strconv.Itoa(os.Getpid())
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = 30 * time.Second
	}
	if cfg.Grace <= 0 {
		cfg.Grace = 30 * time.Second
	}
	if cfg.FetchWait <= 0 {
		cfg.FetchWait = 2 * time.Second
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	cons, err := cfg.JS.Consumer(ctx, schema.JobsStream, schema.WorkersConsumer)
	if err != nil {
		return LoopStats{}, fmt.Errorf("worker loop: consumer %s: %w", schema.WorkersConsumer, err)
	}
	// scanCtx outlives ctx by Grace so in-flight scans can finish.
	scanCtx, cancelScans := context.WithCancel(context.Background())
	defer cancelScans()
	go func() {
		select {
		case <-ctx.Done():
		case <-scanCtx.Done():
			return
		}
		t := time.NewTimer(cfg.Grace)
		defer t.Stop()
		select {
		case <-t.C:
			cancelScans()
		case <-scanCtx.Done():
		}
	}()
	l := &loop{cfg: cfg, cons: cons, stop: ctx, scanCtx: scanCtx}
	var wg sync.WaitGroup
	for i := 0; i < cfg.Slots; i++ {
		wg.Add(1)
		go func(slot int) {
			defer wg.Done()
			l.slot(slot)
		}(i)
	}
	wg.Wait()
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.stats, nil
}

type loop struct {
	cfg     LoopConfig
	cons    jetstream.Consumer
	stop    context.Context
	scanCtx context.Context
	mu      sync.Mutex
	stats   LoopStats
}

func (l *loop) count(f func(*LoopStats)) {
	l.mu.Lock()
	f(&l.stats)
	l.mu.Unlock()
}

func (l *loop) slot(slot int) {
	for l.stop.Err() == nil {
		batch, err := l.cons.Fetch(1, jetstream.FetchMaxWait(l.cfg.FetchWait))
		if err != nil {
			l.cfg.Log.Warn("worker: fetch", "err", err)
			if ctxsleep.Sleep(l.stop, time.Second) != nil {
				return
			}
			continue
		}
		for msg := range batch.Messages() {
			if l.stop.Err() != nil {
				// Pulled while stopping: hand it straight back.
				_ = msg.Nak()
				l.count(func(s *LoopStats) { s.HandedBack++ })
				continue
			}
			l.handle(msg, slot)
		}
	}
}

func (l *loop) handle(msg jetstream.Msg, slot int) {
	m := l.cfg.Metrics
	job, err := schema.DecodeJob(msg.Data())
	if err != nil {
		l.cfg.Log.Warn("worker: bad job message terminated", "subject", msg.Subject(), "err", err)
		_ = msg.TermWithReason("invalid job: " + clip(err.Error(), 200))
		l.count(func(s *LoopStats) { s.Terminated++ })
		if m != nil {
			m.BadMessages.Inc()
		}
		return
	}
	if m != nil {
		m.SlotsBusy.Inc()
		defer m.SlotsBusy.Dec()
	}
	announce := l.phases(job, slot) // phase.go: the sweep's progress line names where each job is
	defer announce(schema.PhaseDone)
	// Heartbeat while the scan runs.
	hbDone := make(chan struct{})
	go func() {
		t := time.NewTicker(l.cfg.Heartbeat)
		defer t.Stop()
		for {
			select {
			case <-hbDone:
				return
			case <-t.C:
				if err := msg.InProgress(); err != nil {
					l.cfg.Log.Debug("worker: heartbeat", "job", job.JobID, "err", err)
				}
			}
		}
	}()
	start := time.Now()
	res := l.cfg.Scanner.Scan(withPhases(l.scanCtx, announce), job)
	close(hbDone)
	if l.scanCtx.Err() != nil {
		// Shut down before the scan finished: another worker takes it.
		_ = msg.Nak()
		l.count(func(s *LoopStats) { s.HandedBack++ })
		if m != nil {
			m.HandedBack.Inc()
		}
		return
	}
	l.count(func(s *LoopStats) { s.Scanned++ })
	res = l.complete(job, res, slot)
	if m != nil {
		m.observe(res, time.Since(start))
	}
	data, err := res.Encode()
	if err == nil && res.Cache != nil && !fitsMessage(l.cfg.JS, len(data)) {
		// The result itself matters; its cache section does not.
		l.cfg.Log.Warn("worker: cache section dropped: the result would exceed the bus's message limit", "job", job.JobID, "bytes", len(data))
		res.Cache = nil
		data, err = res.Encode()
	}
	if err != nil { // complete made it valid; this is a bug guard
		data, _ = json.Marshal(errorResult(job, l.cfg.WorkerID, "result does not encode: "+err.Error()))
	}
	announce(schema.PhasePublishing)
	pubCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var perr error
	for attempt := 0; attempt < 3; attempt++ {
		if _, perr = l.cfg.JS.Publish(pubCtx, schema.ResultSubject(job.SweepID), data, jetstream.WithMsgID(job.JobID)); perr == nil {
			break
		}
		if ctxsleep.Sleep(pubCtx, time.Duration(attempt+1)*time.Second) != nil {
			break
		}
	}
	if perr != nil {
		l.cfg.Log.Warn("worker: publish result failed; handing the job back", "job", job.JobID, "err", perr)
		_ = msg.NakWithDelay(5 * time.Second)
		l.count(func(s *LoopStats) { s.PublishFailed++ })
		if m != nil {
			m.PublishErrors.Inc()
		}
		return
	}
	l.count(func(s *LoopStats) { s.Published++ })
	// One structured line per scan; the handler quotes the server's own
	// strings (name, version), so they cannot forge lines or colours.
	l.cfg.Log.Info("worker: scanned", "job", job.JobID, "server", job.Name, "version", job.Version,
		"status", string(res.Status), "seconds", time.Since(start).Round(time.Millisecond).Seconds(), "slot", slot)
	if err := msg.DoubleAck(pubCtx); err != nil {
		// The job comes back; its second result is a duplicate the results
		// stream and the store drop.
		l.cfg.Log.Warn("worker: ack", "job", job.JobID, "err", err)
	}
}

// fitsMessage reports whether a message of n bytes (and its headers) fits
// the server's max_payload, as the connection learned it.
func fitsMessage(js jetstream.JetStream, n int) bool {
	nc := js.Conn()
	return nc == nil || int64(n)+4096 <= nc.MaxPayload()
}

// complete stamps the job's identity on the result and makes sure it is
// valid, turning an invalid one into a worker_error.
func (l *loop) complete(job schema.Job, r schema.Result, slot int) schema.Result {
	r.SchemaVersion = schema.Version
	r.JobID, r.SweepID, r.Name, r.Version = job.JobID, job.SweepID, job.Name, job.Version
	r.Sources, r.ScanKey, r.RuleSetDigest, r.Attempt = job.Sources, job.ScanKey, job.RuleSetDigest, job.Attempt
	if r.PackageType == "" {
		r.PackageType = job.PackageType
	}
	r.WorkerID = l.cfg.WorkerID + "/" + strconv.Itoa(slot)
	if r.ScannerVersion == "" {
		r.ScannerVersion = job.ScannerVersion
	}
	if r.StartedAt.IsZero() {
		r.StartedAt = time.Now()
	}
	if r.FinishedAt.IsZero() || r.FinishedAt.Before(r.StartedAt) {
		r.FinishedAt = time.Now()
	}
	err := r.Validate()
	if err != nil && r.Cache != nil {
		// The cache section alone is at fault: the result goes without it.
		l.cfg.Log.Warn("worker: cache section dropped", "job", job.JobID, "err", clip(err.Error(), 300))
		r.Cache = nil
		err = r.Validate()
	}
	if err != nil {
		e := errorResult(job, r.WorkerID, "scanner produced an invalid result: "+clip(err.Error(), 300))
		e.StartedAt, e.FinishedAt = r.StartedAt, r.FinishedAt
		return e
	}
	return r
}
