package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/attest"
	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/ecosystem"
	"github.com/mcpgauge/mcpgauge/internal/netguard"
	"github.com/mcpgauge/mcpgauge/internal/termsafe"
	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/toolstore"
	"github.com/mcpgauge/mcpgauge/worker"
)

// planFlags are the sweep-planning flags shared by sweep and coordinator.
type planFlags struct {
	registries   []string
	limit        int
	rescanAfter  time.Duration
	deadline     time.Duration
	scanDeadline time.Duration
	allVersions  bool
	incremental  bool
	compliance   bool
	sweepID      string
	signingKey   string
	receiptTTL   time.Duration
}

func (p *planFlags) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringArrayVar(&p.registries, "registry", nil, "registry to sweep (repeatable): official, file://PATH, pulsemcp, smithery, glama or docker (default official)")
	f.IntVar(&p.limit, "limit", 0, "plan at most N servers (0 = all)")
	f.DurationVar(&p.rescanAfter, "rescan-after", coordinator.DefaultRescanAfter, "skip a server whose scan key was scanned more recently than this (0 = rescan everything)")
	f.DurationVar(&p.deadline, "deadline", coordinator.DefaultSweepDeadline, "sweep deadline: jobs without a result by then are recorded as worker_error (reason deadline)")
	f.DurationVar(&p.scanDeadline, "scan-deadline", worker.DefaultDeadline, "wall-clock budget of one scan (the job lease is twice this)")
	f.BoolVar(&p.allVersions, "all-versions", false, "scan every version, not only the latest of each server")
	f.BoolVar(&p.incremental, "incremental", false, "pull only entries updated since the last sweep's registry mark (KV mcpgauge-sync)")
	f.BoolVar(&p.compliance, "compliance", true, "run the live compliance tests in every scan (read-only: no real tool is called)")
	f.StringVar(&p.sweepID, "sweep-id", "", "sweep ID (default: resume the running sweep, else s<UTC minute>Z)")
	f.StringVar(&p.signingKey, "signing-key", "", "sign a receipt for every stored scan with this ed25519 key (PKCS#8 PEM); served by serve and the coordinator")
	f.DurationVar(&p.receiptTTL, "receipt-ttl", attest.DefaultTTL, "how long a receipt stays valid after its scan")
}

func (p *planFlags) validate() error {
	switch {
	case p.limit < 0:
		return usageErr(fmt.Errorf("--limit must be 0 or more, got %d", p.limit))
	case p.rescanAfter < 0:
		return usageErr(fmt.Errorf("--rescan-after must be 0 or more, got %v", p.rescanAfter))
	case p.deadline <= 0:
		return usageErr(fmt.Errorf("--deadline must be positive, got %v", p.deadline))
	case p.scanDeadline <= 0:
		return usageErr(fmt.Errorf("--scan-deadline must be positive, got %v", p.scanDeadline))
	case p.receiptTTL <= 0:
		return usageErr(fmt.Errorf("--receipt-ttl must be positive, got %v", p.receiptTTL))
	}
	if p.sweepID != "" {
		if err := schema.ValidSweepID(p.sweepID); err != nil {
			return usageErr(fmt.Errorf("--sweep-id: %w", err))
		}
	}
	return nil
}

// sources opens the --registry sources.
func (p *planFlags) sources() ([]registry.Source, error) {
	specs := p.registries
	if len(specs) == 0 {
		specs = []string{registry.SourceOfficial}
	}
	var out []registry.Source
	for _, s := range specs {
		rf := registryFlags{source: s, rps: 2, timeout: time.Hour}
		src, _, err := rf.build()
		if err != nil {
			return nil, fmt.Errorf("--registry %s: %w", s, err)
		}
		out = append(out, src)
	}
	return out, nil
}

// coordinatorConfig builds the coordinator's config from the plan flags.
// evalModel ("" for none) asks every job for the tool-selection eval with
// that model; it is part of the scan key, so a new model rescans.
func (p *planFlags) coordinatorConfig(js jetstream.JetStream, st store.Store, log *slog.Logger, m *coordinator.Metrics, evalModel string) (coordinator.Config, error) {
	srcs, err := p.sources()
	if err != nil {
		return coordinator.Config{}, err
	}
	var signer *attest.Signer
	if p.signingKey != "" {
		if signer, err = attest.LoadSigner(p.signingKey); err != nil {
			return coordinator.Config{}, usageErr(fmt.Errorf("--signing-key: %w", err))
		}
	}
	opts := schema.ScanOptions{DeadlineSeconds: int(p.scanDeadline / time.Second), Compliance: p.compliance,
		Eval: evalModel != "", EvalModel: evalModel}
	return coordinator.Config{JS: js, Store: st, Sources: srcs, Limit: p.limit, AllVersions: p.allVersions,
		Incremental: p.incremental, RescanAfter: p.rescanAfter, SweepDeadline: p.deadline,
		ScanOptions: opts, ScannerVersion: version, Signer: signer, ReceiptTTL: p.receiptTTL, Metrics: m, Log: log}, nil
}

// workerFlags configure in-process or standalone workers.
type workerFlags struct {
	evalModel   string
	evalBaseURL string
	sandbox     string
	allowRemote bool
	cacheDir    string
	grace       time.Duration
	// remote and install come from the config (flags --allow-remote-cidr,
	// --host-concurrency, --host-rate bound to remote.*).
	remote  RemoteConfig
	install InstallConfig
}

// configBindings bind the worker flags that have config keys.
func (w *workerFlags) configBindings() []flagBinding {
	return []flagBinding{{"data-dir", "data_dir"}, {"allow-remote-cidr", "remote.allow_cidrs"},
		{"host-concurrency", "remote.host_concurrency"}, {"host-rate", "remote.host_rate"}}
}

// remoteOptions sets the address policy and per-host politeness of
// registry endpoints on opts.
func remoteOptions(opts *worker.Options, rc RemoteConfig) error {
	allow, err := netguard.ParsePrefixes(rc.AllowCIDRs)
	if err != nil {
		return usageErr(fmt.Errorf("--allow-remote-cidr: %w", err))
	}
	opts.RemoteAllow = allow
	opts.Hosts = netguard.NewHosts(rc.HostConcurrency, rc.HostRate)
	return nil
}

func (w *workerFlags) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&w.sandbox, "sandbox", "", "sandbox for launched servers: bwrap or none (default bwrap; none only for trusted registries)")
	f.BoolVar(&w.allowRemote, "allow-remote", false, "connect to remote (streamable HTTP / SSE) endpoints; off by default")
	registerRemoteFlags(cmd)
	f.Int("host-concurrency", 0, "scans of one remote host at once (default 2)")
	f.Float64("host-rate", 0, "requests per second to one remote host (default 5)")
	f.StringVar(&w.cacheDir, "cache-dir", "", "package cache shared by every slot (default DATA_DIR/cache)")
	f.DurationVar(&w.grace, "grace", 30*time.Second, "on SIGTERM, let in-flight scans finish this long before handing them back")
	f.StringVar(&w.evalModel, "eval-model", "", "run the tool-selection eval after every ok scan with this model (answers shared in KV mcpgauge-evalcache)")
	f.StringVar(&w.evalBaseURL, "eval-base-url", "", "OpenAI-compatible base URL for --eval-model")
}

// withEval connects sc to the tool store (KV mcpgauge-tools, for the
// ecosystem pass) and turns on the eval when --eval-model is set, with the
// answer cache shared through NATS KV.
func (w *workerFlags) withEval(ctx context.Context, sc *worker.EntryScanner, js jetstream.JetStream, m *worker.LoopMetrics, log *slog.Logger, stderr io.Writer) error {
	tools, err := toolstore.Open(ctx, js)
	if err != nil {
		return err
	}
	sc.Tools, sc.Log = tools, log
	if w.evalModel == "" {
		return nil
	}
	opts, warn, err := kvEvalOptions(ctx, js, w.evalModel, w.evalBaseURL, m)
	if err != nil {
		return err
	}
	if warn != "" {
		fmt.Fprintln(stderr, "warning:", warn)
	}
	if m != nil {
		m.InitModel(opts.Model)
		opts.Backend = &worker.Metered{Backend: opts.Backend, Metrics: m, Model: opts.Model, Prices: opts.Prices}
	}
	sc.Options.Eval = opts
	return nil
}

// kvEvalOptions resolves --eval-model (and --eval-base-url) with the
// answer cache shared in KV mcpgauge-evalcache; m (nil for none) counts
// the cache's hits. It also returns the API-key warning, if any.
func kvEvalOptions(ctx context.Context, js jetstream.JetStream, model, baseURL string, m *worker.LoopMetrics) (*worker.EvalOptions, string, error) {
	cache, err := worker.NewKVEvalCache(ctx, js, m)
	if err != nil {
		return nil, "", err
	}
	opts, warn, err := worker.NewEvalOptions(model, baseURL, cache, os.Getenv)
	if err != nil {
		return nil, "", usageErr(fmt.Errorf("--eval-model: %w", err))
	}
	return opts, warn, nil
}

// scanner builds the worker's scanner.
func (w *workerFlags) scanner(ctx context.Context, dataDir string, scanDeadline time.Duration, stderr io.Writer) (worker.EntryScanner, error) {
	cache := w.cacheDir
	if cache == "" {
		cache = filepath.Join(dataDir, "cache")
	}
	if err := os.MkdirAll(cache, 0o755); err != nil { // the sandbox's user reads it
		return worker.EntryScanner{}, fmt.Errorf("package cache %s: %w", cache, err)
	}
	opts := worker.Options{Installers: worker.InstallersFor(cache, worker.Registries{NPM: w.install.NPMRegistries, PyPI: w.install.PyPIIndexes, OCI: w.install.OCIRegistries}), AllowRemote: w.allowRemote,
		Deadline: scanDeadline, ScannerVersion: version, Log: stderr}
	if err := remoteOptions(&opts, w.remote); err != nil {
		return worker.EntryScanner{}, err
	}
	switch w.sandbox {
	case "", "bwrap":
		b := worker.NewBwrap()
		if err := b.Available(ctx); err != nil {
			return worker.EntryScanner{}, usageErr(fmt.Errorf("the bwrap sandbox is not available: %v; fix that, or pass --sandbox none to run registry servers unsandboxed (trusted registries only)", err))
		}
		opts.Sandbox = b
		if c, note, err := worker.CacheDirFor(b, cache); err != nil {
			return worker.EntryScanner{}, err
		} else if note != "" {
			fmt.Fprintln(stderr, "note:", note)
			opts.Installers = worker.InstallersFor(c, worker.Registries{NPM: w.install.NPMRegistries, PyPI: w.install.PyPIIndexes, OCI: w.install.OCIRegistries})
		}
	case "none":
		opts.Sandbox, opts.AllowUnsandboxed = worker.None{}, true
	default:
		return worker.EntryScanner{}, usageErr(fmt.Errorf("--sandbox %q: want bwrap or none", w.sandbox))
	}
	return worker.EntryScanner{Options: opts}, nil
}

// dialNATS connects to natsURL, or starts an embedded server in dataDir
// when natsURL is empty. The returned func releases both.
func dialNATS(natsURL, dataDir, name string) (*nats.Conn, func(), error) {
	if natsURL != "" {
		nc, err := natsbus.Connect(natsURL, name)
		if err != nil {
			return nil, nil, connectErr(err)
		}
		return nc, nc.Close, nil
	}
	ns, err := natsbus.StartEmbedded(natsbus.EmbeddedOptions{Dir: filepath.Join(dataDir, "nats")})
	if err != nil {
		return nil, nil, err
	}
	nc, err := ns.Connect(name)
	if err != nil {
		ns.Shutdown()
		return nil, nil, err
	}
	return nc, func() { nc.Close(); ns.Shutdown() }, nil
}

// connectJetStream dials NATS (an embedded server under dataDir when
// natsURL is empty), opens JetStream and, when own is set (the coordinator
// and the sweep), creates the sweep's streams, consumers and buckets
// (natsbus.Setup, bounded by a minute); a worker (own false) binds to them
// and never changes them. The returned func releases the connection and
// any embedded server.
func connectJetStream(ctx context.Context, natsURL, dataDir, name string, own bool, scanDeadline time.Duration, log *slog.Logger) (*nats.Conn, jetstream.JetStream, func(), error) {
	nc, closeNATS, err := dialNATS(natsURL, dataDir, name)
	if err != nil {
		return nil, nil, nil, err
	}
	js, err := jetstream.New(nc)
	if err != nil {
		closeNATS()
		return nil, nil, nil, connectErr(fmt.Errorf("JetStream: %w", err))
	}
	if !own {
		if err := awaitBind(ctx, js, name, log); err != nil {
			closeNATS()
			return nil, nil, nil, err
		}
		return nc, js, closeNATS, nil
	}
	sctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := natsbus.Setup(sctx, js, scanDeadline); err != nil {
		closeNATS()
		return nil, nil, nil, connectErr(err)
	}
	return nc, js, closeNATS, nil
}

// serveHTTP serves h on addr until ctx ends; it prints the bound address.
func serveHTTP(ctx context.Context, addr string, h http.Handler, stderr io.Writer) (func(), error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, usageErr(fmt.Errorf("--listen %s: %w", addr, err))
	}
	fmt.Fprintf(stderr, "LISTENING http://%s\n", ln.Addr())
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}, nil
}

// opsMux serves /metrics and /healthz (healthy while check returns nil).
func opsMux(reg *prometheus.Registry, check func() error) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		if err := check(); err != nil {
			http.Error(w, "unhealthy: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		_, _ = io.WriteString(w, "ok\n")
	})
	return mux
}

func natsHealthy(nc *nats.Conn) func() error {
	return func() error {
		if !nc.IsConnected() {
			return errors.New("not connected to NATS")
		}
		return nil
	}
}

func newLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func newSweepCmd() *cobra.Command {
	var pf planFlags
	var wf workerFlags
	var ef ecoFlags
	var workers int
	var natsURL, storeURL string
	cmd := &cobra.Command{
		Use:   "sweep",
		Short: "Scan every server of one or more registries on this machine and rank them",
		Long: `Sweep pulls the registries, plans one job per server (skipping servers whose
scan key was scanned within --rescan-after), scans them with --workers slots and
stores every result, then prints the top of the leaderboard.

With no --nats it runs an embedded NATS server (JetStream under the data dir);
with no --store it uses SQLite under the data dir, so it needs nothing else
installed. An interrupted sweep resumes where it stopped when run again.

  mcpgauge sweep --registry file://examples/registry.json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, _, err := loadConfig(cmd, "", wf.configBindings()...)
			if err != nil {
				return err
			}
			wf.remote, wf.install = cfg.Remote, cfg.Install
			if err := pf.validate(); err != nil {
				return err
			}
			if workers <= 0 {
				return usageErr(fmt.Errorf("--workers must be positive, got %d", workers))
			}
			if err := ef.validate(); err != nil {
				return err
			}
			return runSweep(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), cfg.DataDir, natsURL, storeURL, workers, pf, wf, ef)
		},
	}
	pf.register(cmd)
	wf.register(cmd)
	ef.register(cmd)
	f := cmd.Flags()
	f.IntVar(&workers, "workers", runtime.NumCPU(), "concurrent scans")
	f.StringVar(&natsURL, "nats", "", "NATS URL (default: an embedded server under the data dir)")
	f.StringVar(&storeURL, "store", "", "store URL: sqlite:///path.db or clickhouse://user:pass@host:9000/db (default: SQLite under the data dir)")
	f.String("data-dir", "", "data directory (embedded NATS, SQLite, package cache); default ~/.local/share/mcpgauge")
	return cmd
}

func runSweep(ctx context.Context, stdout, stderr io.Writer, dataDir, natsURL, storeURL string, workers int, pf planFlags, wf workerFlags, ef ecoFlags) error {
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return usageErr(fmt.Errorf("data dir %s: %w", dataDir, err))
	}
	log := newLogger(io.Discard)
	tty := isTerminal(stderr)
	if !tty {
		log = newLogger(stderr)
	}
	sc, err := wf.scanner(ctx, dataDir, pf.scanDeadline, stderr)
	if err != nil {
		return err
	}
	nc, js, closeNATS, err := connectJetStream(ctx, natsURL, dataDir, "mcpgauge-sweep", true, pf.scanDeadline, log)
	if err != nil {
		return err
	}
	defer closeNATS()
	if natsURL == "" { // the embedded server is ours alone: a killed run's leases are ours to take back
		n, err := natsbus.ReclaimLeases(ctx, js, pf.scanDeadline)
		if err != nil {
			return err
		}
		if n > 0 {
			fmt.Fprintf(stderr, "took back %d job leases of an interrupted run\n", n)
		}
	}
	if err := wf.withEval(ctx, &sc, js, nil, log, stderr); err != nil {
		return err
	}
	if storeURL == "" {
		storeURL = store.SQLiteURL(dataDir)
	}
	st, err := store.Open(ctx, storeURL)
	if err != nil {
		return connectErr(fmt.Errorf("store: %w", err))
	}
	defer st.Close()
	var evalModel string
	if sc.Options.Eval != nil {
		evalModel = sc.Options.Eval.Model
	}
	ccfg, err := pf.coordinatorConfig(js, st, log, nil, evalModel)
	if err != nil {
		return usageErr(err)
	}
	ccfg.Ecosystem = ef.config(sc.Tools, sc.Options.Eval)
	ccfg.WatchDirs = []string{dataDir} // embedded NATS, SQLite and the cache: a full disk ends the sweep
	c, err := coordinator.New(ctx, ccfg)
	if err != nil {
		return err
	}
	id := pf.sweepID
	if id == "" {
		running, err := c.Running(ctx)
		if err != nil {
			return err
		}
		id = coordinator.ManualSweepID(time.Now())
		if len(running) > 0 {
			id = running[0]
			fmt.Fprintf(stderr, "resuming sweep %s\n", id)
		}
	}
	runCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
	loopCtx, stopLoop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(3)
	go func() { defer wg.Done(); _ = c.Ingest(runCtx) }()
	go func() { defer wg.Done(); _ = c.WatchGiveUps(runCtx, nc) }()
	go func() {
		defer wg.Done()
		_, _ = worker.RunLoop(loopCtx, worker.LoopConfig{JS: js, Scanner: sc, Slots: workers, Grace: wf.grace, Log: log})
	}()
	repDone := make(chan struct{})
	go func() { reportProgress(runCtx, c, id, stderr, tty); close(repDone) }()
	p, runErr := c.Run(ctx, id)
	defer func() {
		for _, n := range c.Notices() {
			fmt.Fprintln(stderr, "warning:", n)
		}
	}()
	if ctx.Err() != nil {
		fmt.Fprintf(stderr, "\ninterrupted: sweep %s stays running; run the same command again to resume it\n", id)
	}
	stopLoop()
	stop()
	wg.Wait()
	<-repDone
	if runErr != nil {
		return runErr
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	fmt.Fprintf(stderr, "sweep %s %s: %d planned, %d skipped as unchanged, %d scanned, %d could not be scanned, %d missed the deadline\n",
		id, p.Status, p.Planned, p.Skipped, p.Done, p.Failed, p.Stragglers)
	lctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	lb, err := st.Leaderboard(lctx, store.LeaderboardQuery{Limit: 10})
	if err != nil {
		return fmt.Errorf("leaderboard: %w", err)
	}
	if err := writeLeaderboard(stdout, lb); err != nil {
		return err
	}
	if ccfg.Ecosystem == nil {
		return nil
	}
	reps, err := st.Ecosystem(lctx, store.EcosystemQuery{SweepID: id})
	if err != nil {
		return fmt.Errorf("ecosystem: %w", err)
	}
	ecosystem.SortWorstFirst(reps)
	fmt.Fprintln(stdout)
	return writeEcosystem(stdout, reps, 10, false)
}

// reportProgress prints a live line on a terminal, log lines otherwise.
func reportProgress(ctx context.Context, c *coordinator.Coordinator, id string, w io.Writer, tty bool) {
	every := 30 * time.Second
	if tty {
		every = time.Second
	}
	start := time.Now()
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			if tty {
				fmt.Fprintln(w)
			}
			return
		case <-t.C:
		}
		p, err := c.Progress(ctx, id)
		if err != nil {
			continue
		}
		line := progressLine(p, time.Since(start))
		if tty {
			// The carriage return is ours; the line is numbers only.
			fmt.Fprintf(termsafe.Raw(w), "\r%-100s", termsafe.String(line))
		} else {
			fmt.Fprintln(w, line)
		}
	}
}

// progressLine renders done/total, rate, ETA and failures.
func progressLine(p coordinator.Progress, elapsed time.Duration) string {
	var b strings.Builder
	if p.Planning {
		fmt.Fprintf(&b, "planning: %d planned, %d skipped; ", p.Planned, p.Skipped)
	}
	fmt.Fprintf(&b, "%d/%d scanned", p.Done, p.Expected)
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(p.Done) / s
	}
	fmt.Fprintf(&b, ", %.2f/s", rate)
	if left := p.Expected - p.Done; left > 0 && rate > 0 && !p.Planning {
		fmt.Fprintf(&b, ", ETA %s", time.Duration(float64(left)/rate*float64(time.Second)).Round(time.Second))
	}
	fmt.Fprintf(&b, ", %d could not be scanned", p.Failed)
	if p.Skipped > 0 && !p.Planning {
		fmt.Fprintf(&b, ", %d unchanged", p.Skipped)
	}
	if p.Ecosystem {
		b.WriteString("; ecosystem pass running")
	}
	return b.String()
}

// awaitBind binds to the streams, consumer and buckets the coordinator
// creates, waiting with a growing pause (1 s to 30 s) while they do not
// exist yet: a worker may start before its coordinator.
func awaitBind(ctx context.Context, js jetstream.JetStream, name string, log *slog.Logger) error {
	wait := time.Second
	for {
		bctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err := natsbus.Bind(bctx, js)
		cancel()
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !errors.Is(err, natsbus.ErrNotSetUp) && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, nats.ErrTimeout) {
			return connectErr(fmt.Errorf("bind to NATS: %w", err))
		}
		log.Warn("waiting for the coordinator to set up NATS", "process", name, "err", err, "retry_in", wait)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait = min(2*wait, 30*time.Second)
	}
}
