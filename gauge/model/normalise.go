package model

import (
	"github.com/mcpgauge/mcpgauge/gauge/text"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// Normalise applies toolgauge's description normalisation: Python's
// inspect.cleandoc followed by strip(). An empty result means "no text".
func Normalise(s string) string {
	return text.PyStrip(compat.PyCleandoc(s))
}
