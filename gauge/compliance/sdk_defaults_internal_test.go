package compliance

import (
	"strings"
	"testing"
)

// TestMarkSDKDefaults: a failure is marked only when the SDK's tell is
// among the results and the failure is the one the SDK's code gives.
func TestMarkSDKDefaults(t *testing.T) {
	t.Parallel()
	const tell = "MCP error -32602: Tool __mcptest_nonexistent_tool_1796214814880 not found"
	tools := func(detail string) TestResult {
		return TestResult{ID: "spec-tools-01", Result: Result{Status: StatusFail,
			Message: "unknown tool returned a result with isError: true; it SHOULD be a JSON-RPC protocol error", Details: []string{detail}}}
	}
	page := func(msg string) TestResult {
		return TestResult{ID: "spec-pagination-01", Result: Result{Status: StatusFail, Message: msg}}
	}
	const ignored = "tools/list accepted an invalid cursor (an invalid cursor SHOULD return -32602)"
	for _, tc := range []struct {
		name    string
		results []TestResult
		want    []bool
	}{
		{"the SDK's tell marks both", []TestResult{tools(tell), page(ignored)}, []bool{true, true}},
		{"no tell, nothing marked", []TestResult{tools("Unknown tool: nope"), page(ignored)}, []bool{false, false}},
		{"the tell inside other text is no tell", []TestResult{tools("oops " + tell), page(ignored)}, []bool{false, false}},
		{"a failure the SDK does not give stays the server's", []TestResult{tools(tell), page("tools/list with an invalid cursor returned error -32603")}, []bool{true, false}},
		{"a pass is never marked", []TestResult{tools(tell), {ID: "spec-pagination-01", Result: Result{Status: StatusPass, Message: ignored}}}, []bool{true, false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			markSDKDefaults(tc.results)
			for i, r := range tc.results {
				marked := r.SDK != ""
				if marked != tc.want[i] || marked != strings.Contains(r.Message, "every server built on it") {
					t.Errorf("%s: sdk %q message %q, want marked=%v", r.ID, r.SDK, r.Message, tc.want[i])
				}
			}
		})
	}
}
