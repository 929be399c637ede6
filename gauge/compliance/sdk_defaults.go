package compliance

import (
	"regexp"
	"strings"
)

// An SDK default is a compliance failure that a published MCP SDK produces
// by itself, for every server built on it: the server's author did not
// write the faulty code and can rarely change it without leaving the SDK's
// high-level API. Issue 21 asks that such a failure say so in its message
// and weigh little in the score; it is still a failure (a client sees the
// same wrong reply), and the fix belongs upstream.
//
// An SDK is recognised only from what the server itself answered, never
// from the registry entry (hostile input): each SDK has a tell, a reply to
// one of our probes that no hand-written server would give by accident,
// and its defaults are the failures (test ID and message) that SDK's code
// gives. Each entry is verified on a real server built on the SDK
// (TestSDKDefaultsOnRealServers).
type sdkDefault struct {
	// SDK names the SDK as a user would look it up.
	SDK string
	// Upstream is where the fix belongs.
	Upstream string
	// tellTest and tell recognise the SDK: a detail line of that test's
	// result.
	tellTest string
	tell     *regexp.Regexp
	// failures maps a test ID to the message of the failure the SDK's
	// code gives (a prefix).
	failures map[string]string
}

// sdkDefaults lists the SDK defaults mcpgauge knows.
func sdkDefaults() []sdkDefault {
	return []sdkDefault{{
		SDK:      "the TypeScript SDK's McpServer (@modelcontextprotocol/sdk)",
		Upstream: "github.com/modelcontextprotocol/typescript-sdk",
		// McpServer's tools/call handler throws McpError(InvalidParams,
		// "Tool <name> not found") and its own catch turns every error
		// into an isError result, prefixed "MCP error -32602: ".
		tellTest: "spec-tools-01",
		tell:     regexp.MustCompile(`^MCP error -32602: Tool __mcptest_nonexistent_tool_\d+ not found$`),
		failures: map[string]string{
			// The same catch: an unknown tool is an isError result.
			"spec-tools-01": "unknown tool returned a result with isError: true",
			// McpServer's tools/list handler ignores the cursor.
			"spec-pagination-01": "tools/list accepted an invalid cursor",
		},
	}}
}

// markSDKDefaults sets SDK on each failed result that is a known SDK's
// default, once the SDK's tell is among the results, and says so in its
// message.
func markSDKDefaults(results []TestResult) {
	byID := make(map[string]int, len(results))
	for i, r := range results {
		byID[r.ID] = i
	}
	for _, d := range sdkDefaults() {
		i, ok := byID[d.tellTest]
		if !ok || !hasDetail(results[i].Details, d.tell) {
			continue
		}
		for id, msg := range d.failures {
			j, ok := byID[id]
			if !ok || results[j].Status != StatusFail || !strings.HasPrefix(results[j].Message, msg) {
				continue
			}
			results[j].SDK = d.SDK
			results[j].Message += "; " + d.SDK + " answers this way for every server built on it (fix upstream: " + d.Upstream + ")"
		}
	}
}

func hasDetail(details []string, re *regexp.Regexp) bool {
	for _, d := range details {
		if re.MatchString(d) {
			return true
		}
	}
	return false
}
