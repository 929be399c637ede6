package main

import (
	"cmp"
	"fmt"
	"os"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/local"
)

// evalFlags are eval's options as its flags set them; the model settings
// come from the config.
type evalFlags struct {
	local.EvalOptions
	init, force, asJSON bool
	perTool             int
}

func newEvalCmd() *cobra.Command {
	var fl evalFlags
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
or cache-miss problems, 3 the server or the model backend could not be used (no API
key, no connection, a failed reply). docs/eval.md gives the routes without a key.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runEval(cmd, args, fl) },
	}
	addTargetFlags(cmd)
	addEvalModelFlags(cmd, &fl.Suite, &fl.Offline)
	f := cmd.Flags()
	f.BoolVar(&fl.init, "init", false, "draft a case suite with the model and write it (refuses to overwrite without --force)")
	f.BoolVar(&fl.force, "force", false, "with --init, overwrite an existing case file")
	f.IntVar(&fl.perTool, "cases-per-tool", local.DefaultCasesPerTool, "with --init, positive prompts asked for per tool")
	f.Float64("max-cost", 0, "stop (exit 1) once the spend in USD is above this; answers so far stay cached")
	f.Float64Var(&fl.MinAccuracy, "min-accuracy", -1, "exit 1 when selection accuracy (percent) is below this")
	f.Float64("pace", 0, "seconds to wait between the starts of two model calls")
	f.Int("concurrency", 0, "model calls in flight at once (default from config: 4)")
	f.BoolVar(&fl.asJSON, "json", false, "write the result as canonical JSON")
	f.BoolVar(&fl.NoFindability, "no-findability", false, "skip the model-free BM25 findability measure")
	return cmd
}

// addEvalModelFlags adds the flags eval and ci share; --model and
// --base-url reach the options through the config.
func addEvalModelFlags(cmd *cobra.Command, s *local.Suite, offline *bool) {
	f := cmd.Flags()
	f.String("model", "", "model string, e.g. openrouter/nvidia/nemotron-3.5-lightning:free (default from config)")
	f.String("base-url", "", "OpenAI-compatible endpoint for the model (vLLM, Ollama, LiteLLM, ...)")
	f.StringVar(&s.Cases, "cases", "", "case file (default: <target dir>/mcp-toolgauge-cases.yaml)")
	f.StringVar(&s.Cache, "cache", "", "answer cache file (default: .mcp-toolgauge-cache/responses.jsonl beside the case file)")
	f.BoolVar(offline, "offline", false, "answer only from the cache; a miss is an error (exit 2)")
}

func runEval(cmd *cobra.Command, args []string, fl evalFlags) error {
	t, err := targetFlags(cmd, args)
	if err != nil {
		return err
	}
	cfg, _, err := loadConfig(cmd, t.Arg, flagBinding{"timeout", "timeout"}, flagBinding{"model", "eval.model"}, flagBinding{"base-url", "eval.base_url"},
		flagBinding{"pace", "eval.pace"}, flagBinding{"concurrency", "eval.concurrency"}, flagBinding{"max-cost", "eval.max_cost"})
	if err != nil {
		return err
	}
	verbose, _ := cmd.Flags().GetBool("verbose")
	stderr, out := cmd.ErrOrStderr(), cmd.OutOrStdout()
	t.Timeout = cfg.Timeout
	fl.Target, fl.Model = t, cfg.Eval
	if !fl.asJSON {
		fl.Warn = stderr
		if verbose {
			fl.Progress = report.EvalProgress(stderr)
		}
	}
	if fl.init {
		d, err := local.EvalInit(cmd.Context(), local.EvalInitOptions{EvalCommon: fl.EvalCommon, PerTool: fl.perTool, Force: fl.force,
			Step: func(label string) { fmt.Fprintln(stderr, "drafting:", label) }})
		if err == nil {
			err = d.Write(fl.force)
		}
		if err == nil {
			report.EvalDraft(out, d.Path, d.Draft)
		}
		return err
	}
	res, err := local.Eval(cmd.Context(), fl.EvalOptions)
	if res == nil || !fl.asJSON {
		if res != nil {
			width, _ := strconv.Atoi(os.Getenv("COLUMNS")) // 0 when unknown: the report keeps every column
			report.Eval(out, res, report.EvalOptions{Verbose: verbose, Width: width})
		}
		return err
	}
	data, jerr := res.JSON(true)
	if jerr == nil {
		_, jerr = out.Write(append(data, '\n'))
	}
	return cmp.Or(jerr, err) // a missed gate fails the run once the result is out
}
