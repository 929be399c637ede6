// Package ci renders what a CI job needs: the canonical report (--json), the
// shields.io badge, the score history, the pull-request comment and the
// terminal scorecard. Lint findings come in as values; this package runs
// neither lint nor a model.
package ci

import (
	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/gauge/score"
)

// Health is toolgauge's health score, computed in gauge/score.
type Health = score.ToolgaugeHealth

// Tone is the terminal and PR tone of a score: green, yellow or red.
func Tone(score int) string {
	switch {
	case score >= 75:
		return "green"
	case score >= 45:
		return "yellow"
	default:
		return "red"
	}
}

// HealthMap is the health object as toolgauge dumps it.
func HealthMap(h Health) map[string]any {
	m := map[string]any{"errors": h.Errors, "lint_score": h.LintScore, "overall": h.Overall, "warnings": h.Warnings}
	if h.EvalScore != nil {
		m["eval_score"] = *h.EvalScore
	}
	return m
}

// LintResult is the lint half of a report.
type LintResult struct {
	Target    string
	Server    model.ServerInfo
	ToolCount int
	Findings  []lint.Finding
}

// Counts tallies errors and warnings (info never counts).
func (l LintResult) Counts() (errors, warnings int) {
	e, w, _ := lint.Count(l.Findings)
	return e, w
}

// LintMap is toolgauge's LintResult dump.
func LintMap(l LintResult) map[string]any {
	fs := make([]any, len(l.Findings))
	for i, f := range l.Findings {
		fs[i] = report.FindingMap(f)
	}
	return map[string]any{"findings": fs, "server": l.Server.Map(), "target": l.Target, "tool_count": l.ToolCount}
}

// Report is everything one ci run produced.
type Report struct {
	Target string
	Server model.ServerInfo
	Health Health
	Lint   LintResult
	// Eval is nil for a lint-only run.
	Eval *eval.Result
	// EvalNotMeasured, when set, says why a committed suite was not
	// measured (its cache lacks answers), so the run is lint only.
	EvalNotMeasured string
	// History is nil unless --history was used.
	History []Point
}

// NewReport scores lint and (optionally) eval into a report.
func NewReport(target string, server model.ServerInfo, l LintResult, ev *eval.Result) *Report {
	e, w := l.Counts()
	var sel *eval.Rate
	if ev != nil {
		s := ev.Scores.Selection
		sel = &s
	}
	return &Report{Target: target, Server: server, Health: health(e, w, sel), Lint: l, Eval: ev}
}

// Map is the CiReport shape for model.Canonical.
func (r *Report) Map() map[string]any {
	m := map[string]any{"target": r.Target, "server": r.Server.Map(), "health": HealthMap(r.Health), "lint": LintMap(r.Lint)}
	if r.Eval != nil {
		m["eval"] = r.Eval.ToolgaugeMap(false)
	}
	if r.History != nil {
		pts := make([]any, len(r.History))
		for i, p := range r.History {
			pts[i] = p.Map()
		}
		m["history"] = pts
	}
	return m
}

// JSON is the canonical report (sorted keys, indent 2), the file
// --baseline reads back.
func (r *Report) JSON() ([]byte, error) { return model.Canonical(r.Map(), model.Indent2) }

// BadgeLabel is ci's badge label: mcpgauge, and which of its scores the
// badge shows (toolgauge health, a compatibility score).
const BadgeLabel = "mcpgauge · " + score.ToolgaugeName

// Badge is the shields.io endpoint document with a trailing newline: the
// health's number and colour, as mcp-toolgauge's, under BadgeLabel.
func Badge(h Health) []byte {
	return report.Badge(BadgeLabel, h.Overall)
}

// health is the toolgauge score of a run; sel may be nil (no suite).
func health(errors, warnings int, sel *eval.Rate) Health {
	if sel == nil {
		return score.Toolgauge(errors, warnings, 0, 0)
	}
	return score.Toolgauge(errors, warnings, sel.Correct, sel.Total)
}
