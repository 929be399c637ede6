package main

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/system"
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
			cfg, _, err := loadConfig(cmd, "", append(wf.configBindings(), serviceBindings()...)...)
			if err != nil {
				return err
			}
			natsURL, listen, workerID, slots = cfg.NATS, cfg.Listen, cfg.WorkerID, cfg.Slots
			return system.RunWorker(cmd.Context(), system.WorkerOptions{NATS: natsURL, Listen: listen, WorkerID: workerID,
				Slots: slots, ScanDeadline: scanDeadline, Heartbeat: heartbeat, Scanning: wf.scanning(cfg),
				Version: version, Stderr: cmd.ErrOrStderr()})
		},
	}
	wf.register(cmd)
	f := cmd.Flags()
	f.StringVar(&natsURL, "nats", "", "NATS URL, e.g. nats://127.0.0.1:4222 (required; or $MCPGAUGE_NATS)")
	f.String("data-dir", "", "data directory (package cache); default ~/.local/share/mcpgauge")
	f.StringVar(&listen, "listen", ":9091", "address for /metrics and /healthz")
	f.StringVar(&workerID, "worker-id", "", "name of this worker in results (default host-pid)")
	f.IntVar(&slots, "slots", worker.DefaultSlots(), "concurrent scans (default: 2 per CPU, at most one per 512 MiB of available memory)")
	f.DurationVar(&scanDeadline, "scan-deadline", worker.DefaultDeadline, "default budget of one scan (jobs may set their own)")
	f.DurationVar(&heartbeat, "heartbeat", 30*time.Second, "how often a running job's lease is extended")
	return cmd
}
