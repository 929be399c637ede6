package lint

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpgauge/mcpgauge/gauge/qualitygate"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

// findingTools lists the tools of fs in order.
func findingTools(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Tool)
	}
	return out
}

// The per-tool QG rules agree with quality-gate's server-level lists on the
// toolgauge fixtures.
func TestQGAgreesWithAnalyzerOnFixtures(t *testing.T) {
	t.Parallel()
	shareddata.Require(t) // both subtests read the toolgauge fixtures
	for _, server := range []string{"goodserver", "badserver"} {
		t.Run(server, func(t *testing.T) {
			t.Parallel()
			snap := toolgaugeFixture(t, server)
			q := qualitygate.AnalyzeQuality(snap.Tools)
			nz := func(s []string) []string {
				if len(s) == 0 {
					return nil
				}
				return s
			}
			if d := cmp.Diff(nz(q.ToolsWithShortDescriptions), findingTools(runAtDefault(t, "QG002", snap))); d != "" {
				t.Errorf("QG002 vs short list (-analyzer +rule):\n%s", d)
			}
			if d := cmp.Diff(nz(q.DeprecatedTools), findingTools(runAtDefault(t, "QG004", snap))); d != "" {
				t.Errorf("QG004 vs deprecated list:\n%s", d)
			}
			var dupLater []string
			for _, g := range q.DuplicateToolGroups {
				dupLater = append(dupLater, g[1:]...)
			}
			if d := cmp.Diff(dupLater, findingTools(runAtDefault(t, "QG005", snap))); d != "" {
				t.Errorf("QG005 vs duplicate groups:\n%s", d)
			}
			qg001 := runAtDefault(t, "QG001", snap)
			if (q.ParamDescriptionCoverage < 0.8) != (len(qg001) > 0) {
				t.Errorf("QG001 found %d tools but server coverage is %v", len(qg001), q.ParamDescriptionCoverage)
			}
		})
	}
}
