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
func sweepIDs(running []string, id string, startNew bool, now time.Time) []string {
	ids := slices.Clone(running)
	if id == "" && startNew {
		id = coordinator.ManualSweepID(now)
	}
	if id != "" && !slices.Contains(ids, id) {
		ids = append(ids, id)
	}
	return ids
}
