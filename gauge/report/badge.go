package report

import (
	"strconv"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/score"
)

// BadgeColor is the shields.io colour of a score on the one colour scale
// (score.BandOf): the CLI's scan and ci badges and the leaderboard's API badge.
func BadgeColor(s int) string { return score.BandOf(float64(s)).Color }

// Badge is the shields.io endpoint document of a score (sorted keys,
// indent 2, trailing newline); label names the score it shows
// ("mcp-toolgauge" for the toolgauge health, "mcpgauge" for mcpgauge's).
func Badge(label string, score int) []byte {
	doc := map[string]any{"color": BadgeColor(score), "label": label, "message": strconv.Itoa(score), "schemaVersion": 1}
	return append(model.MustCanonical(doc, model.Indent2), '\n')
}
