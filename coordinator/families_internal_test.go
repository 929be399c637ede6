package coordinator

import (
	"testing"

	"github.com/mcpgauge/mcpgauge/schema"
)

// TestSetFamilies: ingest takes a finding's family from lint's catalogue,
// never from the worker: a known rule gets its family, an unknown rule ""
// whatever family the worker claimed.
func TestSetFamilies(t *testing.T) {
	t.Parallel()
	cases := []struct {
		rule, sent, want string
	}{
		{"MCP002", "", "Naming"},
		{"MCP002", "<b>Security</b>", "Naming"},
		{"NOPE999", "<script>alert(1)</script>", ""},
	}
	rs := []schema.Result{{}, {Findings: make([]schema.Finding, len(cases))}}
	for i, c := range cases {
		rs[1].Findings[i] = schema.Finding{Rule: c.rule, Family: c.sent}
	}
	setFamilies(rs)
	for i, c := range cases {
		if got := rs[1].Findings[i].Family; got != c.want {
			t.Errorf("rule %s sent as %q: family %q, want %q", c.rule, c.sent, got, c.want)
		}
	}
}
