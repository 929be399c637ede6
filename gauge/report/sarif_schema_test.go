package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/internal/testutil/sariftest"
)

// ValidateSARIF fails t unless out is valid SARIF 2.1.0 in which every
// result has a physical location; it returns the results' locations.
func validateSARIF(t *testing.T, schema *jsonschema.Schema, out []byte) []Location {
	t.Helper()
	sariftest.Validate(t, schema, out)
	var doc struct {
		Runs []struct {
			Results []struct {
				Locations []struct {
					Physical *struct {
						Artifact struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
					Logical []struct {
						Name string `json:"name"`
					} `json:"logicalLocations"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	var locs []Location
	for i, r := range doc.Runs[0].Results {
		if len(r.Locations) != 1 || r.Locations[0].Physical == nil || len(r.Locations[0].Logical) != 1 {
			t.Fatalf("result %d lacks a physical or logical location: %+v", i, r.Locations)
		}
		p := r.Locations[0].Physical
		locs = append(locs, Location{URI: p.Artifact.URI, Line: p.Region.StartLine})
	}
	return locs
}

func TestSARIFValidatesWithPhysicalLocations(t *testing.T) {
	t.Parallel()
	schema := sariftest.Schema(t)
	root := t.TempDir()
	write := func(rel, body string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("package.json", `{"name":"acme","bin":"dist/index.js"}`)
	write("src/index.ts", "import x from 'y';\n\nserver.tool(\n  \"a\",\n  'does a',\n);\n")
	write("dist/index.js", "server.tool(\"a\"); server.tool(\"b\");\n")
	write("node_modules/dep/index.js", "server.tool(\"b\");\n")
	_, fs := sample()
	fs = append(fs, lint.Finding{Rule: "MCP010", Severity: lint.Error, Tool: "b", Message: "no description"})
	cat := lint.Catalogue()

	loc := NewLocator(root, filepath.Join(root, "package.json"), root)
	got := validateSARIF(t, schema, SARIF(fs, cat, "test", loc))
	want := []Location{
		{"package.json", 1},  // server-level finding: the manifest
		{"src/index.ts", 4},  // tool a: its declaration in the sources
		{"src/index.ts", 4},  // same tool, second rule
		{"package.json", 1},  // a resource nobody quotes: the manifest
		{"dist/index.js", 1}, // b only in build output (node_modules is skipped)
	}
	if len(got) != len(want) {
		t.Fatalf("locations %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("result %d at %v, want %v", i, got[i], want[i])
		}
	}

	// A remote target has no files: the URL is the location, still valid.
	remote := NewLocator("", "https://mcp.example.com/mcp", root)
	for _, l := range validateSARIF(t, schema, SARIF(fs, cat, "test", remote)) {
		if l.URI != "https://mcp.example.com/mcp" {
			t.Errorf("remote location %v", l)
		}
	}
}

// TestSARIFSchemaRejects proves the validator can fail: a result whose
// level is not a SARIF level is refused.
func TestSARIFSchemaRejects(t *testing.T) {
	t.Parallel()
	schema := sariftest.Schema(t)
	_, fs := sample()
	out := SARIF(fs, lint.Catalogue(), "test", NewLocator("", "https://x.example/mcp", ""))
	bad := bytes.Replace(out, []byte(`"level": "warning"`), []byte(`"level": "loud"`), 1)
	if bytes.Equal(bad, out) {
		t.Fatal("nothing replaced")
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(bad))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(inst); err == nil {
		t.Fatal("an invalid level validated")
	}
}
