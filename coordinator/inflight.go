package coordinator

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/mcpgauge/mcpgauge/schema"
)

// InFlight defaults.
const (
	// DefaultInFlightMax bounds the jobs an InFlight keeps; past it the
	// job heard from longest ago is dropped.
	DefaultInFlightMax = 4096
	// DefaultInFlightTTL is how long a job stays without a new
	// announcement: a dead worker's jobs leave after it.
	DefaultInFlightTTL = time.Hour
)

// InFlightOptions configure an InFlight.
type InFlightOptions struct {
	// Max bounds the jobs kept (default DefaultInFlightMax).
	Max int
	// TTL drops a job not heard from for this long (default
	// DefaultInFlightTTL).
	TTL time.Duration
	// Now is the clock (default time.Now); tests inject one.
	Now func() time.Time
}

// InFlightJob is one job a worker announced and has not finished.
// Name, Version and WorkerID come from the job and the worker: hostile
// text, to escape before printing.
type InFlightJob struct {
	JobID, Name, Version, WorkerID string
	Phase                          schema.Phase
	// Since is when the job was first heard of, Seen when last (both on
	// this process's clock, not the worker's).
	Since, Seen time.Time
}

// InFlight keeps the jobs of one sweep that workers announce as in flight
// (schema.PhaseEvent on schema.PhaseSubject): a phase adds or moves a job,
// PhaseDone removes it. It is bounded (Max) and forgets a job not heard
// from for TTL. All methods are safe for concurrent use; Observe and Jobs
// hold one mutex for at most one pass over Max jobs, so a reader never
// holds up the subscription for long, and the subscription never holds up
// a publisher (core NATS drops what a slow subscriber cannot take).
type InFlight struct {
	max int
	ttl time.Duration
	now func() time.Time

	mu   sync.Mutex
	jobs map[string]*InFlightJob
	sub  *nats.Subscription
}

// NewInFlight returns an empty InFlight fed by Observe.
func NewInFlight(o InFlightOptions) *InFlight {
	f := &InFlight{max: o.Max, ttl: o.TTL, now: o.Now, jobs: map[string]*InFlightJob{}}
	if f.max <= 0 {
		f.max = DefaultInFlightMax
	}
	if f.ttl <= 0 {
		f.ttl = DefaultInFlightTTL
	}
	if f.now == nil {
		f.now = time.Now
	}
	return f
}

// WatchInFlight returns an InFlight fed by sweepID's phase announcements
// on nc until Close. The subscription is asynchronous with nats.go's
// pending limits: when it falls behind, nats.go drops announcements and
// reports a slow consumer to nc's error handler, so give it a connection
// whose handler does not print to the operator's terminal (nats.go's
// default prints to stderr).
func WatchInFlight(nc *nats.Conn, sweepID string, o InFlightOptions) (*InFlight, error) {
	f := NewInFlight(o)
	sub, err := nc.Subscribe(schema.PhaseSubject(sweepID), func(m *nats.Msg) {
		var ev schema.PhaseEvent
		if json.Unmarshal(m.Data, &ev) == nil {
			f.Observe(ev)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("watch jobs in flight of sweep %s: %w", sweepID, err)
	}
	f.sub = sub
	return f, nil
}

// Close ends the subscription of WatchInFlight (nothing for NewInFlight).
func (f *InFlight) Close() error {
	if f.sub == nil {
		return nil
	}
	return f.sub.Unsubscribe()
}

// Observe applies one announcement.
func (f *InFlight) Observe(ev schema.PhaseEvent) {
	if ev.JobID == "" {
		return
	}
	now := f.now()
	f.mu.Lock()
	defer f.mu.Unlock()
	if ev.Phase == schema.PhaseDone {
		delete(f.jobs, ev.JobID)
		return
	}
	j := f.jobs[ev.JobID]
	if j == nil {
		f.expire(now)
		if len(f.jobs) >= f.max {
			f.dropOldest()
		}
		j = &InFlightJob{JobID: ev.JobID, Since: now}
		f.jobs[ev.JobID] = j
	}
	j.Name, j.Version, j.WorkerID, j.Phase, j.Seen = ev.Name, ev.Version, ev.WorkerID, ev.Phase, now
}

// Jobs returns the jobs in flight, first heard of first.
func (f *InFlight) Jobs() []InFlightJob {
	now := f.now()
	f.mu.Lock()
	f.expire(now)
	out := make([]InFlightJob, 0, len(f.jobs))
	for _, j := range f.jobs {
		out = append(out, *j)
	}
	f.mu.Unlock()
	slices.SortFunc(out, func(a, b InFlightJob) int {
		return cmp.Or(a.Since.Compare(b.Since), cmp.Compare(a.JobID, b.JobID))
	})
	return out
}

// expire drops the jobs not heard from for TTL; f.mu is held.
func (f *InFlight) expire(now time.Time) {
	for id, j := range f.jobs {
		if now.Sub(j.Seen) >= f.ttl {
			delete(f.jobs, id)
		}
	}
}

// dropOldest drops the job heard from longest ago; f.mu is held.
func (f *InFlight) dropOldest() {
	var old *InFlightJob
	for _, j := range f.jobs {
		if old == nil || j.Seen.Before(old.Seen) || (j.Seen.Equal(old.Seen) && j.JobID < old.JobID) {
			old = j
		}
	}
	if old != nil {
		delete(f.jobs, old.JobID)
	}
}
