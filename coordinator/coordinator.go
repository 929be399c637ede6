package coordinator

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/attest"
	"github.com/mcpgauge/mcpgauge/evalstore"
	"github.com/mcpgauge/mcpgauge/gauge"
	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/toolstore"
)

// Defaults.
const (
	// DefaultRescanAfter is how long a scan key stays fresh: an entry whose
	// scan key was scanned more recently is skipped.
	DefaultRescanAfter = 7 * 24 * time.Hour
	// DefaultSweepDeadline bounds a sweep; jobs without a result by then are
	// recorded as worker_error with reason "deadline".
	DefaultSweepDeadline = 24 * time.Hour
	// DefaultBatchSize and DefaultBatchWait bound one ingest batch.
	DefaultBatchSize = 200
	DefaultBatchWait = time.Second
	// DefaultStoreFaultRetries is Config.StoreFaultRetries' default.
	DefaultStoreFaultRetries = 5
	// DeadlineReason is the reason recorded for stragglers.
	DeadlineReason = "deadline: no result before the sweep deadline"
)

// Config configures a Coordinator.
type Config struct {
	// JS is the JetStream context (Setup must have run on it).
	JS jetstream.JetStream
	// Store receives the results; the coordinator is its only writer.
	Store store.Store
	// Sources are the registries a sweep pulls.
	Sources []registry.Source
	// Query is passed to every source (Limit, Latest, ...).
	Query registry.Query
	// Limit caps the entries planned per sweep over all sources (0 = all).
	Limit int
	// AllVersions plans every version; the default plans the latest version
	// of each server only.
	AllVersions bool
	// Incremental pulls only entries updated since the source's last mark
	// (KV mcpgauge-sync); the default pulls everything and skips unchanged
	// entries by scan key.
	Incremental bool
	// RescanAfter: a scan key scanned more recently is skipped. 0 rescans
	// everything; negative means DefaultRescanAfter.
	RescanAfter time.Duration
	// SweepDeadline bounds each sweep (≤ 0: DefaultSweepDeadline).
	SweepDeadline time.Duration
	// PlanOptions tune registry.PlanFor (kinds the workers cannot run).
	PlanOptions registry.PlanOptions
	// ScanOptions go into every job.
	ScanOptions schema.ScanOptions
	// ScannerVersion and RuleSetDigest go into every job and its scan key
	// (an empty RuleSetDigest is gauge.RuleSetDigest(ScanOptions)).
	ScannerVersion, RuleSetDigest string
	// BatchSize and BatchWait bound one ingest batch (defaults 200, 1 s).
	BatchSize int
	BatchWait time.Duration
	// Ecosystem, when set, runs the post-sweep ecosystem pass when a sweep
	// ends (see Coordinator.Ecosystem).
	Ecosystem *EcosystemConfig
	// Signer, when set, signs a receipt for every stored result that names
	// its artifact (see package attest), valid ReceiptTTL after the scan
	// (≤ 0: attest.DefaultTTL).
	Signer     *attest.Signer
	ReceiptTTL time.Duration
	// StoreFaultRetries bounds the attempts at a store write that fails
	// because the store is full or damaged (store.ErrFull, ErrDamaged); then
	// the sweeps of the batch end as failed with a notice (0: 5). Other
	// store errors (an outage) are retried until they succeed.
	StoreFaultRetries int
	// WatchDirs are directories whose disk is watched while sweeps run
	// (the embedded NATS and SQLite data dir): below MinFreeBytes free, the
	// running sweeps end as failed with ErrDiskFull.
	WatchDirs []string
	// Metrics, when set, are updated.
	Metrics *Metrics
	// Log receives progress and problems (default: discard).
	Log *slog.Logger
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Coordinator plans sweeps, publishes jobs, ingests results into the store
// and tracks each sweep until every job is accounted for.
type Coordinator struct {
	cfg    Config
	scans  *natsbus.KV
	sweeps *natsbus.KV
	sync   *natsbus.KV
	// tools and evals are the shared caches the coordinator alone writes,
	// from the cache sections of admitted results (fill.go).
	tools   *toolstore.KV
	evals   *evalstore.KV
	jobs    jetstream.Stream
	mu      sync.Mutex
	tracked map[string]*tracker
	notices []string
	rejects rejectLog
}

// New opens the key-value buckets and returns a coordinator.
func New(ctx context.Context, cfg Config) (*Coordinator, error) {
	if cfg.JS == nil || cfg.Store == nil {
		return nil, errors.New("coordinator: JetStream and store are required")
	}
	if cfg.RescanAfter < 0 {
		cfg.RescanAfter = DefaultRescanAfter
	}
	if cfg.SweepDeadline <= 0 {
		cfg.SweepDeadline = DefaultSweepDeadline
	}
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = DefaultBatchSize
	}
	if cfg.BatchWait <= 0 {
		cfg.BatchWait = DefaultBatchWait
	}
	if cfg.StoreFaultRetries <= 0 {
		cfg.StoreFaultRetries = DefaultStoreFaultRetries
	}
	if cfg.ScannerVersion == "" {
		cfg.ScannerVersion = "dev"
	}
	if cfg.RuleSetDigest == "" {
		cfg.RuleSetDigest = gauge.RuleSetDigest(cfg.ScanOptions)
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Metrics != nil {
		for _, src := range cfg.Sources {
			cfg.Metrics.InitSources(src.Name())
		}
	}
	c := &Coordinator{cfg: cfg, tracked: map[string]*tracker{}}
	var err error
	if c.scans, c.sweeps, c.sync, err = OpenBuckets(ctx, cfg.JS); err != nil {
		return nil, err
	}
	if c.tools, err = toolstore.Open(ctx, cfg.JS); err != nil {
		return nil, fmt.Errorf("coordinator: %w", err)
	}
	if c.evals, err = evalstore.Open(ctx, cfg.JS); err != nil {
		return nil, fmt.Errorf("coordinator: %w", err)
	}
	if c.jobs, err = cfg.JS.Stream(ctx, schema.JobsStream); err != nil {
		return nil, fmt.Errorf("coordinator: stream %s: %w", schema.JobsStream, err)
	}
	if err := c.reconcileSweeps(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

// OpenBuckets opens the coordinator's three key-value buckets (scan keys,
// sweeps, registry sync marks), which Setup created: it never creates or
// changes them, and a missing one is an error wrapping natsbus.ErrNotSetUp.
func OpenBuckets(ctx context.Context, js jetstream.JetStream) (scans, sweeps, sync *natsbus.KV, err error) {
	kvs := make([]*natsbus.KV, 3)
	for i, b := range []string{schema.ScansBucket, schema.SweepsBucket, schema.SyncBucket} {
		if kvs[i], err = natsbus.OpenBucket(ctx, js, b); err != nil {
			return nil, nil, nil, fmt.Errorf("coordinator: %w", err)
		}
	}
	return kvs[0], kvs[1], kvs[2], nil
}

// SweepID returns the deterministic ID of a sweep triggered at t: the
// trigger time to the minute, so a coordinator restarted for the same
// trigger names (and resumes) the same sweep.
func SweepID(t time.Time) string { return "s" + t.UTC().Format("20060102T1504") + "Z" }

// ManualSweepID names a sweep started by hand at t (to the second).
func ManualSweepID(t time.Time) string { return "s" + t.UTC().Format("20060102T150405") + "Z" }

// FreshSweepID is ManualSweepID(t), or, when a sweep of that second is
// already recorded (one that failed at once, say), that ID with the first
// free suffix -2, -3, ...
func (c *Coordinator) FreshSweepID(ctx context.Context, t time.Time) (string, error) {
	base := ManualSweepID(t)
	id := base
	for n := 2; ; n++ {
		_, err := c.sweeps.Get(ctx, id)
		if errors.Is(err, natsbus.ErrNotFound) {
			return id, nil
		}
		if err != nil {
			return "", fmt.Errorf("sweep %s: %w", id, err)
		}
		id = fmt.Sprintf("%s-%d", base, n)
	}
}

// Progress is a snapshot of one sweep.
type Progress struct {
	ID     string            `json:"id"`
	Status store.SweepStatus `json:"status"`
	// Planning is true while the registries are read and jobs published;
	// Ecosystem while the post-sweep ecosystem pass runs.
	Planning  bool `json:"planning"`
	Ecosystem bool `json:"ecosystem,omitempty"`
	// Planned entries; Skipped of them as unchanged; Expected = the jobs
	// that must yield a result (Planned − Skipped); Published jobs.
	Planned   int64 `json:"planned"`
	Skipped   int64 `json:"skipped"`
	Expected  int64 `json:"expected"`
	Published int64 `json:"published"`
	// Done counts expected jobs with a stored result; Failed those whose
	// status is not ok; Stragglers those marked at the deadline.
	Done       int64 `json:"done"`
	Failed     int64 `json:"failed"`
	Stragglers int64 `json:"stragglers"`
	// StoreMissing counts planned scan keys KV recorded as scanned but the
	// store lacked (scanned again); KVMissing those the store held but KV
	// lacked (taken from the store). Either means the two disagreed, and
	// Notices says so.
	StoreMissing int64 `json:"store_missing,omitempty"`
	KVMissing    int64 `json:"kv_missing,omitempty"`
	// Notices are messages the operator must see (store and KV disagreeing,
	// a store fault that ended the sweep).
	Notices    []string  `json:"notices,omitempty"`
	StartedAt  time.Time `json:"started_at"`
	DeadlineAt time.Time `json:"deadline_at"`
	FinishedAt time.Time `json:"finished_at,omitzero"`
}

// Finished reports whether the sweep has ended.
func (p Progress) Finished() bool { return p.Status != "" && p.Status != store.SweepRunning }

// jobMeta is what the coordinator keeps of an outstanding job.
type jobMeta struct {
	name, version, pkgType, scanKey string
	sources                         []string
	// aliases are the other names the job's result is stored under.
	aliases []alias
}

// tracker follows one sweep.
type tracker struct {
	mu       sync.Mutex
	p        Progress
	planned  map[string]*jobMeta // outstanding expected jobs
	resulted map[string]bool     // job IDs with a stored result
	keys     []string            // scan keys of every planned entry (the sweep's members)
	sources  []string            // names of the sources the sweep pulls (set by Start)
	doneCh   chan struct{}       // closed when the sweep is finished (after the post-sweep pass)
	// scannedCh is closed when every job is accounted for (or the deadline
	// passed); how says which. The sweep stays running until Wait has run
	// the post-sweep pass, so a coordinator that dies during the pass
	// resumes the sweep and runs it again.
	scannedCh chan struct{}
	scanned   bool
	how       string
	deadlined bool
	finishing sync.Mutex // one Wait at a time runs the pass and finishes
	failErr   error      // why the sweep ended as failed (see failSweep)
	// key makes the attempt tokens of the sweep's jobs (attemptToken); it
	// is kept in the sweep's KV record so a restarted coordinator checks
	// the results of jobs its predecessor published.
	key      []byte
	dirty    bool
	lastSave time.Time
}

// sweepRecord is the value kept under a sweep ID in KV mcpgauge-sweeps.
// Key (hex) is the sweep's attempt key: what lets the coordinator tell
// the results of jobs it planned from forged ones, so only the
// coordinator may read the bucket.
type sweepRecord struct {
	Progress
	Sources []string `json:"sources"`
	Key     string   `json:"key,omitempty"`
}

func (c *Coordinator) track(id string) *tracker {
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.tracked[id]
	if !ok {
		t = &tracker{planned: map[string]*jobMeta{}, resulted: map[string]bool{}, doneCh: make(chan struct{}),
			scannedCh: make(chan struct{})}
		t.p.ID = id
		c.tracked[id] = t
	}
	return t
}

func (c *Coordinator) tracker(id string) *tracker {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.tracked[id]
}

// Progress returns the progress of a sweep this coordinator tracks, or
// the last recorded progress from KV.
func (c *Coordinator) Progress(ctx context.Context, id string) (Progress, error) {
	if t := c.tracker(id); t != nil {
		t.mu.Lock()
		defer t.mu.Unlock()
		return t.p, nil
	}
	rec, err := c.loadRecord(ctx, id)
	if err != nil {
		return Progress{}, err
	}
	return rec.Progress, nil
}

// Done returns a channel closed when the sweep ends (nil if not tracked).
func (c *Coordinator) Done(id string) <-chan struct{} {
	if t := c.tracker(id); t != nil {
		return t.doneCh
	}
	return nil
}

func (c *Coordinator) loadRecord(ctx context.Context, id string) (sweepRecord, error) {
	e, err := c.sweeps.Get(ctx, id)
	if err != nil {
		return sweepRecord{}, fmt.Errorf("sweep %s: %w", id, err)
	}
	var rec sweepRecord
	if err := json.Unmarshal(e.Value, &rec); err != nil {
		return sweepRecord{}, fmt.Errorf("sweep %s: %w: %v", id, errBadRecord, err)
	}
	return rec, nil
}

// errBadRecord is a sweep record that does not decode.
var errBadRecord = errors.New("bad record")

// decodeSweepKey reads a recorded attempt key; nil unless it is one.
func decodeSweepKey(recorded string) []byte {
	if k, err := hex.DecodeString(recorded); err == nil && len(k) == sweepKeyBytes {
		return k
	}
	return nil
}

// Running lists the sweeps recorded as running in KV mcpgauge-sweeps.
func (c *Coordinator) Running(ctx context.Context) ([]string, error) {
	keys, err := c.sweeps.Keys(ctx)
	if err != nil {
		return nil, fmt.Errorf("list sweeps: %w", err)
	}
	var ids []string
	for _, k := range keys {
		rec, err := c.loadRecord(ctx, k)
		if err == nil && rec.Status == store.SweepRunning {
			ids = append(ids, k)
		}
	}
	return ids, nil
}

// Start begins (or resumes) sweep id: it records the sweep, pulls the
// sources, plans and publishes the jobs, and returns once publishing is
// done. The sweep then completes as Ingest stores its results (or at its
// deadline). Starting a sweep that is already finished is an error;
// starting one that is running resumes it: jobs whose result is already
// stored count as done and the rest are republished (the jobs stream
// drops duplicates by job ID).
func (c *Coordinator) Start(ctx context.Context, id string) error {
	if err := schema.ValidSweepID(id); err != nil {
		return err
	}
	now := c.cfg.Now()
	var names []string
	for _, s := range c.cfg.Sources {
		names = append(names, s.Name())
	}
	rec, err := c.loadRecord(ctx, id)
	resume := err == nil
	if resume && rec.Status != store.SweepRunning {
		return fmt.Errorf("sweep %s already finished (%s)", id, rec.Status)
	}
	t := c.track(id)
	if err := c.keyFor(id, t, rec.Key, resume); err != nil {
		return err
	}
	t.mu.Lock()
	if resume {
		t.p.StartedAt, t.p.DeadlineAt = rec.StartedAt, rec.DeadlineAt
		t.p.Stragglers = rec.Stragglers
	} else {
		t.p.StartedAt, t.p.DeadlineAt = now, now.Add(c.cfg.SweepDeadline)
	}
	t.p.Status, t.p.Planning = store.SweepRunning, true
	t.p.Planned, t.p.Skipped, t.p.Expected, t.p.Published = 0, 0, 0, 0
	t.p.StoreMissing, t.p.KVMissing, t.p.Notices = 0, 0, nil
	t.keys = t.keys[:0]
	t.sources = names
	t.mu.Unlock()
	if !resume {
		err := c.cfg.Store.BeginSweep(ctx, store.Sweep{ID: id, Status: store.SweepRunning, Registries: names,
			ScannerVersion: c.cfg.ScannerVersion, StartedAt: now})
		if err != nil && !errors.Is(err, store.ErrExists) {
			return fmt.Errorf("sweep %s: record in store: %w", id, err)
		}
		c.cfg.Log.Info("sweep started", "sweep", id, "sources", strings.Join(names, ","))
	} else {
		c.cfg.Log.Info("sweep resumed", "sweep", id)
	}
	if err := c.save(ctx, id, t); err != nil {
		return err
	}
	planErr := c.plan(ctx, id, t)
	t.mu.Lock()
	t.p.Planning = false
	t.dirty = true
	t.mu.Unlock()
	if err := c.save(ctx, id, t); err != nil {
		return err
	}
	if planErr != nil {
		var pe *pullError
		if errors.As(planErr, &pe) && !resume && ctx.Err() == nil {
			// Nothing was published: no later run may resume this sweep.
			c.failStart(ctx, id, t)
		}
		return planErr
	}
	c.maybeFinish(ctx, id, t)
	return nil
}

// keyFor gives tracker t of sweep id its attempt key: the one it has, the
// one recorded in KV (recorded, hex, when resume), or a new one.
func (c *Coordinator) keyFor(id string, t *tracker, recorded string, resume bool) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.key != nil {
		return nil
	}
	if k := decodeSweepKey(recorded); resume && k != nil {
		t.key = k
		return nil
	}
	if resume {
		c.cfg.Log.Warn("resumed sweep has no usable attempt key (recorded by an older coordinator?): results of the jobs queued before are refused, and those jobs are marked at the deadline", "sweep", id)
	}
	k, err := newSweepKey()
	if err != nil {
		return err
	}
	t.key = k
	return nil
}

// failStart records a new sweep whose pull failed as failed, in KV and
// the store, so that no later run resumes it (with other sources, even).
func (c *Coordinator) failStart(ctx context.Context, id string, t *tracker) {
	now := c.cfg.Now()
	t.mu.Lock()
	t.p.Status, t.p.FinishedAt = store.SweepFailed, now
	t.dirty = true
	t.mu.Unlock()
	if err := c.save(ctx, id, t); err != nil {
		c.cfg.Log.Error("save failed sweep", "sweep", id, "err", err)
	}
	if err := c.cfg.Store.FinishSweep(ctx, id, store.SweepFailed, now); err != nil {
		c.cfg.Log.Error("finish failed sweep in store", "sweep", id, "err", err)
	}
	c.cfg.Log.Warn("sweep failed before publishing a job: its registry pull failed", "sweep", id)
	close(t.doneCh)
}

// save writes the sweep's progress to KV and the store.
func (c *Coordinator) save(ctx context.Context, id string, t *tracker) error {
	t.mu.Lock()
	rec := sweepRecord{Progress: t.p, Sources: t.sources, Key: hex.EncodeToString(t.key)}
	t.dirty = false
	t.lastSave = c.cfg.Now()
	t.mu.Unlock()
	b, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("sweep %s: encode record: %w", id, err)
	}
	if _, err := c.sweeps.Put(ctx, id, b); err != nil {
		return fmt.Errorf("sweep %s: save progress: %w", id, err)
	}
	if err := c.cfg.Store.UpdateSweep(ctx, id, store.SweepProgress{Planned: rec.Planned, Published: rec.Published,
		Skipped: rec.Skipped, Failed: rec.Failed}); err != nil {
		return fmt.Errorf("sweep %s: save progress in store: %w", id, err)
	}
	if m := c.cfg.Metrics; m != nil {
		m.SweepJobs.WithLabelValues("expected").Set(float64(rec.Expected))
		m.SweepJobs.WithLabelValues("done").Set(float64(rec.Done))
		m.SweepJobs.WithLabelValues("failed").Set(float64(rec.Failed))
		m.SweepJobs.WithLabelValues("skipped").Set(float64(rec.Skipped))
	}
	return nil
}

// maybeFinish ends the sweep's scanning when every expected job has a
// result.
func (c *Coordinator) maybeFinish(ctx context.Context, id string, t *tracker) {
	t.mu.Lock()
	complete := !t.p.Planning && t.p.Status == store.SweepRunning && t.p.Done >= t.p.Expected
	t.mu.Unlock()
	if complete {
		c.endScanning(ctx, id, t)
	}
}

// endScanning marks every job of the sweep accounted for and purges the
// jobs still queued; Wait then runs the post-sweep pass and finishes it.
func (c *Coordinator) endScanning(ctx context.Context, id string, t *tracker) {
	t.mu.Lock()
	if t.scanned || t.p.Status != store.SweepRunning {
		t.mu.Unlock()
		return
	}
	t.scanned, t.how = true, "complete"
	if t.deadlined {
		t.how = "deadline"
	}
	t.mu.Unlock()
	// Jobs of a finished sweep that are still queued would only waste scans.
	if err := c.jobs.Purge(ctx, jetstream.WithPurgeSubject(schema.JobSubject(id))); err != nil {
		c.cfg.Log.Warn("purge finished sweep's jobs", "sweep", id, "err", err)
	}
	close(t.scannedCh)
}

// finish records the sweep as done (KV, store, metrics) and closes doneCh.
func (c *Coordinator) finish(ctx context.Context, id string, t *tracker) {
	now := c.cfg.Now()
	t.mu.Lock()
	if t.p.Status != store.SweepRunning {
		t.mu.Unlock()
		return
	}
	t.p.Status, t.p.FinishedAt = store.SweepDone, now
	how := t.how
	t.mu.Unlock()
	if err := c.save(ctx, id, t); err != nil {
		c.cfg.Log.Error("save finished sweep", "sweep", id, "err", err)
	}
	if err := c.cfg.Store.FinishSweep(ctx, id, store.SweepDone, now); err != nil {
		c.cfg.Log.Error("finish sweep in store", "sweep", id, "err", err)
	}
	if m := c.cfg.Metrics; m != nil {
		m.SweepsFinished.WithLabelValues(how).Inc()
	}
	p, _ := c.Progress(ctx, id)
	c.cfg.Log.Info("sweep finished", "sweep", id, "how", how, "expected", p.Expected, "done", p.Done,
		"failed", p.Failed, "skipped", p.Skipped)
	close(t.doneCh)
}

// Wait blocks until sweep id ends, marking its stragglers at the deadline,
// then runs the post-sweep ecosystem pass (when configured) and records the
// sweep as done. If ctx ends first, the sweep stays running (a restarted
// coordinator resumes it, pass included). Ingest must be running for the
// sweep to complete.
func (c *Coordinator) Wait(ctx context.Context, id string) (Progress, error) {
	t := c.tracker(id)
	if t == nil {
		return Progress{}, fmt.Errorf("sweep %s is not tracked by this coordinator", id)
	}
	p, err := c.wait(ctx, id, t)
	t.mu.Lock()
	ferr := t.failErr
	t.mu.Unlock()
	if err == nil && ferr != nil {
		err = fmt.Errorf("sweep %s failed: %w", id, ferr)
	}
	return p, err
}

func (c *Coordinator) wait(ctx context.Context, id string, t *tracker) (Progress, error) {
	t.mu.Lock()
	deadline := t.p.DeadlineAt
	t.mu.Unlock()
	timer := time.NewTimer(max(time.Until(deadline), 0))
	defer timer.Stop()
	select {
	case <-t.scannedCh:
	case <-t.doneCh:
		return c.Progress(ctx, id)
	case <-ctx.Done():
		return c.Progress(context.Background(), id)
	case <-timer.C:
		t.mu.Lock()
		t.deadlined = true
		t.mu.Unlock()
		if err := c.markStragglers(ctx, id, t); err != nil {
			return c.Progress(ctx, id)
		}
		c.endScanning(ctx, id, t)
	}
	t.finishing.Lock()
	select {
	case <-t.doneCh: // another Wait finished it meanwhile
	default:
		t.mu.Lock()
		running := t.p.Status == store.SweepRunning
		t.mu.Unlock()
		if running && c.afterSweep(ctx, id) {
			c.finish(ctx, id, t)
		}
	}
	t.finishing.Unlock()
	return c.Progress(context.Background(), id)
}

// markStragglers stores a worker_error result (reason "deadline") for every
// expected job without a result.
func (c *Coordinator) markStragglers(ctx context.Context, id string, t *tracker) error {
	now := c.cfg.Now()
	t.mu.Lock()
	var rs []schema.Result
	for jobID, m := range t.planned {
		rs = append(rs, schema.Result{SchemaVersion: schema.Version, JobID: jobID, SweepID: id, Name: m.name,
			Version: m.version, Sources: m.sources, PackageType: m.pkgType, ScanKey: m.scanKey,
			Status: schema.StatusWorkerError, Reason: DeadlineReason, ScannerVersion: c.cfg.ScannerVersion,
			WorkerID: "coordinator", StartedAt: now, FinishedAt: now})
	}
	t.mu.Unlock()
	for len(rs) > 0 {
		n := min(len(rs), c.cfg.BatchSize)
		if _, err := c.cfg.Store.InsertResults(ctx, c.withAliases(rs[:n])); err != nil {
			return fmt.Errorf("sweep %s: store deadline results: %w", id, err)
		}
		c.account(ctx, rs[:n])
		if m := c.cfg.Metrics; m != nil {
			m.Stragglers.Add(float64(n))
		}
		t.mu.Lock()
		t.p.Stragglers += int64(n)
		t.mu.Unlock()
		rs = rs[n:]
	}
	return nil
}

// account updates the trackers for stored results.
func (c *Coordinator) account(ctx context.Context, rs []schema.Result) {
	touched := map[string]*tracker{}
	for _, r := range rs {
		t := c.tracker(r.SweepID)
		if t == nil {
			continue
		}
		t.mu.Lock()
		if !t.resulted[r.JobID] {
			t.resulted[r.JobID] = true
			if _, ok := t.planned[r.JobID]; ok {
				delete(t.planned, r.JobID)
				t.p.Done++
				if r.Status != schema.StatusOK {
					t.p.Failed++
				}
			}
			t.dirty = true
		}
		t.mu.Unlock()
		touched[r.SweepID] = t
	}
	for id, t := range touched {
		t.mu.Lock()
		due := t.dirty && c.cfg.Now().Sub(t.lastSave) >= time.Second
		t.mu.Unlock()
		if due {
			if err := c.save(ctx, id, t); err != nil {
				c.cfg.Log.Warn("save sweep progress", "sweep", id, "err", err)
			}
		}
		c.maybeFinish(ctx, id, t)
	}
}

// Flush saves the progress of every tracked sweep with unsaved changes.
func (c *Coordinator) Flush(ctx context.Context) {
	c.mu.Lock()
	ids := make(map[string]*tracker, len(c.tracked))
	for id, t := range c.tracked {
		ids[id] = t
	}
	c.mu.Unlock()
	for id, t := range ids {
		t.mu.Lock()
		dirty := t.dirty
		t.mu.Unlock()
		if dirty {
			if err := c.save(ctx, id, t); err != nil {
				c.cfg.Log.Warn("save sweep progress", "sweep", id, "err", err)
			}
		}
	}
}

// Run starts sweep id and waits for it to end (Ingest must be running),
// post-sweep pass included.
func (c *Coordinator) Run(ctx context.Context, id string) (Progress, error) {
	if err := c.Start(ctx, id); err != nil {
		p, _ := c.Progress(context.Background(), id)
		return p, err
	}
	return c.Wait(ctx, id)
}

// afterSweep runs the ecosystem pass, if configured, and logs its outcome.
// It reports whether the sweep may be recorded as done: not when ctx ended
// (the pass runs again when the sweep resumes). A pass that fails for any
// other reason is logged, and the sweep's results stand.
func (c *Coordinator) afterSweep(ctx context.Context, id string) bool {
	if ctx.Err() != nil {
		return false
	}
	if c.cfg.Ecosystem == nil {
		return true
	}
	if t := c.tracker(id); t != nil {
		t.mu.Lock()
		t.p.Ecosystem = true
		t.mu.Unlock()
		defer func() {
			t.mu.Lock()
			t.p.Ecosystem = false
			t.mu.Unlock()
		}()
	}
	if _, err := c.Ecosystem(ctx, id); err != nil {
		if ctx.Err() != nil {
			c.cfg.Log.Warn("ecosystem pass interrupted; it runs again when the sweep resumes", "sweep", id)
			return false
		}
		c.cfg.Log.Error("ecosystem pass failed", "sweep", id, "err", err)
	}
	return true
}

// Resume restarts tracking of every sweep recorded as running (after a
// coordinator restart) and waits for them in the background. It returns
// the resumed IDs.
func (c *Coordinator) Resume(ctx context.Context) ([]string, error) {
	ids, err := c.Running(ctx)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		if err := c.Start(ctx, id); err != nil {
			return ids, fmt.Errorf("resume sweep %s: %w", id, err)
		}
		go func() { _, _ = c.Wait(ctx, id) }()
	}
	return ids, nil
}
