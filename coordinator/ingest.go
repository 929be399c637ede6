package coordinator

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"syscall"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/ctxsleep"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// Ingest consumes MCPGAUGE_RESULTS through the durable consumer
// "coordinator" in batches (BatchSize results or BatchWait), stores each
// batch, records the scan keys in KV mcpgauge-scans, updates the sweeps,
// and only then acknowledges the messages. A failed store write is retried
// (the messages are kept in progress) until it succeeds or ctx ends, so a
// store outage loses nothing. It returns when ctx ends.
func (c *Coordinator) Ingest(ctx context.Context) error {
	cons, err := c.cfg.JS.Consumer(ctx, schema.ResultsStream, schema.IngestConsumer)
	if err != nil {
		return fmt.Errorf("ingest: consumer %s: %w", schema.IngestConsumer, err)
	}
	var health jsHealth
	for ctx.Err() == nil {
		c.checkJetStream(ctx, &health)
		batch, err := cons.Fetch(c.cfg.BatchSize, jetstream.FetchMaxWait(c.cfg.BatchWait))
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			c.cfg.Log.Warn("ingest: fetch", "err", err)
			_ = ctxsleep.Sleep(ctx, time.Second)
			continue
		}
		var msgs []jetstream.Msg
		for m := range batch.Messages() {
			msgs = append(msgs, m)
		}
		if err := batch.Error(); err != nil && !errors.Is(err, nats.ErrTimeout) && ctx.Err() == nil && len(msgs) == 0 {
			c.cfg.Log.Debug("ingest: batch", "err", err)
		}
		if len(msgs) == 0 {
			c.Flush(ctx)
			continue
		}
		if err := c.ingestBatch(ctx, msgs); err != nil {
			if ctx.Err() != nil {
				break
			}
			c.cfg.Log.Warn("ingest: batch", "err", err)
		}
	}
	c.Flush(context.Background())
	return nil
}

// IngestMessages stores a batch of result messages and acknowledges them
// (the step Ingest repeats; exported for benchmarks of the ingest path).
func (c *Coordinator) IngestMessages(ctx context.Context, msgs []jetstream.Msg) error {
	return c.ingestBatch(ctx, msgs)
}

// ingestBatch stores the results of a batch that the coordinator planned
// (see admit) and acknowledges them; every other result is refused
// (counted, logged within a bound, terminated), never stored or signed.
func (c *Coordinator) ingestBatch(ctx context.Context, msgs []jetstream.Msg) error {
	var cands []candidate
	for _, m := range msgs {
		r, err := schema.DecodeResult(m.Data())
		if err != nil {
			c.cfg.Log.Warn("ingest: bad result message terminated", "subject", clipStr(m.Subject(), 100), "err", err)
			if mt := c.cfg.Metrics; mt != nil {
				mt.ResultsInvalid.Inc()
			}
			_ = m.TermWithReason("invalid result: " + clipStr(err.Error(), 200))
			continue
		}
		// The cache section is written only once the result is admitted
		// and stored (fillCaches), and is never stored or signed itself.
		fill := r.Cache
		r.Cache = nil
		cands = append(cands, candidate{r: r, m: m, fill: fill})
	}
	gates := map[string]sweepGate{}
	for _, cd := range cands {
		if _, ok := gates[cd.r.SweepID]; ok {
			continue
		}
		g, err := c.gate(ctx, cd.r.SweepID)
		if err != nil { // KV cannot answer: judge the batch later
			for _, cd := range cands {
				_ = cd.m.NakWithDelay(5 * time.Second)
			}
			return fmt.Errorf("ingest: %w", err)
		}
		gates[cd.r.SweepID] = g
	}
	admitted := cands[:0]
	inBatch := map[string]bool{}
	for _, cd := range cands {
		if why := c.admit(gates[cd.r.SweepID], cd.m, cd.r, inBatch); why != "" {
			c.reject(cd.m, cd.r, why)
			continue
		}
		inBatch[cd.r.JobID] = true
		admitted = append(admitted, cd)
	}
	if len(admitted) == 0 {
		return nil
	}
	var fresh, again []candidate
	var stored map[string]store.Scan
	signed := receiptCache{}
	err := c.storeWithRetry(ctx, msgsOf(admitted), func(ctx context.Context) error {
		var err error
		if stored, err = c.cfg.Store.ScansByKey(ctx, scanKeysOf(admitted)); err != nil {
			return fmt.Errorf("look up stored scans: %w", err)
		}
		fresh, again = splitStored(admitted, stored)
		rs := resultsOf(fresh)
		setFamilies(rs)
		results := c.withAliases(rs)
		return c.write(ctx, results, signed.of(ctx, c, results))
	})
	if err != nil {
		var fault *StoreFaultError
		if errors.As(err, &fault) {
			// Kept in the results stream: stored when the store can
			// write again (a later run's ingest).
			for _, cd := range admitted {
				_ = cd.m.NakWithDelay(30 * time.Second)
			}
			c.failSweeps(ctx, resultsOf(admitted), fault)
		}
		return err
	}
	// A job already stored: the first result stands. A message the store
	// already holds and that comes again (the coordinator stopped between
	// storing and acknowledging it) is finished, not refused.
	var redelivered []candidate
	for _, cd := range again {
		if md, err := cd.m.Metadata(); err == nil && md.NumDelivered > 1 && sameScan(stored[cd.r.ScanKey], cd.r) {
			redelivered = append(redelivered, cd)
			continue
		}
		c.reject(cd.m, cd.r, RejectDuplicate)
	}
	done := append(fresh, redelivered...)
	c.fillCaches(ctx, fresh)
	results := resultsOf(done)
	c.recordScans(ctx, results)
	c.account(ctx, results)
	if mt := c.cfg.Metrics; mt != nil && len(fresh) > 0 {
		mt.IngestBatchSize.Observe(float64(len(fresh)))
		for _, cd := range fresh {
			mt.ResultsIngested.WithLabelValues(string(cd.r.Status)).Inc()
		}
	}
	for _, cd := range done {
		if err := cd.m.Ack(); err != nil {
			c.cfg.Log.Warn("ingest: ack", "err", err) // redelivered: then a stored duplicate
		}
	}
	return nil
}

// candidate is a decoded result and its message.
type candidate struct {
	r    schema.Result
	m    jetstream.Msg
	fill *schema.CacheFill
}

func msgsOf(cs []candidate) []jetstream.Msg {
	out := make([]jetstream.Msg, len(cs))
	for i, c := range cs {
		out[i] = c.m
	}
	return out
}

func resultsOf(cs []candidate) []schema.Result {
	out := make([]schema.Result, len(cs))
	for i, c := range cs {
		out[i] = c.r
	}
	return out
}

func scanKeysOf(cs []candidate) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.r.ScanKey
	}
	return out
}

// splitStored parts the candidates into those whose job has no stored
// result and those whose job has one: the latest scan of its scan key is
// of its sweep (a sweep plans one job per scan key; the job's aliases
// share it).
func splitStored(cs []candidate, stored map[string]store.Scan) (fresh, again []candidate) {
	for _, c := range cs {
		if sc, ok := stored[c.r.ScanKey]; ok && sc.SweepID == c.r.SweepID {
			again = append(again, c)
			continue
		}
		fresh = append(fresh, c)
	}
	return fresh, again
}

// sameScan reports whether the stored scan (the job's, or an alias's
// copy of it) is r (to the second the stores keep).
func sameScan(sc store.Scan, r schema.Result) bool {
	return sc.SweepID == r.SweepID && sc.Status == r.Status && sc.FinishedAt.Unix() == r.FinishedAt.Unix()
}

// storeWithRetry runs op (a store write) until it succeeds, retrying with
// backoff while the store is down and telling JetStream the messages are
// still in progress; a store that is full or damaged is given up after
// StoreFaultRetries attempts (StoreFaultError).
func (c *Coordinator) storeWithRetry(ctx context.Context, msgs []jetstream.Msg, op func(context.Context) error) error {
	backoff := 250 * time.Millisecond
	faults := 0
	for attempt := 1; ; attempt++ {
		start := time.Now()
		wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		err := op(wctx)
		cancel()
		if mt := c.cfg.Metrics; mt != nil {
			mt.StoreWriteTime.Observe(time.Since(start).Seconds())
		}
		if err == nil {
			if attempt > 1 {
				c.cfg.Log.Info("ingest: store write succeeded after retries", "attempts", attempt, "results", len(msgs))
			}
			return nil
		}
		if mt := c.cfg.Metrics; mt != nil {
			mt.StoreWriteErrors.Inc()
		}
		if errors.Is(err, store.ErrFull) || errors.Is(err, store.ErrDamaged) {
			if faults++; faults >= c.cfg.StoreFaultRetries {
				return &StoreFaultError{Attempts: attempt, Err: err}
			}
		}
		c.cfg.Log.Warn("ingest: store write failed; retrying", "attempt", attempt, "results", len(msgs), "err", err)
		for _, m := range msgs {
			_ = m.InProgress()
		}
		if ctxsleep.Sleep(ctx, backoff) != nil {
			return ctx.Err()
		}
		backoff = min(backoff*2, 5*time.Second)
	}
}

// recordScans stores scan key → last result in KV mcpgauge-scans.
func (c *Coordinator) recordScans(ctx context.Context, results []schema.Result) {
	for _, r := range results {
		if r.ScanKey == "" {
			continue
		}
		rec := schema.ScanRecord{JobID: r.JobID, SweepID: r.SweepID, Status: r.Status, FinishedAt: r.FinishedAt,
			Name: r.Name, Version: r.Version, Aliases: aliasKeys(c.jobAliases(r.SweepID, r.JobID))}
		if r.Snapshot != nil {
			rec.ServerDigest, rec.ToolgaugeDigest = r.Snapshot.ServerDigest, r.Snapshot.ToolgaugeDigest
		}
		b, err := json.Marshal(rec)
		if err != nil {
			continue
		}
		if _, err := c.scans.Put(ctx, r.ScanKey, b); err != nil {
			c.cfg.Log.Warn("ingest: record scan key", "job", r.JobID, "err", err)
		}
	}
}

func clipStr(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// maxDeliveriesAdvisory is the part of a JetStream max-deliveries advisory
// the coordinator reads.
type maxDeliveriesAdvisory struct {
	Stream     string `json:"stream"`
	Consumer   string `json:"consumer"`
	StreamSeq  uint64 `json:"stream_seq"`
	Deliveries int    `json:"deliveries"`
}

// MaxDeliveriesSubject is the advisory JetStream sends when a job has been
// delivered MaxDeliver times without an ack.
func MaxDeliveriesSubject() string {
	return "$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES." + schema.JobsStream + "." + schema.WorkersConsumer
}

// WatchGiveUps listens for max-deliveries advisories on the jobs consumer
// and publishes a worker_error result for each job given up (so no job
// silently vanishes), then deletes the job from the stream. It returns when
// ctx ends.
func (c *Coordinator) WatchGiveUps(ctx context.Context, nc *nats.Conn) error {
	ch := make(chan *nats.Msg, 64)
	sub, err := nc.ChanSubscribe(MaxDeliveriesSubject(), ch)
	if err != nil {
		return fmt.Errorf("subscribe to max-deliveries advisories: %w", err)
	}
	defer func() { _ = sub.Unsubscribe() }()
	for {
		select {
		case <-ctx.Done():
			return nil
		case m := <-ch:
			var adv maxDeliveriesAdvisory
			if err := json.Unmarshal(m.Data, &adv); err != nil {
				continue
			}
			if err := c.giveUp(ctx, adv.StreamSeq, adv.Deliveries); err != nil {
				c.cfg.Log.Warn("give up on job", "seq", adv.StreamSeq, "err", err)
			}
		}
	}
}

func (c *Coordinator) giveUp(ctx context.Context, seq uint64, deliveries int) error {
	raw, err := c.jobs.GetMsg(ctx, seq)
	if err != nil {
		return fmt.Errorf("read job %d: %w", seq, err)
	}
	job, err := schema.DecodeJob(raw.Data)
	if err == nil {
		now := c.cfg.Now()
		r := schema.Result{SchemaVersion: schema.Version, JobID: job.JobID, SweepID: job.SweepID, Name: job.Name,
			Version: job.Version, Sources: job.Sources, PackageType: job.PackageType, ScanKey: job.ScanKey,
			Attempt: job.Attempt, Status: schema.StatusWorkerError, Reason: fmt.Sprintf("no worker finished the job in %d deliveries", deliveries),
			ScannerVersion: c.cfg.ScannerVersion, WorkerID: "coordinator", StartedAt: now, FinishedAt: now}
		data, err := r.Encode()
		if err != nil {
			return err
		}
		if _, err := c.cfg.JS.Publish(ctx, schema.ResultSubject(job.SweepID), data, jetstream.WithMsgID(job.JobID)); err != nil {
			return fmt.Errorf("publish give-up result: %w", err)
		}
		if m := c.cfg.Metrics; m != nil {
			m.GaveUp.Inc()
		}
	}
	if err := c.jobs.DeleteMsg(ctx, seq); err != nil {
		return fmt.Errorf("delete job %d: %w", seq, err)
	}
	return nil
}

// WatchQueue polls the two consumers' pending counts into the metrics
// every interval until ctx ends.
func (c *Coordinator) WatchQueue(ctx context.Context, interval time.Duration) {
	if c.cfg.Metrics == nil {
		return
	}
	for {
		for _, p := range [][2]string{{schema.JobsStream, schema.WorkersConsumer}, {schema.ResultsStream, schema.IngestConsumer}} {
			cons, err := c.cfg.JS.Consumer(ctx, p[0], p[1])
			if err != nil {
				continue
			}
			info, err := cons.Info(ctx)
			if err != nil {
				continue
			}
			c.cfg.Metrics.QueuePending.WithLabelValues(p[1]).Set(float64(info.NumPending))
			c.cfg.Metrics.QueueAckPending.WithLabelValues(p[1]).Set(float64(info.NumAckPending))
		}
		if ctxsleep.Sleep(ctx, interval) != nil {
			return
		}
	}
}

// StoreFaultError is a store write given up because the store is full or
// damaged (store.ErrFull, store.ErrDamaged): retrying would never end.
type StoreFaultError struct {
	// Attempts is how many writes were tried.
	Attempts int
	Err      error
}

func (e *StoreFaultError) Error() string {
	return fmt.Sprintf("gave up storing results after %d attempts: %v", e.Attempts, e.Err)
}

func (e *StoreFaultError) Unwrap() error { return e.Err }

// failSweeps ends every running sweep with a result in results as failed.
func (c *Coordinator) failSweeps(ctx context.Context, results []schema.Result, err error) {
	seen := map[string]bool{}
	for _, r := range results {
		if seen[r.SweepID] {
			continue
		}
		seen[r.SweepID] = true
		if t := c.tracker(r.SweepID); t != nil {
			c.failSweep(ctx, r.SweepID, t, err)
		}
	}
}

// failSweep ends a running sweep as failed because of err: it is recorded
// (as far as the store and KV still write), its queued jobs are purged, a
// notice says why, and Wait returns err. The results not stored stay in
// the results stream and are stored when the store can write again.
func (c *Coordinator) failSweep(ctx context.Context, id string, t *tracker, err error) {
	now := c.cfg.Now()
	t.mu.Lock()
	if t.p.Status != store.SweepRunning {
		t.mu.Unlock()
		return
	}
	t.p.Status, t.p.FinishedAt, t.failErr = store.SweepFailed, now, err
	t.dirty = true
	closeScanned := !t.scanned
	t.scanned, t.how = true, "failed"
	t.mu.Unlock()
	c.notice(t, fmt.Sprintf("sweep %s stopped: %v (results not yet stored stay in JetStream and are stored by the next run)", id, err))
	if perr := c.jobs.Purge(ctx, jetstream.WithPurgeSubject(schema.JobSubject(id))); perr != nil {
		c.cfg.Log.Warn("purge failed sweep's jobs", "sweep", id, "err", perr)
	}
	if serr := c.save(ctx, id, t); serr != nil {
		c.cfg.Log.Error("save failed sweep", "sweep", id, "err", serr)
	}
	if ferr := c.cfg.Store.FinishSweep(ctx, id, store.SweepFailed, now); ferr != nil {
		c.cfg.Log.Error("record failed sweep in store", "sweep", id, "err", ferr)
	}
	if m := c.cfg.Metrics; m != nil {
		m.SweepsFinished.WithLabelValues("failed").Inc()
	}
	if closeScanned {
		close(t.scannedCh)
	}
	close(t.doneCh)
}

// ErrJetStreamDisabled: the NATS server turned JetStream off, which it does
// when it cannot write its store (a full disk). Nothing can be queued or
// recorded until it restarts.
var ErrJetStreamDisabled = errors.New("JetStream is disabled on the NATS server (it turns itself off when the disk holding its store is full): free space and restart it")

// jsHealth follows how long JetStream has answered "not enabled".
type jsHealth struct {
	lastCheck, downSince time.Time
	downChecks           int
}

// jsDownFor is how long JetStream must stay disabled (over at least three
// checks) before the running sweeps are ended: a server starting up may
// answer "not enabled" for a moment.
const jsDownFor = 5 * time.Second

// checkJetStream asks the server, at most every second, whether JetStream
// is still enabled, and checks the free space of Config.WatchDirs. Once
// either has been failing for jsDownFor, every running sweep ends as
// failed with ErrJetStreamDisabled or ErrDiskFull: JetStream on a full
// disk stops acknowledging writes, so waiting would never end.
func (c *Coordinator) checkJetStream(ctx context.Context, h *jsHealth) {
	now := time.Now()
	if now.Sub(h.lastCheck) < time.Second {
		return
	}
	h.lastCheck = now
	actx, cancel := context.WithTimeout(ctx, 5*time.Second)
	_, err := c.cfg.JS.AccountInfo(actx)
	cancel()
	switch {
	case errors.Is(err, jetstream.ErrJetStreamNotEnabled), errors.Is(err, jetstream.ErrJetStreamNotEnabledForAccount):
		err = fmt.Errorf("%w: %v", ErrJetStreamDisabled, err)
	default:
		err = c.diskFull()
	}
	if err == nil {
		h.downChecks, h.downSince = 0, time.Time{}
		return
	}
	if h.downChecks == 0 {
		h.downSince = now
	}
	h.downChecks++
	if h.downChecks < 3 || now.Sub(h.downSince) < jsDownFor {
		return
	}
	c.mu.Lock()
	ids := make(map[string]*tracker, len(c.tracked))
	for id, t := range c.tracked {
		ids[id] = t
	}
	c.mu.Unlock()
	for id, t := range ids {
		c.failSweep(ctx, id, t, err)
	}
}

// ErrDiskFull: a watched directory's disk (Config.WatchDirs) is full.
var ErrDiskFull = errors.New("disk full")

// MinFreeBytes is the free space below which a watched disk counts as full.
const MinFreeBytes = 1 << 20

// diskFull reports the first watched directory whose disk has less than
// MinFreeBytes free.
func (c *Coordinator) diskFull() error {
	for _, dir := range c.cfg.WatchDirs {
		var fs syscall.Statfs_t
		if err := syscall.Statfs(dir, &fs); err != nil {
			continue
		}
		if free := fs.Bavail * uint64(fs.Bsize); free < MinFreeBytes {
			return fmt.Errorf("%w: the disk holding %s has %d bytes free; JetStream and the store cannot write: free space and run again", ErrDiskFull, dir, free)
		}
	}
	return nil
}
