package main

import (
	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/config"
	"github.com/mcpgauge/mcpgauge/system"
)

func newCoordinatorCmd() *cobra.Command {
	var pf planFlags
	var o system.CoordinatorOptions
	cmd := &cobra.Command{
		Use:   "coordinator",
		Short: "Run the distributed sweep coordinator: plan, publish, ingest, schedule; serve metrics and the leaderboard API",
		Long: `The coordinator plans sweeps (pulling the registries and publishing one job per
server on NATS JetStream), ingests the workers' results into the store in batches,
tracks every sweep until each job is accounted for, resumes running sweeps after a
restart, and runs nightly sweeps on --schedule. On --listen it serves /metrics,
/healthz, the board and the leaderboard API (/api/leaderboard, /api/servers/{name}/history,
/api/badge/{name}, /api/rugpulls, /api/ecosystem) and the feed, as mcpgauge serve does.

  mcpgauge coordinator --nats nats://nats:4222 --store clickhouse://default@clickhouse:9000/default --schedule "0 3 * * *"`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, _, err := loadConfig(cmd, "", serviceBindings()...)
			if err != nil {
				return err
			}
			o.NATS, o.NATSAuth, o.Store, o.DataDir, o.Listen, o.Schedule = cfg.NATS, cfg.NATSAuth(), cfg.Store, cfg.DataDir, cfg.Listen, cfg.Schedule
			o.Plan, o.Version, o.Stderr = pf.plan(cfg), version, cmd.ErrOrStderr()
			return system.RunCoordinator(cmd.Context(), o)
		},
	}
	pf.register(cmd)
	registerEcosystem(cmd, &o.Ecosystem)
	f := cmd.Flags()
	f.String("nats", "", "NATS URL, e.g. nats://127.0.0.1:4222 (required; or $MCPGAUGE_NATS)")
	f.String("store", "", "store URL: clickhouse://user:pass@host:9000/db or sqlite:///path.db (default SQLite under the data dir)")
	registerFlags(cmd, append(config.NATSAuthFlags(), config.StoreFileFlag())...)
	f.String("data-dir", "", "data directory (default ~/.local/share/mcpgauge)")
	f.String("listen", ":9090", "address for /metrics, /healthz and the leaderboard API")
	f.String("schedule", "", `cron schedule for sweeps, e.g. "0 3 * * *" (UTC); empty = none`)
	f.BoolVar(&o.RunNow, "run-now", false, "start a sweep immediately")
	f.BoolVar(&o.Once, "once", false, "exit when the started or resumed sweeps have finished (for a Kubernetes CronJob)")
	f.StringVar(&o.EvalModel, "eval-model", "", "ask every job for the tool-selection eval with this model (workers need the same --eval-model); the ecosystem pass reads the drafted cases and runs its own model calls with it")
	f.StringVar(&o.EvalBaseURL, "eval-base-url", "", "OpenAI-compatible base URL for --eval-model")
	return cmd
}
