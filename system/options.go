package system

import (
	"errors"
	"fmt"
	"time"

	"github.com/mcpgauge/mcpgauge/attest"
	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/ecosystem"
	"github.com/mcpgauge/mcpgauge/internal/netguard"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/worker"
)

// RegistryKeys are the registries' API keys (from the environment or the
// config file).
type RegistryKeys = registry.Keys

// Registry names and key variables the commands' flags mention.
const (
	// DefaultRegistry is the source read when none is named.
	DefaultRegistry = registry.SourceOfficial
	// OfficialStagingURL is the official registry's staging root.
	OfficialStagingURL = registry.OfficialStagingURL
	EnvSmitheryKey     = registry.EnvSmitheryKey
	EnvGlamaKey        = registry.EnvGlamaKey
	EnvPulseMCPKey     = registry.EnvPulseMCPKey
)

// userAgent is what the registries see of this scanner.
func userAgent(version string) string {
	return registry.DefaultUserAgent + " mcpgauge/" + version
}

// DefaultSlots is the default number of concurrent scans: 2 per CPU, at
// most one per 512 MiB of available memory.
func DefaultSlots() int { return worker.DefaultSlots() }

// DefaultScanDeadline is the default wall-clock budget of one scan.
const DefaultScanDeadline = worker.DefaultDeadline

// DefaultPlan is the plan the flags start from.
func DefaultPlan() Plan {
	return Plan{RescanAfter: coordinator.DefaultRescanAfter, Deadline: coordinator.DefaultSweepDeadline,
		ScanDeadline: worker.DefaultDeadline, Compliance: true, ReceiptTTL: attest.DefaultTTL}
}

// DefaultEcosystem is the ecosystem pass the flags start from.
func DefaultEcosystem() Ecosystem {
	return Ecosystem{Seed: ecosystem.DefaultSeed, Distractors: ecosystem.DefaultDistractors, Sizes: ecosystem.DefaultSizes(),
		ModelRuns: true, Concurrency: 4, Sample: 100}
}

// Validate checks the plan's numbers, sweep ID and registries (opened,
// not read). Errors are usage errors naming the flag.
func (p Plan) Validate() error {
	switch {
	case p.Limit < 0:
		return usage(fmt.Errorf("--limit must be 0 or more, got %d", p.Limit))
	case p.RescanAfter < 0:
		return usage(fmt.Errorf("--rescan-after must be 0 or more, got %v", p.RescanAfter))
	case p.Deadline <= 0:
		return usage(fmt.Errorf("--deadline must be positive, got %v", p.Deadline))
	case p.ScanDeadline <= 0:
		return usage(fmt.Errorf("--scan-deadline must be positive, got %v", p.ScanDeadline))
	case p.ReceiptTTL <= 0:
		return usage(fmt.Errorf("--receipt-ttl must be positive, got %v", p.ReceiptTTL))
	case p.ComplianceMode != "" && p.ComplianceMode != "deep":
		return usage(fmt.Errorf("--compliance %q: want true, false or deep", p.ComplianceMode))
	}
	if p.SweepID != "" {
		if err := schema.ValidSweepID(p.SweepID); err != nil {
			return usage(fmt.Errorf("--sweep-id: %w", err))
		}
	}
	if _, err := registry.OpenAll(p.Registries, p.Keys, ""); err != nil {
		return usage(err)
	}
	return nil
}

// Validate checks the pass's numbers; the pass need not be on.
func (e Ecosystem) Validate() error {
	switch {
	case e.Distractors < 0:
		return usage(fmt.Errorf("--ecosystem-distractors must be 0 or more, got %d", e.Distractors))
	case e.MaxPool < 0:
		return usage(fmt.Errorf("--ecosystem-max-pool must be 0 or more, got %d", e.MaxPool))
	case e.MaxCost < 0:
		return usage(fmt.Errorf("--ecosystem-max-cost must be 0 or more, got %v", e.MaxCost))
	case e.Concurrency < 1:
		return usage(fmt.Errorf("--ecosystem-concurrency must be positive, got %d", e.Concurrency))
	case e.Seed == 0:
		return usage(errors.New("--ecosystem-seed must not be 0"))
	case e.Sample < -1:
		return usage(fmt.Errorf("--ecosystem-model-sample must be -1 (every server), 0 (none) or a count, got %d", e.Sample))
	}
	for _, n := range e.Sizes {
		if n <= 0 {
			return usage(fmt.Errorf("--ecosystem-pool-sizes: %d is not a positive pool size", n))
		}
	}
	return nil
}

// validateRemote checks the address ranges and the per-host limits of r
// (worker.Remote, which Apply also checks when a scanner is built).
func validateRemote(r Remote) error {
	if _, err := netguard.ParsePrefixes(r.AllowCIDRs); err != nil {
		return usage(fmt.Errorf("--allow-remote-cidr: %w", err))
	}
	switch {
	case r.HostConcurrency < 0:
		return usage(fmt.Errorf("--host-concurrency must be 0 or more, got %d", r.HostConcurrency))
	case r.HostRate < 0:
		return usage(fmt.Errorf("--host-rate must be 0 or more, got %v", r.HostRate))
	}
	return nil
}

// Validate checks the sandbox name, the grace period and the remote policy.
func (s Scanning) Validate() error {
	switch s.Sandbox {
	case "", worker.SandboxBwrap, worker.SandboxNone:
	default:
		return usage(fmt.Errorf("--sandbox %q: want bwrap or none", s.Sandbox))
	}
	if s.Grace < 0 {
		return usage(fmt.Errorf("--grace must be 0 or more, got %v", s.Grace))
	}
	return validateRemote(s.Remote)
}

// Validate checks the slots, the plan, the scanning and the pass.
func (o SweepOptions) Validate() error {
	if err := o.Plan.Validate(); err != nil {
		return err
	}
	if o.Workers <= 0 {
		return usage(fmt.Errorf("--workers must be positive, got %d", o.Workers))
	}
	if o.NATS == "" && o.NATSAuth != (NATSAuth{}) {
		return usage(errors.New("NATS credentials or TLS are set without --nats (the embedded server needs none)"))
	}
	if err := o.NATSAuth.Validate(); err != nil {
		return usage(err)
	}
	if err := o.Ecosystem.Validate(); err != nil {
		return err
	}
	if o.Store != "" {
		if _, _, err := store.ParseURL(o.Store); err != nil {
			return usage(fmt.Errorf("--store: %w", err))
		}
	}
	return o.Scanning.Validate()
}

// Validate checks the plan, the pass, NATS, the store and the schedule.
func (o CoordinatorOptions) Validate() error {
	if err := o.Plan.Validate(); err != nil {
		return err
	}
	if err := o.Ecosystem.Validate(); err != nil {
		return err
	}
	if o.NATS == "" {
		return usage(errors.New("--nats is required (for one machine, use mcpgauge sweep)"))
	}
	if err := o.NATSAuth.Validate(); err != nil {
		return usage(err)
	}
	if _, _, err := store.ParseURL(o.storeURL()); err != nil {
		return usage(err)
	}
	if o.Schedule != "" {
		if _, err := coordinator.ParseSchedule(o.Schedule); err != nil {
			return usage(fmt.Errorf("--schedule: %w", err))
		}
	}
	return nil
}

// Validate checks the store URL and the timeouts.
func (o ServeOptions) Validate() error {
	if err := (StoreRef{URL: o.Store}).Validate(); err != nil {
		return err
	}
	for _, d := range []struct {
		flag string
		v    time.Duration
	}{{"--read-timeout", o.ReadTimeout}, {"--write-timeout", o.WriteTimeout}, {"--leaderboard-ttl", o.LeaderboardTTL}} {
		if d.v < 0 {
			return usage(fmt.Errorf("%s must be 0 or more, got %v", d.flag, d.v))
		}
	}
	return nil
}
