package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/attest"
	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/system"
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
	compliance   complianceFlag
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
	p.compliance = complianceFlag{on: true}
	f.Var(&p.compliance, "compliance", "live compliance tests in every scan (read-only: no real tool is called): true, false, or deep (every protocol revision in a session of its own; default: check.compliance)")
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

// sources opens the --registry sources with the effective config (the
// registries' API keys come from MCPGAUGE_*_API_KEY or the config file).
func (p *planFlags) sources(cfg Config) ([]registry.Source, error) {
	specs := p.registries
	if len(specs) == 0 {
		specs = []string{registry.SourceOfficial}
	}
	var out []registry.Source
	for _, s := range specs {
		rf := registryFlags{source: s, rps: 2, timeout: time.Hour, cfg: cfg}
		src, _, err := rf.build()
		if err != nil {
			return nil, fmt.Errorf("--registry %s: %w", s, err)
		}
		out = append(out, src)
	}
	return out, nil
}

// plan turns the flags into the system's plan, opening the sources.
func (p *planFlags) plan(cfg Config) (system.Plan, error) {
	srcs, err := p.sources(cfg)
	if err != nil {
		return system.Plan{}, usageErr(err)
	}
	return system.Plan{Sources: srcs, Limit: p.limit, RescanAfter: p.rescanAfter, Deadline: p.deadline,
		ScanDeadline: p.scanDeadline, AllVersions: p.allVersions, Incremental: p.incremental, Compliance: p.compliance.on, ComplianceMode: p.compliance.mode(cfg),
		SweepID: p.sweepID, SigningKey: p.signingKey, ReceiptTTL: p.receiptTTL}, nil
}

// workerFlags configure in-process or standalone workers.
type workerFlags struct {
	evalModel   string
	evalBaseURL string
	sandbox     string
	allowRemote bool
	cacheDir    string
	grace       time.Duration
}

// configBindings bind the worker flags that have config keys.
func (w *workerFlags) configBindings() []flagBinding {
	return []flagBinding{{"data-dir", "data_dir"}, {"allow-remote-cidr", "remote.allow_cidrs"},
		{"host-concurrency", "remote.host_concurrency"}, {"host-rate", "remote.host_rate"}}
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

// scanning turns the flags and the config's remote.* and install.* into
// the system's scanning options.
func (w *workerFlags) scanning(cfg Config) system.Scanning {
	return system.Scanning{DataDir: cfg.DataDir, CacheDir: w.cacheDir, Sandbox: w.sandbox, AllowRemote: w.allowRemote,
		Remote:        remoteConfig(cfg),
		NPMRegistries: cfg.Install.NPMRegistries, PyPIIndexes: cfg.Install.PyPIIndexes, OCIRegistries: cfg.Install.OCIRegistries, Grace: w.grace,
		EvalModel: w.evalModel, EvalBaseURL: w.evalBaseURL}
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
			cfg, _, err := loadConfig(cmd, "", append(wf.configBindings(), serviceBindings()...)...)
			if err != nil {
				return err
			}
			natsURL, storeURL, workers = cfg.NATS, cfg.Store, cfg.Workers
			if err := pf.validate(); err != nil {
				return err
			}
			if workers <= 0 {
				return usageErr(fmt.Errorf("--workers must be positive, got %d", workers))
			}
			if err := ef.validate(); err != nil {
				return err
			}
			plan, err := pf.plan(cfg)
			if err != nil {
				return err
			}
			stderr := cmd.ErrOrStderr()
			res, err := system.RunSweep(cmd.Context(), system.SweepOptions{DataDir: cfg.DataDir, NATS: natsURL, Store: storeURL,
				Workers: workers, Plan: plan, Scanning: wf.scanning(cfg), Ecosystem: ef.options(), Version: version,
				Stderr: stderr, Terminal: isTerminal(stderr)})
			if err != nil {
				return err
			}
			return writeSweepResult(cmd.OutOrStdout(), stderr, res)
		},
	}
	pf.register(cmd)
	wf.register(cmd)
	ef.register(cmd)
	f := cmd.Flags()
	f.IntVar(&workers, "workers", worker.DefaultSlots(), "concurrent scans (default: 2 per CPU, at most one per 512 MiB of available memory)")
	f.StringVar(&natsURL, "nats", "", "NATS URL (default: an embedded server under the data dir)")
	f.StringVar(&storeURL, "store", "", "store URL: sqlite:///path.db or clickhouse://user:pass@host:9000/db (default: SQLite under the data dir)")
	f.String("data-dir", "", "data directory (embedded NATS, SQLite, package cache); default ~/.local/share/mcpgauge")
	return cmd
}

// writeSweepResult prints the sweep's summary line, the top of the
// leaderboard and, when the pass ran, the worst of the ecosystem.
func writeSweepResult(stdout, stderr io.Writer, res system.SweepResult) error {
	p := res.Progress
	fmt.Fprintf(stderr, "sweep %s %s: %d planned, %d skipped as unchanged, %d scanned, %d could not be scanned, %d missed the deadline\n",
		res.ID, p.Status, p.Planned, p.Skipped, p.Done, p.Failed, p.Stragglers)
	if err := writeLeaderboard(stdout, res.Leaderboard); err != nil {
		return err
	}
	if !res.EcosystemRan {
		return nil
	}
	fmt.Fprintln(stdout)
	return writeEcosystem(stdout, res.Ecosystem, 10, false)
}

// remoteConfig is the config's remote.* as the system's remote policy.
func remoteConfig(cfg Config) system.Remote {
	return system.Remote{AllowCIDRs: cfg.Remote.AllowCIDRs, HostConcurrency: cfg.Remote.HostConcurrency, HostRate: cfg.Remote.HostRate}
}

// complianceFlag is sweep's --compliance: true (the default session
// plan, or check.compliance), false, or deep.
type complianceFlag struct {
	on, deep, set bool
}

func (c *complianceFlag) String() string {
	switch {
	case !c.on:
		return "false"
	case c.deep:
		return "deep"
	}
	return "true"
}

func (c *complianceFlag) Set(s string) error {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "on", "1", "default":
		*c = complianceFlag{on: true, set: true}
	case "false", "off", "0":
		*c = complianceFlag{set: true}
	case "deep":
		*c = complianceFlag{on: true, deep: true, set: true}
	default:
		return fmt.Errorf("%q: want true, false or deep", s)
	}
	return nil
}

func (c *complianceFlag) Type() string { return "true|false|deep" }

// mode is the job's compliance mode: the flag's, else check.compliance.
func (c *complianceFlag) mode(cfg Config) string {
	if c.deep || (!c.set && complianceMode(cfg) == compliance.ModeDeep) {
		return string(compliance.ModeDeep)
	}
	return ""
}
