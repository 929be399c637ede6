package coordinator

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// lookupChunk is how many planned jobs are looked up in KV and the store
// at a time.
const lookupChunk = 500

// buildJobs turns targets into jobs of sweep id, each with its attempt
// token under key, logging (and leaving out) entries that cannot be
// planned; it clears the targets it used. Its aliases maps a job ID to
// the other names its result is stored under.
func (c *Coordinator) buildJobs(id string, key []byte, targets []registry.Target, now time.Time) ([]schema.Job, map[string][]alias) {
	jobs := make([]schema.Job, 0, len(targets))
	aliases := map[string][]alias{}
	for i := range targets {
		tg := targets[i]
		targets[i] = registry.Target{} // planned: let the entry go
		job, err := c.BuildJob(id, tg, now)
		if err != nil {
			c.cfg.Log.Warn("cannot plan entry", "entry", tg.Server.Key(), "err", err)
			continue
		}
		if as := aliasesOf(tg); len(as) > 0 {
			aliases[job.JobID] = as
		}
		job.Attempt = attemptToken(key, id, job.JobID, job.ScanKey)
		jobs = append(jobs, job)
	}
	return jobs, aliases
}

// lookupScans returns the scan record of every job's scan key that has
// one, checking KV mcpgauge-scans against the store, which is the truth:
//
//   - a key KV records but the store lacks (the store file was deleted,
//     truncated or replaced) is scanned again and counted in StoreMissing;
//   - a key the store holds but KV lacks (the JetStream directory was
//     deleted) takes the store's record, which is written back to KV, and
//     is counted in KVMissing.
//
// A store that cannot answer fails the plan: skipping or rescanning
// blindly would both be wrong.
func (c *Coordinator) lookupScans(ctx context.Context, id string, t *tracker, jobs []schema.Job) (map[string]schema.ScanRecord, error) {
	keys := make([]string, 0, len(jobs))
	for _, j := range jobs {
		keys = append(keys, j.ScanKey)
	}
	stored, err := c.cfg.Store.ScansByKey(ctx, keys)
	if err != nil {
		return nil, fmt.Errorf("sweep %s: read the store's scans: %w", id, err)
	}
	out := make(map[string]schema.ScanRecord, len(keys))
	var storeMissing, kvMissing int64
	for _, key := range keys {
		rec, inKV, err := c.lookupScan(ctx, key)
		if err != nil {
			return nil, err
		}
		sc, inStore := stored[key]
		switch {
		case inKV && !inStore:
			storeMissing++ // scan it again
			continue
		case inKV && sc.JobID != rec.JobID && sc.SweepID == rec.SweepID && sc.FinishedAt.Sub(rec.FinishedAt).Abs() < time.Second:
			// The store's row is a copy of the same scan under an alias
			// (withAliases; ClickHouse keeps whole seconds): KV's record,
			// which lists the aliases, stands.
		case inKV && sc.JobID != rec.JobID:
			// The store's latest scan of the key stands; when KV names a
			// later one, the store lost it.
			if rec.FinishedAt.After(sc.FinishedAt) {
				storeMissing++
			}
			rec = c.recordFromStore(ctx, sc)
		case !inKV && inStore:
			kvMissing++
			rec = c.recordFromStore(ctx, sc)
			if b, err := json.Marshal(rec); err == nil {
				if _, err := c.scans.Put(ctx, key, b); err != nil {
					c.cfg.Log.Warn("restore scan key in KV", "key", key, "err", err)
				}
			}
		case !inKV:
			continue
		}
		out[key] = rec
	}
	if storeMissing > 0 || kvMissing > 0 {
		t.mu.Lock()
		t.p.StoreMissing += storeMissing
		t.p.KVMissing += kvMissing
		t.mu.Unlock()
	}
	return out, nil
}

// recordFromStore rebuilds a scan key's KV record from the store (with the
// tool digests of an ok scan's stored result, for the ecosystem pass).
func (c *Coordinator) recordFromStore(ctx context.Context, sc store.Scan) schema.ScanRecord {
	rec := schema.ScanRecord{JobID: sc.JobID, SweepID: sc.SweepID, Status: sc.Status, FinishedAt: sc.FinishedAt,
		Name: sc.Name, Version: sc.Version, ServerDigest: sc.ServerDigest}
	if sc.Status == schema.StatusOK {
		if r, err := c.cfg.Store.Result(ctx, sc.JobID); err == nil && r.Snapshot != nil {
			rec.ServerDigest, rec.ToolgaugeDigest = r.Snapshot.ServerDigest, r.Snapshot.ToolgaugeDigest
		}
	}
	return rec
}

// lookupScan returns the KV record of a scan key, if any.
func (c *Coordinator) lookupScan(ctx context.Context, key string) (schema.ScanRecord, bool, error) {
	e, err := c.scans.Get(ctx, key)
	if errors.Is(err, natsbus.ErrNotFound) {
		return schema.ScanRecord{}, false, nil
	}
	if err != nil {
		return schema.ScanRecord{}, false, fmt.Errorf("scan key %s: %w", key, err)
	}
	var rec schema.ScanRecord
	if err := json.Unmarshal(e.Value, &rec); err != nil {
		return schema.ScanRecord{}, false, nil // unreadable: scan again
	}
	return rec, true, nil
}

// reportDisagreement turns a plan's KV/store disagreement into notices.
func (c *Coordinator) reportDisagreement(id string, t *tracker) {
	t.mu.Lock()
	sm, km := t.p.StoreMissing, t.p.KVMissing
	t.mu.Unlock()
	if sm > 0 {
		c.notice(t, fmt.Sprintf("sweep %s: the store lacks %d results that KV %s records as scanned (was the store deleted, truncated or replaced?); scanning them again",
			id, sm, schema.ScansBucket))
	}
	if km > 0 {
		c.notice(t, fmt.Sprintf("sweep %s: KV %s lacked %d scan keys the store holds (was the JetStream directory deleted?); used the store's records",
			id, schema.ScansBucket, km))
	}
}

// notice records a message the operator must see: logged as a warning,
// kept in the sweep's progress (t may be nil) and in Notices.
func (c *Coordinator) notice(t *tracker, msg string) {
	c.cfg.Log.Warn(msg)
	c.mu.Lock()
	c.notices = append(c.notices, msg)
	c.mu.Unlock()
	if t != nil {
		t.mu.Lock()
		t.p.Notices = append(t.p.Notices, msg)
		t.mu.Unlock()
	}
}

// Notices returns the messages for the operator this coordinator has
// raised: the store and KV disagreeing, sweeps whose JetStream state was
// lost, a store that stopped a sweep.
func (c *Coordinator) Notices() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.notices...)
}

// reconcileSweeps marks failed every sweep the store records as running
// but KV mcpgauge-sweeps does not know: its JetStream state (jobs, leases,
// progress) is gone, so it can never finish. Its stored results stand; the
// next sweep takes them from the store.
func (c *Coordinator) reconcileSweeps(ctx context.Context) error {
	sweeps, err := c.cfg.Store.ListSweeps(ctx, 0)
	if err != nil {
		return fmt.Errorf("coordinator: list the store's sweeps: %w", err)
	}
	for _, sw := range sweeps {
		if sw.Status != store.SweepRunning {
			continue
		}
		_, err := c.sweeps.Get(ctx, sw.ID)
		if err == nil {
			continue
		}
		if !errors.Is(err, natsbus.ErrNotFound) {
			return fmt.Errorf("coordinator: sweep %s: %w", sw.ID, err)
		}
		if err := c.cfg.Store.FinishSweep(ctx, sw.ID, store.SweepFailed, c.cfg.Now()); err != nil {
			return fmt.Errorf("coordinator: mark lost sweep %s failed: %w", sw.ID, err)
		}
		n := int64(0)
		if full, err := c.cfg.Store.GetSweep(ctx, sw.ID); err == nil {
			n = full.Results
		}
		c.notice(nil, fmt.Sprintf("sweep %s was running in the store but NATS has no record of it (was the JetStream directory deleted?); marked it failed: its %d stored results stand and the next sweep scans the rest",
			sw.ID, n))
	}
	return nil
}
