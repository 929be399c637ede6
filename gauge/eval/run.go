package eval

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/ctxsleep"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// Price is a model's price per million tokens.
type Price struct {
	InputPerMTok  float64 `json:"input_per_mtok" yaml:"input_per_mtok" mapstructure:"input_per_mtok"`
	OutputPerMTok float64 `json:"output_per_mtok" yaml:"output_per_mtok" mapstructure:"output_per_mtok"`
}

// Prices maps a model string to its price. Unknown models cost 0.
type Prices map[string]Price

// Cost is the price of one call's usage.
func (p Prices) Cost(modelName string, promptTokens, completionTokens int) float64 {
	pr, ok := p[modelName]
	if !ok {
		return 0
	}
	return (float64(promptTokens)*pr.InputPerMTok + float64(completionTokens)*pr.OutputPerMTok) / 1e6
}

// DefaultModel is toolgauge's default model string.
const DefaultModel = "openrouter/nvidia/nemotron-3.5-lightning:free"

// Runner puts a suite to one model.
type Runner struct {
	// Backend makes live calls; it may be nil when Offline. Wrap it in
	// Retrying for toolgauge's retry behaviour.
	Backend Backend
	// Cache is consulted first and written after every live call.
	Cache Cache
	Model string
	// Offline replays the cache only; a miss is a CacheMissError.
	Offline bool
	// Concurrency is the number of calls in flight at once (default 1).
	Concurrency int
	// Pace is the minimum gap between the starts of two live calls.
	Pace time.Duration
	// MaxCost stops the run (BudgetError) once the spend is above it; <= 0: no limit.
	MaxCost float64
	Prices  Prices
	// Schema, when set, adds a full JSON Schema check of every call.
	Schema *SchemaChecker
	// CachePath and CacheSize describe the cache in miss messages.
	CachePath string
	CacheSize int
	// Progress, when set, is told about each finished case.
	Progress func(done, total int, o Outcome)
}

// Run measures the suite against the snapshot's tools.
func (r *Runner) Run(ctx context.Context, snap *model.Snapshot, suite *Suite) (*Result, error) {
	if r.Cache == nil {
		r.Cache = NewMemoryCache()
	}
	modelName := r.Model
	if modelName == "" {
		modelName = DefaultModel
	}
	digest := model.ToolgaugeDigest(snap.Tools)
	defs := ToolDefs(snap.Tools)
	tools := map[string]*model.Tool{}
	for i := range snap.Tools {
		if _, dup := tools[snap.Tools[i].Name]; !dup {
			tools[snap.Tools[i].Name] = &snap.Tools[i]
		}
	}
	n := len(suite.Cases)
	outcomes := make([]Outcome, n)
	res := &Result{Target: snap.Target, Server: snap.Server, Model: modelName, ToolDigest: digest}

	type job struct {
		i    int
		msgs []Message
	}
	var jobs []job
	done := 0
	for i, c := range suite.Cases {
		msgs := SelectionMessages(snap.Server.Instructions, c.Prompt)
		key := CacheKey(modelName, msgs, digest)
		a, hit, err := r.Cache.Get(ctx, key)
		if err != nil {
			return nil, fmt.Errorf("eval cache: %w", err)
		}
		if hit {
			outcomes[i] = r.outcome(c, key, a, true, tools)
			res.CachedCount++
			done++
			if r.Progress != nil {
				r.Progress(done, n, outcomes[i])
			}
			continue
		}
		if r.Offline {
			return nil, &CacheMissError{CaseID: c.ID, Model: modelName, CachePath: r.CachePath, CacheSize: r.CacheSize}
		}
		outcomes[i].Key = key
		jobs = append(jobs, job{i, msgs})
	}
	if len(jobs) > 0 && r.Backend == nil {
		return nil, ErrNoBackend
	}

	conc := r.Concurrency
	if conc < 1 {
		conc = 1
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu       sync.Mutex
		firstErr error
		spent    float64
		wg       sync.WaitGroup
		sem      = make(chan struct{}, conc)
		pace     pacer
	)
	pace.gap = r.Pace
	var budgetErr error
	for _, j := range jobs {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
		// Checked once a slot is free, so the spend of every call that
		// finished while we waited counts.
		mu.Lock()
		if firstErr == nil && r.MaxCost > 0 && spent > r.MaxCost {
			budgetErr = &BudgetError{Done: done, Total: n, Spent: spent, Limit: r.MaxCost}
		}
		stop := firstErr != nil || budgetErr != nil
		mu.Unlock()
		if stop {
			<-sem
			break
		}
		wg.Add(1)
		go func(j job) {
			defer wg.Done()
			defer func() { <-sem }()
			c := suite.Cases[j.i]
			if err := pace.wait(ctx); err != nil {
				mu.Lock()
				if firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
				return
			}
			comp, err := r.Backend.Complete(ctx, Request{Model: modelName, Messages: j.msgs, Tools: defs})
			if err != nil {
				mu.Lock()
				if firstErr == nil {
					firstErr = fmt.Errorf("case %s: %w", c.ID, err)
					cancel()
				}
				mu.Unlock()
				return
			}
			a := Answer{Model: modelName, Called: comp.Called, Tool: comp.Tool, Arguments: comp.Arguments,
				PromptTokens: comp.PromptTokens, CompletionTokens: comp.CompletionTokens,
				CostUSD: r.Prices.Cost(modelName, comp.PromptTokens, comp.CompletionTokens)}
			if a.Arguments == nil {
				a.Arguments = map[string]any{}
			}
			key := outcomes[j.i].Key
			perr := r.Cache.Put(ctx, key, a)
			o := r.outcome(c, key, a, false, tools)
			mu.Lock()
			defer mu.Unlock()
			if perr != nil && firstErr == nil {
				firstErr = fmt.Errorf("eval cache: %w", perr)
				cancel()
			}
			outcomes[j.i] = o
			spent += a.CostUSD
			res.CalledCount++
			done++
			if r.Progress != nil {
				r.Progress(done, n, o)
			}
		}(j)
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if budgetErr != nil {
		return nil, budgetErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res.CostUSD = spent
	res.Outcomes = outcomes
	res.Scores = Score(outcomes)
	for _, o := range outcomes {
		if o.Schema != nil {
			res.SchemaValidity.Total++
			if o.Schema.OK() {
				res.SchemaValidity.Correct++
			}
		}
	}
	return res, nil
}

func (r *Runner) outcome(c Case, key string, a Answer, cached bool, tools map[string]*model.Tool) Outcome {
	o := Outcome{Case: c, Key: key, Called: a.Called, Selected: a.Tool, Arguments: a.Arguments, Cached: cached}
	if o.Arguments == nil {
		o.Arguments = map[string]any{}
	}
	if !o.Called {
		o.Selected = ""
	}
	if t, ok := tools[o.Selected]; ok && o.Called {
		chk := CheckArguments(t.InputSchema, o.Arguments)
		o.Check = &chk
		if r.Schema != nil {
			errs, err := r.Schema.Check(t, o.Arguments)
			v := &SchemaVerdict{Errors: errs}
			if err != nil {
				v.CompileError = err.Error()
			}
			o.Schema = v
		}
	}
	return o
}

// pacer spaces the starts of live calls by gap (the first is not delayed).
type pacer struct {
	mu   sync.Mutex
	gap  time.Duration
	last time.Time
}

func (p *pacer) wait(ctx context.Context) error {
	if p.gap <= 0 {
		return ctx.Err()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.last.IsZero() {
		if d := time.Until(p.last.Add(p.gap)); d > 0 {
			if err := ctxsleep.Sleep(ctx, d); err != nil {
				return err
			}
		}
	}
	p.last = time.Now()
	return nil
}
