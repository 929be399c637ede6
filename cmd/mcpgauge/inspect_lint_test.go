package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

// TestInspectJSONFeedsLint: our own inspect --json document, handed to
// lint --tools-json, gives the findings of the tools it describes. Before,
// its snake_case tools were read as wire tools with no schema, and lint
// reported a different (wrong) set.
func TestInspectJSONFeedsLint(t *testing.T) {
	t.Parallel()
	type source struct {
		name string
		args []string // how inspect and lint reach the server
	}
	sources := []source{
		{"careless live", []string{fixtures.Build(t, "careless")}},
	}
	for _, s := range []string{"badserver", "goodserver"} {
		sources = append(sources, source{s, []string{"--tools-json", shareddata.Path(t, "data", "toolgauge-fixtures", s, "tools-list.json")}})
	}
	for _, s := range sources {
		t.Run(s.name, func(t *testing.T) {
			_, doc, stderr := cli(t, append([]string{"inspect", "--json", "--no-config"}, s.args...)...)
			if !strings.Contains(doc, `"wire_tools"`) {
				t.Fatalf("inspect --json has no wire_tools (stderr %s)", stderr)
			}
			file := filepath.Join(t.TempDir(), "inspect.json")
			if err := os.WriteFile(file, []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
			wantCode, want, _ := cli(t, append([]string{"lint", "--json", "--no-config"}, s.args...)...)
			gotCode, got, stderr := cli(t, "lint", "--json", "--no-config", "--tools-json", file)
			if gotCode != wantCode {
				t.Fatalf("lint of the inspect document: exit %d, want %d (stderr %s)", gotCode, wantCode, stderr)
			}
			if diff := cmp.Diff(lintFindings(t, want), lintFindings(t, got)); diff != "" {
				t.Errorf("findings from inspect --json differ from the server's (-want +got):\n%s", diff)
			}
		})
	}
}

// TestToolsJSONRefusesSpecForm: a tools file in the spec form inspect shows
// (toolgauge's inspect --json, or ours without wire_tools) is refused with a
// usage error that says why, never linted as schema-less tools.
func TestToolsJSONRefusesSpecForm(t *testing.T) {
	t.Parallel()
	var old map[string]any
	if err := json.Unmarshal(shareddata.Read(t, "data", "toolgauge-fixtures", "badserver", "inspect.json"), &old); err != nil {
		t.Fatal(err)
	}
	ours := map[string]any{"schema_version": "mcpgauge.inspect/v1", "server": old["server"], "tools": old["tools"]}
	for name, doc := range map[string]any{"toolgauge inspect": old, "inspect without wire_tools": ours} {
		t.Run(name, func(t *testing.T) {
			data, err := json.Marshal(doc)
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(t.TempDir(), "tools.json")
			if err := os.WriteFile(file, data, 0o644); err != nil {
				t.Fatal(err)
			}
			code, _, stderr := cli(t, "lint", "--json", "--no-config", "--tools-json", file)
			if code != exitUsage || !strings.Contains(stderr, "inspect") {
				t.Errorf("exit %d, stderr %q; want exit %d naming inspect's form", code, stderr, exitUsage)
			}
		})
	}
}

// lintFindings is the findings list of a lint --json document.
func lintFindings(t *testing.T, out string) []map[string]any {
	t.Helper()
	var doc struct {
		Findings []map[string]any `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("lint --json: %v\n%s", err, out)
	}
	return doc.Findings
}
