package main

import (
	"encoding/json"
	"regexp"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
)

// TestScanNoCheckLeavesComplianceUnmeasured: scan --no-check does not run
// the compliance tests, so the compliance part and quality-gate's total
// read as not measured (absent in JSON, "-" in text), never as 0, while
// the parts that were measured keep their values.
func TestScanNoCheckLeavesComplianceUnmeasured(t *testing.T) {
	bin := fixtures.Build(t, "careful")
	t.Setenv(fixtures.MarkerEnv, t.TempDir()+"/marker")
	code, out, stderr := cli(t, "scan", bin, "--no-check", "--json", "--no-config")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res struct {
		Scores struct {
			MCPGauge    float64                    `json:"mcpgauge"`
			Compliance  *float64                   `json:"compliance"`
			QualityGate map[string]json.RawMessage `json:"quality_gate"`
		} `json:"scores"`
		Compliance []json.RawMessage `json:"compliance"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Scores.Compliance != nil {
		t.Errorf("scores.compliance = %v, want absent or null", *res.Scores.Compliance)
	}
	for _, k := range []string{"score", "compliance"} {
		if v, ok := res.Scores.QualityGate[k]; ok && string(v) != "null" {
			t.Errorf("scores.quality_gate.%s = %s, want absent or null", k, v)
		}
	}
	if _, ok := res.Scores.QualityGate["quality"]; !ok {
		t.Error("scores.quality_gate.quality was measured but is missing")
	}
	if len(res.Compliance) != 0 || res.Scores.MCPGauge < 90 {
		t.Errorf("no-check scan: %d compliance results, mcpgauge %v", len(res.Compliance), res.Scores.MCPGauge)
	}

	code, text, stderr := cli(t, "scan", bin, "--no-check", "--no-config")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, re := range []string{
		`(?m)^  compliance - \| design`,                                     // the mcpgauge part
		`(?m)^  quality-gate\s+- / 100   compliance -/40 \| quality \d+/25`, // quality-gate's total and its compliance part
		`(?m)- = not measured`,                                              // and what "-" means
	} {
		if !regexp.MustCompile(re).MatchString(text) {
			t.Errorf("text report does not match %s:\n%s", re, text)
		}
	}
}
