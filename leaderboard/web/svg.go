package web

import (
	"fmt"
	"html"
	"html/template"
	"math"
	"strings"
)

// Bar is one bar of a bar chart.
type Bar struct {
	Label string
	Value float64
	// Note is shown after the value ("" = the value itself).
	Note string
}

// Point is one point of a line chart.
type Point struct {
	Label string
	Y     float64
}

// barChart draws horizontal bars, one per row, scaled to the largest value.
// Every label is escaped: the result is safe to emit as template.HTML.
func barChart(title string, bars []Bar) template.HTML {
	const rowH, labelW, barW, width = 22, 260, 380, 720
	h := rowH*len(bars) + 8
	if len(bars) == 0 {
		return template.HTML(`<p class="muted">No data yet.</p>`)
	}
	peak := 0.0
	for _, b := range bars {
		peak = math.Max(peak, b.Value)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg class="chart" role="img" viewBox="0 0 %d %d" width="%d" height="%d" xmlns="http://www.w3.org/2000/svg"><title>%s</title>`,
		width, h, width, h, html.EscapeString(title))
	for i, b := range bars {
		y := 4 + i*rowH
		w := 0.0
		if peak > 0 {
			w = b.Value / peak * barW
		}
		note := b.Note
		if note == "" {
			note = trimFloat(b.Value)
		}
		fmt.Fprintf(&sb, `<text x="%d" y="%d" text-anchor="end" class="lbl">%s</text>`, labelW-6, y+15, html.EscapeString(clip(b.Label, 38)))
		fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%.1f" height="%d" class="bar"/>`, labelW, y+3, math.Max(w, 1), rowH-6)
		fmt.Fprintf(&sb, `<text x="%.1f" y="%d" class="val">%s</text>`, float64(labelW)+math.Max(w, 1)+6, y+15, html.EscapeString(note))
	}
	sb.WriteString(`</svg>`)
	return template.HTML(sb.String())
}

// lineChart draws points left to right on a 0..yMax scale, with the first
// and last labels under the axis.
func lineChart(title string, pts []Point, yMax float64, unit string) template.HTML {
	const width, height, padL, padR, padT, padB = 720, 220, 44, 16, 12, 34
	if len(pts) == 0 {
		return template.HTML(`<p class="muted">No data yet.</p>`)
	}
	if yMax <= 0 {
		yMax = 1
	}
	plotW, plotH := float64(width-padL-padR), float64(height-padT-padB)
	x := func(i int) float64 {
		if len(pts) == 1 {
			return float64(padL) + plotW/2
		}
		return float64(padL) + plotW*float64(i)/float64(len(pts)-1)
	}
	y := func(v float64) float64 { return float64(padT) + plotH*(1-math.Min(math.Max(v, 0), yMax)/yMax) }
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg class="chart" role="img" viewBox="0 0 %d %d" width="%d" height="%d" xmlns="http://www.w3.org/2000/svg"><title>%s</title>`,
		width, height, width, height, html.EscapeString(title))
	for _, g := range []float64{0, 0.5, 1} {
		gy := y(g * yMax)
		fmt.Fprintf(&sb, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" class="grid"/><text x="%d" y="%.1f" text-anchor="end" class="lbl">%s%s</text>`,
			padL, gy, width-padR, gy, padL-6, gy+4, trimFloat(g*yMax), html.EscapeString(unit))
	}
	var path strings.Builder
	for i, p := range pts {
		cmd := "L"
		if i == 0 {
			cmd = "M"
		}
		fmt.Fprintf(&path, "%s%.1f %.1f ", cmd, x(i), y(p.Y))
	}
	fmt.Fprintf(&sb, `<path d="%s" class="line"/>`, strings.TrimSpace(path.String()))
	for i, p := range pts {
		fmt.Fprintf(&sb, `<circle cx="%.1f" cy="%.1f" r="3.5" class="dot"><title>%s: %s%s</title></circle>`,
			x(i), y(p.Y), html.EscapeString(p.Label), trimFloat(p.Y), html.EscapeString(unit))
	}
	fmt.Fprintf(&sb, `<text x="%d" y="%d" class="lbl">%s</text>`, padL, height-10, html.EscapeString(clip(pts[0].Label, 30)))
	if len(pts) > 1 {
		fmt.Fprintf(&sb, `<text x="%d" y="%d" text-anchor="end" class="lbl">%s</text>`, width-padR, height-10, html.EscapeString(clip(pts[len(pts)-1].Label, 30)))
	}
	sb.WriteString(`</svg>`)
	return template.HTML(sb.String())
}

func trimFloat(v float64) string {
	if v == math.Trunc(v) {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}

// clip shortens s to n runes with an ellipsis.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
