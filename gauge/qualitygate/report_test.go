package qualitygate

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

func TestConsoleSections(t *testing.T) {
	t.Parallel()
	ts := tools(t,
		`{"name":"read_file","description":"Read a file. DEPRECATED: use read_text_file.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}`,
		`{"name":"read_text_file","description":"Read a file as text, with head and tail.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}`,
		`{"name":"write_file","description":"Overwrite a file. Use with caution.","inputSchema":{"type":"object","properties":{"path":{"type":"string","description":"Where"},"content":{"type":"string","description":"What"}}}}`,
	)
	q, s, e := AnalyzeQuality(ts), AnalyzeSecurity(ts), AnalyzeEfficiency(ts, DefaultEfficiencyConfig())
	var b strings.Builder
	if err := WriteAnalyzerSections(&b, &e, &q, &s); err != nil {
		t.Fatal(err)
	}
	want := "\n  efficiency\n    3 tools, ~" + strconv.Itoa(e.SchemaTokenEstimate) + " schema tokens\n" +
		"\n  quality\n    Param description coverage: 50%\n    Deprecated: read_file\n    Duplicates: read_file, read_text_file\n" +
		"    WARN 2 of 4 parameters lack descriptions (50%)\n    CRIT 1 deprecated tool(s) still listed: read_file\n" +
		"    WARN Tools with identical schemas: read_file, read_text_file\n" +
		"\n  security\n    WARN \"write_file\" performs destructive operations — description warns of risk\n"
	if b.String() != want {
		t.Errorf("console =\n%s\nwant\n%s", b.String(), want)
	}
	// 25 − 5 (deprecated, critical) − 2 − 2 (two warnings) = 16; 40 + 16 + 15 + 15 = 86.
	r := Score(Compliance{Passed: 10, Skipped: 7, Total: 17}, &q, &e, &s)
	if got := ScoreLines(r); got != "Score: 86/100\n  compliance 40/40 | quality 16/25 | efficiency 15/15 | security 15/20\n" {
		t.Errorf("score lines = %q", got)
	}
	var none strings.Builder
	_ = WriteAnalyzerSections(&none, nil, nil, &Security{})
	if none.String() != "\n  security\n    No issues found\n" {
		t.Errorf("skipped analyzers / empty security = %q", none.String())
	}
}

func TestReportJSONOmitsSkippedAnalyzers(t *testing.T) {
	t.Parallel()
	q := AnalyzeQuality(nil)
	rep := Report{Version: ReportVersion, Server: "x", Results: []TestRun{}, Quality: &q}
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if !strings.Contains(s, `"quality":{`) || strings.Contains(s, `"security"`) || strings.Contains(s, `"efficiency"`) || !strings.Contains(s, `"version":"0.1.0"`) {
		t.Errorf("report JSON = %s", s)
	}
}
