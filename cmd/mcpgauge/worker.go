package main

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/config"
	"github.com/mcpgauge/mcpgauge/system"
)

func newWorkerCmd() *cobra.Command {
	var wf workerFlags
	var o system.WorkerOptions
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
			o.NATS, o.NATSAuth, o.Listen, o.WorkerID, o.Slots = cfg.NATS, cfg.NATSAuth(), cfg.Listen, cfg.WorkerID, cfg.Slots
			o.Scanning, o.Version, o.Stderr = wf.scanning(cfg), version, cmd.ErrOrStderr()
			return system.RunWorker(cmd.Context(), o)
		},
	}
	wf.register(cmd)
	f := cmd.Flags()
	f.String("nats", "", "NATS URL, e.g. nats://127.0.0.1:4222 (required; or $MCPGAUGE_NATS)")
	registerFlags(cmd, config.NATSAuthFlags()...)
	f.String("data-dir", "", "data directory (package cache); default ~/.local/share/mcpgauge")
	f.String("listen", ":9091", "address for /metrics and /healthz")
	f.String("worker-id", "", "name of this worker in results (default host-pid)")
	f.Int("slots", system.DefaultSlots(), "concurrent scans (default: 2 per CPU, at most one per 512 MiB of available memory)")
	f.DurationVar(&o.ScanDeadline, "scan-deadline", system.DefaultScanDeadline, "default budget of one scan (jobs may set their own)")
	f.DurationVar(&o.Heartbeat, "heartbeat", 30*time.Second, "how often a running job's lease is extended")
	return cmd
}
