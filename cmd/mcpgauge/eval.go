package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/eval/backend"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

func newEvalCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "eval [TARGET]",
		Short: "Measure whether a model picks the right tool for each prompt of a committed case suite",
		Long: `Eval puts every case of a committed suite (mcp-toolgauge-cases.yaml beside the
target) to a model together with the server's real tool definitions, and reports
selection accuracy (positive and sibling cases), abstention, argument validity,
per-tool hit rates and which tool captures which other tool's prompts.

Every answer is cached in .mcp-toolgauge-cache/responses.jsonl beside the case
file, with mcp-toolgauge's key, so a second run of an unchanged suite is free and
--offline replays only. --init drafts a first suite with the model.

Models: "provider/model" strings as LiteLLM spells them: openrouter/...,
anthropic/claude-..., openai/gpt-..., ollama/..., or any OpenAI-compatible server
with --base-url. Keys come from <PROVIDER>_API_KEY (or LITELLM_API_KEY).

Exit codes: 0 ok, 1 below --min-accuracy or over --max-cost, 2 usage, case-file
or cache-miss problems, 3 the server or the model backend failed.`,
		Args: cobra.ArbitraryArgs,
		RunE: runEval,
	}
	addTargetFlags(cmd)
	addEvalModelFlags(cmd)
	f := cmd.Flags()
	f.Bool("init", false, "draft a case suite with the model and write it (refuses to overwrite without --force)")
	f.Bool("force", false, "with --init, overwrite an existing case file")
	f.Int("cases-per-tool", eval.DefaultCasesPerTool, "with --init, positive prompts asked for per tool")
	f.Float64("max-cost", 0, "stop (exit 1) once the spend in USD is above this; answers so far stay cached")
	f.Float64("min-accuracy", -1, "exit 1 when selection accuracy (percent) is below this")
	f.Float64("pace", 0, "seconds to wait between the starts of two model calls")
	f.Int("concurrency", 0, "model calls in flight at once (default from config: 4)")
	f.Bool("json", false, "write the result as canonical JSON")
	f.Bool("no-findability", false, "skip the model-free BM25 findability measure")
	return cmd
}

// addEvalModelFlags adds the flags eval and ci share.
func addEvalModelFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.String("model", "", "model string, e.g. openrouter/nvidia/nemotron-3.5-lightning:free (default from config)")
	f.String("base-url", "", "OpenAI-compatible endpoint for the model (vLLM, Ollama, LiteLLM, ...)")
	f.String("cases", "", "case file (default: <target dir>/mcp-toolgauge-cases.yaml)")
	f.String("cache", "", "answer cache file (default: .mcp-toolgauge-cache/responses.jsonl beside the case file)")
	f.Bool("offline", false, "answer only from the cache; a miss is an error (exit 2)")
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

func casesPathFor(cmd *cobra.Command, target string) (path string, explicit bool) {
	if p, _ := cmd.Flags().GetString("cases"); p != "" {
		return p, true
	}
	return eval.DefaultCasesPath(caseStart(target)), false
}

func cachePathFor(cmd *cobra.Command, casesPath string) string {
	if p, _ := cmd.Flags().GetString("cache"); p != "" {
		return p
	}
	return eval.DefaultCachePath(casesPath)
}

func evalPrices(cfg Config) eval.Prices {
	p := eval.Prices{}
	for m, pr := range cfg.Eval.Prices {
		p[m] = eval.Price{InputPerMTok: pr.Input, OutputPerMTok: pr.Output}
	}
	return p
}

// liveBackend builds the retrying model backend, or nil when offline.
func liveBackend(cfg Config, offline bool, warn io.Writer) (eval.Backend, error) {
	if offline {
		return nil, nil
	}
	spec, err := backend.Resolve(cfg.Eval.Model, cfg.Eval.BaseURL, nil)
	if err != nil {
		return nil, usageErr(fmt.Errorf("--model: %w", err))
	}
	if w := spec.KeyWarning(); w != "" && warn != nil {
		fmt.Fprintln(warn, "warning:", w)
	}
	b, err := backend.New(spec, backend.Options{Timeout: 120 * time.Second})
	if err != nil {
		return nil, usageErr(err)
	}
	return &eval.Retrying{Backend: b, Policy: eval.DefaultRetry()}, nil
}

// evalErr maps eval failures onto exit codes.
func evalErr(err error) error {
	var cfe *eval.CaseFileError
	var miss *eval.CacheMissError
	var budget *eval.BudgetError
	var be *eval.BackendError
	var de *eval.DraftError
	switch {
	case errors.As(err, &cfe), errors.As(err, &miss), errors.As(err, &de), errors.Is(err, eval.ErrNoBackend):
		return usageErr(err)
	case errors.As(err, &budget):
		return thresholdErr(err.Error())
	case errors.As(err, &be):
		return connectErr(err)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return connectErr(err)
	}
	return err
}

func evalBindings() []flagBinding {
	return []flagBinding{
		{"timeout", "timeout"}, {"model", "eval.model"}, {"base-url", "eval.base_url"},
		{"pace", "eval.pace"}, {"concurrency", "eval.concurrency"}, {"max-cost", "eval.max_cost"},
	}
}

func runEval(cmd *cobra.Command, args []string) error {
	target, err := targetArg(cmd, args)
	if err != nil {
		return err
	}
	cfg, _, err := loadConfig(cmd, target, evalBindings()...)
	if err != nil {
		return err
	}
	f := cmd.Flags()
	initMode, _ := f.GetBool("init")
	force, _ := f.GetBool("force")
	offline, _ := f.GetBool("offline")
	asJSON, _ := f.GetBool("json")
	verbose, _ := f.GetBool("verbose")
	minAcc, _ := f.GetFloat64("min-accuracy")
	casesPath, _ := casesPathFor(cmd, target)
	stderr := cmd.ErrOrStderr()
	if initMode {
		if _, err := os.Stat(casesPath); err == nil && !force {
			return usageErr(fmt.Errorf("%s already exists, and regenerating it would discard whatever you edited into it; add --force if that is really what you want, or point --cases elsewhere", casesPath))
		}
	}
	snap, err := openSnapshot(cmd.Context(), cmd, target)
	if err != nil {
		return err
	}
	cache, err := eval.OpenFileCache(cachePathFor(cmd, casesPath))
	if err != nil {
		return usageErr(err)
	}
	var warnOut io.Writer = stderr
	if asJSON {
		warnOut = nil
	}
	b, err := liveBackend(cfg, offline, warnOut)
	if err != nil {
		return err
	}
	if initMode {
		return runEvalInit(cmd, snap, cfg, b, cache, casesPath, force)
	}

	suite, err := eval.LoadSuite(casesPath)
	if err != nil {
		return evalErr(err)
	}
	warnings, err := eval.Validate(suite, snap.Tools, casesPath)
	if err != nil {
		return evalErr(err)
	}
	if w := eval.DigestWarning(suite, model.ToolgaugeDigest(snap.Tools), casesPath); w != "" {
		warnings = append(warnings, w)
	}
	if !asJSON {
		for _, w := range warnings {
			fmt.Fprintln(stderr, "warning:", w)
		}
	}
	r := &eval.Runner{
		Backend: b, Cache: cache, Model: cfg.Eval.Model, Offline: offline,
		Concurrency: cfg.Eval.Concurrency, Pace: time.Duration(cfg.Eval.Pace * float64(time.Second)),
		MaxCost: cfg.Eval.MaxCost, Prices: evalPrices(cfg), Schema: eval.NewSchemaChecker(),
		CachePath: cache.Path(), CacheSize: cache.Len(),
	}
	if verbose && !asJSON {
		r.Progress = func(done, total int, o eval.Outcome) {
			if o.Cached {
				return
			}
			got := "(nothing)"
			if o.Called {
				got = o.Selected
			}
			fmt.Fprintf(stderr, "  [%d/%d] %s -> %s\n", done, total, o.Case.ID, got)
		}
	}
	res, err := r.Run(cmd.Context(), snap, suite)
	if err != nil {
		return evalErr(err)
	}
	res.Warnings = warnings
	if skip, _ := f.GetBool("no-findability"); !skip {
		fd := eval.MeasureFindability(snap.Tools, suite)
		res.Findability = &fd
	}
	out := cmd.OutOrStdout()
	if asJSON {
		data, err := res.JSON(true)
		if err != nil {
			return err
		}
		if _, err := out.Write(append(data, '\n')); err != nil {
			return err
		}
	} else {
		eval.Render(out, res, eval.RenderOptions{Verbose: verbose, Width: terminalWidth()})
	}
	if minAcc >= 0 && res.Scores.Selection.Fraction()*100 < minAcc {
		return thresholdErr(fmt.Sprintf("selection accuracy %d%% is below --min-accuracy %g", res.Scores.Selection.Percent(), minAcc))
	}
	return nil
}

func runEvalInit(cmd *cobra.Command, snap *model.Snapshot, cfg Config, b eval.Backend, cache eval.Cache, casesPath string, force bool) error {
	perTool, _ := cmd.Flags().GetInt("cases-per-tool")
	if perTool < 1 {
		return usageErr(fmt.Errorf("--cases-per-tool must be at least 1"))
	}
	stderr := cmd.ErrOrStderr()
	d := &eval.Drafter{Backend: b, Cache: cache, Model: cfg.Eval.Model, Prices: evalPrices(cfg), PerTool: perTool,
		OnStep: func(label string) { fmt.Fprintln(stderr, "drafting:", label) }}
	draft, err := d.Draft(cmd.Context(), snap)
	if err != nil {
		var be *eval.BackendError
		if errors.As(err, &be) {
			return usageErr(err)
		}
		return evalErr(err)
	}
	for _, s := range draft.Skipped {
		fmt.Fprintf(stderr, "warning: skipped %s: the model's reply was not usable\n", s)
	}
	if err := eval.WriteSuite(casesPath, draft.Suite, force); err != nil {
		return evalErr(err)
	}
	counts := draft.Suite.Counts()
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "Wrote %s: %d positive, %d sibling, %d abstain cases (%d calls, %d from cache, %s).\n",
		casesPath, counts[eval.Positive], counts[eval.Sibling], counts[eval.Abstain], draft.Calls, draft.Cached, costText(draft.CostUSD, draft.Calls))
	fmt.Fprintln(out, "Read and edit the cases before you trust a score, the abstain ones first, then commit the file.")
	return nil
}

func costText(cost float64, calls int) string {
	if calls == 0 && cost == 0 {
		return "free"
	}
	return fmt.Sprintf("$%.4f", cost)
}

// terminalWidth reads $COLUMNS (0 when unknown: the report keeps every column).
func terminalWidth() int {
	var w int
	if _, err := fmt.Sscanf(os.Getenv("COLUMNS"), "%d", &w); err == nil {
		return w
	}
	return 0
}
