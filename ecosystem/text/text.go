// Package text renders the post-sweep ecosystem pass for a terminal: the
// pooled numbers, one row per server, and each server's curve, draw and
// captures. Every server-provided string is made safe with termsafe.
package text

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/mcpgauge/mcpgauge/ecosystem"
	"github.com/mcpgauge/mcpgauge/internal/termsafe"
	"github.com/mcpgauge/mcpgauge/schema"
)

// s escapes one server-provided field.
func s(x string) string { return termsafe.String(x) }

// Pct is n of d as a whole percentage ("-" when d is 0).
func Pct(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(d))
}

func ratio(r *schema.Ratio, errText string) string {
	if r == nil {
		if errText != "" {
			return "skipped"
		}
		return "-"
	}
	return Pct(r.Correct, r.Total)
}

// Capture says what a capture means.
func Capture(c schema.EcosystemCapture) string {
	if c.Victim == "" {
		return fmt.Sprintf("%s %s answers %s of the prompts no tool should take", s(c.Server), s(c.Tool), Pct(c.Count, c.Total))
	}
	return fmt.Sprintf("%s %s captures %s of the prompts meant for %s", s(c.Server), s(c.Tool), Pct(c.Count, c.Total), s(c.Victim))
}

// JSON writes the first limit reports (0: all) as an indented JSON array.
func JSON(w io.Writer, reps []schema.EcosystemReport, limit int) error {
	if limit > 0 && len(reps) > limit {
		reps = reps[:limit]
	}
	if reps == nil {
		reps = []schema.EcosystemReport{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(reps)
}

// Summary prints the pass's pooled numbers.
func Summary(w io.Writer, sm ecosystem.Summary) {
	fmt.Fprintf(w, "Over %d servers' %d prompts: tool search finds the intended tool first %s of the time (top 5: %s)",
		sm.Servers, sm.Search.Total, Pct(sm.Search.At1, sm.Search.Total), Pct(sm.Search.At5, sm.Search.Total))
	if sm.InPoolServers > 0 {
		fmt.Fprintf(w, "; the model picks it %s of the time among other servers' tools", Pct(sm.InPool.Correct, sm.InPool.Total))
	}
	fmt.Fprintln(w, ".")
	for _, p := range sm.Curve {
		fmt.Fprintf(w, "  pool of %d tools: search %s", p.Target, Pct(p.Search.At1, p.Search.Total))
		if p.ModelServers > 0 {
			fmt.Fprintf(w, ", model %s (%d servers sampled)", Pct(p.Model.Correct, p.Model.Total), p.ModelServers)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
}

// Write prints the pass's pooled numbers and one row per server (the
// first limit, worst first; 0 = all), then (detail, or a single server)
// each server's curve, draw and captures.
func Write(w io.Writer, reps []schema.EcosystemReport, limit int, detail bool) error {
	if len(reps) == 0 {
		_, err := fmt.Fprintln(w, "no ecosystem reports yet (the pass runs after a sweep with --eval-model)")
		return err
	}
	r0 := reps[0]
	fmt.Fprintf(w, "Ecosystem pass of sweep %s (seed %d): pool of %d servers, %d tools\n\n", s(r0.SweepID), r0.Seed, r0.PoolServers, r0.PoolTools)
	if !detail {
		Summary(w, ecosystem.Summarise(reps))
	}
	if limit > 0 && len(reps) > limit {
		fmt.Fprintf(w, "The %d servers hardest to find, of %d:\n", limit, len(reps))
		reps = reps[:limit]
	}
	if err := table(w, r0, reps); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nSEARCH: BM25 recall of the intended tool over every tool of the sweep. POOL N: recall@1 / model accuracy")
	fmt.Fprintln(w, "with the server's tools plus drawn distractors, N tools in all. MODEL +K: model accuracy with K distractors.")
	if !detail && len(reps) > 1 {
		return nil
	}
	for _, r := range reps {
		server(w, r)
	}
	return nil
}

// table prints one row per server.
func table(w io.Writer, r0 schema.EcosystemReport, reps []schema.EcosystemReport) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "SERVER\tVERSION\tCASES\tSEARCH@1\tSEARCH@5")
	for _, p := range r0.Curve {
		fmt.Fprintf(tw, "\tPOOL %d", p.Target)
	}
	fmt.Fprintf(tw, "\tMODEL +%d\tTOP CAPTURE\n", r0.Distractors)
	for _, r := range reps {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s", s(r.Name), s(r.Version), r.Search.Total, Pct(r.Search.At1, r.Search.Total), Pct(r.Search.At5, r.Search.Total))
		for _, p := range r.Curve {
			fmt.Fprintf(tw, "\t%s", Pct(p.Search.At1, p.Search.Total))
			if p.Model != nil || p.ModelError != "" {
				fmt.Fprintf(tw, " / %s", ratio(p.Model, p.ModelError))
			}
		}
		top := "-"
		if len(r.Captures) > 0 {
			c := r.Captures[0]
			top = fmt.Sprintf("%s (%s, %s)", s(c.Server), Pct(c.Count, c.Total), c.Method)
		}
		fmt.Fprintf(tw, "\t%s\t%s\n", ratio(r.InPool, r.ModelError), top)
	}
	return tw.Flush()
}

// server prints one server's curve, draw and captures.
func server(w io.Writer, r schema.EcosystemReport) {
	fmt.Fprintf(w, "\n%s@%s (scan %s, %d selection cases)\n", s(r.Name), s(r.Version), s(r.JobID), r.Search.Total)
	fmt.Fprintf(w, "  tool search over all %d tools: recall@1 %s, recall@5 %s\n", r.PoolTools, Pct(r.Search.At1, r.Search.Total), Pct(r.Search.At5, r.Search.Total))
	for _, p := range r.Curve {
		line := fmt.Sprintf("  pool %d (%d tools, draw %s): search recall@1 %s, @5 %s", p.Target, p.PoolSize, s(p.DrawDigest),
			Pct(p.Search.At1, p.Search.Total), Pct(p.Search.At5, p.Search.Total))
		if p.Model != nil {
			line += fmt.Sprintf(", model %s (%d/%d)", Pct(p.Model.Correct, p.Model.Total), p.Model.Correct, p.Model.Total)
		} else if p.ModelError != "" {
			line += ", model skipped: " + s(p.ModelError)
		}
		fmt.Fprintln(w, line)
	}
	if r.Model != "" {
		if r.InPool != nil {
			fmt.Fprintf(w, "  %s with %d distractors (draw %s): %s (%d/%d)", s(r.Model), len(r.Drawn), s(r.DrawDigest),
				Pct(r.InPool.Correct, r.InPool.Total), r.InPool.Correct, r.InPool.Total)
			if a := r.InPoolAbstain; a != nil {
				fmt.Fprintf(w, "; prompts no tool fits left alone: %s (%d/%d)", Pct(a.Correct, a.Total), a.Correct, a.Total)
			}
			fmt.Fprintln(w)
		} else {
			fmt.Fprintf(w, "  %s with %d distractors: skipped: %s\n", s(r.Model), len(r.Drawn), s(r.ModelError))
		}
		fmt.Fprintf(w, "  model calls %d, cost $%.4f\n", r.Calls, r.CostUSD)
	}
	for _, c := range r.Captures {
		fmt.Fprintf(w, "  %s (%d/%d, %s)\n", Capture(c), c.Count, c.Total, c.Method)
	}
	if len(r.Drawn) > 0 {
		drawn := make([]string, len(r.Drawn))
		for i, d := range r.Drawn {
			drawn[i] = s(d)
		}
		fmt.Fprintf(w, "  distractors: %s\n", strings.Join(drawn, ", "))
	}
}
