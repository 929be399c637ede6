package system

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/worker"
)

// Remote is the address policy and per-host politeness for the remote
// endpoints registry entries list (worker.Remote).
type Remote = worker.Remote

// Scanning configures the scans of a worker process or of the sweep's
// in-process workers.
type Scanning struct {
	// DataDir holds the package cache unless CacheDir is set.
	DataDir  string
	CacheDir string
	// Sandbox is bwrap, none or "" (bwrap: registry servers are untrusted;
	// see worker.SandboxFor).
	Sandbox string
	// AllowRemote lets scans connect to remote endpoints.
	AllowRemote bool
	Remote      Remote
	// NPMRegistries and PyPIIndexes are the package registries entries may
	// name, OCIRegistries the image registries (config install.*).
	NPMRegistries, PyPIIndexes, OCIRegistries []string
	// InstallCaps bound each install and the package cache (config
	// install.max_mb, install.max_files, install.cache_max_mb).
	InstallCaps worker.InstallCaps
	// Grace is how long in-flight scans may finish on shutdown.
	Grace time.Duration
	// EvalModel ("" for none) runs the tool-selection eval after every ok
	// scan, with EvalBaseURL; answers are shared in KV mcpgauge-evalcache.
	EvalModel, EvalBaseURL string
}

// InstallCaps converts config install.max_mb, install.max_files and
// install.cache_max_mb (0: the default; negative: no cap) into the
// installers' caps.
func InstallCaps(maxMB, maxFiles, cacheMaxMB int64) worker.InstallCaps {
	mb := func(n int64) int64 {
		if n > 0 {
			return n << 20
		}
		return n
	}
	return worker.InstallCaps{Bytes: mb(maxMB), Files: maxFiles, CacheBytes: mb(cacheMaxMB)}
}

// scanner builds the worker's scanner (without the NATS-backed parts;
// see withEval).
func (s Scanning) scanner(ctx context.Context, deadline time.Duration, version string, stderr io.Writer) (worker.EntryScanner, error) {
	cache := s.CacheDir
	if cache == "" {
		cache = filepath.Join(s.DataDir, "cache")
	}
	if err := os.MkdirAll(cache, 0o755); err != nil { // the sandbox's user reads it
		return worker.EntryScanner{}, fmt.Errorf("package cache %s: %w", cache, err)
	}
	regs := worker.Registries{NPM: s.NPMRegistries, PyPI: s.PyPIIndexes, OCI: s.OCIRegistries, Caps: s.InstallCaps}
	opts := worker.Options{Installers: worker.InstallersFor(cache, regs), AllowRemote: s.AllowRemote,
		Deadline: deadline, ScannerVersion: version, Log: stderr}
	if err := s.Remote.Apply(&opts); err != nil {
		return worker.EntryScanner{}, err
	}
	sb, unsandboxed, err := worker.SandboxFor(ctx, s.Sandbox, true, stderr)
	if err != nil {
		return worker.EntryScanner{}, err
	}
	opts.Sandbox, opts.AllowUnsandboxed = sb, unsandboxed
	if c, note, err := worker.CacheDirFor(sb, cache); err != nil {
		return worker.EntryScanner{}, err
	} else if note != "" {
		fmt.Fprintln(stderr, "note:", note)
		opts.Installers = worker.InstallersFor(c, regs)
	}
	return worker.EntryScanner{Options: opts}, nil
}

// withEval has sc ship the tool definitions of its ok scans (the
// coordinator stores them in KV mcpgauge-tools for the ecosystem pass) and
// turns on the eval when EvalModel is set, reading the answer cache shared
// through NATS KV; the answers a scan computes travel in its result too. A
// worker writes no bucket.
func (s Scanning) withEval(ctx context.Context, sc *worker.EntryScanner, js jetstream.JetStream, m *worker.LoopMetrics, log *slog.Logger, stderr io.Writer) error {
	sc.ShipTools, sc.Log = true, log
	if s.EvalModel == "" {
		return nil
	}
	opts, warn, err := kvEvalOptions(ctx, js, s.EvalModel, s.EvalBaseURL, m)
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

// kvEvalOptions resolves the eval model (and base URL) with the answer
// cache shared in KV mcpgauge-evalcache; m (nil for none) counts the
// cache's hits. It also returns the API-key warning, if any.
func kvEvalOptions(ctx context.Context, js jetstream.JetStream, model, baseURL string, m *worker.LoopMetrics) (*worker.EvalOptions, string, error) {
	cache, err := worker.NewKVEvalCache(ctx, js, m)
	if err != nil {
		return nil, "", err
	}
	opts, warn, err := worker.NewEvalOptions(model, baseURL, cache, os.Getenv)
	if err != nil {
		return nil, "", usage(fmt.Errorf("--eval-model: %w", err))
	}
	return opts, warn, nil
}
