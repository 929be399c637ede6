package coordinator

import (
	"github.com/mcpgauge/mcpgauge/gauge/behaviour"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/schema"
)

// setFamilies sets every finding's Family from lint's and behaviour's
// catalogues, replacing whatever the worker sent ("" for a rule neither
// knows), so the store keeps the family and the board can group findings
// without importing lint.
func setFamilies(results []schema.Result) {
	var family map[string]string
	for i := range results {
		fs := results[i].Findings
		if len(fs) > 0 && family == nil {
			family = map[string]string{}
			for _, r := range lint.Catalogue() {
				family[r.ID] = r.Family
			}
			for _, r := range behaviour.Catalogue() {
				family[r.ID] = behaviour.Family
			}
		}
		for j := range fs {
			fs[j].Family = family[fs[j].Rule]
		}
	}
}
