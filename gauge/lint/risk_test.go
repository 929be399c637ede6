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
		// A name that says bash but takes a path runs nothing the model wrote.
		{`{"name":"bash_read_file","description":"Read content from a file in the bash environment.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}`, lint.RiskRead},
		// SQL the tool limits to reads is a read, not an execution surface.
		{`{"name":"query","description":"Runs a read-only SQL query.","inputSchema":{"type":"object","properties":{"sql":{"type":"string"}}}}`, lint.RiskRead},
		{`{"name":"trigger_pipeline","description":"Trigger a new pipeline run.","inputSchema":{"type":"object","properties":{"variables":{"type":"object"}}}}`, lint.RiskExecute},
		{`{"name":"page_tools","description":"Executes arbitrary JavaScript in the host process.","inputSchema":{"type":"object"}}`, lint.RiskExecute},
		// A program started from a binary path the model gives (SEC011 r25) runs; a binary installed on a device does not.
		{`{"name":"restart_browser","description":"Restart the browser with different configuration.","inputSchema":{"type":"object","properties":{"browserPath":{"type":"string","description":"New browser binary path"}}}}`, lint.RiskExecute},
		{`{"name":"install_app","description":"Install an app on the device.","inputSchema":{"type":"object","properties":{"appPath":{"type":"string","description":"Path to app binary."}}}}`, lint.RiskWrite},
		// Destruction without a delete verb (MCP040's reading); a read verb before the irreversible word keeps a read.
		{`{"name":"place_order","description":"Place an order."}`, lint.RiskDestructive},
		{`{"name":"cancel_job","description":"Cancel a running job."}`, lint.RiskDestructive},
		{`{"name":"write_file","description":"Writes content to a file."}`, lint.RiskDestructive},
		{`{"name":"update_tags","description":"Providing tags replaces ALL existing tags."}`, lint.RiskDestructive},
		{`{"name":"get_cancel_status","description":"Status of a cancellation."}`, lint.RiskRead},
		{`{"name":"list_sell_orders","description":"Sell orders on the book."}`, lint.RiskRead},
		{`{"name":"append_file","description":"Appends content to a file."}`, lint.RiskWrite},
		// SEC011 revision 8: a test runner, a database's REST API with write
		// methods and a transaction of SQL statements run what the model
		// chooses; the same risk class as SEC011's warning.
		{`{"name":"run_tests","description":"Execute the project's tests.","inputSchema":{"type":"object","properties":{"target":{"type":"string","description":"Test file or directory"}}}}`, lint.RiskExecute},
		{`{"name":"db_request","description":"Performs an HTTP request against the database's REST API.","inputSchema":{"type":"object","properties":{"method":{"type":"string","enum":["GET","DELETE"]},"path":{"type":"string"}}}}`, lint.RiskExecute},
		{`{"name":"batch","description":"Runs statements atomically.","inputSchema":{"type":"object","properties":{"statements":{"type":"array","items":{"type":"string"},"description":"SQL statements to execute"}}}}`, lint.RiskExecute},
		// SEC011 revision 15: a device shell, a debugger that launches what
		// the model names, free text for an agent whose approvals a switch
		// lifts, and read-only SQL in prose on a connection the model sets
		// execute; SQL only explained, with no database, reads.
		{`{"name":"adb_shell","description":"Run a raw ADB shell command.","inputSchema":{"type":"object","properties":{"deviceId":{"type":"string"},"command":{"type":"string","description":"Command to run inside 'adb shell'"}}}}`, lint.RiskExecute},
		{`{"name":"start_debugging","description":"Start debugging a script.","inputSchema":{"type":"object","properties":{"scriptPath":{"type":"string"},"args":{"type":"array","items":{"type":"string"}}}}}`, lint.RiskExecute},
		{`{"name":"web_lookup","description":"Looks something up.","inputSchema":{"type":"object","properties":{"query":{"type":"string"},"yolo":{"type":"boolean"}}}}`, lint.RiskExecute},
		{`{"name":"query","description":"Runs a read-only SQL query.","inputSchema":{"type":"object","properties":{"sql":{"type":"string"},"connectionString":{"type":"string"}}}}`, lint.RiskExecute},
		{`{"name":"ai_sql_review","description":"Break down a SQL query into plain English.","annotations":{"readOnlyHint":true},"inputSchema":{"type":"object","properties":{"sql":{"type":"string","description":"SQL query to explain"}}}}`, lint.RiskRead},
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
	// Converting or checking a command runs nothing: never execute.
	for _, tool := range []string{
		`{"name":"sql_to_http","description":"Converts a SQL statement into the HTTP request (method, path) the database's REST API would take.","inputSchema":{"type":"object","properties":{"sql":{"type":"string"}}}}`,
		`{"name":"policy_check","description":"Show whether a command passes the host's SSH allow rules, without connecting.","inputSchema":{"type":"object","properties":{"command":{"type":"string"}}}}`,
	} {
		capture := precision.Capture{Tools: []json.RawMessage{json.RawMessage(tool)}}
		snap, err := capture.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		if got := lint.ToolRisks(snap); len(got) != 1 || got[0] == lint.RiskExecute {
			t.Errorf("%s: risk %v, want anything but execute", tool, got)
		}
	}
}
