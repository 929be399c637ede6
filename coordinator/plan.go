package coordinator

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Pull reads every configured source (from its sync mark when Incremental)
// and returns the normalised entries to plan: the latest version of each
// server unless AllVersions, deduplicated into targets, at most Limit.
// When ctx ends it stops within pullCheckEvery entries (a source that
// keeps sending is told to stop) and returns ctx.Err().
func (c *Coordinator) Pull(ctx context.Context) ([]registry.Target, error) {
	var all []registry.Server
	var errs []error
	var partial []string // notices for failed pulls, raised only when the plan goes on
	// Versions of one server repeat most of their text; holding one copy
	// keeps a 70k-entry plan within the coordinator's memory budget.
	intern := registry.NewInterner()
	for _, src := range c.cfg.Sources {
		q := c.cfg.Query
		markKey := syncKey(src.Name())
		if c.cfg.Incremental {
			if e, err := c.sync.Get(ctx, markKey); err == nil {
				if t, err := time.Parse(time.RFC3339Nano, string(e.Value)); err == nil {
					q.UpdatedSince = t
				}
			}
		}
		name := src.Name()
		q.Progress = func(p registry.Progress) {
			if m := c.cfg.Metrics; m != nil {
				m.RegistryPages.WithLabelValues(name).Inc()
			}
		}
		var newest time.Time
		n := 0
		err := src.Pull(ctx, q, func(s registry.Server) error {
			if n%pullCheckEvery == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			intern.Server(&s)
			all = append(all, s)
			n++
			if s.UpdatedAt.After(newest) {
				newest = s.UpdatedAt
			}
			return nil
		})
		if m := c.cfg.Metrics; m != nil {
			m.RegistryEntries.WithLabelValues(name).Add(float64(n))
		}
		if cerr := ctx.Err(); cerr != nil {
			return nil, cerr // stopped, not failed: no notice, nothing planned
		}
		if err != nil {
			if m := c.cfg.Metrics; m != nil {
				m.RegistryErrors.WithLabelValues(name).Inc()
			}
			errs = append(errs, fmt.Errorf("pull %s: %w", name, err))
			partial = append(partial, fmt.Sprintf("registry %s: pull failed after %d entries; planning what was read: %v", name, n, err))
			continue
		}
		if !newest.IsZero() {
			if _, err := c.sync.Put(ctx, markKey, []byte(newest.UTC().Format(time.RFC3339Nano))); err != nil {
				c.cfg.Log.Warn("save registry sync mark", "source", name, "err", err)
			}
		}
		c.cfg.Log.Info("registry pulled", "source", name, "entries", n)
	}
	if len(all) == 0 && len(errs) > 0 {
		// Nothing to plan: the error says it all, once (no notice too).
		return nil, errors.Join(errs...)
	}
	for _, msg := range partial {
		c.notice(nil, msg)
	}
	norm, _ := registry.Normalise(all, registry.NormaliseOptions{LatestOnly: !c.cfg.AllVersions,
		OfficialOwnsVerified: c.cfg.Incremental && c.pullsOfficial()})
	all = nil // let the raw entries go before the targets are built
	targets, err := registry.DedupeContext(ctx, norm)
	if err != nil {
		return nil, err
	}
	if c.cfg.Limit > 0 && len(targets) > c.cfg.Limit {
		targets = targets[:c.cfg.Limit]
	}
	return targets, nil
}

// pullCheckEvery is how many entries Pull takes between looks at its
// context.
const pullCheckEvery = 1024

// syncKey turns a source name into a key-value key ([-_=.a-zA-Z0-9/]).
func syncKey(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

// BuildJob turns a target into the job of sweep sweepID.
func (c *Coordinator) BuildJob(sweepID string, t registry.Target, now time.Time) (schema.Job, error) {
	plan := t.Plan
	if len(c.cfg.PlanOptions.Unavailable) > 0 {
		plan = registry.PlanFor(t.Server, c.cfg.PlanOptions)
	}
	planJSON, err := json.Marshal(plan)
	if err != nil {
		return schema.Job{}, fmt.Errorf("encode plan of %s: %w", t.Server.Key(), err)
	}
	srvJSON, err := json.Marshal(t.Server)
	if err != nil {
		return schema.Job{}, fmt.Errorf("encode entry %s: %w", t.Server.Key(), err)
	}
	pkgVersion := ""
	if plan.Package != nil {
		pkgVersion = plan.Package.Version
	}
	key, err := schema.ScanKey(planJSON, pkgVersion, c.cfg.ScannerVersion, c.cfg.RuleSetDigest)
	if err != nil {
		return schema.Job{}, err
	}
	sources := t.Server.SourceNames()
	j := schema.Job{SchemaVersion: schema.Version, SweepID: sweepID, JobID: schema.JobID(sweepID, t.Server.Name, t.Server.Version),
		Name: t.Server.Name, Version: t.Server.Version, Sources: sources, PackageType: plan.PackageType(),
		PackageVersion: pkgVersion, Server: srvJSON, Plan: planJSON, Options: c.cfg.ScanOptions,
		ScannerVersion: c.cfg.ScannerVersion, RuleSetDigest: c.cfg.RuleSetDigest, ScanKey: key, CreatedAt: now}
	return j, j.Validate()
}

// plan pulls, plans and publishes the jobs of sweep id.
func (c *Coordinator) plan(ctx context.Context, id string, t *tracker) error {
	targets, err := c.Pull(ctx)
	if err != nil {
		return &pullError{err: err}
	}
	now := c.cfg.Now()
	const window = 1000
	inflight := 0
	wait := func() error {
		select {
		case <-c.cfg.JS.PublishAsyncComplete():
			inflight = 0
			return nil
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Minute):
			return errors.New("publishing jobs: no acknowledgement from JetStream for 1 minute")
		}
	}
	var futures []jetstream.PubAckFuture
	var futureJobs []schema.Job
	check := func() {
		for i, f := range futures {
			select {
			case <-f.Ok():
				if m := c.cfg.Metrics; m != nil {
					m.JobsPublished.Inc()
				}
			case err := <-f.Err():
				// Retry once synchronously before counting the job as failed.
				data, _ := json.Marshal(futureJobs[i])
				if _, err2 := c.cfg.JS.Publish(ctx, schema.JobSubject(id), data, jetstream.WithMsgID(futureJobs[i].JobID)); err2 != nil {
					c.cfg.Log.Warn("publish job", "job", futureJobs[i].JobID, "err", err, "retry", err2)
					if m := c.cfg.Metrics; m != nil {
						m.PublishErrors.Inc()
					}
					t.mu.Lock()
					t.p.Published--
					t.mu.Unlock()
				}
			default:
			}
		}
		futures, futureJobs = futures[:0], futureJobs[:0]
	}
	for start := 0; start < len(targets); start += lookupChunk {
		if err := ctx.Err(); err != nil {
			return err
		}
		chunk := targets[start:min(start+lookupChunk, len(targets))]
		c.recordLinks(ctx, id, chunk, now)
		jobs, aliases := c.buildJobs(id, t.key, chunk, now)
		known, err := c.lookupScans(ctx, id, t, jobs)
		if err != nil {
			return err
		}
		for _, job := range jobs {
			rec, seen := known[job.ScanKey]
			t.mu.Lock()
			t.p.Planned++
			t.keys = append(t.keys, job.ScanKey)
			switch {
			case seen && rec.SweepID == id:
				// Resumed sweep: this job's result is already stored.
				t.p.Expected++
				t.resulted[job.JobID] = true
				t.p.Done++
				if rec.Status != schema.StatusOK {
					t.p.Failed++
				}
				t.mu.Unlock()
				continue
			case seen && rec.Status != schema.StatusWorkerError && c.cfg.RescanAfter > 0 && now.Sub(rec.FinishedAt) < c.cfg.RescanAfter &&
				coversAliases(rec, aliases[job.JobID]):
				t.p.Skipped++
				t.mu.Unlock()
				if m := c.cfg.Metrics; m != nil {
					m.JobsSkipped.Inc()
				}
				continue
			}
			t.p.Expected++
			if t.resulted[job.JobID] {
				t.p.Done++ // its result arrived while we were planning
				t.mu.Unlock()
				continue
			}
			t.planned[job.JobID] = &jobMeta{name: job.Name, version: job.Version, pkgType: job.PackageType,
				scanKey: job.ScanKey, sources: job.Sources, aliases: aliases[job.JobID]}
			t.p.Published++
			t.mu.Unlock()
			data, err := json.Marshal(job)
			if err != nil {
				return fmt.Errorf("encode job %s: %w", job.JobID, err)
			}
			f, err := c.cfg.JS.PublishAsync(schema.JobSubject(id), data, jetstream.WithMsgID(job.JobID))
			if err != nil {
				return fmt.Errorf("publish job %s: %w", job.JobID, err)
			}
			futures, futureJobs = append(futures, f), append(futureJobs, job)
			inflight++
			if inflight >= window {
				if err := wait(); err != nil {
					return err
				}
				check()
			}
		}
	}
	if err := wait(); err != nil {
		return err
	}
	check()
	c.reportDisagreement(id, t)
	t.mu.Lock()
	c.cfg.Log.Info("sweep planned", "sweep", id, "planned", t.p.Planned, "published", t.p.Published,
		"skipped", t.p.Skipped, "already_done", t.p.Done)
	t.mu.Unlock()
	return nil
}

// pullError is a plan that failed in its pull, before any job was
// published.
type pullError struct{ err error }

func (e *pullError) Error() string { return e.err.Error() }
func (e *pullError) Unwrap() error { return e.err }
