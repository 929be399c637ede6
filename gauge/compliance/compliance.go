// Package compliance runs live protocol tests against one MCP server: the 17
// tests of mcp-quality-gate (same IDs, names, categories and severities) and
// mcpgauge's own spec tests (version negotiation, error codes, capability
// honesty, JSON Schema validity, structured output, stdout hygiene,
// pagination and bait-and-switch).
//
// Every test is a value in the table built by [Catalogue], with its row and
// code in a file named after its ID; [Run] runs a selection of it against an
// [Env] with a per-test deadline and returns a [Report]. Nothing here calls a real tool unless the Env's [CallMode] allows
// it: by default the two invoking tests (tools-call-01 and spec-output-01)
// are skipped.
package compliance

import (
	"context"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"time"
)

// Status is the outcome of one test.
type Status string

// The four statuses, as mcp-quality-gate names them, and not testable.
const (
	StatusPass  Status = "pass"
	StatusFail  Status = "fail"
	StatusSkip  Status = "skip"
	StatusError Status = "error"
	// StatusNotTestable is the official conformance suite's verdict for a
	// test whose prerequisite is missing, so the server's behaviour could
	// not be observed: the scanner's environment stood in the way (a
	// backend the sandbox cannot reach refused or was unreachable, the
	// sandbox's process limit was used up). The message says why. It is
	// never a failure and counts in no score's denominator. (Skip stays
	// for a capability the server never declared, or a test turned off.)
	StatusNotTestable Status = "not_testable"
)

// Severity labels how much a failure matters. As in mcp-quality-gate it does
// not change the quality-gate score; mcpgauge's own score may weigh it.
type Severity string

// The four severities.
const (
	Critical Severity = "critical"
	High     Severity = "high"
	Medium   Severity = "medium"
	Low      Severity = "low"
)

// Rank orders the severities: critical 4, high 3, medium 2, low 1; any
// other label ranks 0.
func (s Severity) Rank() int {
	switch s {
	case Critical:
		return 4
	case High:
		return 3
	case Medium:
		return 2
	case Low:
		return 1
	}
	return 0
}

// ParseFailOn reads a failure threshold (case-insensitive): a severity, or
// "none"/"off" (returned as "": nothing fails).
func ParseFailOn(s string) (Severity, error) {
	switch v := Severity(strings.ToLower(s)); v {
	case Critical, High, Medium, Low:
		return v, nil
	case "none", "off":
		return "", nil
	}
	return "", fmt.Errorf("%q: want critical, high, medium, low or none", s)
}

// FailsAt reports whether a test failed or errored at floor severity or
// above (an empty floor: never). A test of an unknown severity counts as low.
func (r Report) FailsAt(floor Severity) bool {
	if floor == "" {
		return false
	}
	for _, t := range r.Results {
		if t.Status != StatusFail && t.Status != StatusError {
			continue
		}
		if max(t.Severity.Rank(), Low.Rank()) >= floor.Rank() {
			return true
		}
	}
	return false
}

// Origin says which tool a test comes from.
const (
	OriginQualityGate = "mcp-quality-gate"
	OriginMCPGauge    = "mcpgauge"
)

// Categories used by the catalogue. The first four are mcp-quality-gate's.
const (
	CategoryLifecycle  = "lifecycle"
	CategoryTools      = "tools"
	CategoryResources  = "resources"
	CategoryPrompts    = "prompts"
	CategoryProtocol   = "protocol"
	CategorySchema     = "schema"
	CategoryTransport  = "transport"
	CategoryPagination = "pagination"
	CategorySecurity   = "security"
	CategoryAuth       = "authorization"
)

// Result is what one test found.
type Result struct {
	Status     Status   `json:"status"`
	Message    string   `json:"message"`
	Details    []string `json:"details,omitempty"`
	DurationMS int64    `json:"duration_ms"`
}

// Test is one compliance test.
type Test struct {
	// ID is stable; quality-gate's tests keep quality-gate's IDs.
	ID       string
	Name     string
	Category string
	Severity Severity
	// SpecRef is a URL into the specification revision the test checks.
	SpecRef string
	// Origin is OriginQualityGate or OriginMCPGauge.
	Origin string
	// Doc is Markdown: what the test checks, why, and how to fix a failure.
	Doc string
	// Invokes is true when the test may call a real tool of the server.
	Invokes bool
	// Needs are the sessions the test uses (nil: the main session); the
	// session plan ([Plan]) says how each is met.
	Needs []Need
	// Capability is the server capability the test needs ("tools",
	// "resources", "prompts"; "" for none): a server that does not declare
	// it gets a skip and the test does not run.
	Capability string
	// Revision counts changes to what this test checks: it starts at 1 and
	// is raised with any change that can change the test's verdict on some
	// server. The rule-set digest (gauge.RuleSetDigest) hashes every test's
	// revision, so a changed test rescans.
	Revision int
	// Run performs the test. It must honour ctx.
	Run func(ctx context.Context, env *Env) Result
}

// TestResult is one test's metadata and result, as reported.
type TestResult struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Category string   `json:"category"`
	Severity Severity `json:"severity"`
	SpecRef  string   `json:"spec_ref"`
	Origin   string   `json:"origin"`
	Invokes  bool     `json:"invokes"`
	// Session names the session(s) the plan gave the test ("main",
	// "main-wire", "identity", …; see [Via]), joined by "+"; empty for a
	// test skipped by filter.
	Session string `json:"session,omitempty"`
	// SDK names the published SDK whose own code gives this failure to
	// every server built on it (sdk_defaults.go); "" for a failure of the
	// server's own making. The score weighs such a failure little.
	SDK string `json:"sdk,omitempty"`
	Result
}

// Summary counts results by status. Ran is Total − Skipped − NotTestable:
// the denominator of quality-gate's compliance score.
type Summary struct {
	Total   int `json:"total"`
	Passed  int `json:"passed"`
	Failed  int `json:"failed"`
	Skipped int `json:"skipped"`
	Errors  int `json:"errors"`
	// NotTestable counts StatusNotTestable results; like Skipped, they
	// are not in Ran.
	NotTestable int `json:"not_testable,omitempty"`
	Ran         int `json:"ran"`
}

// Report is the outcome of one [Run].
type Report struct {
	Results    []TestResult `json:"results"`
	Summary    Summary      `json:"summary"`
	DurationMS int64        `json:"duration_ms"`
}

// RunOptions select and bound the tests of one run.
type RunOptions struct {
	// Timeout is the per-test deadline; zero means DefaultTimeout.
	Timeout time.Duration
	// Skip lists test IDs to report as "skipped by filter".
	Skip []string
	// Only, when non-empty, runs only these IDs; the others are "skipped by filter".
	Only []string
	// Tests is the table to run; nil means Catalogue().
	Tests []Test
}

// DefaultTimeout is quality-gate's default per-test timeout (30 000 ms).
const DefaultTimeout = 30 * time.Second

// skippedByFilter is quality-gate's message for a filtered-out test.
const skippedByFilter = "skipped by filter"

// lateGrace is how long Run waits for a test that missed its deadline to
// notice its cancelled context before moving on without it.
const lateGrace = 2 * time.Second

// Run runs the tests one after another, in table order, each with its own
// deadline. A test that panics or misses its deadline is reported with status
// error; the run itself never fails.
func Run(ctx context.Context, env *Env, opts RunOptions) Report {
	tests := opts.Tests
	if tests == nil {
		tests = Catalogue()
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	skip := trimIDs(opts.Skip)
	only := trimIDs(opts.Only)
	start := time.Now()
	rep := Report{Results: make([]TestResult, 0, len(tests))}
	for _, t := range tests {
		tr := TestResult{
			ID: t.ID, Name: t.Name, Category: t.Category, Severity: t.Severity,
			SpecRef: t.SpecRef, Origin: t.Origin, Invokes: t.Invokes,
		}
		switch {
		case slices.Contains(skip, t.ID) || (len(only) > 0 && !slices.Contains(only, t.ID)):
			tr.Result = Result{Status: StatusSkip, Message: skippedByFilter}
		case ctx.Err() != nil:
			tr.Result = Result{Status: StatusError, Message: fmt.Sprintf("run cancelled: %v", ctx.Err())}
		default:
			// Sessions that cost a server start open here, each under its
			// own budget, before the test's deadline starts.
			env.prepare(ctx, t)
			tr.Session = env.plan().Session(t.Needs)
			tr.Result = runOne(ctx, env, t, timeout)
			if notes := env.notesFor(t); len(notes) > 0 && tr.Status != StatusSkip {
				tr.Details = append(tr.Details, notes...)
			}
		}
		rep.Results = append(rep.Results, tr)
	}
	_ = env.Close()
	markSDKDefaults(rep.Results)
	rep.Summary = Summarise(rep.Results)
	rep.DurationMS = time.Since(start).Milliseconds()
	return rep
}

// Summarise counts results by status.
func Summarise(results []TestResult) Summary {
	var s Summary
	for _, r := range results {
		s.Total++
		switch r.Status {
		case StatusPass:
			s.Passed++
		case StatusFail:
			s.Failed++
		case StatusSkip:
			s.Skipped++
		case StatusNotTestable:
			s.NotTestable++
		default:
			s.Errors++
		}
	}
	s.Ran = s.Total - s.Skipped - s.NotTestable
	return s
}

func trimIDs(ids []string) []string {
	var out []string
	for _, id := range ids {
		for part := range strings.SplitSeq(id, ",") {
			if p := strings.TrimSpace(part); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

// processLimitHit reports whether a test erred because a probe server could
// not start for want of processes (EAGAIN from fork, clone, exec or
// pthread_create: RLIMIT_NPROC counts threads too).
func processLimitHit(r Result) bool {
	text := strings.ToLower(r.Message + "\n" + strings.Join(r.Details, "\n"))
	if !strings.Contains(text, "resource temporarily unavailable") {
		return false
	}
	for _, w := range []string{"fork", "clone", "exec", "pthread_create", "server exited"} {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}

// runOne runs one test in its own goroutine under a deadline, turning a
// panic or a missed deadline into status error.
func runOne(ctx context.Context, env *Env, t Test, timeout time.Duration) Result {
	tctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	done := make(chan Result, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- Result{
					Status:  StatusError,
					Message: fmt.Sprintf("test panicked: %v", p),
					Details: []string{string(debug.Stack())},
				}
			}
		}()
		if t.Run == nil {
			done <- Result{Status: StatusError, Message: "test has no Run function"}
			return
		}
		if t.Capability != "" && !env.capability(t.Capability) {
			done <- capabilityMissing(t.Capability)
			return
		}
		done <- t.Run(tctx, env)
	}()
	var res Result
	select {
	case res = <-done:
		if tctx.Err() == context.DeadlineExceeded && ctx.Err() == nil && res.Status != StatusPass && res.Status != StatusSkip && res.Status != StatusNotTestable {
			// A failure caused by the deadline is a timeout, as in quality-gate.
			res = timedOut(timeout)
		}
	case <-tctx.Done():
		if ctx.Err() != nil {
			res = Result{Status: StatusError, Message: fmt.Sprintf("run cancelled: %v", ctx.Err())}
		} else {
			res = timedOut(timeout)
		}
		// Give the test a moment to notice the cancellation, so it does not
		// race the next test on the same session; never wait for ever.
		grace := time.NewTimer(lateGrace)
		select {
		case <-done:
		case <-grace.C:
		}
		grace.Stop()
	}
	res.DurationMS = time.Since(start).Milliseconds()
	if res.Status == StatusError && processLimitHit(res) {
		// Every server of a scan runs in one sandbox under one process
		// limit; a probe server that could not even start measured our
		// sessions' crowding, not the server's behaviour.
		res = Result{Status: StatusNotTestable, DurationMS: res.DurationMS, Details: append([]string{res.Message}, res.Details...),
			Message: "could not start another server for this test: the sandbox's process limit, shared by every session of the scan, is used up"}
	}
	if len(res.Details) > MaxDetails {
		more := len(res.Details) - MaxDetails
		res.Details = append(res.Details[:MaxDetails:MaxDetails], fmt.Sprintf("… and %d more", more))
	}
	return res
}

// MaxDetails caps the detail lines of one result (a 5000-tool server would
// otherwise put 5000 lines in a report).
const MaxDetails = 100

func timedOut(d time.Duration) Result {
	return Result{Status: StatusError, Message: fmt.Sprintf("Test timed out after %d ms", d.Milliseconds())}
}

// helpers that build results

func pass(format string, args ...any) Result {
	return Result{Status: StatusPass, Message: fmt.Sprintf(format, args...)}
}

func fail(format string, args ...any) Result {
	return Result{Status: StatusFail, Message: fmt.Sprintf(format, args...)}
}

func skip(format string, args ...any) Result {
	return Result{Status: StatusSkip, Message: fmt.Sprintf(format, args...)}
}

// capabilityMissing is quality-gate's skip for a server that does not
// declare the capability a test needs.
func capabilityMissing(name string) Result {
	return skip("Server does not declare the %s capability", name)
}

// notTestable is the verdict of a test the scanner's environment kept
// from observing the server; the message says why.
func notTestable(format string, args ...any) Result {
	return Result{Status: StatusNotTestable, Message: fmt.Sprintf(format, args...)}
}

func errored(format string, args ...any) Result {
	return Result{Status: StatusError, Message: fmt.Sprintf(format, args...)}
}

// with attaches details to a result.
func (r Result) with(details ...string) Result {
	r.Details = append(r.Details, details...)
	return r
}
