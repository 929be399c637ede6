package system

import (
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/leaderboard/web"
)

// boardRules is lint's catalogue as the board's rule pages show it (the
// board itself does not import the linter).
func boardRules() []web.Rule {
	cat := lint.Catalogue()
	out := make([]web.Rule, len(cat))
	for i, r := range cat {
		out[i] = web.Rule{ID: r.ID, Name: r.Name, Family: r.Family, Summary: r.Summary, Default: r.Default.String(),
			Scope: string(r.Scope), Origin: r.Origin, Doc: r.Doc}
	}
	return out
}
