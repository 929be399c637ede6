package report

import (
	"strconv"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// BadgeColor is the one colour scale of every score badge (mcp-toolgauge's
// bands): the CLI's scan and ci badges and the leaderboard's API badge.
func BadgeColor(score int) string {
	switch {
	case score >= 90:
		return "brightgreen"
	case score >= 75:
		return "green"
	case score >= 60:
		return "yellowgreen"
	case score >= 45:
		return "yellow"
	case score >= 30:
		return "orange"
	default:
		return "red"
	}
}

// Badge is the shields.io endpoint document of a score (sorted keys,
// indent 2, trailing newline); label names the score it shows
// ("mcp-toolgauge" for the toolgauge health, "mcpgauge" for mcpgauge's).
func Badge(label string, score int) []byte {
	doc := map[string]any{"color": BadgeColor(score), "label": label, "message": strconv.Itoa(score), "schemaVersion": 1}
	return append(model.MustCanonical(doc, model.Indent2), '\n')
}
