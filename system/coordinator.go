package system

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/internal/ctxsleep"
	"github.com/mcpgauge/mcpgauge/leaderboard/site"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/toolstore"
	"github.com/mcpgauge/mcpgauge/worker"
)

// CoordinatorOptions configure the coordinator process.
type CoordinatorOptions struct {
	// NATS is the NATS URL (required).
	NATS string
	// NATSAuth is how to authenticate to NATS and check its TLS.
	NATSAuth NATSAuth
	// Store is the store URL ("": SQLite under DataDir).
	Store, DataDir string
	// Listen is the address of /metrics, /healthz, the board and the API.
	Listen string
	// Schedule is a cron schedule for sweeps ("": none).
	Schedule string
	// RunNow starts a sweep at once (Plan.SweepID, or a new ID).
	RunNow bool
	// Once returns when the started or resumed sweeps have ended.
	Once bool
	Plan Plan
	// EvalModel ("" for none) asks every job for the eval with this model.
	EvalModel, EvalBaseURL string
	Ecosystem              Ecosystem
	// Version is the scanner version stamped on jobs and metrics.
	Version string
	// Stderr receives the log and warnings.
	Stderr io.Writer
}

// storeURL is Store, else SQLite under DataDir.
func (o CoordinatorOptions) storeURL() string {
	if o.Store == "" {
		return store.SQLiteURL(o.DataDir)
	}
	return o.Store
}

// RunCoordinator runs the coordinator until ctx ends (or, with Once, until
// its sweeps end). Start-up order: the ops HTTP server first, so /healthz
// answers (unhealthy) while NATS is not reachable yet; then NATS, retried
// with a visible back-off, and the streams' setup; the store, retried for
// a minute; the background loops; the resumed and started sweeps; the
// schedule. Shutdown runs in reverse: the sweeps return, the loops stop,
// then the HTTP server, the store and NATS close.
func RunCoordinator(ctx context.Context, o CoordinatorOptions) error {
	if err := o.Validate(); err != nil {
		return err
	}
	log := NewLogger(o.Stderr)
	if os.Getenv("GOMEMLIMIT") == "" {
		// A soft heap limit keeps a 70k-entry plan well under 300 MB RSS.
		debug.SetMemoryLimit(200 << 20)
	}
	var sched interface{ Next(time.Time) time.Time }
	if o.Schedule != "" {
		s, err := coordinator.ParseSchedule(o.Schedule)
		if err != nil {
			return usage(fmt.Errorf("--schedule: %w", err))
		}
		sched = s
	}
	if !o.RunNow && sched == nil && !o.Once {
		log.Info("no --schedule and no --run-now: only resuming running sweeps and ingesting results")
	}
	m := coordinator.NewMetrics()
	m.BuildInfo.Set(o.Version)
	var h health
	var board atomic.Pointer[http.Handler]
	mux := opsMux(m.Registry, h.check)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if b := board.Load(); b != nil {
			(*b).ServeHTTP(w, r)
			return
		}
		http.Error(w, "starting: not connected to NATS and the store yet", http.StatusServiceUnavailable)
	})
	stopHTTP, err := serveHTTP(o.Listen, mux, o.Stderr)
	if err != nil {
		return err
	}
	defer stopHTTP()

	b, err := dial(ctx, o.NATS, o.NATSAuth, "mcpgauge-coordinator", log)
	if err != nil {
		return err
	}
	defer b.close()
	if err := b.setup(ctx, o.Plan.ScanDeadline); err != nil {
		return err
	}
	h.nc.Store(b.nc)
	st, err := openStoreRetry(ctx, o.storeURL(), log)
	if err != nil {
		return err
	}
	defer st.Close()
	evalOpts, err := o.evalOptions(ctx, b.js)
	if err != nil {
		return err
	}
	var evalModel string
	if evalOpts != nil {
		evalModel = evalOpts.Model
	}
	ccfg, err := o.Plan.coordinatorConfig(b.js, st, log, m, evalModel, o.Version)
	if err != nil {
		return err
	}
	if ccfg.Ecosystem, err = o.ecosystem(ctx, b.js, evalOpts); err != nil {
		return err
	}
	c, err := coordinator.New(ctx, ccfg)
	if err != nil {
		return err
	}
	var boardH http.Handler = site.Handler(st, site.Options{Log: log, Rules: boardRules()})
	board.Store(&boardH)

	stopLoops := startLoops(ctx, c, b.nc, 5*time.Second)
	defer stopLoops()
	id := ""
	if o.RunNow {
		id = o.Plan.SweepID
	}
	ids, resumed, err := sweepIDs(ctx, c, id, o.RunNow)
	if err != nil {
		return err
	}
	for _, id := range resumed {
		log.Info("resuming sweep", "sweep", id)
	}
	var sweeps sync.WaitGroup
	for _, id := range ids {
		sweeps.Go(func() {
			p, err := c.Run(ctx, id)
			if err != nil {
				log.Error("sweep failed", "sweep", id, "err", err)
				return
			}
			log.Info("sweep ended", "sweep", id, "status", p.Status, "expected", p.Expected, "done", p.Done,
				"failed", p.Failed, "skipped", p.Skipped, "stragglers", p.Stragglers)
		})
	}
	if o.Once {
		sweeps.Wait()
		return ctx.Err()
	}
	if sched != nil {
		sweeps.Go(func() { _ = c.Schedule(ctx, sched) })
	}
	<-ctx.Done()
	sweeps.Wait()
	return nil
}

// evalOptions resolves the eval model with the shared eval cache (nil
// without one).
func (o CoordinatorOptions) evalOptions(ctx context.Context, js jetstream.JetStream) (*worker.EvalOptions, error) {
	if o.EvalModel == "" {
		return nil, nil
	}
	opts, warn, err := kvEvalOptions(ctx, js, o.EvalModel, o.EvalBaseURL, nil)
	if err != nil {
		return nil, err
	}
	if warn != "" && o.Ecosystem.ModelRuns && !o.Ecosystem.Off {
		fmt.Fprintln(o.Stderr, "warning:", warn)
	}
	return opts, nil
}

// ecosystem opens the tool store and returns the pass's config (nil
// without an eval model or with the pass off).
func (o CoordinatorOptions) ecosystem(ctx context.Context, js jetstream.JetStream, opts *worker.EvalOptions) (*coordinator.EcosystemConfig, error) {
	if opts == nil || o.Ecosystem.Off {
		return nil, nil
	}
	tools, err := toolstore.Open(ctx, js)
	if err != nil {
		return nil, err
	}
	return o.Ecosystem.config(tools, opts), nil
}

// openStoreRetry opens the store, retrying for a minute while it starts.
func openStoreRetry(ctx context.Context, url string, log *slog.Logger) (store.Store, error) {
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
		if err := ctxsleep.Sleep(ctx, 2*time.Second); err != nil {
			return nil, err
		}
	}
	return nil, unreachable(fmt.Errorf("store: %w", last))
}

// NewLogger is the processes' text logger at level info.
func NewLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelInfo}))
}
