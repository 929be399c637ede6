package lint

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// fetchedInstallTool is one tool that installs a plugin from a URL with
// p free-text parameters, none named or described as the source.
func fetchedInstallTool(t *testing.T, p int) model.Tool {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"name":"install_plugin","description":"Installs the plugin from a URL.","inputSchema":{"type":"object","properties":{`)
	for i := 0; i < p; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"opt%d":{"type":"string","description":"Option %d."}`, i, i)
	}
	b.WriteString(`}}}`)
	if !json.Valid([]byte(b.String())) {
		t.Fatal("bad test tool")
	}
	tl, err := model.ToolFromWire([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

// TestSecFetchedApplyLinearInParams checks that secFetchedApply reads each
// parameter's own description once, not by looking its name up among all
// the parameters again (which made a tool of P parameters cost P² work):
// doubling the parameters may at most about double the allocations.
func TestSecFetchedApplyLinearInParams(t *testing.T) {
	allocs := func(p int) float64 {
		tl := fetchedInstallTool(t, p)
		d, _ := secFold(tl.RawDescription)
		facts := secTool{words: secIdentifierWords(tl.Name), desc: d, affirmative: secAffirmative(d)}
		if got := secFetchedApply(&tl, facts); got.why != "" {
			t.Fatalf("params=%d: unexpected surface %q", p, got.why)
		}
		return testing.AllocsPerRun(3, func() { secFetchedApply(&tl, facts) })
	}
	n, n2 := allocs(200), allocs(400)
	if n2 > 2.5*n {
		t.Errorf("secFetchedApply allocations grow faster than the parameters: %.0f for 200, %.0f for 400", n, n2)
	}
}

// TestSecAppliesCodeFromSource checks that the code or configuration a
// tool installs is the object of its verb or the kind of its source, not
// any word of its text.
func TestSecAppliesCodeFromSource(t *testing.T) {
	cases := []struct {
		name, desc string
		want       bool
	}{
		{"apply_config", "Applies a deployment manifest to the cluster from a URL you give.", true},
		{"add_resource", "Create a Kubernetes resource from a URL pointing to a YAML manifest", true},
		{"install_operator", "Installs the operator and its instance on the cluster from a manifest URL.", true},
		{"install_extension", "Install an extension with the browser's API. Supports installing from archive, base64 data or an unpacked directory.", true},
		{"setup_release", "Installs a Helm chart from a repository URL.", true},
		{"install_plugin", "Downloads the plugin archive and installs it from the given link.", true},
		{"create_chart", "Creates a bar chart from a CSV file path and returns it as a PNG image.", false},
		{"load_dataset", "Loads a CSV dataset from a file path into memory for analysis with the statistics module.", false},
		{"import_table", "Creates a table from a path to a CSV file; the import module checks the columns.", false},
		{"load_image", "Loads an image from a URL of the package's screenshots.", false},
	}
	for _, c := range cases {
		d, _ := secFold(c.desc)
		facts := secTool{words: secIdentifierWords(c.name), desc: d, affirmative: secAffirmative(d)}
		if got := secAppliesCodeFromSource(facts); got != c.want {
			t.Errorf("%s %q: got %v, want %v", c.name, c.desc, got, c.want)
		}
	}
}
