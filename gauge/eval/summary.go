package eval

import "github.com/mcpgauge/mcpgauge/schema"

// Summary is the part of an eval result a result document keeps: the
// selection rate, each tool's rate and every confusion cell, the diagonal
// and "called nothing" cells included (Chosen "" means the model called no
// tool). A local scan and a worker's scan both store exactly this.
func Summary(r *Result) *schema.EvalSummary {
	s := r.Scores
	sum := &schema.EvalSummary{Model: r.Model, SelectionCorrect: s.Selection.Correct, SelectionTotal: s.Selection.Total}
	for _, t := range s.PerTool {
		sum.PerTool = append(sum.PerTool, schema.EvalTool{Tool: t.Tool, Correct: t.Correct, Total: t.Total})
	}
	for _, c := range s.Confusion {
		chosen := c.Selected
		if c.Nothing {
			chosen = ""
		}
		sum.Confusion = append(sum.Confusion, schema.EvalConfusion{Expected: c.Expected, Chosen: chosen, Count: c.Count})
	}
	return sum
}
