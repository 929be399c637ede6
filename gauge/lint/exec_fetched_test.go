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

// TestExecutionSurfaceLinearInParams checks that SEC011's readers read
// each parameter's own description in place (secDeepParam.desc) instead of
// looking its name up among every parameter again, which made a hostile
// tool of P parameters cost P² work. The bytes allocated by one reading
// may at most about double when the parameters double (they grew about
// four times with the lookup).
func TestExecutionSurfaceLinearInParams(t *testing.T) {
	bytes := func(p int) uint64 {
		tl := fetchedInstallTool(t, p)
		tl.Name, tl.RawDescription = "configure", "Configures the options of the workspace."
		d, _ := secFold(tl.RawDescription)
		facts := secTool{words: secIdentifierWords(tl.Name), desc: d, affirmative: secAffirmative(d)}
		secExecutionSurface(&tl, facts) // warm up
		return allocatedBy(func() {
			secExecutionSurface(&tl, facts)
		})
	}
	n, n2 := bytes(400), bytes(800)
	t.Logf("bytes allocated by one reading: %d for 400 parameters, %d for 800", n, n2)
	if float64(n2) > 3*float64(n) {
		t.Errorf("SEC011's reading allocates faster than the parameters grow: %d bytes for 400, %d for 800", n, n2)
	}
}
