package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/system"
)

func newCoordinatorCmd() *cobra.Command {
	var pf planFlags
	var ef ecoFlags
	var evalModel, evalBaseURL string
	var natsURL, storeURL, listen, schedule string
	var runNow, once bool
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
			natsURL, storeURL, listen, schedule = cfg.NATS, cfg.Store, cfg.Listen, cfg.Schedule
			if err := pf.validate(); err != nil {
				return err
			}
			if err := ef.validate(); err != nil {
				return err
			}
			if natsURL == "" {
				return usageErr(fmt.Errorf("--nats is required (for one machine, use mcpgauge sweep)"))
			}
			if storeURL == "" {
				storeURL = store.SQLiteURL(cfg.DataDir)
			}
			plan, err := pf.plan(cfg)
			if err != nil {
				return err
			}
			return system.RunCoordinator(cmd.Context(), system.CoordinatorOptions{NATS: natsURL, Store: storeURL, Listen: listen,
				Schedule: schedule, RunNow: runNow, Once: once, Plan: plan, EvalModel: evalModel, EvalBaseURL: evalBaseURL,
				Ecosystem: ef.options(), Version: version, Stderr: cmd.ErrOrStderr()})
		},
	}
	pf.register(cmd)
	ef.register(cmd)
	f := cmd.Flags()
	f.StringVar(&natsURL, "nats", "", "NATS URL, e.g. nats://127.0.0.1:4222 (required; or $MCPGAUGE_NATS)")
	f.StringVar(&storeURL, "store", "", "store URL: clickhouse://user:pass@host:9000/db or sqlite:///path.db (default SQLite under the data dir)")
	f.String("data-dir", "", "data directory (default ~/.local/share/mcpgauge)")
	f.StringVar(&listen, "listen", ":9090", "address for /metrics, /healthz and the leaderboard API")
	f.StringVar(&schedule, "schedule", "", `cron schedule for sweeps, e.g. "0 3 * * *" (UTC); empty = none`)
	f.BoolVar(&runNow, "run-now", false, "start a sweep immediately")
	f.BoolVar(&once, "once", false, "exit when the started or resumed sweeps have finished (for a Kubernetes CronJob)")
	f.StringVar(&evalModel, "eval-model", "", "ask every job for the tool-selection eval with this model (workers need the same --eval-model); the ecosystem pass reads the drafted cases and runs its own model calls with it")
	f.StringVar(&evalBaseURL, "eval-base-url", "", "OpenAI-compatible base URL for --eval-model")
	return cmd
}
