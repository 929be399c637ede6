package main

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/config"
	"github.com/mcpgauge/mcpgauge/internal/termsafe"
	"github.com/mcpgauge/mcpgauge/system"
	systext "github.com/mcpgauge/mcpgauge/system/text"
)

// planFlags are the sweep-planning flags shared by sweep and coordinator.
type planFlags struct {
	system.Plan
	compliance config.ComplianceFlag
}

func (p *planFlags) register(cmd *cobra.Command) {
	d, f := system.DefaultPlan(), cmd.Flags()
	f.StringArrayVar(&p.Registries, "registry", nil, "registry to sweep (repeatable): official, file://PATH, pulsemcp, smithery, glama or docker (default official)")
	f.IntVar(&p.Limit, "limit", 0, "plan at most N servers (0 = all)")
	f.DurationVar(&p.RescanAfter, "rescan-after", d.RescanAfter, "skip a server whose scan key was scanned more recently than this (0 = rescan everything)")
	f.DurationVar(&p.Deadline, "deadline", d.Deadline, "sweep deadline: jobs without a result by then are recorded as worker_error (reason deadline)")
	f.DurationVar(&p.ScanDeadline, "scan-deadline", d.ScanDeadline, "wall-clock budget of one scan (the job lease is twice this)")
	f.BoolVar(&p.AllVersions, "all-versions", false, "scan every version, not only the latest of each server")
	f.BoolVar(&p.Incremental, "incremental", false, "pull only entries updated since the last sweep's registry mark (KV mcpgauge-sync)")
	p.compliance = config.ComplianceFlag{On: d.Compliance}
	f.Var(&p.compliance, "compliance", "live compliance tests in every scan (read-only: no real tool is called): true, false, or deep (every protocol revision in a session of its own; default: check.compliance)")
	f.StringVar(&p.SweepID, "sweep-id", "", "sweep ID (default: resume the running sweep, else s<UTC minute>Z)")
	f.StringVar(&p.SigningKey, "signing-key", "", "sign a receipt for every stored scan with this ed25519 key (PKCS#8 PEM); served by serve and the coordinator")
	f.DurationVar(&p.ReceiptTTL, "receipt-ttl", d.ReceiptTTL, "how long a receipt stays valid after its scan")
}

// plan is the flags' plan with the config's registry keys and
// check.compliance.
func (p *planFlags) plan(cfg Config) system.Plan {
	pl := p.Plan
	pl.Keys = registryKeys(cfg)
	pl.Compliance, pl.ComplianceMode = p.compliance.On, p.compliance.Mode(cfg)
	return pl
}

// workerFlags configure in-process or standalone workers.
type workerFlags struct{ system.Scanning }

// configBindings bind the worker flags that have config keys.
func (w *workerFlags) configBindings() []flagBinding {
	return []flagBinding{{"data-dir", "data_dir"}, {"allow-remote-cidr", "remote.allow_cidrs"},
		{"host-concurrency", "remote.host_concurrency"}, {"host-rate", "remote.host_rate"}}
}

func (w *workerFlags) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&w.Sandbox, "sandbox", "", "sandbox for launched servers: bwrap or none (default bwrap; none only for trusted registries)")
	f.BoolVar(&w.AllowRemote, "allow-remote", false, "connect to remote (streamable HTTP / SSE) endpoints; off by default")
	registerRemoteFlags(cmd)
	f.Int("host-concurrency", 0, "scans of one remote host at once (default 2)")
	f.Float64("host-rate", 0, "requests per second to one remote host (default 5)")
	f.StringVar(&w.CacheDir, "cache-dir", "", "package cache shared by every slot (default DATA_DIR/cache)")
	f.DurationVar(&w.Grace, "grace", 30*time.Second, "on SIGTERM, let in-flight scans finish this long before handing them back")
	f.StringVar(&w.EvalModel, "eval-model", "", "run the tool-selection eval after every ok scan with this model (answers shared in KV mcpgauge-evalcache)")
	f.StringVar(&w.EvalBaseURL, "eval-base-url", "", "OpenAI-compatible base URL for --eval-model")
}

// scanning is the flags with the config's data dir, remote.* and install.*.
func (w *workerFlags) scanning(cfg Config) system.Scanning {
	s := w.Scanning
	s.DataDir, s.Remote = cfg.DataDir, remoteConfig(cfg)
	s.NPMRegistries, s.PyPIIndexes, s.OCIRegistries = cfg.Install.NPMRegistries, cfg.Install.PyPIIndexes, cfg.Install.OCIRegistries
	s.InstallCaps = system.InstallCaps(cfg.Install.MaxMB, cfg.Install.MaxFiles, cfg.Install.CacheMaxMB)
	return s
}

func newSweepCmd() *cobra.Command {
	var pf planFlags
	var wf workerFlags
	var eco system.Ecosystem
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
			stderr := cmd.ErrOrStderr()
			res, err := system.RunSweep(cmd.Context(), system.SweepOptions{DataDir: cfg.DataDir, NATS: cfg.NATS, NATSAuth: cfg.NATSAuth(), Store: cfg.Store,
				Workers: cfg.Workers, Plan: pf.plan(cfg), Scanning: wf.scanning(cfg), Ecosystem: eco, Version: version,
				Stderr: stderr, Terminal: termsafe.IsTerminal(stderr)})
			if err != nil {
				return err
			}
			return systext.Sweep(cmd.OutOrStdout(), stderr, res)
		},
	}
	pf.register(cmd)
	wf.register(cmd)
	registerEcosystem(cmd, &eco)
	f := cmd.Flags()
	f.Int("workers", system.DefaultSlots(), "concurrent scans (default: 2 per CPU, at most one per 512 MiB of available memory)")
	f.String("nats", "", "NATS URL (default: an embedded server under the data dir)")
	f.String("store", "", "store URL: sqlite:///path.db or clickhouse://user:pass@host:9000/db (default: SQLite under the data dir)")
	registerFlags(cmd, append(config.NATSAuthFlags(), config.StoreFileFlag())...)
	f.String("data-dir", "", "data directory (embedded NATS, SQLite, package cache); default ~/.local/share/mcpgauge")
	return cmd
}

// remoteConfig is the config's remote.* as the system's remote policy.
func remoteConfig(cfg Config) system.Remote {
	return system.Remote{AllowCIDRs: cfg.Remote.AllowCIDRs, HostConcurrency: cfg.Remote.HostConcurrency, HostRate: cfg.Remote.HostRate}
}
