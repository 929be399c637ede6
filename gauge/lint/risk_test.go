package lint_test

import (
	"encoding/json"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/internal/precision"
)

// TestToolRisks: every tool gets the risk class its name, description,
// schema and annotations say (issue 21 §3: execution surfaces and
// destruction without a delete verb shown at a glance).
func TestToolRisks(t *testing.T) {
	t.Parallel()
	cases := []struct {
		tool string
		want string
	}{
		{`{"name":"list_files","description":"Lists the files in a folder.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}`, lint.RiskRead},
		{`{"name":"anything","description":"Does it.","annotations":{"readOnlyHint":true}}`, lint.RiskRead},
		{`{"name":"create_issue","description":"Opens a new issue.","inputSchema":{"type":"object","properties":{"title":{"type":"string"}}}}`, lint.RiskWrite},
		{`{"name":"delete_repo","description":"Deletes a repository."}`, lint.RiskDestructive},
		{`{"name":"manage_branch","description":"Manage branches.","inputSchema":{"type":"object","properties":{"action":{"type":"string","enum":["create","delete"]}}}}`, lint.RiskDestructive},
		{`{"name":"tidy","description":"Tidies up.","annotations":{"destructiveHint":true,"readOnlyHint":false}}`, lint.RiskDestructive},
		{`{"name":"send_email","description":"Sends an email to the given address.","inputSchema":{"type":"object","properties":{"to":{"type":"string"},"body":{"type":"string"}}}}`, lint.RiskSendsOut},
		{`{"name":"run_command","description":"Runs a shell command.","inputSchema":{"type":"object","properties":{"command":{"type":"string"}}}}`, lint.RiskExecute},
		{`{"name":"execute_sql","description":"Executes SQL.","inputSchema":{"type":"object","properties":{"sql":{"type":"string"}}}}`, lint.RiskExecute},
	}
	for _, c := range cases {
		capture := precision.Capture{Tools: []json.RawMessage{json.RawMessage(c.tool)}}
		snap, err := capture.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		if got := lint.ToolRisks(snap); len(got) != 1 || got[0] != c.want {
			t.Errorf("%s: risk %v, want %s", c.tool, got, c.want)
		}
	}
}
