package local

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/config"
	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/eval/backend"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
)

// Suite names an eval case suite and its answer cache as --cases and
// --cache give them; empty means the default.
type Suite struct {
	// Cases is the case file; "" is mcp-toolgauge-cases.yaml in the
	// target's directory (the parent of a file target; the working
	// directory when the target is not a local path).
	Cases string
	// Cache is the answer cache; "" is
	// .mcp-toolgauge-cache/responses.jsonl beside the case file.
	Cache string
}

// paths returns the case file and cache for target, and whether the case
// file was named explicitly.
func (s Suite) paths(target string) (cases, cache string, explicit bool) {
	cases, explicit = s.Cases, s.Cases != ""
	if !explicit {
		cases = eval.DefaultCasesPath(caseStart(target))
	}
	cache = s.Cache
	if cache == "" {
		cache = eval.DefaultCachePath(cases)
	}
	return cases, cache, explicit
}

// caseStart is where the default case file lives: the target directory,
// the parent of a file target, else the working directory.
func caseStart(target string) string {
	if target != "" && !strings.Contains(target, "://") {
		if fi, err := os.Stat(target); err == nil {
			if fi.IsDir() {
				return target
			}
			return filepath.Dir(target)
		}
	}
	if wd, err := os.Getwd(); err == nil {
		return wd
	}
	return "."
}

// EvalCommon are the settings eval and eval --init share.
type EvalCommon struct {
	// Target is the server to measure; TARGET's directory holds the
	// default case file.
	Target Target
	// Suite names the case file and the answer cache.
	Suite Suite
	// Model is the eval section of the config (--model, --base-url,
	// --pace, --concurrency, --max-cost and the prices).
	Model config.EvalConfig
	// Offline answers from the cache only; a miss is a usage error.
	Offline bool
	// Warn, when set, gets a "warning: ..." line for each warning as it
	// arises (a missing API	// key, a suite that no longer matches the tools, an unusable reply).
	Warn io.Writer
}

func (c EvalCommon) validate() error {
	if err := c.Target.Validate(); err != nil {
		return err
	}
	m := c.Model
	if !c.Offline {
		if _, err := backend.Resolve(m.Model, m.BaseURL, func(string) string { return "" }); err != nil {
			return errkind.AsUsage(fmt.Errorf("--model: %w", err))
		}
	}
	switch {
	case m.Concurrency < 1:
		return errkind.AsUsage(fmt.Errorf("--concurrency: must be at least 1, got %d", m.Concurrency))
	case m.Pace < 0:
		return errkind.AsUsage(fmt.Errorf("--pace: must not be negative, got %g", m.Pace))
	case m.MaxCost < 0:
		return errkind.AsUsage(fmt.Errorf("--max-cost: must not be negative, got %g", m.MaxCost))
	}
	return nil
}

func (c EvalCommon) warn(msg string) { warn(c.Warn, msg) }

// warn writes msg to w as a warning line; nothing when either is empty.
func warn(w io.Writer, msg string) {
	if w != nil && msg != "" {
		fmt.Fprintln(w, "warning:", msg)
	}
}

func (c EvalCommon) prices() eval.Prices {
	p := eval.Prices{}
	for m, pr := range c.Model.Prices {
		p[m] = eval.Price{InputPerMTok: pr.Input, OutputPerMTok: pr.Output}
	}
	return p
}

// backend builds the retrying model backend, or nil when offline.
// open opens what an eval run needs: the server's snapshot, the answer
// cache at cachePath and the model backend.
func (c EvalCommon) open(ctx context.Context, cachePath string) (*model.Snapshot, *eval.FileCache, eval.Backend, error) {
	snap, err := OpenSnapshot(ctx, c.Target)
	if err != nil {
		return nil, nil, nil, err
	}
	cache, err := eval.OpenFileCache(cachePath)
	if err != nil {
		return nil, nil, nil, errkind.AsUsage(err)
	}
	b, err := c.backend()
	if err != nil {
		return nil, nil, nil, err
	}
	return snap, cache, b, nil
}

func (c EvalCommon) backend() (eval.Backend, error) {
	if c.Offline {
		return nil, nil
	}
	spec, err := backend.Resolve(c.Model.Model, c.Model.BaseURL, nil)
	if err != nil {
		return nil, errkind.AsUsage(fmt.Errorf("--model: %w", err))
	}
	if !spec.MissingKey() { // else the first live call says what to set; a fully cached run needs no key
		c.warn(spec.KeyWarning())
	}
	b, err := backend.New(spec, backend.Options{Timeout: 120 * time.Second})
	if err != nil {
		return nil, errkind.AsUsage(err)
	}
	return &eval.Retrying{Backend: b, Policy: eval.DefaultRetry()}, nil
}

// EvalOptions configure one eval run.
type EvalOptions struct {
	EvalCommon
	// MinAccuracy is the --min-accuracy gate in percent; negative: none.
	MinAccuracy float64
	// NoFindability skips the model-free BM25 findability measure.
	NoFindability bool
	// Progress, when set, is told about each finished case.
	Progress func(done, total int, o eval.Outcome)
}

// Validate reports the first option that cannot work, naming its flag.
func (o EvalOptions) Validate() error {
	if o.MinAccuracy > 100 {
		return errkind.AsUsage(fmt.Errorf("--min-accuracy: %g is a percentage, at most 100", o.MinAccuracy))
	}
	return o.validate()
}

// Eval puts every case of the committed suite to the model with the
// server's tools and returns the result. Answers come from the cache when
// it has them; new ones are added to it. When the selection accuracy is
// below MinAccuracy, Eval returns the result together with an
// errkind.Missed error, so the caller can report it before failing.
func Eval(ctx context.Context, o EvalOptions) (*eval.Result, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	casesPath, cachePath, _ := o.Suite.paths(o.Target.Arg)
	snap, cache, b, err := o.open(ctx, cachePath)
	if err != nil {
		return nil, err
	}
	suite, warnings, err := loadSuite(casesPath, snap)
	if err != nil {
		return nil, err
	}
	for _, w := range warnings {
		o.warn(w)
	}
	m := o.Model
	r := &eval.Runner{
		Backend: b, Cache: cache, Model: m.Model, Offline: o.Offline,
		Concurrency: m.Concurrency, Pace: time.Duration(m.Pace * float64(time.Second)),
		MaxCost: m.MaxCost, Prices: o.prices(), Schema: eval.NewSchemaChecker(),
		CachePath: cache.Path(), CacheSize: cache.Len(), Progress: o.Progress,
	}
	res, err := r.Run(ctx, snap, suite)
	if err != nil {
		return nil, evalErr(err)
	}
	res.Warnings = warnings
	if !o.NoFindability {
		fd := eval.MeasureFindability(snap.Tools, suite)
		res.Findability = &fd
	}
	if o.MinAccuracy >= 0 && res.Scores.Selection.Fraction()*100 < o.MinAccuracy {
		return res, errkind.Missed(fmt.Sprintf("selection accuracy %d%% is below --min-accuracy %g", res.Scores.Selection.Percent(), o.MinAccuracy))
	}
	return res, nil
}

// loadSuite reads and checks the case file against the server's tools;
// the warnings include a tool digest that no longer matches.
func loadSuite(casesPath string, snap *model.Snapshot) (*eval.Suite, []string, error) {
	suite, err := eval.LoadSuite(casesPath)
	if err != nil {
		return nil, nil, evalErr(err)
	}
	warnings, err := eval.Validate(suite, snap.Tools, casesPath)
	if err != nil {
		return nil, nil, evalErr(err)
	}
	if w := eval.DigestWarning(suite, model.ToolgaugeDigest(snap.Tools), casesPath); w != "" {
		warnings = append(warnings, w)
	}
	return suite, warnings, nil
}

// EvalInitOptions configure eval --init.
type EvalInitOptions struct {
	EvalCommon
	// PerTool is --cases-per-tool: positive prompts asked for per tool.
	PerTool int
	// Force allows replacing an existing case file.
	Force bool
	// Step, when set, is told the label of each drafting step as it starts.
	Step func(label string)
}

// Validate reports the first option that cannot work, naming its flag.
func (o EvalInitOptions) Validate() error {
	if o.PerTool < 1 {
		return errkind.AsUsage(fmt.Errorf("--cases-per-tool must be at least 1"))
	}
	return o.validate()
}

// Drafted is a suite eval --init drafted and the case file it belongs in.
type Drafted struct {
	// Path is the case file to write the suite to.
	Path string
	*eval.Draft
}

// Write writes the drafted suite to Path, replacing a file there only with
// force; a failure is a usage error (the path the user named).
func (d *Drafted) Write(force bool) error {
	return errkind.AsUsage(eval.WriteSuite(d.Path, d.Suite, force))
}

// DefaultCasesPerTool is how many positive prompts --init asks for per
// tool unless told otherwise.
const DefaultCasesPerTool = eval.DefaultCasesPerTool

// EvalInit drafts a first case suite with the model for the caller to
// write to Drafted.Path (Drafted.Write). It refuses, before opening the
// server or asking the model, when that file exists and Force is not set.
func EvalInit(ctx context.Context, o EvalInitOptions) (*Drafted, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	casesPath, cachePath, _ := o.Suite.paths(o.Target.Arg)
	if _, err := os.Stat(casesPath); err == nil && !o.Force {
		return nil, errkind.AsUsage(fmt.Errorf("%s already exists, and regenerating it would discard whatever you edited into it; add --force if that is really what you want, or point --cases elsewhere", casesPath))
	}
	snap, cache, b, err := o.open(ctx, cachePath)
	if err != nil {
		return nil, err
	}
	d := &eval.Drafter{Backend: b, Cache: cache, Model: o.Model.Model, Prices: o.prices(), PerTool: o.PerTool, OnStep: o.Step}
	draft, err := d.Draft(ctx, snap)
	if err != nil {
		return nil, evalErr(err)
	}
	for _, s := range draft.Skipped {
		o.warn(fmt.Sprintf("skipped %s: the model's reply was not usable", s))
	}
	return &Drafted{Path: casesPath, Draft: draft}, nil
}

// evalErr gives eval failures their kind: a bad case file, a cache miss
// offline, an unusable draft or no backend are usage errors; a spent
// budget is a missed gate; a backend that failed or a run cut short could
// not be reached.
func evalErr(err error) error {
	var cfe *eval.CaseFileError
	var miss *eval.CacheMissError
	var budget *eval.BudgetError
	var be *eval.BackendError
	var de *eval.DraftError
	switch {
	case errors.As(err, &cfe), errors.As(err, &miss), errors.As(err, &de), errors.Is(err, eval.ErrNoBackend):
		return errkind.AsUsage(err)
	case errors.As(err, &budget):
		return errkind.Wrap(errkind.Threshold, err)
	case errors.As(err, &be):
		return errkind.AsUnreachable(err)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return errkind.AsUnreachable(err)
	}
	return err
}
