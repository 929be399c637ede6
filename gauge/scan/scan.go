// Package scan runs the whole gauge on one server: connect, snapshot, lint,
// compliance, and the three scores (mcpgauge v1, toolgauge health,
// quality-gate). `mcpgauge scan` and the sweep workers both call it, so an
// author sees exactly what the leaderboard sees.
package scan

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/qualitygate"
	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/gauge/tokens"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Options configure one scan.
type Options struct {
	// Connect configures the connection (timeouts, client identity).
	Connect connect.Options
	// Lint selects the rule profile and severities of the reported
	// findings. The scores use their own profiles whatever it says: the
	// mcpgauge score the default one, toolgauge health the toolgauge one.
	Lint lint.Config
	// Compliance enables the live compliance tests.
	Compliance bool
	// ComplianceMode is the compliance session plan ("" is the default;
	// compliance.ModeDeep offers every protocol revision).
	ComplianceMode compliance.Mode
	// CallTools is the tool-call policy of the compliance tests (default none).
	CallTools compliance.CallMode
	// Skip and Only filter compliance tests by ID.
	Skip, Only []string
	// Tokens sizes the tools; nil means a new counter.
	Tokens *tokens.Counter
	// Selection is the eval selection result when an eval ran.
	Selection *eval.Rate
	// rules, when set, stand in for the catalogue (tests inject a rule
	// through it); the toolgauge health runs its mcp-toolgauge rules.
	rules []lint.Rule
}

// Timings are per-phase durations.
type Timings struct {
	Connect    time.Duration
	List       time.Duration
	Lint       time.Duration
	Compliance time.Duration
}

// QualityGate holds mcp-quality-gate's analyzers and score, computed exactly.
type QualityGate struct {
	Quality    qualitygate.Quality     `json:"quality"`
	Security   qualitygate.Security    `json:"security"`
	Efficiency qualitygate.Efficiency  `json:"efficiency"`
	Score      qualitygate.ScoreResult `json:"score"`
	// Compliance counts quality-gate's own 17 tests only.
	Compliance qualitygate.Compliance `json:"compliance"`
	// SuiteRan is false when the compliance tests did not run at all
	// (scan --no-check): Score.Score and Score.Compliance then mean nothing,
	// and every output shows them as not measured.
	SuiteRan bool `json:"suite_ran"`
	// ClientViewProblem is set when quality-gate itself could not read this
	// tool list (its TypeScript client rejects the whole list for one
	// malformed tool, and it then scores an empty, perfect server). mcpgauge
	// scores the tools the server really has; this says why quality-gate's
	// own numbers would differ.
	ClientViewProblem string `json:"client_view_problem,omitempty"`
}

// Report is everything one scan found.
type Report struct {
	Snapshot  *model.Snapshot
	Transport string
	// Profile is the rule profile Findings were produced under.
	Profile     lint.Profile
	Findings    []lint.Finding
	Compliance  *compliance.Report
	Tokens      map[string]int
	TotalTokens int
	QualityGate QualityGate
	// Health is mcp-toolgauge's health score.
	Health score.ToolgaugeHealth
	Score  score.Result
	// Selection is the eval selection result the scores include (nil: no eval).
	Selection *eval.Rate
	// scoreFindings are the default profile's findings (the mcpgauge
	// score's input) and healthFindings the toolgauge profile's (toolgauge
	// health's); either is Findings when the report's profile is that one.
	scoreFindings, healthFindings []lint.Finding
	// Noise holds non-MCP lines the server wrote to stdout; NoiseCount is their total.
	Noise      []string
	NoiseCount int
	// Stderr is the server's captured stderr (tail).
	Stderr     string
	Timings    Timings
	StartedAt  time.Time
	FinishedAt time.Time
}

// Run connects to target and scans it. A connection failure returns an error
// wrapping connect.ErrConnect, a listing that did not complete one wrapping
// a *connect.ListError (classify both with Classify), and an analysis that
// did not finish an *AnalysisError (worker_error): none of them returns a
// report to score. Every other failure after the snapshot (a compliance
// test's) is recorded in the report instead.
func Run(ctx context.Context, target *connect.Target, opts Options) (*Report, error) {
	rep := &Report{StartedAt: time.Now()}
	t0 := time.Now()
	sess, err := connect.Dial(ctx, target, opts.Connect)
	if err != nil {
		return nil, gradeUnauthorized(ctx, target, opts, err)
	}
	defer sess.Close()
	rep.Timings.Connect = time.Since(t0)
	rep.Transport = sess.Transport
	t1 := time.Now()
	snap, err := sess.Snapshot(ctx)
	if err != nil {
		return nil, fmt.Errorf("scan %s: %w", target.Display, err)
	}
	if le := sess.ListError(); le != nil {
		// What was read is not the whole server: never scored.
		return nil, fmt.Errorf("scan %s: %w", target.Display, le)
	}
	rep.Timings.List = time.Since(t1)
	if opts.Compliance {
		t2 := time.Now()
		env := compliance.NewEnv(target, sess, snap, compliance.Options{
			CallTools: opts.CallTools, Timeout: opts.Connect.Timeout, Connect: opts.Connect, Mode: opts.ComplianceMode,
		})
		cr := compliance.Run(ctx, env, compliance.RunOptions{Timeout: opts.Connect.Timeout, Skip: opts.Skip, Only: opts.Only})
		rep.Compliance = &cr
		rep.Timings.Compliance = time.Since(t2)
	}
	rep.Noise, rep.NoiseCount = sess.Noise(), sess.NoiseCount()
	rep.Stderr = sess.Stderr()
	if err := Analyse(rep, snap, opts); err != nil {
		// Half linted is not scanned: never scored.
		return nil, fmt.Errorf("scan %s: %w", target.Display, err)
	}
	rep.FinishedAt = time.Now()
	return rep, nil
}

// AnalysisError is an analysis that did not finish: a lint rule panicked on
// what the server listed (Err holds a *lint.RuleError for each). The fault
// is the scanner's, not the server's, so its status is worker_error; the
// scan is never scored.
type AnalysisError struct {
	Err error
}

// Error names the rules that failed.
func (e *AnalysisError) Error() string {
	return "analysis did not finish: " + strings.ReplaceAll(e.Err.Error(), "\n", "; ")
}

// Unwrap returns the rules' errors.
func (e *AnalysisError) Unwrap() error { return e.Err }

// ResultStatus makes it a StatusError: Classify records worker_error with
// the rules named.
func (e *AnalysisError) ResultStatus() (schema.Status, string) {
	return schema.StatusWorkerError, e.Error()
}

// Analyse fills in everything computed offline from a snapshot (and the
// compliance report already in rep): lint, token sizes and the scores. A
// lint rule that panics stops it with an *AnalysisError before anything is
// scored: rep then holds no scores and must not be published as a scan.
func Analyse(rep *Report, snap *model.Snapshot, opts Options) error {
	rep.Snapshot = snap
	if rep.StartedAt.IsZero() {
		rep.StartedAt = time.Now()
	}
	counter := opts.Tokens
	if counter == nil {
		counter = tokens.New()
	}
	t := time.Now()
	lc := opts.Lint
	lc.Tokens = counter
	lc.Profile, _ = lint.ParseProfile(string(lc.Profile))
	rep.Profile = lc.Profile
	all := opts.rules
	if all == nil {
		all = lint.Catalogue()
	}
	tg := lint.ToolgaugeOf(all)
	var err error
	if rep.Findings, err = lint.RunRulesChecked(snap, lc, all); err != nil {
		return &AnalysisError{Err: err}
	}
	rep.scoreFindings, rep.healthFindings = rep.Findings, rep.Findings
	if lc.Profile != lint.ProfileMcpgauge {
		mc := lc
		mc.Profile = lint.ProfileMcpgauge
		if rep.scoreFindings, err = lint.RunRulesChecked(snap, mc, all); err != nil {
			return &AnalysisError{Err: err}
		}
	}
	if lc.Profile != lint.ProfileToolgauge {
		tc := lc
		tc.Profile = lint.ProfileToolgauge
		if rep.healthFindings, err = lint.RunRulesChecked(snap, tc, tg); err != nil {
			return &AnalysisError{Err: err}
		}
	}
	rep.Timings.Lint = time.Since(t)
	rep.Tokens = make(map[string]int, len(snap.Tools))
	for i := range snap.Tools {
		n := counter.ToolTokens(&snap.Tools[i])
		rep.Tokens[snap.Tools[i].Name] = n
		rep.TotalTokens += n
	}
	rep.QualityGate = qualityGate(snap, rep.Compliance)
	rep.SetSelection(opts.Selection)
	if rep.FinishedAt.IsZero() {
		rep.FinishedAt = time.Now()
	}
	return nil
}

func qualityGate(snap *model.Snapshot, cr *compliance.Report) QualityGate {
	var qg QualityGate
	qg.Quality, qg.Security, qg.Efficiency = qualitygate.Analyze(snap.Tools, qualitygate.DefaultEfficiencyConfig())
	if _, err := qualitygate.ClientView(snap.Tools); err != nil {
		qg.ClientViewProblem = err.Error()
	}
	if cr != nil {
		qg.SuiteRan = true
		for _, r := range cr.Results {
			if r.Origin != compliance.OriginQualityGate {
				continue
			}
			qg.Compliance.Total++
			switch r.Status {
			case compliance.StatusPass:
				qg.Compliance.Passed++
			case compliance.StatusFail:
				qg.Compliance.Failed++
			case compliance.StatusError:
				qg.Compliance.Errors++
			default: // skip, and not testable: neither counts as ran

				qg.Compliance.Skipped++
			}
		}
	}
	qg.Score = qualitygate.Score(qg.Compliance, &qg.Quality, &qg.Efficiency, &qg.Security)
	return qg
}

// SetSelection records an eval's selection result (replayed or live) and
// recomputes the scores that use it: toolgauge health's eval half and the
// mcpgauge score's selection part. nil clears it.
func (r *Report) SetSelection(sel *eval.Rate) {
	rules := ruleIndex()
	r.Selection = sel
	hf, sf := r.healthFindings, r.scoreFindings
	if hf == nil {
		hf = r.Findings
	}
	if sf == nil {
		sf = r.Findings
	}
	r.Health = health(hf, sel, rules)
	r.Score = score.Compute(scoreInput(r.Snapshot, r, sf, sel, rules))
}

// ruleIndex maps rule IDs to the catalogue's rules, built once per scoring
// (lint.RuleByID builds the whole catalogue on every call).
func ruleIndex() map[string]lint.Rule {
	cat := lint.Catalogue()
	idx := make(map[string]lint.Rule, len(cat))
	for _, r := range cat {
		idx[r.ID] = r
	}
	return idx
}

// health is toolgauge's ci formula over its own 22 rules at their
// effective severities (our extra rules do not move it).
func health(fs []lint.Finding, selection *eval.Rate, rules map[string]lint.Rule) score.ToolgaugeHealth {
	errs, warns := 0, 0
	for _, f := range fs {
		if !isToolgauge(rules[f.Rule]) {
			continue
		}
		switch f.Severity {
		case lint.Error:
			errs++
		case lint.Warning:
			warns++
		}
	}
	if selection == nil {
		return score.Toolgauge(errs, warns, 0, 0)
	}
	return score.Toolgauge(errs, warns, selection.Correct, selection.Total)
}

func isToolgauge(r lint.Rule) bool { return r.Origin == lint.OriginToolgauge }

func isSecurity(r lint.Rule) bool { return r.Family == "Security" }

// IsToolgaugeRule reports whether id is one of mcp-toolgauge's 22 rules.
func IsToolgaugeRule(id string) bool {
	r, ok := lint.RuleByID(id)
	return ok && isToolgauge(r)
}

// IsSecurityRule reports whether findings of rule id count towards the
// security part of the score.
func IsSecurityRule(id string) bool {
	r, ok := lint.RuleByID(id)
	return ok && isSecurity(r)
}

func scoreInput(snap *model.Snapshot, rep *Report, findings []lint.Finding, selection *eval.Rate, rules map[string]lint.Rule) score.Input {
	in := score.Input{ContextTokens: rep.TotalTokens}
	if selection != nil && selection.Total > 0 {
		f := selection.Fraction()
		in.Selection = &f
	}
	sdkDefault := lint.SDKDefaultHints(snap)
	for i, t := range snap.Tools {
		in.ToolNames = append(in.ToolNames, t.Name)
		in.Params += len(t.ParamNames())
		if a := t.Annotations; a != nil && (a.ReadOnlyHint != nil || a.DestructiveHint != nil || a.IdempotentHint != nil || a.OpenWorldHint != nil) {
			if in.Hints == nil {
				in.Hints = map[string]score.Hints{}
			}
			in.Hints[t.Name] = score.Hints{ReadOnly: a.ReadOnlyHint != nil && *a.ReadOnlyHint, NonDestructive: a.DestructiveHint != nil && !*a.DestructiveHint, SDKDefault: sdkDefault[i]}
		}
	}
	for _, f := range findings {
		sev := score.Info
		switch f.Severity {
		case lint.Error:
			sev = score.Error
		case lint.Warning:
			sev = score.Warning
		}
		// An annotation contradiction that hides no destructive action is
		// design, not security.
		in.Findings = append(in.Findings, score.Finding{Rule: f.Rule, Tool: f.Tool, Parameter: f.Parameter, Related: f.Related,
			Severity: sev, Security: isSecurity(rules[f.Rule]) && !f.Design})
	}
	in.Tests = scoreTests(rep.Compliance)
	return in
}

// scoreTests are a compliance report's outcomes as the score reads them
// (nil when compliance did not run).
func scoreTests(cr *compliance.Report) []score.Test {
	if cr == nil {
		return nil
	}
	out := make([]score.Test, 0, len(cr.Results))
	for _, r := range cr.Results {
		out = append(out, score.Test{ID: r.ID, Status: string(r.Status), Severity: string(r.Severity), Cause: rootCause(r.ID, r.Message), SDK: r.SDK})
	}
	return out
}

// methodNotFound finds a refused method in a failure message: the tests
// that fail because the server lacks one handler share that root cause.
var methodNotFound = regexp.MustCompile(`(?i)\b((?:tools|resources|prompts|completion|logging)/[a-z]+)\b.*(?:method not found|-32601)|(?:method not found|-32601).*\b((?:tools|resources|prompts|completion|logging)/[a-z]+)\b`)

// rootCause is the cause the score counts a failed test under: a method
// the server refuses as not found ("method-not-found resources/list"), so
// five tests behind one missing handler count once; "" otherwise (the
// failure is its own cause). spec-method-01 asks for -32601 on purpose.
func rootCause(id, message string) string {
	if id == "spec-method-01" {
		return ""
	}
	m := methodNotFound.FindStringSubmatch(message)
	if m == nil {
		return ""
	}
	return "method-not-found " + strings.ToLower(m[1]+m[2])
}
