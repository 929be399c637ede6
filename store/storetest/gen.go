// Package storetest is the conformance suite every store.Store implementation
// must pass, plus a generator of realistic results for tests and benchmarks.
package storetest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/schema"
)

// Spec describes a result to build. Zero fields get realistic defaults.
type Spec struct {
	SweepID, Name, Version string
	// Status defaults to ok; a non-ok status gets a reason and no scores.
	Status schema.Status
	// Scores defaults to every part equal to Score (selection included).
	Scores *schema.Scores
	// Score is used when Scores is nil (default 50).
	Score float64
	// Tools names the tools (default: Spec.ToolCount tools named tool_00 …).
	Tools []string
	// ToolCount is used when Tools is nil (default 10).
	ToolCount int
	// Salt changes the digest of the tools listed in SaltTools (all when empty),
	// which models a changed tool definition.
	Salt      string
	SaltTools []string
	// Findings is the number of findings (default 20; -1 for none).
	Findings int
	// Sources default to ["official"]; PackageType defaults to "npm".
	Sources     []string
	PackageType string
	// ScanKey is copied to the result.
	ScanKey string
	// FinishedAt defaults to 2026-11-01 UTC.
	FinishedAt time.Time
}

// Result builds a valid, realistic result from a spec: a tool list with per-tool
// digests and token sizes, findings across severities and tools, compliance
// outcomes, an eval summary and scores.
func Result(s Spec) schema.Result {
	if s.Status == "" {
		s.Status = schema.StatusOK
	}
	if s.FinishedAt.IsZero() {
		s.FinishedAt = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	}
	if s.Sources == nil {
		s.Sources = []string{"official"}
	}
	if s.PackageType == "" {
		s.PackageType = "npm"
	}
	r := schema.Result{
		SchemaVersion: schema.Version, JobID: schema.JobID(s.SweepID, s.Name, s.Version), SweepID: s.SweepID,
		Name: s.Name, Version: s.Version, Sources: s.Sources, PackageType: s.PackageType, ScanKey: s.ScanKey,
		Status: s.Status, ScannerVersion: "mcpgauge/test", WorkerID: "test-worker/0",
		StartedAt: s.FinishedAt.Add(-42 * time.Second), FinishedAt: s.FinishedAt,
		Timings: schema.Timings{InstallMS: 12000, StartMS: 800, ConnectMS: 120, ListMS: 40, LintMS: 15},
	}
	if s.Status != schema.StatusOK {
		r.Reason = fmt.Sprintf("%s: simulated failure of %s", s.Status, s.Name)
		return r
	}
	tools := s.Tools
	if tools == nil {
		n := s.ToolCount
		if n == 0 {
			n = 10
		}
		for i := range n {
			tools = append(tools, fmt.Sprintf("tool_%02d", i))
		}
	}
	snap := &schema.SnapshotSummary{Tools: len(tools), Resources: 2, Prompts: 1, ProtocolVersion: "2025-06-18", Era: "handshake"}
	var all strings.Builder
	for i, name := range tools {
		salt := ""
		if s.Salt != "" && (len(s.SaltTools) == 0 || slices.Contains(s.SaltTools, name)) {
			salt = s.Salt
		}
		d := hexSHA(s.Name + "\x00" + name + "\x00" + salt)
		tokens := 80 + 17*i
		hints, risk := "R d I", "read"
		if i%2 == 1 {
			hints, risk = "r D -", "destructive"
		}
		snap.ToolList = append(snap.ToolList, schema.ToolSummary{Name: name, SHA256: d, Tokens: tokens, Hints: hints, Risk: risk})
		snap.TotalTokens += tokens
		all.WriteString(d)
	}
	snap.ServerDigest = hexSHA(all.String())
	snap.ToolgaugeDigest = snap.ServerDigest[:16]
	r.Snapshot = snap
	nf := s.Findings
	if nf == 0 {
		nf = 20
	}
	sev := schema.FindingSeverities()
	// The rule families findings carry in turn; "" models a rule the
	// coordinator's catalogue did not know.
	families := []string{"Generated", "Generated security", ""}
	for i := 0; i < nf; i++ {
		tool := ""
		if len(tools) > 0 {
			tool = tools[i%len(tools)]
		}
		r.Findings = append(r.Findings, schema.Finding{
			Rule: fmt.Sprintf("MG%03d", 100+i%37), Severity: sev[1+i%3], Tool: tool, Parameter: fmt.Sprintf("param_%d", i%4),
			Entity: "tool", Message: fmt.Sprintf("Tool %q: parameter param_%d has no description (finding %d)", tool, i%4, i),
			Family: families[i%len(families)],
		})
	}
	r.Compliance = []schema.ComplianceResult{
		{ID: "lifecycle-init-01", Status: "pass", Message: "Server: " + s.Name + " v" + s.Version},
		{ID: "lifecycle-init-02", Status: "pass"},
		{ID: "tools-list-01", Status: "fail", Message: "tool list is not paginated"},
		{ID: "resources-01", Status: "skip"},
	}
	if s.Scores != nil {
		r.Scores = s.Scores
	} else {
		v := s.Score
		if v == 0 {
			v = 50
		}
		sel := v
		r.Scores = &schema.Scores{ScoringVersion: "mcpgauge-score/1", MCPGauge: v, MCPGaugeUncapped: v, Compliance: new(v), Design: v, Security: v,
			Efficiency: v, Selection: &sel, ToolgaugeHealth: v, Weights: Weights(),
			QualityGate: schema.QualityGateScore{Score: new(v), Compliance: new(v * 0.4), Quality: v * 0.25, Efficiency: v * 0.15, Security: v * 0.2}}
	}
	if r.Scores.Selection != nil {
		r.Eval = &schema.EvalSummary{Model: "test-model", SelectionCorrect: 8, SelectionTotal: 10,
			PerTool: []schema.EvalTool{{Tool: tools[0], Correct: 8, Total: 10}}}
	}
	return r
}

// Weights are the formula's weights with every part measured, as a
// scanner reports them.
func Weights() *schema.ScoreWeights {
	return &schema.ScoreWeights{Compliance: 0.25, Design: 0.30, Security: 0.20, Efficiency: 0.10, Selection: 0.15}
}

func hexSHA(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}
