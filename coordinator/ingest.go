package coordinator

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/ctxsleep"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/schema"
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
	for ctx.Err() == nil {
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

func (c *Coordinator) ingestBatch(ctx context.Context, msgs []jetstream.Msg) error {
	results := make([]schema.Result, 0, len(msgs))
	keep := make([]jetstream.Msg, 0, len(msgs))
	seen := map[string]int{}
	for _, m := range msgs {
		r, err := schema.DecodeResult(m.Data())
		if err != nil {
			c.cfg.Log.Warn("ingest: bad result message terminated", "subject", m.Subject(), "err", err)
			if mt := c.cfg.Metrics; mt != nil {
				mt.ResultsInvalid.Inc()
			}
			_ = m.TermWithReason("invalid result: " + clipStr(err.Error(), 200))
			continue
		}
		keep = append(keep, m)
		if i, dup := seen[r.JobID]; dup { // a redelivered duplicate in the same batch
			if r.FinishedAt.After(results[i].FinishedAt) {
				results[i] = r
			}
			continue
		}
		seen[r.JobID] = len(results)
		results = append(results, r)
	}
	if len(results) > 0 {
		if err := c.storeWithRetry(ctx, results, keep); err != nil {
			return err
		}
		c.recordScans(ctx, results)
		c.account(ctx, results)
		if mt := c.cfg.Metrics; mt != nil {
			mt.IngestBatchSize.Observe(float64(len(results)))
			for _, r := range results {
				mt.ResultsIngested.WithLabelValues(string(r.Status)).Inc()
			}
		}
	}
	for _, m := range keep {
		if err := m.Ack(); err != nil {
			c.cfg.Log.Warn("ingest: ack", "err", err) // redelivered; the store dedupes
		}
	}
	return nil
}

// storeWithRetry inserts the batch, retrying with backoff while the store
// is down and telling JetStream the messages are still in progress.
func (c *Coordinator) storeWithRetry(ctx context.Context, results []schema.Result, msgs []jetstream.Msg) error {
	receipts := c.receipts(ctx, results)
	backoff := 250 * time.Millisecond
	for attempt := 1; ; attempt++ {
		start := time.Now()
		wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		err := c.write(wctx, results, receipts)
		cancel()
		if mt := c.cfg.Metrics; mt != nil {
			mt.StoreWriteTime.Observe(time.Since(start).Seconds())
		}
		if err == nil {
			if attempt > 1 {
				c.cfg.Log.Info("ingest: store write succeeded after retries", "attempts", attempt, "results", len(results))
			}
			return nil
		}
		if mt := c.cfg.Metrics; mt != nil {
			mt.StoreWriteErrors.Inc()
		}
		c.cfg.Log.Warn("ingest: store write failed; retrying", "attempt", attempt, "results", len(results), "err", err)
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
			Name: r.Name, Version: r.Version}
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
			Status: schema.StatusWorkerError, Reason: fmt.Sprintf("no worker finished the job in %d deliveries", deliveries),
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
