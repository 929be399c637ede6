package score

// Band is one step of the one colour scale every score display uses
// (mcp-toolgauge's badge bands): the shields.io colour of a badge and the
// traffic light heading a pull-request comment.
type Band struct {
	// Min is the lowest score in the band.
	Min float64
	// Color is the shields.io colour name.
	Color string
	// Light is the comment's traffic light: 🟢, 🟡 or 🔴.
	Light string
}

// BandOf returns the band of a 0–100 score; a score below 30, or none
// (negative, NaN), is red.
func BandOf(score float64) Band {
	for _, b := range []Band{
		{90, "brightgreen", "🟢"},
		{75, "green", "🟢"},
		{60, "yellowgreen", "🟡"},
		{45, "yellow", "🟡"},
		{30, "orange", "🔴"},
	} {
		if score >= b.Min {
			return b
		}
	}
	return Band{Color: "red", Light: "🔴"}
}
