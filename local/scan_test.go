package local

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
	"github.com/mcpgauge/mcpgauge/schema"
)

// TestScanToolsJSONReturnsDataAndGate: an offline scan returns every
// output asked for as data, and a missed --min-score comes back with the
// result, not instead of it.
func TestScanToolsJSONReturnsDataAndGate(t *testing.T) {
	t.Parallel()
	tools := filepath.Join(t.TempDir(), "tools.json")
	doc := `{"tools":[{"name":"get_weather","description":"Get the weather.","inputSchema":{"type":"object","properties":{"city":{"type":"string"}}}}]}`
	if err := os.WriteFile(tools, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	o := ScanOptions{
		Target: Target{ToolsJSON: tools, ClientVersion: "test"}, SARIF: true, Badge: true,
		Markdown: "-", MinScore: 101, Log: io.Discard,
	}
	r, err := Scan(context.Background(), o)
	if errkind.Of(err) != errkind.Threshold {
		t.Fatalf("err = %v, want a threshold error for --min-score 101", err)
	}
	if r == nil || r.Report == nil {
		t.Fatal("no result with the missed gate")
	}
	if r.Result.Status != schema.StatusOK || r.Result.ScannerVersion != "test" || r.Result.RuleSetDigest == "" {
		t.Errorf("result status %q, scanner %q, rules %q", r.Result.Status, r.Result.ScannerVersion, r.Result.RuleSetDigest)
	}
	if len(r.SARIF) == 0 || len(r.Badge) == 0 || !bytes.HasPrefix(r.Markdown, []byte(report.CommentMarker)) {
		t.Errorf("SARIF %d bytes, badge %d bytes, markdown %.40q", len(r.SARIF), len(r.Badge), r.Markdown)
	}
	if r.Launch != nil || r.Receipt != nil {
		t.Errorf("a direct scan without a key has launch %v, receipt %d bytes", r.Launch, len(r.Receipt))
	}
	o.MinScore = 0
	if _, err := Scan(context.Background(), o); err != nil {
		t.Errorf("without a gate: %v", err)
	}
}
