package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

func TestInspectMatchesToolgaugeShape(t *testing.T) {
	t.Parallel()
	shareddata.Require(t) // skips once, here, without ../shared
	for _, server := range []string{"goodserver", "badserver"} {
		t.Run(server, func(t *testing.T) {
			t.Parallel()
			snap, err := model.ParseToolsJSON(shareddata.Read(t, "data", "toolgauge-fixtures", server, "tools-list.json"))
			if err != nil {
				t.Fatal(err)
			}
			var want, got map[string]any
			if err := json.Unmarshal(shareddata.Read(t, "data", "toolgauge-fixtures", server, "inspect.json"), &want); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(InspectJSON(snap, nil), &got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want["tools"], got["tools"]); diff != "" {
				t.Errorf("tools differ from toolgauge's inspect --json (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(want["server"], got["server"]); diff != "" {
				t.Errorf("server differs (-want +got):\n%s", diff)
			}
		})
	}
}

func TestInspectTextTable(t *testing.T) {
	t.Parallel()
	snap, err := model.ParseToolsJSON(shareddata.Read(t, "data", "toolgauge-fixtures", "goodserver", "tools-list.json"))
	if err != nil {
		t.Fatal(err)
	}
	snap.Target = "python server.py"
	var b bytes.Buffer
	if err := InspectText(&b, snap, nil, false); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	// Rows as toolgauge's README shows them for this server.
	for _, want := range []string{
		"acme-directory 1.0.0  protocol 2026-07-28\npython server.py\n",
		"tool                   description                                    params  R D I\n",
		"search_users           Find individual people in the staff direct...       3  R d I\n",
		"create_support_ticket  Open a new support ticket on behalf of a u...       4  r d i\n",
		"archive_ticket         Permanently archive a support ticket, remo...       2  r D I\n",
		"8 tools   -v for parameter detail\n",
		"digest 960b4893b333ac81 (toolgauge)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("inspect output lacks %q\n%s", want, out)
		}
	}
}
