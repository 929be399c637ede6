package qualitygate

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// ReportVersion is the "version" quality-gate writes in its JSON report
// (its CLI and console say 0.1.1; the JSON says 0.1.0).
const ReportVersion = "0.1.0"

// TestInfo identifies one compliance test in a report.
type TestInfo struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Category string `json:"category"`
	Severity string `json:"severity"`
}

// TestResult is one compliance test's outcome: status pass, fail, skip or error.
type TestResult struct {
	Status     string  `json:"status"`
	Message    string  `json:"message,omitempty"`
	DurationMS float64 `json:"duration_ms"`
	Details    any     `json:"details,omitempty"`
}

// TestRun pairs a test with its result.
type TestRun struct {
	Test   TestInfo   `json:"test"`
	Result TestResult `json:"result"`
}

// Summary counts the compliance results.
type Summary struct {
	Total   int `json:"total"`
	Passed  int `json:"passed"`
	Failed  int `json:"failed"`
	Skipped int `json:"skipped"`
	Errors  int `json:"errors"`
}

// Compliance converts the summary to the score's input.
func (s Summary) Compliance() Compliance {
	return Compliance{Passed: s.Passed, Failed: s.Failed, Errors: s.Errors, Skipped: s.Skipped, Total: s.Total}
}

// Report is quality-gate's JSON report (pretty-print it with two spaces).
// Analyzers that were skipped are nil and left out.
type Report struct {
	Version    string      `json:"version"`
	Server     string      `json:"server"`
	Timestamp  string      `json:"timestamp"`
	DurationMS float64     `json:"duration_ms"`
	Results    []TestRun   `json:"results"`
	Summary    Summary     `json:"summary"`
	Efficiency *Efficiency `json:"efficiency,omitempty"`
	Quality    *Quality    `json:"quality,omitempty"`
	Security   *Security   `json:"security,omitempty"`
	Score      int         `json:"score"`
}

func levelTag(l Level) string {
	if l == Critical {
		return "CRIT"
	}
	return "WARN"
}

// WriteAnalyzerSections writes the efficiency, quality and security sections
// of quality-gate's console report (uncoloured), skipping nil analyzers.
func WriteAnalyzerSections(w io.Writer, e *Efficiency, q *Quality, s *Security) error {
	var b strings.Builder
	if e != nil {
		fmt.Fprintf(&b, "\n  efficiency\n    %d tools, ~%d schema tokens\n", e.ToolCount, e.SchemaTokenEstimate)
		for _, f := range e.Findings {
			fmt.Fprintf(&b, "    %s %s\n", levelTag(f.Level), f.Message)
		}
	}
	if q != nil {
		fmt.Fprintf(&b, "\n  quality\n    Param description coverage: %d%%\n", int(compat.JSRound(q.ParamDescriptionCoverage*100)))
		if len(q.DeprecatedTools) > 0 {
			fmt.Fprintf(&b, "    Deprecated: %s\n", strings.Join(q.DeprecatedTools, ", "))
		}
		for _, g := range q.DuplicateToolGroups {
			fmt.Fprintf(&b, "    Duplicates: %s\n", strings.Join(g, ", "))
		}
		for _, f := range q.Findings {
			fmt.Fprintf(&b, "    %s %s\n", levelTag(f.Level), f.Message)
		}
	}
	if s != nil {
		b.WriteString("\n  security\n")
		if len(s.Findings) == 0 {
			b.WriteString("    No issues found\n")
		}
		for _, f := range s.Findings {
			fmt.Fprintf(&b, "    %s %s\n", levelTag(f.Level), f.Message)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ScoreLines are the console's score lines: "Score: N/100" and the
// breakdown, whose compliance is rounded on its own.
func ScoreLines(r ScoreResult) string {
	return fmt.Sprintf("Score: %d/100\n  compliance %d/%d | quality %d/%d | efficiency %d/%d | security %d/%d\n",
		r.Score, r.ComplianceShown, MaxCompliance, r.Quality, MaxQuality, r.Efficiency, MaxEfficiency, r.Security, MaxSecurity)
}
