package lint

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// mend26aCutOffServer is n tools that each switch off a thing whose name
// holds no word of three letters (disable_ab_cd), every one with a schema
// of twenty described fields: the shape on which the cut-off reading once
// encoded every other tool's schema for each tool.
func mend26aCutOffServer(t *testing.T, n int) []string {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{`)
	for i := 0; i < 20; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"field%d":{"type":"string","description":"A plain field of the record, number %d."}`, i, i)
	}
	b.WriteString(`}}`)
	desc, _ := json.Marshal("Disables the given payment card.")
	var tools []string
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("disable_%c%c_%c%c", 'a'+i%26, 'a'+(i/26)%26, 'a'+(i/676)%26, 'a'+(i/17576)%26)
		tools = append(tools, fmt.Sprintf(`{"name":%q,"description":%s,"inputSchema":%s}`, name, desc, b.String()))
	}
	return tools
}

// TestCutOffWorkIsLinear: MCP040 over 2n such tools allocates about twice
// what it does over n, not four times (each tool's schema is read once per
// run, never once per pair of tools). Allocations, not wall-clock time,
// measure the work.
func TestCutOffWorkIsLinear(t *testing.T) {
	r, ok := RuleByID("MCP040")
	if !ok {
		t.Fatal("MCP040 not in the catalogue")
	}
	allocs := func(n int) float64 {
		snap := toolsSnapshot(t, mend26aCutOffServer(t, n)...)
		return testing.AllocsPerRun(1, func() {
			if _, err := RunRulesChecked(snap, Config{}, []Rule{r}); err != nil {
				t.Fatal(err)
			}
		})
	}
	small, large := allocs(150), allocs(300)
	t.Logf("allocations: %.0f for 150 tools, %.0f for 300", small, large)
	if large > 2.6*small {
		t.Errorf("MCP040 allocates %.0f for 300 tools against %.0f for 150 (ratio %.2f): the cut-off reading is quadratic", large, small, large/small)
	}
}
