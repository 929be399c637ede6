package local

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/ci"
	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
)

// ReplayOptions name the committed eval suite a replay reads.
type ReplayOptions struct {
	// Arg is TARGET as typed: its directory holds the default case file.
	Arg string
	// Suite names the case file and the answer cache.
	Suite Suite
	// Model is the model whose recorded answers are replayed (--model).
	Model string
	// Warn, when set, gets a "warning: ..." line for each warning.
	Warn io.Writer
}

// ReplaySuite replays the committed eval suite against snap from its
// cache only, never calling a model. With no Suite.Cases and no case file
// at the default place it returns nil and no error (lint only); a case
// file named explicitly must exist. A suite whose cache lacks an answer
// (none recorded yet, or the cases, tools or model changed since) is not
// measured: ReplaySuite returns no result and notMeasured, one line
// saying why, and the caller scores lint alone.
func ReplaySuite(ctx context.Context, snap *model.Snapshot, o ReplayOptions) (res *eval.Result, notMeasured string, err error) {
	casesPath, cachePath, explicit := o.Suite.paths(o.Arg)
	if !explicit {
		if _, err := os.Stat(casesPath); errors.Is(err, fs.ErrNotExist) {
			return nil, "", nil
		}
	}
	suite, warnings, err := loadSuite(casesPath, snap)
	if err != nil {
		return nil, "", err
	}
	for _, w := range warnings {
		warn(o.Warn, w)
	}
	cache, err := eval.OpenFileCache(cachePath)
	if err != nil {
		return nil, "", errkind.AsUsage(err)
	}
	r := &eval.Runner{Cache: cache, Model: o.Model, Offline: true, CachePath: cache.Path(), CacheSize: cache.Len()}
	res, err = r.Run(ctx, snap, suite)
	var miss *eval.CacheMissError
	if errors.As(err, &miss) {
		return nil, unrecorded(miss), nil
	}
	if err != nil {
		return nil, "", evalErr(err)
	}
	res.Warnings = warnings
	return res, "", nil
}

// unrecorded says why a suite with a cache miss was not measured, and how
// to record its answers.
func unrecorded(miss *eval.CacheMissError) string {
	what := fmt.Sprintf("%s holds no recorded answers", miss.CachePath)
	if miss.CacheSize > 0 {
		what = fmt.Sprintf("%s has no recorded answer for case %q with model %s (the cases, the tools or the model changed since it was recorded)",
			miss.CachePath, miss.CaseID, miss.Model)
	}
	return what + "; record them with `mcpgauge eval` and commit the cache"
}

// CIOptions configure one ci run.
type CIOptions struct {
	// Target is the server to measure.
	Target Target
	// ReplayOptions name the suite to replay (Arg is set from Target).
	ReplayOptions
	// Lint is the config's rule table; ci always runs it with the
	// toolgauge profile and mcp-toolgauge's rules.
	Lint lint.Config
	// Profile is --profile as typed; only toolgauge (or "") is accepted.
	Profile string
	// MinScore is the --min-score gate; negative: none.
	MinScore int
	// History is the --history file this run's point is appended to ("" for none).
	History string
	// HistoryLabel labels the history point (--history-label).
	HistoryLabel string
	// Markdown asks for the pull-request comment.
	Markdown bool
	// Baseline is a previous `ci --json` report the comment shows deltas
	// against ("" for none; one that cannot be read is warned about).
	Baseline string
	// Now stamps the history point (default time.Now).
	Now func() time.Time
	// rules, when set, stand in for the catalogue (tests inject a rule);
	// ci runs their mcp-toolgauge ones.
	rules []lint.Rule
}

// Validate reports the first option that cannot work, naming its flag.
func (o CIOptions) Validate() error {
	if o.Profile != "" {
		if prof, err := lint.ParseProfile(o.Profile); err != nil || prof != lint.ProfileToolgauge {
			return errkind.AsUsage(fmt.Errorf("--profile %s: ci computes mcp-toolgauge's health score, which always uses the toolgauge profile", o.Profile))
		}
	}
	switch {
	case o.MinScore > 100:
		return errkind.AsUsage(fmt.Errorf("--min-score: the health score is at most 100, got %d", o.MinScore))
	}
	return o.Target.Validate()
}

// CIResult is what a ci run produced, for the caller to write out.
type CIResult struct {
	// Report is the canonical report (ci --json, the scorecard).
	Report *ci.Report
	// Badge is the shields.io endpoint document of the health score.
	Badge []byte
	// Markdown is the pull-request comment when it was asked for.
	Markdown string
	// History is the --history file's points with this run's appended,
	// for the caller to save (nil without History).
	History *ci.History
}

// CI rolls mcp-toolgauge's lint rules and the committed eval suite,
// replayed from the cache, into the health score. A history file that
// cannot be read stops the run before the server is opened. When the
// health is below MinScore, CI returns the result together with an
// errkind.Missed error, so the caller writes the history, badge and
// report before failing. A lint rule that panics returns no result and an
// error naming it (a *lint.RuleError): nothing half-linted is scored or
// added to the history.
func CI(ctx context.Context, o CIOptions) (*CIResult, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	out := &CIResult{}
	if o.History != "" {
		h, err := ci.LoadHistory(o.History)
		if err != nil {
			return nil, errkind.AsUsage(err)
		}
		out.History = h
	}
	snap, err := OpenSnapshot(ctx, o.Target)
	if err != nil {
		return nil, err
	}
	// The health score is mcp-toolgauge's: always its own profile.
	lc := o.Lint
	lc.Profile = lint.ProfileToolgauge
	findings, err := lint.RunRulesChecked(snap, lc, o.toolgaugeRules())
	if err != nil {
		// Half linted is not measured: no report, badge or history point.
		return nil, fmt.Errorf("ci %s: %w", snap.Target, err)
	}
	lr := ci.LintResult{Target: snap.Target, Server: snap.Server, ToolCount: len(snap.Tools), Findings: findings}
	ro := o.ReplayOptions
	ro.Arg = o.Target.Arg
	res, notMeasured, err := ReplaySuite(ctx, snap, ro)
	if err != nil {
		return nil, err
	}
	rep := ci.NewReport(snap.Target, snap.Server, lr, res)
	rep.EvalNotMeasured = notMeasured
	out.Report = rep
	if out.History != nil {
		now := time.Now
		if o.Now != nil {
			now = o.Now
		}
		warn(o.Warn, out.History.Append(snap.Target, ci.NewPoint(now(), o.HistoryLabel, rep.Health)))
		rep.History = out.History.Points
	}
	out.Badge = ci.Badge(rep.Health)
	if o.Markdown {
		var base *ci.Base
		if o.Baseline != "" {
			if base, err = ci.ReadBase(o.Baseline); err != nil {
				warn(o.Warn, "no baseline deltas: "+err.Error())
				base = nil
			}
		}
		out.Markdown = ci.Comment(rep, base) + "\n"
	}
	if o.MinScore >= 0 && rep.Health.Overall < o.MinScore {
		return out, errkind.Missed(fmt.Sprintf("health %d is below --min-score %d", rep.Health.Overall, o.MinScore))
	}
	return out, nil
}

// toolgaugeRules are the catalogue rules that came from mcp-toolgauge: the
// lint half of the health score uses exactly these.
func (o CIOptions) toolgaugeRules() []lint.Rule {
	if o.rules != nil {
		return lint.ToolgaugeOf(o.rules)
	}
	return lint.ToolgaugeRules()
}
