package system

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/mcpgauge/mcpgauge/worker"
)

// WorkerOptions configure the worker process.
type WorkerOptions struct {
	// NATS is the NATS URL (required).
	NATS string
	// NATSAuth is how to authenticate to NATS and check its TLS.
	NATSAuth NATSAuth
	// Listen is the address of /metrics and /healthz.
	Listen string
	// WorkerID names the worker in results ("": host and PID).
	WorkerID string
	Slots    int
	// ScanDeadline is the default budget of one scan; Heartbeat how often a
	// running job's lease is extended.
	ScanDeadline, Heartbeat time.Duration
	Scanning                Scanning
	Version                 string
	Stderr                  io.Writer
}

// Validate checks the numbers.
func (o WorkerOptions) Validate() error {
	if o.NATS == "" {
		return usage(fmt.Errorf("--nats is required"))
	}
	if err := o.NATSAuth.Validate(); err != nil {
		return usage(err)
	}
	if o.Slots <= 0 {
		return usage(fmt.Errorf("--slots must be positive, got %d", o.Slots))
	}
	if o.ScanDeadline <= 0 || o.Heartbeat <= 0 {
		return usage(fmt.Errorf("--scan-deadline and --heartbeat must be positive"))
	}
	return o.Scanning.Validate()
}

// RunWorker runs a worker until ctx ends. Start-up order: the scanner (so
// a missing sandbox is reported before anything starts); the ops HTTP
// server, whose /healthz answers unhealthy until NATS is reached; NATS,
// retried with a visible back-off; the bind to the streams and consumer
// the coordinator set up (waited for, never changed); the eval cache and
// tool store; the job loop. On ctx's end the loop stops pulling and lets
// in-flight scans finish for the grace period.
func RunWorker(ctx context.Context, o WorkerOptions) error {
	if err := o.Validate(); err != nil {
		return err
	}
	log := NewLogger(o.Stderr)
	sc, err := o.Scanning.scanner(ctx, o.ScanDeadline, o.Version, o.Stderr)
	if err != nil {
		return err
	}
	sc.Options.WorkerID = o.WorkerID
	m := worker.NewLoopMetrics()
	m.BuildInfo.Set(o.Version)
	m.Slots.Set(float64(o.Slots))
	sc.Metrics = m
	m.WatchPackageCache(worker.PackageCacheOf(sc.Options.Installers))
	var h health
	stopHTTP, err := serveHTTP(o.Listen, opsMux(m.Registry, h.check), o.Stderr)
	if err != nil {
		return err
	}
	defer stopHTTP()
	b, err := dial(ctx, o.NATS, o.NATSAuth, "mcpgauge-worker", log)
	if err != nil {
		return err
	}
	defer b.close()
	h.nc.Store(b.nc)
	if err := b.bind(ctx, log); err != nil {
		return err
	}
	if err := o.Scanning.withEval(ctx, &sc, b.js, m, log, o.Stderr); err != nil {
		return err
	}
	log.Info("worker bound to NATS; pulling jobs", "slots", o.Slots)
	stats, err := worker.RunLoop(ctx, worker.LoopConfig{JS: b.js, Scanner: sc, Slots: o.Slots, WorkerID: o.WorkerID,
		Heartbeat: o.Heartbeat, Grace: o.Scanning.Grace, Metrics: m, Log: log})
	log.Info("worker stopped", "scanned", stats.Scanned, "published", stats.Published,
		"terminated", stats.Terminated, "handed_back", stats.HandedBack, "publish_failed", stats.PublishFailed)
	return err
}
