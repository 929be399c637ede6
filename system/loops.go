package system

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/mcpgauge/mcpgauge/coordinator"
)

// startLoops runs the coordinator's background loops: Ingest (results into
// the store), WatchGiveUps (jobs the workers gave up on) and, when
// queueEvery > 0, WatchQueue (the queue-depth metrics). They run on a
// context detached from ctx's cancellation, so results already in flight
// are still stored while the sweeps wind down; stop cancels them and
// waits. Call stop only after the sweeps it serves have returned.
func startLoops(ctx context.Context, c *coordinator.Coordinator, nc *nats.Conn, queueEvery time.Duration) (stop func()) {
	bg, cancel := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	wg.Go(func() { _ = c.Ingest(bg) })
	wg.Go(func() { _ = c.WatchGiveUps(bg, nc) })
	if queueEvery > 0 {
		wg.Go(func() { c.WatchQueue(bg, queueEvery) })
	}
	return func() { cancel(); wg.Wait() }
}

// sweepIDs is the resume rule, the same for the sweep and the coordinator:
// every sweep recorded as running is resumed, and id joins them; with no
// id, startNew adds a fresh manual sweep ID (the coordinator's --run-now;
// the embedded sweep always asks for one and follows the first ID, so it
// resumes a running sweep before it starts a new one).
func sweepIDs(ctx context.Context, c *coordinator.Coordinator, id string, startNew bool) (ids, resumed []string, err error) {
	resumed, err = c.Running(ctx)
	if err != nil {
		return nil, nil, err
	}
	ids = slices.Clone(resumed)
	if id == "" && startNew {
		if id, err = c.FreshSweepID(ctx, time.Now()); err != nil {
			return nil, nil, err
		}
	}
	if id != "" && !slices.Contains(ids, id) {
		ids = append(ids, id)
	}
	return ids, resumed, nil
}
