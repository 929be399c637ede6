package main

import (
	"cmp"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/gauge/ci"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
	"github.com/mcpgauge/mcpgauge/local"
)

// ciFlags are ci's options as its flags set them.
type ciFlags struct {
	local.CIOptions
	badge, markdown string
	asJSON          bool
}

func newCiCmd() *cobra.Command {
	var fl ciFlags
	cmd := &cobra.Command{
		Use:   "ci [TARGET]",
		Short: "toolgauge health in CI (a compatibility score): lint plus replayed eval, badge, history, PR comment",
		Long: `CI rolls mcp-toolgauge's lint rules and the committed eval suite (replayed from
the cache only, never calling a model) into toolgauge health, a compatibility score
(scan gives the headline mcpgauge score; see docs/scoring.md):
lint = clamp(100 - 10*errors - 3*warnings, 0, 100), selection = eval accuracy,
health = round(0.5*lint + 0.5*selection), or lint alone without a suite or answers.

It can write a shields.io badge (--badge), append to a score history (--history,
written before the --min-score gate), write a pull-request comment (--markdown,
with deltas against a previous --json report given as --baseline) and print the
canonical report (--json).

Exit codes: 0 at or above --min-score, 1 below it, 2 usage, config, case-file,
cache or history problems, 3 the server could not be reached.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runCi(cmd, args, fl) },
	}
	addTargetFlags(cmd)
	addEvalModelFlags(cmd, &fl.Suite, new(bool))
	f := cmd.Flags()
	_ = f.MarkHidden("offline") // ci always replays offline
	f.IntVar(&fl.MinScore, "min-score", -1, "exit 1 when toolgauge health is below this")
	f.StringVar(&fl.badge, "badge", "", "write a shields.io endpoint badge document here")
	f.StringVar(&fl.markdown, "markdown", "", "write the pull-request comment here (- for stdout)")
	f.StringVar(&fl.Baseline, "baseline", "", "a previous `ci --json` report to show deltas against")
	f.StringVar(&fl.History, "history", "", "append this run's score to a history file (newest 500 kept)")
	f.StringVar(&fl.HistoryLabel, "history-label", "", "label for the history point, e.g. a commit SHA")
	f.BoolVar(&fl.asJSON, "json", false, "write the canonical CI report as JSON")
	f.StringVar(&fl.Profile, "profile", "toolgauge", "rule profile; ci's health score is always mcp-toolgauge's (toolgauge)")
	return cmd
}

func runCi(cmd *cobra.Command, args []string, fl ciFlags) error {
	t, err := targetFlags(cmd, args)
	if err != nil {
		return err
	}
	cfg, _, err := loadConfig(cmd, t.Arg, flagBinding{"timeout", "timeout"}, flagBinding{"model", "eval.model"})
	if err != nil {
		return err
	}
	t.Timeout = cfg.Timeout
	fl.Target, fl.Model, fl.Markdown = t, cfg.Eval.Model, fl.markdown != ""
	fl.Lint, _ = cfg.LintRules()
	if !fl.asJSON {
		fl.Warn = cmd.ErrOrStderr()
	}
	res, err := local.CI(cmd.Context(), fl.CIOptions)
	if res == nil {
		return err
	}
	// The history, badge and comment are written before a missed gate fails the run.
	if res.History != nil {
		if herr := res.History.Save(fl.History); herr != nil {
			return errkind.AsUsage(herr)
		}
	}
	out := cmd.OutOrStdout()
	if herr := cmp.Or(writeOutput(out, "--badge", fl.badge, res.Badge), writeOutput(out, "--markdown", fl.markdown, []byte(res.Markdown))); herr != nil {
		return herr
	}
	switch {
	case fl.asJSON:
		data, jerr := res.Report.JSON()
		if jerr == nil {
			_, jerr = out.Write(append(data, '\n'))
		}
		return cmp.Or(jerr, err)
	case fl.markdown != "-": // else stdout already carries the comment
		v, _ := cmd.Flags().GetBool("verbose")
		ci.Scorecard(out, res.Report, v)
	}
	return err
}
