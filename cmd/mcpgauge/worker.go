package main

import (
	"fmt"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/worker"
)

func newWorkerCmd() *cobra.Command {
	var wf workerFlags
	var natsURL, listen, workerID string
	var slots int
	var scanDeadline, heartbeat time.Duration
	cmd := &cobra.Command{
		Use:   "worker",
		Short: "Run a distributed sweep worker: pull jobs from NATS, scan in the sandbox, publish results",
		Long: `A worker pulls jobs from the durable consumer "workers" with --slots concurrent
slots, installs each package into a cache shared by its slots, runs the server in
the sandbox, scans it and publishes the result; it acks a job only after its result
is published. On SIGTERM it stops pulling, lets in-flight scans finish for --grace
and hands the rest back. It talks only to NATS (and the package registries); it
holds no store credentials. On --listen it serves /metrics and /healthz.

  mcpgauge worker --nats nats://nats:4222 --slots 4`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, _, err := loadConfig(cmd, "", wf.configBindings()...)
			if err != nil {
				return err
			}
			wf.remote, wf.install = cfg.Remote, cfg.Install
			if natsURL == "" {
				return usageErr(fmt.Errorf("--nats is required"))
			}
			if slots <= 0 {
				return usageErr(fmt.Errorf("--slots must be positive, got %d", slots))
			}
			if scanDeadline <= 0 || heartbeat <= 0 {
				return usageErr(fmt.Errorf("--scan-deadline and --heartbeat must be positive"))
			}
			ctx := cmd.Context()
			stderr := cmd.ErrOrStderr()
			log := newLogger(stderr)
			sc, err := wf.scanner(ctx, cfg.DataDir, scanDeadline, stderr)
			if err != nil {
				return err
			}
			sc.Options.WorkerID = workerID
			nc, js, closeNATS, err := connectJetStream(ctx, natsURL, "", "mcpgauge-worker", false, scanDeadline, log)
			if err != nil {
				return err
			}
			defer closeNATS()
			m := worker.NewLoopMetrics()
			m.BuildInfo.Set(version)
			m.Slots.Set(float64(slots))
			sc.Metrics = m
			if err := wf.withEval(ctx, &sc, js, m, log, stderr); err != nil {
				return err
			}
			stopHTTP, err := serveHTTP(ctx, listen, opsMux(m.Registry, natsHealthy(nc)), stderr)
			if err != nil {
				return err
			}
			defer stopHTTP()
			stats, err := worker.RunLoop(ctx, worker.LoopConfig{JS: js, Scanner: sc, Slots: slots, WorkerID: workerID,
				Heartbeat: heartbeat, Grace: wf.grace, Metrics: m, Log: log})
			log.Info("worker stopped", "scanned", stats.Scanned, "published", stats.Published,
				"terminated", stats.Terminated, "handed_back", stats.HandedBack, "publish_failed", stats.PublishFailed)
			return err
		},
	}
	wf.register(cmd)
	f := cmd.Flags()
	f.StringVar(&natsURL, "nats", "", "NATS URL, e.g. nats://127.0.0.1:4222 (required)")
	f.String("data-dir", "", "data directory (package cache); default ~/.local/share/mcpgauge")
	f.StringVar(&listen, "listen", ":9091", "address for /metrics and /healthz")
	f.StringVar(&workerID, "worker-id", "", "name of this worker in results (default host-pid)")
	f.IntVar(&slots, "slots", runtime.NumCPU(), "concurrent scans")
	f.DurationVar(&scanDeadline, "scan-deadline", worker.DefaultDeadline, "default budget of one scan (jobs may set their own)")
	f.DurationVar(&heartbeat, "heartbeat", 30*time.Second, "how often a running job's lease is extended")
	return cmd
}
