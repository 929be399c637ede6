package report_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/gauge/scan"
	"github.com/mcpgauge/mcpgauge/internal/precision"
	"github.com/mcpgauge/mcpgauge/schema"
)

// sloppyScan lints testdata/sloppy.json, a capture of a server with an
// identical pair of tools, undocumented parameters, an unhinted delete-all
// tool, a TODO description and a tool that dumps the environment (issue
// 21's done-when server), under the default profile.
func sloppyScan(t *testing.T) *scan.Report {
	t.Helper()
	data, err := os.ReadFile("testdata/sloppy.json")
	if err != nil {
		t.Fatal(err)
	}
	var c precision.Capture
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	snap, err := c.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	rep := &scan.Report{}
	if err := scan.Analyse(rep, snap, scan.Options{}); err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestSloppyServerScoresBelow80AndShowsThePair: issue 21's done-when
// server scores under 80, and the default lint output (no -v) shows the
// identical pair.
func TestSloppyServerScoresBelow80AndShowsThePair(t *testing.T) {
	t.Parallel()
	rep := sloppyScan(t)
	t.Logf("score %d parts %+v", rep.Score.Overall, rep.Score.Parts)
	if rep.Score.Overall >= 80 {
		t.Errorf("score %d (parts %+v), want below 80", rep.Score.Overall, rep.Score.Parts)
	}
	var out bytes.Buffer
	if err := report.LintText(&out, rep.Snapshot, rep.Findings, false); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"MCP013", "find_customer", "lookup_customer", "MCP040", "SEC010", "MCP015", "MCP020"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("default lint output lacks %s:\n%s", want, out.String())
		}
	}
	var res schema.Result
	rep.Fill(&res)
	risks := map[string]string{}
	for _, ts := range res.Snapshot.ToolList {
		risks[ts.Name] = ts.Risk
	}
	if risks["purge_all_customers"] != lint.RiskDestructive || risks["find_customer"] != lint.RiskRead {
		t.Errorf("risk classes in the result JSON: %v", risks)
	}
	for _, f := range rep.Findings {
		if f.Rule == "MCP013" && f.Severity < lint.Warning {
			t.Errorf("MCP013 at %s, want warning or above", f.Severity)
		}
	}
}

// TestOneTokenFigure: the scan header's token count and MCP051's agree
// (issue 21: one tokenizer figure per server in every line of a report).
func TestOneTokenFigure(t *testing.T) {
	t.Parallel()
	rep := sloppyScan(t)
	snap := *rep.Snapshot
	big := snap.Tools[0]
	big.Description = strings.Repeat("Customer relationship records, kept per region and audited quarterly. ", 800)
	big.RawDescription = big.Description
	snap.Tools = append(append([]model.Tool(nil), snap.Tools...), big)
	snap.Tools[len(snap.Tools)-1].Name = "find_customer_verbose"
	full := &scan.Report{}
	if err := scan.Analyse(full, &snap, scan.Options{}); err != nil {
		t.Fatal(err)
	}
	var header bytes.Buffer
	if err := report.ScanText(&header, full, true); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("%d tokens (o200k)", full.TotalTokens)
	if !strings.Contains(header.String(), want) {
		t.Fatalf("header lacks %q", want)
	}
	found := false
	for _, f := range full.Findings {
		if f.Rule != "MCP051" {
			continue
		}
		found = true
		m := regexp.MustCompile(`about (\d+) o200k tokens`).FindStringSubmatch(f.Message)
		if m == nil || m[1] != fmt.Sprint(full.TotalTokens) {
			t.Errorf("MCP051 says %q, the header %d tokens", f.Message, full.TotalTokens)
		}
	}
	if !found {
		t.Fatal("no MCP051 finding on a server over the budget")
	}
}
