package coordinator

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/mcpgauge/mcpgauge/ecosystem"
	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/toolstore"
)

// DefaultEcosystemTimeout bounds one ecosystem pass when
// EcosystemConfig.Timeout is zero.
const DefaultEcosystemTimeout = 6 * time.Hour

// EcosystemConfig configures the post-sweep ecosystem pass.
type EcosystemConfig struct {
	// Tools reads the tool definitions the workers stored.
	Tools *toolstore.KV
	// LoadSuite returns the cases the workers drafted for a server, by its
	// name (the eval cache's scope) and toolgauge digest (nil, nil when
	// none are cached); the pass makes no drafting call. worker.LoadSuite
	// with the workers' eval options, scoped to the name, fits.
	LoadSuite func(ctx context.Context, name, toolgaugeDigest string) (*eval.Suite, error)
	// Options tune the pass (seed, pool sizes, K, model runs).
	Options ecosystem.Options
	// Timeout bounds the pass (0: DefaultEcosystemTimeout).
	Timeout time.Duration
}

// EcosystemStats counts what one pass did.
type EcosystemStats struct {
	// Members are the sweep's ok servers whose tools were found; Measured
	// those with cases (one report each); Missing the ok servers whose tools
	// were not stored (scanned before the pass existed) or are unreadable.
	Members, Measured, Missing int
	Tools                      int
	Calls                      int
	CostUSD                    float64
	Duration                   time.Duration
}

// Ecosystem runs the post-sweep ecosystem pass over sweep id: every ok
// server the sweep planned (scanned now, or skipped as unchanged) joins
// one pool with its stored tools and its cached cases; the reports go to
// the store. The sweep must be tracked by this coordinator.
func (c *Coordinator) Ecosystem(ctx context.Context, id string) (EcosystemStats, error) {
	ec := c.cfg.Ecosystem
	if ec == nil || ec.Tools == nil || ec.LoadSuite == nil {
		return EcosystemStats{}, errors.New("ecosystem pass: not configured (tool store and suite loader are required)")
	}
	t := c.tracker(id)
	if t == nil {
		return EcosystemStats{}, fmt.Errorf("ecosystem pass: sweep %s is not tracked by this coordinator", id)
	}
	timeout := ec.Timeout
	if timeout <= 0 {
		timeout = DefaultEcosystemTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	t.mu.Lock()
	keys := append([]string(nil), t.keys...)
	t.mu.Unlock()
	var st EcosystemStats
	seen := map[string]bool{}
	decoded := map[string]model.Tool{}
	var members []ecosystem.Member
	for _, key := range keys {
		rec, ok, err := c.lookupScan(ctx, key)
		if err != nil {
			return st, fmt.Errorf("ecosystem pass: %w", err)
		}
		if !ok || rec.Status != schema.StatusOK || seen[rec.Name+"\x00"+rec.Version] {
			continue
		}
		seen[rec.Name+"\x00"+rec.Version] = true
		if rec.ServerDigest == "" || rec.Name == "" {
			st.Missing++
			continue
		}
		tools, err := ec.Tools.Load(ctx, rec.ServerDigest, decoded)
		if err != nil {
			if ctx.Err() != nil {
				return st, fmt.Errorf("ecosystem pass: %w", ctx.Err())
			}
			// Not stored (scanned before the tool store existed) or
			// unreadable: the server sits this pass out.
			if !errors.Is(err, toolstore.ErrNotFound) {
				c.cfg.Log.Warn("ecosystem pass: tools unreadable; server left out", "server", rec.Name, "err", err)
			}
			st.Missing++
			continue
		}
		for i := range tools {
			ecosystem.Slim(&tools[i])
		}
		m := ecosystem.Member{Name: rec.Name, Version: rec.Version, JobID: rec.JobID, Tools: tools}
		if rec.ToolgaugeDigest != "" {
			if m.Suite, err = ec.LoadSuite(ctx, rec.Name, rec.ToolgaugeDigest); err != nil {
				if ctx.Err() != nil {
					return st, fmt.Errorf("ecosystem pass: %w", ctx.Err())
				}
				// Without its cases the server still competes as a distractor.
				c.cfg.Log.Warn("ecosystem pass: cases unreadable; server only a distractor", "server", rec.Name, "err", err)
				m.Suite = nil
			}
		}
		st.Tools += len(tools)
		members = append(members, m)
	}
	clear(decoded) // the members hold slimmed copies; let the full decodes go
	st.Members = len(members)
	reports, err := ecosystem.Measure(ctx, id, members, ec.Options)
	if err != nil {
		return st, err
	}
	for len(reports) > 0 {
		n := min(len(reports), c.cfg.BatchSize)
		for _, r := range reports[:n] {
			st.Calls += r.Calls
			st.CostUSD += r.CostUSD
		}
		if _, err := c.cfg.Store.InsertEcosystem(ctx, reports[:n]); err != nil {
			return st, fmt.Errorf("ecosystem pass: store reports: %w", err)
		}
		st.Measured += n
		reports = reports[n:]
	}
	st.Duration = time.Since(start)
	c.cfg.Log.Info("ecosystem pass done", "sweep", id, "servers", st.Members, "tools", st.Tools,
		"measured", st.Measured, "missing_tools", st.Missing, "model_calls", st.Calls,
		"cost_usd", st.CostUSD, "took", st.Duration.Round(time.Millisecond))
	if m := c.cfg.Metrics; m != nil {
		m.EcosystemReports.Add(float64(st.Measured))
		m.EcosystemCalls.Add(float64(st.Calls))
		m.EcosystemSeconds.Observe(st.Duration.Seconds())
	}
	return st, nil
}
