package lint_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/internal/precision"
)

// TestMCP023LocalTimeAsksForAPattern: a date-time parameter whose examples
// are local times without an offset is told to declare a pattern, since
// format: date-time (RFC 3339) would reject them (issue 21 §2); one with an
// offset keeps the format advice.
func TestMCP023LocalTimeAsksForAPattern(t *testing.T) {
	t.Parallel()
	cases := []struct {
		example string
		pattern bool
	}{{"2026-03-01T09:30:00", true}, {"2026-03-01T09:30:00Z", false}, {"2026-03-01T09:30:00+01:00", false}}
	for _, c := range cases {
		tool := `{"name":"create_event","description":"Creates an event.","inputSchema":{"type":"object","properties":{"start_time":{"type":"string","description":"Start, e.g. ` + c.example + `"}}}}`
		got := mcp023Finding(t, tool, c.example)
		if strings.Contains(got.Suggestion, "not `format: date-time`") != c.pattern {
			t.Errorf("%s: suggestion %q, want pattern advice %v", c.example, got.Suggestion, c.pattern)
		}
	}
}

// TestMCP023SuggestionsForTextTimesAndLooseUnions: a string described as a
// Unix time is told to declare a digits pattern or become an integer; a
// union of a date-time branch and a plain string whose description writes
// a local syntax (YYYY-MM-DD HH:MM:SS) is told to declare a pattern; a
// union without one is told to drop the plain branch (MCP023 revision 6).
func TestMCP023SuggestionsForTextTimesAndLooseUnions(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, schema, want string }{
		{"unix-seconds", `{"type":"string","description":"Start of the window, in seconds."}`, "takes a Unix time written as text"},
		{"union-local", `{"anyOf":[{"type":"string","format":"date-time"},{"type":"string"}],"description":"Start (YYYY-MM-DD HH:MM:SS format)"}`, "not `format: date-time`"},
		{"union-plain", `{"anyOf":[{"type":"string","format":"date-time"},{"type":"string"}],"description":"Start of the range"}`, "Drop the plain-string branch"},
	}
	for _, c := range cases {
		tool := `{"name":"query","description":"Queries events.","inputSchema":{"type":"object","properties":{"start_time":` + c.schema + `}}}`
		got := mcp023Finding(t, tool, c.name)
		if !strings.Contains(got.Suggestion, c.want) {
			t.Errorf("%s: suggestion %q, want it to contain %q", c.name, got.Suggestion, c.want)
		}
	}
}

// mcp023Finding lints one tool at the default profile and returns its
// MCP023 finding, failing the test when there is none.
func mcp023Finding(t *testing.T, tool, label string) *lint.Finding {
	t.Helper()
	capture := precision.Capture{Tools: []json.RawMessage{json.RawMessage(tool)}}
	snap, err := capture.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range lint.Run(snap, lint.Config{}) {
		if f.Rule == "MCP023" {
			return &f
		}
	}
	t.Fatalf("%s: no MCP023 finding", label)
	return nil
}
