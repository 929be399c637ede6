package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/gauge/ci"
	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

func newCiCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "ci [TARGET]",
		Short: "mcp-toolgauge's CI health score: lint plus replayed eval, badge, history and PR comment",
		Long: `CI rolls mcp-toolgauge's lint rules and the committed eval suite (replayed from
the cache only, never calling a model) into one 0-100 health score:
lint = clamp(100 - 10*errors - 3*warnings, 0, 100), selection = eval accuracy, and
health = round(0.5*lint + 0.5*selection), or lint alone when there is no suite.

It can write a shields.io badge (--badge), append to a score history (--history,
written before the --min-score gate), write a pull-request comment (--markdown,
with deltas against a previous --json report given as --baseline) and print the
canonical report (--json).

Exit codes: 0 at or above --min-score, 1 below it, 2 usage, config, case-file,
cache or history problems, 3 the server could not be reached.`,
		Args: cobra.ArbitraryArgs,
		RunE: runCi,
	}
	addTargetFlags(cmd)
	addEvalModelFlags(cmd)
	f := cmd.Flags()
	_ = f.MarkHidden("offline") // ci always replays offline
	f.Int("min-score", -1, "exit 1 when the health score is below this")
	f.String("badge", "", "write a shields.io endpoint badge document here")
	f.String("markdown", "", "write the pull-request comment here (- for stdout)")
	f.String("baseline", "", "a previous `ci --json` report to show deltas against")
	f.String("history", "", "append this run's score to a history file (newest 500 kept)")
	f.String("history-label", "", "label for the history point, e.g. a commit SHA")
	f.Bool("json", false, "write the canonical CI report as JSON")
	f.String("profile", "toolgauge", "rule profile; ci's health score is always mcp-toolgauge's (toolgauge)")
	return cmd
}

// toolgaugeRules are the catalogue rules that came from mcp-toolgauge: the
// lint half of the health score uses exactly these.
func toolgaugeRules() []lint.Rule {
	var out []lint.Rule
	for _, r := range lint.Catalogue() {
		if r.Origin == lint.OriginToolgauge {
			out = append(out, r)
		}
	}
	return out
}

func runCi(cmd *cobra.Command, args []string) error {
	if p, _ := cmd.Flags().GetString("profile"); p != "" {
		if prof, err := lint.ParseProfile(p); err != nil || prof != lint.ProfileToolgauge {
			return usageErr(fmt.Errorf("--profile %s: ci computes mcp-toolgauge's health score, which always uses the toolgauge profile", p))
		}
	}
	target, err := targetArg(cmd, args)
	if err != nil {
		return err
	}
	cfg, _, err := loadConfig(cmd, target, flagBinding{"timeout", "timeout"}, flagBinding{"model", "eval.model"})
	if err != nil {
		return err
	}
	f := cmd.Flags()
	asJSON, _ := f.GetBool("json")
	verbose, _ := f.GetBool("verbose")
	minScore, _ := f.GetInt("min-score")
	badgePath, _ := f.GetString("badge")
	mdPath, _ := f.GetString("markdown")
	basePath, _ := f.GetString("baseline")
	histPath, _ := f.GetString("history")
	histLabel, _ := f.GetString("history-label")
	stderr := cmd.ErrOrStderr()

	// A bad history file stops the run before anything is measured.
	var hist *ci.History
	if histPath != "" {
		if hist, err = ci.LoadHistory(histPath); err != nil {
			return usageErr(err)
		}
	}
	snap, err := openSnapshot(cmd.Context(), cmd, target)
	if err != nil {
		return err
	}
	// The health score is mcp-toolgauge's: always its own profile.
	lc, _ := lintConfig(cfg)
	lc.Profile = lint.ProfileToolgauge
	findings := lint.RunRules(snap, lc, toolgaugeRules())
	lr := ci.LintResult{Target: snap.Target, Server: snap.Server, ToolCount: len(snap.Tools), Findings: findings}

	res, err := replaySuite(cmd, snap, cfg, target, !asJSON)
	if err != nil {
		return err
	}
	rep := ci.NewReport(snap.Target, snap.Server, lr, res)

	if hist != nil {
		if w := hist.Append(snap.Target, ci.NewPoint(time.Now(), histLabel, rep.Health)); w != "" && !asJSON {
			fmt.Fprintln(stderr, "warning:", w)
		}
		if err := hist.Save(histPath); err != nil {
			return usageErr(err)
		}
		rep.History = hist.Points
	}
	if badgePath != "" {
		if err := writeFileMkdir(badgePath, ci.Badge(rep.Health)); err != nil {
			return usageErr(fmt.Errorf("--badge: %w", err))
		}
	}
	out := cmd.OutOrStdout()
	if mdPath != "" {
		var base *ci.Health
		if basePath != "" {
			if base, err = ci.ReadBaseline(basePath); err != nil {
				fmt.Fprintln(stderr, "warning: no baseline deltas:", err)
				base = nil
			}
		}
		md := ci.Markdown(rep, base) + "\n"
		if mdPath == "-" {
			if _, err := fmt.Fprint(out, md); err != nil {
				return err
			}
		} else if err := writeFileMkdir(mdPath, []byte(md)); err != nil {
			return usageErr(fmt.Errorf("--markdown: %w", err))
		}
	}
	switch {
	case asJSON:
		data, err := rep.JSON()
		if err != nil {
			return err
		}
		if _, err := out.Write(append(data, '\n')); err != nil {
			return err
		}
	case mdPath == "-":
		// stdout already carries the comment
	default:
		ci.Scorecard(out, rep, verbose)
	}
	if minScore >= 0 && rep.Health.Overall < minScore {
		return thresholdErr(fmt.Sprintf("health %d is below --min-score %d", rep.Health.Overall, minScore))
	}
	return nil
}

// replaySuite replays the eval suite offline when --cases is given (it
// must exist) or the default case file exists; otherwise nil (lint only).
func replaySuite(cmd *cobra.Command, snap *model.Snapshot, cfg Config, target string, warn bool) (*eval.Result, error) {
	casesPath, explicit := casesPathFor(cmd, target)
	if !explicit {
		if _, err := os.Stat(casesPath); errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
	}
	suite, err := eval.LoadSuite(casesPath)
	if err != nil {
		return nil, evalErr(err)
	}
	warnings, err := eval.Validate(suite, snap.Tools, casesPath)
	if err != nil {
		return nil, evalErr(err)
	}
	if w := eval.DigestWarning(suite, model.ToolgaugeDigest(snap.Tools), casesPath); w != "" {
		warnings = append(warnings, w)
	}
	if warn {
		for _, w := range warnings {
			fmt.Fprintln(cmd.ErrOrStderr(), "warning:", w)
		}
	}
	cache, err := eval.OpenFileCache(cachePathFor(cmd, casesPath))
	if err != nil {
		return nil, usageErr(err)
	}
	r := &eval.Runner{Cache: cache, Model: cfg.Eval.Model, Offline: true, CachePath: cache.Path(), CacheSize: cache.Len()}
	res, err := r.Run(cmd.Context(), snap, suite)
	if err != nil {
		return nil, evalErr(err)
	}
	res.Warnings = warnings
	return res, nil
}

func writeFileMkdir(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
