package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/leaderboard/site"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/toolstore"
	"github.com/mcpgauge/mcpgauge/worker"
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
			cfg, _, err := loadConfig(cmd, "", flagBinding{"data-dir", "data_dir"})
			if err != nil {
				return err
			}
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
			eco := ecoSetup{flags: ef, model: evalModel, baseURL: evalBaseURL}
			return runCoordinator(cmd, natsURL, storeURL, listen, schedule, runNow, once, pf, eco)
		},
	}
	pf.register(cmd)
	ef.register(cmd)
	f := cmd.Flags()
	f.StringVar(&natsURL, "nats", "", "NATS URL, e.g. nats://127.0.0.1:4222 (required)")
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

// ecoSetup is what the coordinator needs to run the ecosystem pass.
type ecoSetup struct {
	flags          ecoFlags
	model, baseURL string
}

// evalOptions resolves --eval-model with the shared eval cache (nil
// without it).
func (e ecoSetup) evalOptions(ctx context.Context, js jetstream.JetStream, stderr io.Writer) (*worker.EvalOptions, error) {
	if e.model == "" {
		return nil, nil
	}
	opts, warn, err := kvEvalOptions(ctx, js, e.model, e.baseURL, nil)
	if err != nil {
		return nil, err
	}
	if warn != "" && e.flags.modelRuns && !e.flags.off {
		fmt.Fprintln(stderr, "warning:", warn)
	}
	return opts, nil
}

// config opens the tool store and returns the pass's config (nil without
// --eval-model or with --no-ecosystem).
func (e ecoSetup) config(ctx context.Context, js jetstream.JetStream, opts *worker.EvalOptions) (*coordinator.EcosystemConfig, error) {
	if opts == nil || e.flags.off {
		return nil, nil
	}
	tools, err := toolstore.Open(ctx, js)
	if err != nil {
		return nil, err
	}
	return e.flags.config(tools, opts), nil
}

func runCoordinator(cmd *cobra.Command, natsURL, storeURL, listen, schedule string, runNow, once bool, pf planFlags, eco ecoSetup) error {
	ctx := cmd.Context()
	stderr := cmd.ErrOrStderr()
	log := newLogger(stderr)
	if os.Getenv("GOMEMLIMIT") == "" {
		// A soft heap limit keeps a 70k-entry plan well under 300 MB RSS.
		debug.SetMemoryLimit(200 << 20)
	}
	var sched interface{ Next(time.Time) time.Time }
	if schedule != "" {
		s, err := coordinator.ParseSchedule(schedule)
		if err != nil {
			return usageErr(fmt.Errorf("--schedule: %w", err))
		}
		sched = s
	}
	if !runNow && sched == nil && !once {
		log.Info("no --schedule and no --run-now: only resuming running sweeps and ingesting results")
	}
	nc, js, closeNATS, err := connectJetStream(ctx, natsURL, "", "mcpgauge-coordinator", true, pf.scanDeadline, log)
	if err != nil {
		return err
	}
	defer closeNATS()
	st, err := openStoreRetry(ctx, storeURL, log)
	if err != nil {
		return err
	}
	defer st.Close()
	m := coordinator.NewMetrics()
	m.BuildInfo.Set(version)
	evalOpts, err := eco.evalOptions(ctx, js, stderr)
	if err != nil {
		return err
	}
	var evalModel string
	if evalOpts != nil {
		evalModel = evalOpts.Model
	}
	ccfg, err := pf.coordinatorConfig(js, st, log, m, evalModel)
	if err != nil {
		return usageErr(err)
	}
	if ccfg.Ecosystem, err = eco.config(ctx, js, evalOpts); err != nil {
		return err
	}
	c, err := coordinator.New(ctx, ccfg)
	if err != nil {
		return err
	}
	mux := opsMux(m.Registry, natsHealthy(nc))
	mux.Handle("/", site.Handler(st, site.Options{Log: log}))
	stopHTTP, err := serveHTTP(ctx, listen, mux, stderr)
	if err != nil {
		return err
	}
	defer stopHTTP()

	bg, stopBG := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	wg.Add(3)
	go func() { defer wg.Done(); _ = c.Ingest(bg) }()
	go func() { defer wg.Done(); _ = c.WatchGiveUps(bg, nc) }()
	go func() { defer wg.Done(); c.WatchQueue(bg, 5*time.Second) }()
	defer func() { stopBG(); wg.Wait() }()

	resumed, err := c.Running(ctx)
	if err != nil {
		return err
	}
	var ids []string
	var sweeps sync.WaitGroup
	for _, id := range resumed {
		ids = append(ids, id)
		log.Info("resuming sweep", "sweep", id)
	}
	if runNow {
		id := pf.sweepID
		if id == "" {
			id = coordinator.ManualSweepID(time.Now())
		}
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	for _, id := range ids {
		sweeps.Add(1)
		go func() {
			defer sweeps.Done()
			p, err := c.Run(ctx, id)
			if err != nil {
				log.Error("sweep failed", "sweep", id, "err", err)
				return
			}
			log.Info("sweep ended", "sweep", id, "status", p.Status, "expected", p.Expected, "done", p.Done,
				"failed", p.Failed, "skipped", p.Skipped, "stragglers", p.Stragglers)
		}()
	}
	if once {
		sweeps.Wait()
		return ctx.Err()
	}
	if sched != nil {
		go func() { _ = c.Schedule(ctx, sched) }()
	}
	<-ctx.Done()
	sweeps.Wait()
	return nil
}

// openStoreRetry opens the store, retrying for a minute while it starts.
func openStoreRetry(ctx context.Context, url string, log *slog.Logger) (store.Store, error) {
	if _, _, err := store.ParseURL(url); err != nil {
		return nil, usageErr(err)
	}
	var last error
	for i := 0; i < 30; i++ {
		octx, cancel := context.WithTimeout(ctx, 20*time.Second)
		st, err := store.Open(octx, url)
		cancel()
		if err == nil {
			return st, nil
		}
		last = err
		log.Warn("store not reachable yet; retrying", "err", err)
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
	return nil, connectErr(fmt.Errorf("store: %w", last))
}
