package lint_test

import (
	"encoding/json"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/internal/precision"
)

// TestEgressToolRisks: a tool that uploads a local path or points a
// webhook, a proxy or mail forwarding at a destination the model picks
// sends data out, even with no send verb in its name or a read-only hint;
// a base URL override leaves a read a read.
func TestEgressToolRisks(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		tool string
		want string
	}{
		{"deploys a local directory", `{"name":"deploy_app","description":"Builds a tar.gz of a local directory and deploys it.","inputSchema":{"type":"object","properties":{"dist_path":{"type":"string","description":"Absolute path to the local dist directory"}}}}`, lint.RiskSendsOut},
		{"read-only yet uploads", `{"name":"parse_document","description":"Parses a document; the file is uploaded to the parsing service.","annotations":{"readOnlyHint":true},"inputSchema":{"type":"object","properties":{"filePath":{"type":"string","description":"Absolute path to a local file"}}}}`, lint.RiskSendsOut},
		{"repoints mail", `{"name":"update_auto_forwarding","description":"Updates automatic forwarding settings","inputSchema":{"type":"object","properties":{"emailAddress":{"type":"string","description":"Email address to which messages should be automatically forwarded"}}}}`, lint.RiskSendsOut},
		{"base URL override on a read", `{"name":"list_applications","description":"Lists applications.","inputSchema":{"type":"object","properties":{"baseUrl":{"type":"string","description":"Base URL to use for this call. Overrides the server default."}}}}`, lint.RiskRead},
		{"reads a local file only", `{"name":"read_file","description":"Reads a file from disk.","inputSchema":{"type":"object","properties":{"path":{"type":"string","description":"Absolute path to the file"}}}}`, lint.RiskRead},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			capture := precision.Capture{Tools: []json.RawMessage{json.RawMessage(c.tool)}}
			snap, err := capture.Snapshot()
			if err != nil {
				t.Fatal(err)
			}
			if got := lint.ToolRisks(snap); len(got) != 1 || got[0] != c.want {
				t.Errorf("risk %v, want %s", got, c.want)
			}
		})
	}
}
