package lint

// Helpers of the package's own tests that are not per-rule cases
// (qualitygate_analyzer_test.go, own_rules_test.go); every rule's cases
// are in testdata/rules, run by cases_test.go.

import (
	"runtime"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// toolsSnapshot builds a snapshot from raw tool JSON objects.
func toolsSnapshot(t *testing.T, tools ...string) *model.Snapshot {
	t.Helper()
	snap := &model.Snapshot{}
	for _, raw := range tools {
		tl, err := model.ToolFromWire([]byte(raw))
		if err != nil {
			t.Fatalf("bad test tool %s: %v", raw, err)
		}
		snap.Tools = append(snap.Tools, tl)
	}
	return snap
}

// runAtDefault runs one rule at its default severity.
func runAtDefault(t *testing.T, id string, snap *model.Snapshot) []Finding {
	t.Helper()
	r, ok := RuleByID(id)
	if !ok {
		t.Fatalf("rule %s not in the catalogue", id)
	}
	fs, err := RunRulesChecked(snap, Config{}, []Rule{r})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		if f.Message == "" || f.Suggestion == "" {
			t.Errorf("%s finding without message or suggestion: %+v", id, f)
		}
		if f.Severity != r.Default {
			t.Errorf("%s finding severity %v, want default %v", id, f.Severity, r.Default)
		}
	}
	return fs
}

// allocatedBy is the number of bytes f allocates: the measure of the
// allocation tests that prove a reading linear in its input (never time).
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
