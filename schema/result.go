package schema

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// Status is the outcome of one scan. Only StatusOK carries scores, and
// StatusAuthRequired when the server was graded without credentials
// (Result.PreAuth); every other status is listed apart from the ranking and
// is never scored as 0.
type Status string

// The scan statuses.
const (
	StatusOK               Status = "ok"
	StatusNeedsCredentials Status = "needs_credentials"
	StatusInstallFailed    Status = "install_failed"
	StatusStartFailed      Status = "start_failed"
	StatusHandshakeFailed  Status = "handshake_failed"
	StatusTimeout          Status = "timeout"
	StatusCrashed          Status = "crashed"
	StatusUnsupported      Status = "unsupported"
	StatusAuthRequired     Status = "auth_required"
	StatusWorkerError      Status = "worker_error"
	// StatusProtocolError is a server that answered the handshake but broke
	// the protocol while being listed (a list result that is not one, a
	// JSON-RPC error instead of a page, non-protocol bytes where a response
	// belongs); its listing is incomplete, so it is not scored.
	StatusProtocolError Status = "protocol_error"
	// StatusTooLarge is a server whose listing exceeded a scanner cap (one
	// message, the listing's bytes, its tools or its pages); what was read
	// is not scored as if it were the whole server.
	StatusTooLarge Status = "too_large"
)

// PreAuthGrade marks a result graded before authentication: only the
// compliance part was measured (the authorization metadata and the checks
// made before a credential is needed); tools, design, security and
// efficiency were not.
type PreAuthGrade struct {
	// Note is the one line a board shows beside the score.
	Note string `json:"note"`
}

// PreAuthNote is the note of every result graded without credentials.
const PreAuthNote = "graded without credentials: authorization metadata and pre-authentication checks only; tools not measured"

// Scored reports whether a scan with this status and scores is ranked:
// an ok scan, or an auth_required one graded without credentials (only
// those carry scores).
func Scored(st Status, sc *Scores) bool {
	return sc != nil && (st == StatusOK || st == StatusAuthRequired)
}

// RankValue is the value a scan ranks by under part p, and whether it
// ranks there at all: an unscored scan never does, and one graded without
// credentials (auth_required) only by the mcpgauge score and compliance,
// the parts it measured.
func RankValue(st Status, sc *Scores, p ScorePart) (float64, bool) {
	if !Scored(st, sc) {
		return 0, false
	}
	if st == StatusAuthRequired && p != PartMCPGauge && p != PartCompliance {
		return 0, false
	}
	return sc.Part(p)
}

// Statuses returns every status, StatusOK first.
func Statuses() []Status {
	return []Status{StatusOK, StatusNeedsCredentials, StatusInstallFailed, StatusStartFailed,
		StatusHandshakeFailed, StatusTimeout, StatusCrashed, StatusUnsupported,
		StatusAuthRequired, StatusWorkerError, StatusProtocolError, StatusTooLarge}
}

// ParseStatus returns the Status named s, or an error listing the valid names.
func ParseStatus(s string) (Status, error) {
	for _, st := range Statuses() {
		if string(st) == s {
			return st, nil
		}
	}
	names := make([]string, 0, len(Statuses()))
	for _, st := range Statuses() {
		names = append(names, string(st))
	}
	return "", fmt.Errorf("unknown status %q (want one of %s)", s, strings.Join(names, ", "))
}

// Result is what a worker publishes on MCPGAUGE_RESULTS for one job.
type Result struct {
	// SchemaVersion must equal Version.
	SchemaVersion int `json:"schema_version"`
	// JobID is the job this result answers (JobID(SweepID, Name, Version)).
	JobID string `json:"job_id"`
	// SweepID names the sweep.
	SweepID string `json:"sweep_id"`
	// Name and Version identify the scanned server version.
	Name    string `json:"name"`
	Version string `json:"version"`
	// Sources lists the registries the entry came from.
	Sources []string `json:"sources,omitempty"`
	// PackageType is the launch kind ("npm", "pypi", "oci", "remote", ...).
	PackageType string `json:"package_type,omitempty"`
	// ScanKey is copied from the job.
	ScanKey string `json:"scan_key,omitempty"`
	// Attempt is copied from the job (Job.Attempt): the coordinator
	// stores a result only when it matches.
	Attempt string `json:"attempt,omitempty"`
	// RuleSetDigest is copied from the job (or, for a local scan, the
	// digest of the rules and options that ran).
	RuleSetDigest string `json:"rule_set_digest,omitempty"`
	// Artifact is what was scanned: the package and its registry integrity,
	// or the remote endpoint (nil when the plan named neither).
	Artifact *Artifact `json:"artifact,omitempty"`
	// Status is the outcome; Reason explains every status but ok.
	Status Status `json:"status"`
	Reason string `json:"reason,omitempty"`
	// Timings are the per-phase durations.
	Timings Timings `json:"timings"`
	// Snapshot summarises what the server exposed (nil when it was never listed).
	Snapshot *SnapshotSummary `json:"snapshot,omitempty"`
	// Findings are the lint, security and ecosystem findings.
	Findings []Finding `json:"findings,omitempty"`
	// Compliance holds the compliance test outcomes.
	Compliance []ComplianceResult `json:"compliance,omitempty"`
	// PreAuth is set on an auth_required result graded without credentials
	// (a remote server that answered 401): its scores measure compliance
	// alone, from what the server publishes before authentication.
	PreAuth *PreAuthGrade `json:"pre_auth,omitempty"`
	// Eval summarises the selection eval (nil when it did not run).
	Eval *EvalSummary `json:"eval,omitempty"`
	// Behaviour is what the server did at start-up, watched from outside
	// its sandbox (nil when it was not watched).
	Behaviour *Behaviour `json:"behaviour,omitempty"`
	// Scores are present exactly when Status is ok, or auth_required with
	// PreAuth set.
	Scores *Scores `json:"scores,omitempty"`
	// ScannerVersion is the mcpgauge version of the worker.
	ScannerVersion string `json:"scanner_version"`
	// WorkerID names the worker (host and slot).
	WorkerID string `json:"worker_id"`
	// Placeholders lists the environment variables given placeholder values.
	Placeholders []string `json:"placeholders,omitempty"`
	// StartedAt and FinishedAt bound the scan.
	StartedAt  time.Time `json:"started_at"`
	FinishedAt time.Time `json:"finished_at"`
	// Cache is what the worker computed for the shared caches, which the
	// coordinator writes for admitted results and strips before storing
	// (nil everywhere but on the results stream).
	Cache *CacheFill `json:"cache,omitempty"`
}

// Artifact names what a scan ran: a registry package (type, identifier,
// exact version, the registry it came from, and the integrity the package
// manager recorded, e.g. npm's "sha512-…") or a remote endpoint.
type Artifact struct {
	Type       string `json:"type"`
	Identifier string `json:"identifier,omitempty"`
	Version    string `json:"version,omitempty"`
	Registry   string `json:"registry,omitempty"`
	Integrity  string `json:"integrity,omitempty"`
	URL        string `json:"url,omitempty"`
}

// Timings are per-phase durations in milliseconds; a phase that did not run is 0.
type Timings struct {
	InstallMS    int64 `json:"install_ms,omitempty"`
	StartMS      int64 `json:"start_ms,omitempty"`
	ConnectMS    int64 `json:"connect_ms,omitempty"`
	ListMS       int64 `json:"list_ms,omitempty"`
	LintMS       int64 `json:"lint_ms,omitempty"`
	ComplianceMS int64 `json:"compliance_ms,omitempty"`
	EvalMS       int64 `json:"eval_ms,omitempty"`
}

// SnapshotSummary is the part of a server snapshot kept with a scan.
type SnapshotSummary struct {
	Tools             int    `json:"tools"`
	Resources         int    `json:"resources"`
	ResourceTemplates int    `json:"resource_templates,omitempty"`
	Prompts           int    `json:"prompts"`
	ProtocolVersion   string `json:"protocol_version,omitempty"`
	// Era is "stateless" or "handshake" (gauge/model.Era).
	Era string `json:"era,omitempty"`
	// ServerDigest is the SHA-256 over the server's tools (model.ServerSHA256); a
	// change at the same name and version is a rug pull.
	ServerDigest string `json:"server_digest"`
	// ToolgaugeDigest is mcp-toolgauge's digest (model.ToolgaugeDigest).
	ToolgaugeDigest string `json:"toolgauge_digest,omitempty"`
	// TotalTokens is the context cost of the whole tool list.
	TotalTokens int `json:"total_tokens,omitempty"`
	// ToolList has one entry per tool, in server order.
	ToolList []ToolSummary `json:"tool_list,omitempty"`
}

// ToolSummary is one tool's name, digest (model.ToolSHA256), token size
// and annotation hints ("R d -": read-only, destructive, idempotent; upper
// case true, lower case false, '-' unsaid).
type ToolSummary struct {
	Name   string `json:"name"`
	SHA256 string `json:"sha256"`
	Tokens int    `json:"tokens"`
	Hints  string `json:"hints,omitempty"`
	// Risk is what a call can do, read from the tool's name, description,
	// schema and annotations: read, write, destructive, sends-data-out or
	// execute (lint.ToolRisks). Empty in results stored before it existed.
	Risk string `json:"risk,omitempty"`
}

// Finding is one lint, security or ecosystem finding.
type Finding struct {
	Rule      string `json:"rule"`
	Severity  string `json:"severity"`
	Tool      string `json:"tool,omitempty"`
	Parameter string `json:"parameter,omitempty"`
	Entity    string `json:"entity,omitempty"`
	Message   string `json:"message"`
	// Family is the rule's family in lint's catalogue (Naming, Security,
	// ...). The coordinator sets it at ingest from its own catalogue,
	// whatever a worker sent; "" when the catalogue does not know the rule.
	Family string `json:"family,omitempty"`
}

// FindingSeverities returns the valid Finding.Severity values, most severe first.
func FindingSeverities() []string { return []string{"critical", "error", "warning", "info"} }

// ComplianceResult is one compliance test outcome.
type ComplianceResult struct {
	ID      string `json:"id"`
	Status  string `json:"status"`
	Message string `json:"message,omitempty"`
	// Session names the session(s) the test used ("main", "main-wire",
	// "identity", …; see docs/compliance/README.md#sessions).
	Session string `json:"session,omitempty"`
	// SDK names the published SDK whose own code gives this failure to
	// every server built on it (docs/scoring.md: such a failure weighs
	// little); empty for a failure of the server's own making.
	SDK string `json:"sdk,omitempty"`
}

// ComplianceStatuses returns the valid ComplianceResult.Status values.
// "not_testable" is a test the scanner's environment kept from observing
// the server (the message says why): never a failure.
func ComplianceStatuses() []string { return []string{"pass", "fail", "skip", "error", "not_testable"} }

// EvalSummary summarises the tool-selection eval.
type EvalSummary struct {
	Model            string          `json:"model,omitempty"`
	SelectionCorrect int             `json:"selection_correct"`
	SelectionTotal   int             `json:"selection_total"`
	PerTool          []EvalTool      `json:"per_tool,omitempty"`
	Confusion        []EvalConfusion `json:"confusion,omitempty"`
}

// EvalTool is one tool's selection score.
type EvalTool struct {
	Tool    string `json:"tool"`
	Correct int    `json:"correct"`
	Total   int    `json:"total"`
}

// EvalConfusion counts cases where Expected was wanted and Chosen was picked.
type EvalConfusion struct {
	Expected string `json:"expected"`
	Chosen   string `json:"chosen"`
	Count    int    `json:"count"`
}

// Scores hold every score of a scan, each 0–100, with the scoring version.
type Scores struct {
	// ScoringVersion stamps the formula (for example "mcpgauge-score/1").
	ScoringVersion string `json:"scoring_version"`
	// MCPGauge is the overall mcpgauge score; the five parts follow.
	MCPGauge float64 `json:"mcpgauge"`
	// MCPGaugeUncapped is the overall score before the security cap;
	// Capped says the cap applied.
	MCPGaugeUncapped float64 `json:"mcpgauge_uncapped"`
	Capped           bool    `json:"capped,omitempty"`
	// Compliance is absent when the compliance tests did not run (scan
	// --no-check) or none of them counted: a part that was not measured
	// reads as not measured, never as 0.
	Compliance *float64 `json:"compliance,omitempty"`
	Design     float64  `json:"design"`
	Security   float64  `json:"security"`
	Efficiency float64  `json:"efficiency"`
	// Selection is present only when the eval ran.
	Selection *float64 `json:"selection,omitempty"`
	// Weights are each part's share of MCPGauge as computed; absent in
	// results from scanners that did not report them.
	Weights *ScoreWeights `json:"weights,omitempty"`
	// ToolgaugeHealth is mcp-toolgauge's health score.
	ToolgaugeHealth float64 `json:"toolgauge_health"`
	// QualityGate is mcp-quality-gate's score with its four parts.
	QualityGate QualityGateScore `json:"quality_gate"`
}

// ScoreWeights are the shares of the five parts in the overall mcpgauge
// score, each in [0, 1]: the formula's weights spread over the parts that
// were measured (a part that was not measured weighs 0). MCPGaugeUncapped
// is the sum of each part times its weight, rounded.
type ScoreWeights struct {
	Compliance float64 `json:"compliance"`
	Design     float64 `json:"design"`
	Security   float64 `json:"security"`
	Efficiency float64 `json:"efficiency"`
	Selection  float64 `json:"selection"`
}

// QualityGateScore is mcp-quality-gate's 0–100 score: compliance (0–40), quality
// (0–25), efficiency (0–15) and security (0–20).
//
// quality-gate only makes a score out of a run of its compliance suite (it
// scores 0 when every test of a run skipped). When mcpgauge did not run the
// suite at all (scan --no-check), Score and Compliance are absent: the three
// analyzer parts were measured and are kept, but their sum is not a number
// quality-gate can give, so no total is claimed.
type QualityGateScore struct {
	Score      *float64 `json:"score,omitempty"`
	Compliance *float64 `json:"compliance,omitempty"`
	Quality    float64  `json:"quality"`
	Efficiency float64  `json:"efficiency"`
	Security   float64  `json:"security"`
}

// ScorePart names one score a leaderboard can rank by.
type ScorePart string

// The rankable score parts.
const (
	PartMCPGauge    ScorePart = "mcpgauge"
	PartCompliance  ScorePart = "compliance"
	PartDesign      ScorePart = "design"
	PartSecurity    ScorePart = "security"
	PartEfficiency  ScorePart = "efficiency"
	PartSelection   ScorePart = "selection"
	PartToolgauge   ScorePart = "toolgauge"
	PartQualityGate ScorePart = "quality_gate"
)

// ScoreParts returns every rankable part, the overall score first.
func ScoreParts() []ScorePart {
	return []ScorePart{PartMCPGauge, PartCompliance, PartDesign, PartSecurity, PartEfficiency,
		PartSelection, PartToolgauge, PartQualityGate}
}

// ParseScorePart returns the part named s ("" means PartMCPGauge), or an error
// listing the valid names.
func ParseScorePart(s string) (ScorePart, error) {
	if s == "" {
		return PartMCPGauge, nil
	}
	names := make([]string, 0, 8)
	for _, p := range ScoreParts() {
		if string(p) == s {
			return p, nil
		}
		names = append(names, string(p))
	}
	return "", fmt.Errorf("unknown score part %q (want one of %s)", s, strings.Join(names, ", "))
}

// Part returns the value of part p and whether the scan has it (selection is
// absent when the eval did not run).
func (s *Scores) Part(p ScorePart) (float64, bool) {
	switch p {
	case PartMCPGauge:
		return s.MCPGauge, true
	case PartCompliance:
		return deref(s.Compliance)
	case PartDesign:
		return s.Design, true
	case PartSecurity:
		return s.Security, true
	case PartEfficiency:
		return s.Efficiency, true
	case PartSelection:
		if s.Selection == nil {
			return 0, false
		}
		return *s.Selection, true
	case PartToolgauge:
		return s.ToolgaugeHealth, true
	case PartQualityGate:
		return deref(s.QualityGate.Score)
	}
	return 0, false
}

// deref returns *v and whether v is set.
func deref(v *float64) (float64, bool) {
	if v == nil {
		return 0, false
	}
	return *v, true
}

// Validate checks a result and returns an error naming every problem it finds.
func (r *Result) Validate() error {
	var errs []error
	add := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if r.SchemaVersion != Version {
		add("schema_version is %d, want %d", r.SchemaVersion, Version)
	}
	if err := ValidSweepID(r.SweepID); err != nil {
		errs = append(errs, err)
	}
	if strings.TrimSpace(r.Name) == "" {
		add("name is empty")
	}
	if strings.TrimSpace(r.Version) == "" {
		add("version is empty")
	}
	if want := JobID(r.SweepID, r.Name, r.Version); r.JobID != want {
		add("job_id is %q, want %q (JobID of sweep, name and version)", r.JobID, want)
	}
	if _, err := ParseStatus(string(r.Status)); err != nil {
		errs = append(errs, err)
	}
	if err := checkAttempt(r.Attempt); err != nil {
		errs = append(errs, err)
	}
	if r.Status != StatusOK && r.Status != "" && strings.TrimSpace(r.Reason) == "" {
		add("status %s needs a reason", r.Status)
	}
	if r.Status == StatusOK {
		if r.Scores == nil {
			add("status ok needs scores")
		}
		if r.Snapshot == nil {
			add("status ok needs a snapshot")
		}
	} else if r.Scores != nil && (r.Status != StatusAuthRequired || r.PreAuth == nil) {
		add("status %s must not carry scores (a scan that did not complete is never scored; only auth_required graded without credentials is)", r.Status)
	}
	if r.PreAuth != nil && (r.Status != StatusAuthRequired || r.Scores == nil) {
		add("pre_auth needs status auth_required and scores")
	}
	t := r.Timings
	for _, p := range []struct {
		name string
		v    int64
	}{{"install_ms", t.InstallMS}, {"start_ms", t.StartMS}, {"connect_ms", t.ConnectMS},
		{"list_ms", t.ListMS}, {"lint_ms", t.LintMS}, {"compliance_ms", t.ComplianceMS}, {"eval_ms", t.EvalMS}} {
		if p.v < 0 {
			add("timings.%s is negative (%d)", p.name, p.v)
		}
	}
	if s := r.Snapshot; s != nil {
		if s.Tools < 0 || s.Resources < 0 || s.Prompts < 0 || s.ResourceTemplates < 0 || s.TotalTokens < 0 {
			add("snapshot has a negative count")
		}
		if s.Tools != len(s.ToolList) {
			add("snapshot.tools is %d but tool_list has %d entries", s.Tools, len(s.ToolList))
		}
		if r.Status == StatusOK && !isHex(s.ServerDigest, 64) {
			add("snapshot.server_digest %q is not a hex SHA-256", s.ServerDigest)
		}
		for i, tl := range s.ToolList {
			if tl.Name == "" {
				add("snapshot.tool_list[%d] has no name", i)
			}
			if !isHex(tl.SHA256, 64) {
				add("snapshot.tool_list[%d] (%s): sha256 %q is not a hex SHA-256", i, tl.Name, tl.SHA256)
			}
			if tl.Tokens < 0 {
				add("snapshot.tool_list[%d] (%s): tokens is negative", i, tl.Name)
			}
		}
	}
	for i, f := range r.Findings {
		if f.Rule == "" {
			add("findings[%d] has no rule", i)
		}
		if !slices.Contains(FindingSeverities(), f.Severity) {
			add("findings[%d] (%s): severity %q is not one of %s", i, f.Rule, f.Severity, strings.Join(FindingSeverities(), ", "))
		}
	}
	for i, c := range r.Compliance {
		if c.ID == "" {
			add("compliance[%d] has no id", i)
		}
		if !slices.Contains(ComplianceStatuses(), c.Status) {
			add("compliance[%d] (%s): status %q is not one of %s", i, c.ID, c.Status, strings.Join(ComplianceStatuses(), ", "))
		}
	}
	if e := r.Eval; e != nil {
		if e.SelectionCorrect < 0 || e.SelectionTotal < 0 || e.SelectionCorrect > e.SelectionTotal {
			add("eval selection %d/%d is impossible", e.SelectionCorrect, e.SelectionTotal)
		}
	}
	if s := r.Scores; s != nil {
		if s.ScoringVersion == "" {
			add("scores.scoring_version is empty")
		}
		for _, p := range ScoreParts() {
			if v, ok := s.Part(p); ok && (math.IsNaN(v) || v < 0 || v > 100) {
				add("scores.%s is %v, want 0 to 100", p, v)
			}
		}
		if w := s.Weights; w != nil {
			for _, p := range []struct {
				name string
				v    float64
			}{{"compliance", w.Compliance}, {"design", w.Design}, {"security", w.Security}, {"efficiency", w.Efficiency}, {"selection", w.Selection}} {
				if math.IsNaN(p.v) || p.v < 0 || p.v > 1 {
					add("scores.weights.%s is %v, want 0 to 1", p.name, p.v)
				}
			}
		}
		qg := s.QualityGate
		qgc, qgcSet := deref(qg.Compliance)
		if (qg.Score == nil) != !qgcSet {
			add("scores.quality_gate: score and compliance must be both present or both absent")
		}
		for _, p := range []struct {
			name   string
			v, max float64
		}{{"compliance", qgc, 40}, {"quality", qg.Quality, 25}, {"efficiency", qg.Efficiency, 15}, {"security", qg.Security, 20}} {
			if math.IsNaN(p.v) || p.v < 0 || p.v > p.max {
				add("scores.quality_gate.%s is %v, want 0 to %v", p.name, p.v, p.max)
			}
		}
	}
	if r.ScannerVersion == "" {
		add("scanner_version is empty")
	}
	if r.WorkerID == "" {
		add("worker_id is empty")
	}
	if r.StartedAt.IsZero() {
		add("started_at is missing")
	}
	if r.FinishedAt.IsZero() {
		add("finished_at is missing")
	} else if r.FinishedAt.Before(r.StartedAt) {
		add("finished_at %s is before started_at %s", r.FinishedAt.Format(time.RFC3339), r.StartedAt.Format(time.RFC3339))
	}
	if r.Cache != nil {
		if err := r.Cache.validate(r); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("invalid result %q (%s %s): %w", r.JobID, r.Name, r.Version, errors.Join(errs...))
	}
	return nil
}

// DecodeResult decodes and validates a result message. Unknown fields are rejected.
func DecodeResult(data []byte) (Result, error) {
	var r Result
	if err := decodeStrict(data, &r); err != nil {
		return Result{}, fmt.Errorf("decode result: %w", err)
	}
	if err := r.Validate(); err != nil {
		return Result{}, err
	}
	return r, nil
}

// Encode validates the result and returns its JSON encoding.
func (r *Result) Encode() ([]byte, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("encode result %q: %w", r.JobID, err)
	}
	return b, nil
}

func isHex(s string, n int) bool { return len(s) == n && hexPattern.MatchString(s) }
