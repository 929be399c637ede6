package worker

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/eval/backend"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/schema"
)

// DefaultEvalTimeout bounds one server's eval (drafting and cases) when
// EvalOptions.Timeout is zero. It is separate from the scan deadline: the
// server has already been stopped when the eval starts.
const DefaultEvalTimeout = 10 * time.Minute

// EvalSkippedRule is the rule of the info finding that explains why a
// requested eval left no result (the scan itself stays ok).
const EvalSkippedRule = "eval-skipped"

// suiteKeyVersion versions the cached-suite key; bump it when the drafting
// prompts or the suite encoding change.
const suiteKeyVersion = "mcpgauge-eval-suite/1"

// EvalOptions turn on the tool-selection eval for every ok scan.
type EvalOptions struct {
	// Backend makes the model calls (wrap it in eval.Retrying for the
	// provider's rate limits). Nil with a warm Cache still works: a fully
	// cached server needs no backend.
	Backend eval.Backend
	// Model is the full model string (part of every cache key).
	Model string
	// Cache holds drafting replies, drafted suites and selection answers
	// (KVEvalCache in a sweep); nil means a fresh in-memory cache.
	Cache eval.Cache
	// CasesPerTool, PairCases and AbstainCases are the drafting sizes
	// (0: gauge/eval's defaults 4, 2 and 3; a negative AbstainCases drafts
	// none).
	CasesPerTool, PairCases, AbstainCases int
	// Concurrency is the number of selection calls in flight (default 1).
	Concurrency int
	// MaxCost stops one server's run once its spend passes it (<= 0: no limit).
	MaxCost float64
	// Prices price the calls (unknown models cost 0).
	Prices eval.Prices
	// Timeout bounds the whole eval of one server (default DefaultEvalTimeout).
	Timeout time.Duration
}

// NewEvalOptions resolves modelName (and an optional OpenAI-compatible
// baseURL) to a backend wrapped in toolgauge's retry policy, reading API
// keys with getenv (os.Getenv when nil), and returns eval options using
// cache (KVEvalCache in a sweep; nil: in memory). A missing key is not an
// error here: the backend refuses the calls without sending them and the
// scans stay ok with an eval-skipped finding; KeyWarning says so up front.
func NewEvalOptions(modelName, baseURL string, cache eval.Cache, getenv func(string) string) (opts *EvalOptions, keyWarning string, err error) {
	spec, err := backend.Resolve(modelName, baseURL, getenv)
	if err != nil {
		return nil, "", fmt.Errorf("eval model: %w", err)
	}
	b, err := backend.New(spec, backend.Options{})
	if err != nil {
		return nil, "", fmt.Errorf("eval model %s: %w", modelName, err)
	}
	return &EvalOptions{Backend: &eval.Retrying{Backend: b, Policy: eval.DefaultRetry()}, Model: spec.Model, Cache: cache}, spec.KeyWarning(), nil
}

// EvalRun is what one server's eval produced.
type EvalRun struct {
	Suite  *eval.Suite
	Result *eval.Result
	// DraftCalls and RunCalls are the live model calls made (0 when fully cached).
	DraftCalls, RunCalls int
	// SuiteCached is true when the drafted suite came from the cache whole.
	SuiteCached bool
	CostUSD     float64
}

// Calls is the total of live model calls.
func (e *EvalRun) Calls() int { return e.DraftCalls + e.RunCalls }

// Evaluate drafts (or reuses) a case suite for the snapshot's tools and
// runs it. The drafted suite is cached under the model and the toolgauge
// digest, and every model call goes through the cache with toolgauge's
// keys, so an unchanged server costs no call the next time.
func Evaluate(ctx context.Context, snap *model.Snapshot, o EvalOptions) (*EvalRun, error) {
	if strings.TrimSpace(o.Model) == "" {
		return nil, errors.New("eval: no model named")
	}
	if len(snap.Tools) == 0 {
		return nil, errors.New("eval: the server has no tools")
	}
	if o.Cache == nil {
		o.Cache = eval.NewMemoryCache()
	}
	digest := model.ToolgaugeDigest(snap.Tools)
	out := &EvalRun{}
	suite, err := cachedSuite(ctx, o, digest)
	if err != nil {
		return nil, err
	}
	if suite != nil {
		out.SuiteCached = true
	} else {
		d := &eval.Drafter{Backend: o.Backend, Cache: o.Cache, Model: o.Model, Prices: o.Prices,
			PerTool: o.CasesPerTool, PerPair: o.PairCases, Abstain: o.AbstainCases}
		draft, err := d.Draft(ctx, snap)
		if err != nil {
			return nil, fmt.Errorf("eval: draft cases: %w", err)
		}
		suite = draft.Suite
		out.DraftCalls, out.CostUSD = draft.Calls, draft.CostUSD
		if err := storeSuite(ctx, o, digest, suite); err != nil {
			return nil, err
		}
	}
	out.Suite = suite
	r := &eval.Runner{Backend: o.Backend, Cache: o.Cache, Model: o.Model, Concurrency: o.Concurrency,
		MaxCost: o.MaxCost, Prices: o.Prices}
	res, err := r.Run(ctx, snap, suite)
	if err != nil {
		return nil, fmt.Errorf("eval: run %d cases: %w", len(suite.Cases), err)
	}
	out.Result = res
	out.RunCalls = res.CalledCount
	out.CostUSD += res.CostUSD
	return out, nil
}

// SuiteKey is the cache key of a drafted suite: the model, the toolgauge
// tool digest and the drafting sizes.
func SuiteKey(o EvalOptions, digest string) string {
	return fmt.Sprintf("%s|%s|%s|%d/%d/%d", suiteKeyVersion, o.Model, digest, o.CasesPerTool, o.PairCases, o.AbstainCases)
}

// LoadSuite returns the suite a worker drafted and cached for the server
// with this toolgauge digest under o's model and sizes (nil, nil when none
// is cached). A post-sweep pass uses it to measure findability and
// ecosystem confusion without any model call.
func LoadSuite(ctx context.Context, o EvalOptions, digest string) (*eval.Suite, error) {
	if o.Cache == nil {
		return nil, errors.New("eval: no cache to load the suite from")
	}
	return cachedSuite(ctx, o, digest)
}

// cachedSuite returns the suite stored for this model and digest, or nil.
func cachedSuite(ctx context.Context, o EvalOptions, digest string) (*eval.Suite, error) {
	a, ok, err := o.Cache.Get(ctx, SuiteKey(o, digest))
	if err != nil {
		return nil, fmt.Errorf("eval cache: %w", err)
	}
	if !ok {
		return nil, nil
	}
	list, _ := a.Arguments["cases"].([]any)
	s := &eval.Suite{ToolDigest: digest, GeneratedWith: o.Model}
	for _, item := range list {
		m, _ := item.(map[string]any)
		c := eval.Case{Kind: eval.Kind(str(m["kind"])), ID: str(m["id"]), Expected: str(m["expected"]),
			Rival: str(m["rival"]), Prompt: str(m["prompt"])}
		if c.ID == "" || c.Prompt == "" || (c.Kind != eval.Positive && c.Kind != eval.Sibling && c.Kind != eval.Abstain) {
			return nil, nil // an unreadable entry is redrafted (through the call cache)
		}
		s.Cases = append(s.Cases, c)
	}
	if len(s.Cases) == 0 {
		return nil, nil
	}
	return s, nil
}

func storeSuite(ctx context.Context, o EvalOptions, digest string, s *eval.Suite) error {
	cases := make([]any, len(s.Cases))
	for i, c := range s.Cases {
		cases[i] = map[string]any{"id": c.ID, "kind": string(c.Kind), "expected": c.Expected, "rival": c.Rival, "prompt": c.Prompt}
	}
	a := eval.Answer{Model: o.Model, Arguments: map[string]any{"cases": cases, "tool_digest": digest}}
	if err := o.Cache.Put(ctx, SuiteKey(o, digest), a); err != nil {
		return fmt.Errorf("eval cache: store suite: %w", err)
	}
	return nil
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// evaluate runs the eval on an ok scan and folds the selection rate into
// the scores. Any failure (model, cache, budget, even a panic) leaves the
// scan ok without eval, with an info finding and a log line saying why.
func (r *run) evaluate(ctx context.Context) {
	o := r.opts.Eval
	if o == nil || r.res.Status != schema.StatusOK || r.rep == nil || r.rep.Snapshot == nil {
		return
	}
	Enter(ctx, schema.PhaseEvaluating)
	t0 := time.Now()
	defer func() {
		r.res.Timings.EvalMS = time.Since(t0).Milliseconds()
	}()
	err := func() (err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("eval panic: %v", p)
			}
		}()
		timeout := o.Timeout
		if timeout <= 0 {
			timeout = DefaultEvalTimeout
		}
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		run, err := Evaluate(ctx, r.rep.Snapshot, *o)
		if err != nil {
			return err
		}
		sel := run.Result.Scores.Selection
		// Only the scores that use the selection change: toolgauge health
		// and the mcpgauge score's selection part.
		r.rep.SetSelection(&sel)
		r.rep.Fill(&r.res)
		r.res.Eval = eval.Summary(run.Result)
		return nil
	}()
	if err != nil {
		r.res.Eval = nil
		reason := clip(err.Error(), 400)
		r.res.Findings = append(r.res.Findings, schema.Finding{Rule: EvalSkippedRule, Severity: "info",
			Message: "the tool-selection eval did not run: " + reason})
		w := r.opts.Log
		if w == nil {
			w = os.Stderr
		}
		_, _ = io.WriteString(w, "mcpgauge worker: "+r.res.Name+": eval skipped: "+reason+"\n")
	}
}

// Metered wraps an eval backend so that every completed model call counts
// in the worker's metrics: mcpgauge_eval_calls_total, _tokens_total (prompt,
// completion) and _cost_usd_total, by model. Cached answers never reach the
// backend, so they are not counted. Failed calls are not counted either.
type Metered struct {
	Backend eval.Backend
	Metrics *LoopMetrics
	// Model labels the metrics; Prices price the calls.
	Model  string
	Prices eval.Prices
}

var _ eval.Backend = (*Metered)(nil)

// Complete implements eval.Backend.
func (m *Metered) Complete(ctx context.Context, req eval.Request) (eval.Completion, error) {
	c, err := m.Backend.Complete(ctx, req)
	if err != nil || m.Metrics == nil {
		return c, err
	}
	m.Metrics.EvalCalls.WithLabelValues(m.Model).Inc()
	m.Metrics.EvalTokens.WithLabelValues(m.Model, "prompt").Add(float64(c.PromptTokens))
	m.Metrics.EvalTokens.WithLabelValues(m.Model, "completion").Add(float64(c.CompletionTokens))
	m.Metrics.EvalCost.WithLabelValues(m.Model).Add(m.Prices.Cost(m.Model, c.PromptTokens, c.CompletionTokens))
	return c, nil
}
