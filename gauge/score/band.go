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
	// Grade is the band as a letter, A (best) to F, beside a score on the board.
	Grade string
}

// BandOf returns the band of a 0–100 score; a score below 30, or none
// (negative, NaN), is red.
func BandOf(score float64) Band {
	for _, b := range []Band{
		{90, "brightgreen", "🟢", "A"},
		{75, "green", "🟢", "B"},
		{60, "yellowgreen", "🟡", "C"},
		{45, "yellow", "🟡", "D"},
		{30, "orange", "🔴", "E"},
	} {
		if score >= b.Min {
			return b
		}
	}
	return Band{Color: "red", Light: "🔴", Grade: "F"}
}
