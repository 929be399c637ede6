package system

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/attest"
	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/ecosystem"
	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/toolstore"
	"github.com/mcpgauge/mcpgauge/worker"
)

// Plan is how sweeps are planned (the sweep's and the coordinator's
// planning flags).
type Plan struct {
	// Registries are the source specs to sweep (none: the official
	// registry), opened with Keys (registry.OpenAll).
	Registries   []string
	Keys         RegistryKeys
	Limit        int
	RescanAfter  time.Duration
	Deadline     time.Duration
	ScanDeadline time.Duration
	AllVersions  bool
	Incremental  bool
	Compliance   bool
	// ComplianceMode is "" or "deep" (see compliance.Mode).
	ComplianceMode string
	// SweepID names the sweep ("": resume the running one, else a new ID).
	SweepID string
	// SigningKey is an ed25519 key file (PKCS#8 PEM) to sign receipts with.
	SigningKey string
	ReceiptTTL time.Duration
}

// coordinatorConfig builds the coordinator's config. evalModel ("" for
// none) asks every job for the tool-selection eval with that model; it is
// part of the scan key, so a new model rescans.
func (p Plan) coordinatorConfig(js jetstream.JetStream, st store.Store, log *slog.Logger, m *coordinator.Metrics, evalModel, version string) (coordinator.Config, error) {
	var signer *attest.Signer
	if p.SigningKey != "" {
		var err error
		if signer, err = attest.LoadSigner(p.SigningKey); err != nil {
			return coordinator.Config{}, usage(fmt.Errorf("--signing-key: %w", err))
		}
	}
	srcs, err := registry.OpenAll(p.Registries, p.Keys, userAgent(version))
	if err != nil {
		return coordinator.Config{}, usage(err)
	}
	opts := schema.ScanOptions{DeadlineSeconds: int(p.ScanDeadline / time.Second), Compliance: p.Compliance,
		ComplianceMode: p.ComplianceMode, Eval: evalModel != "", EvalModel: evalModel}
	return coordinator.Config{JS: js, Store: st, Sources: srcs, Limit: p.Limit, AllVersions: p.AllVersions,
		Incremental: p.Incremental, RescanAfter: p.RescanAfter, SweepDeadline: p.Deadline,
		ScanOptions: opts, ScannerVersion: version, Signer: signer, ReceiptTTL: p.ReceiptTTL, Metrics: m, Log: log}, nil
}

// Ecosystem configures the post-sweep ecosystem pass; it runs only with
// an eval model.
type Ecosystem struct {
	// Off turns the pass off.
	Off         bool
	Seed        uint64
	Distractors int
	Sizes       []int
	// ModelRuns lets the pass make its own model calls.
	ModelRuns   bool
	MaxPool     int
	MaxCost     float64
	Concurrency int
	// Sample is the curve sample as the flag has it: 0 none, -1 all.
	Sample int
}

// config returns the pass's config (nil when off or without eval options).
func (e Ecosystem) config(tools *toolstore.KV, eo *worker.EvalOptions) *coordinator.EcosystemConfig {
	if e.Off || eo == nil || tools == nil {
		return nil
	}
	suiteOpts := *eo
	opts := ecosystem.Options{Seed: e.Seed, Sizes: e.Sizes, Distractors: e.Distractors, CurveSample: e.Sample}
	if e.Distractors == 0 {
		opts.Distractors = -1 // none, not the default
	}
	switch e.Sample { // the flag's 0 is none and -1 all; the option's are the reverse
	case 0:
		opts.CurveSample = -1
	case -1:
		opts.CurveSample = 0
	}
	if e.ModelRuns {
		opts.Model = &ecosystem.ModelOptions{Backend: eo.Backend, Cache: eo.Cache, Model: eo.Model,
			Concurrency: e.Concurrency, Prices: eo.Prices, MaxCost: e.MaxCost, MaxPool: e.MaxPool}
	}
	return &coordinator.EcosystemConfig{Tools: tools,
		LoadSuite: func(ctx context.Context, name, digest string) (*eval.Suite, error) {
			o := suiteOpts
			o.Cache = worker.ScopeCache(o.Cache, name)
			return worker.LoadSuite(ctx, o, digest)
		},
		Options: opts}
}
