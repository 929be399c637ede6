package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/ecosystem"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/system"
)

// ecoFlags configure the post-sweep ecosystem pass (sweep and coordinator).
type ecoFlags struct {
	off         bool
	seed        uint64
	distractors int
	sizes       []int
	modelRuns   bool
	maxPool     int
	maxCost     float64
	concurrency int
	sample      int
}

func (e *ecoFlags) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.BoolVar(&e.off, "no-ecosystem", false, "skip the post-sweep ecosystem pass (it runs when --eval-model is set)")
	f.Uint64Var(&e.seed, "ecosystem-seed", ecosystem.DefaultSeed, "seed of the ecosystem pass's distractor draws (recorded in every report)")
	f.IntVar(&e.distractors, "ecosystem-distractors", ecosystem.DefaultDistractors, "K: distractor tools from other servers offered with each server's tools in the model run")
	f.IntSliceVar(&e.sizes, "ecosystem-pool-sizes", ecosystem.DefaultSizes(), "pool sizes (tools) of the findability curve")
	f.BoolVar(&e.modelRuns, "ecosystem-model", true, "put each server's cases to --eval-model with distractors (false: BM25 only, no model call)")
	f.IntVar(&e.maxPool, "ecosystem-max-pool", 0, "skip model runs on pools above this many tools (0 = no limit; OpenAI accepts at most 128 tools)")
	f.Float64Var(&e.maxCost, "ecosystem-max-cost", 0, "stop the pass's model runs once they have cost this many USD (0 = no limit)")
	f.IntVar(&e.concurrency, "ecosystem-concurrency", 4, "model calls in flight per server in the ecosystem pass")
	f.IntVar(&e.sample, "ecosystem-model-sample", 100, "servers whose pool-size curve the model measures, a seeded sample that stays the same between sweeps (0 = none, -1 = every server; the curve's BM25 numbers cover every server)")
}

func (e *ecoFlags) validate() error {
	switch {
	case e.distractors < 0:
		return usageErr(fmt.Errorf("--ecosystem-distractors must be 0 or more, got %d", e.distractors))
	case e.maxPool < 0:
		return usageErr(fmt.Errorf("--ecosystem-max-pool must be 0 or more, got %d", e.maxPool))
	case e.maxCost < 0:
		return usageErr(fmt.Errorf("--ecosystem-max-cost must be 0 or more, got %v", e.maxCost))
	case e.concurrency < 1:
		return usageErr(fmt.Errorf("--ecosystem-concurrency must be positive, got %d", e.concurrency))
	case e.seed == 0:
		return usageErr(fmt.Errorf("--ecosystem-seed must not be 0"))
	case e.sample < -1:
		return usageErr(fmt.Errorf("--ecosystem-model-sample must be -1 (every server), 0 (none) or a count, got %d", e.sample))
	}
	for _, n := range e.sizes {
		if n <= 0 {
			return usageErr(fmt.Errorf("--ecosystem-pool-sizes: %d is not a positive pool size", n))
		}
	}
	return nil
}

// options turns the flags into the system's ecosystem-pass options.
func (e *ecoFlags) options() system.Ecosystem {
	return system.Ecosystem{Off: e.off, Seed: e.seed, Distractors: e.distractors, Sizes: e.sizes, ModelRuns: e.modelRuns,
		MaxPool: e.maxPool, MaxCost: e.maxCost, Concurrency: e.concurrency, Sample: e.sample}
}

func newEcosystemCmd() *cobra.Command {
	var storeURL, sweepID, name string
	var limit int
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "ecosystem",
		Short: "Show the post-sweep ecosystem pass: findability among every swept tool, the pool-size curve and who captures whose prompts",
		Long: `Ecosystem prints what the post-sweep pass measured for each server with drafted
cases (a sweep with --eval-model): BM25 tool-search recall over every tool of the
sweep, recall and model accuracy as the pool grows (10, 100, 1000 tools), the
model's accuracy with K distractors from other servers, and the other servers
whose tools won this server's prompts. Worst findability first.

  mcpgauge ecosystem                     # the latest sweep with a pass
  mcpgauge ecosystem --name io.github.x/y`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if sweepID != "" {
				if err := schema.ValidSweepID(sweepID); err != nil {
					return usageErr(fmt.Errorf("--sweep: %w", err))
				}
			}
			if limit < 0 {
				return usageErr(fmt.Errorf("--limit must be 0 or more, got %d", limit))
			}
			ctx, cancel := context.WithTimeout(cmd.Context(), time.Minute)
			defer cancel()
			s, err := openStore(ctx, cmd, storeURL)
			if err != nil {
				return err
			}
			defer s.Close()
			reps, err := s.Ecosystem(ctx, store.EcosystemQuery{SweepID: sweepID, Name: name})
			if err != nil {
				return fmt.Errorf("ecosystem: %w", err)
			}
			ecosystem.SortWorstFirst(reps)
			if asJSON {
				if limit > 0 && len(reps) > limit {
					reps = reps[:limit]
				}
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				if reps == nil {
					reps = []schema.EcosystemReport{}
				}
				return enc.Encode(reps)
			}
			return writeEcosystem(cmd.OutOrStdout(), reps, limit, name != "")
		},
	}
	f := cmd.Flags()
	f.StringVar(&storeURL, "store", "", "store URL (default: SQLite under the data dir)")
	f.String("data-dir", "", "data directory (default ~/.local/share/mcpgauge)")
	f.StringVar(&sweepID, "sweep", "", "sweep ID (default: the latest sweep with an ecosystem pass)")
	f.StringVar(&name, "name", "", "one server, in detail")
	f.IntVar(&limit, "limit", 50, "servers to show (0 = all)")
	f.BoolVar(&asJSON, "json", false, "the stored reports as JSON")
	return cmd
}

func frac(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return float64(n) / float64(d)
}

func pct(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*frac(n, d))
}

func ratio(r *schema.Ratio, errText string) string {
	if r == nil {
		if errText != "" {
			return "skipped"
		}
		return "-"
	}
	return pct(r.Correct, r.Total)
}

// captureSentence says what a capture means.
func captureSentence(c schema.EcosystemCapture) string {
	if c.Victim == "" {
		return fmt.Sprintf("%s %s answers %s of the prompts no tool should take", c.Server, c.Tool, pct(c.Count, c.Total))
	}
	return fmt.Sprintf("%s %s captures %s of the prompts meant for %s", c.Server, c.Tool, pct(c.Count, c.Total), c.Victim)
}

// writeEcosystemSummary prints the pass's pooled numbers.
func writeEcosystemSummary(w io.Writer, s ecosystem.Summary) {
	fmt.Fprintf(w, "Over %d servers' %d prompts: tool search finds the intended tool first %s of the time (top 5: %s)",
		s.Servers, s.Search.Total, pct(s.Search.At1, s.Search.Total), pct(s.Search.At5, s.Search.Total))
	if s.InPoolServers > 0 {
		fmt.Fprintf(w, "; the model picks it %s of the time among other servers' tools", pct(s.InPool.Correct, s.InPool.Total))
	}
	fmt.Fprintln(w, ".")
	for _, p := range s.Curve {
		fmt.Fprintf(w, "  pool of %d tools: search %s", p.Target, pct(p.Search.At1, p.Search.Total))
		if p.ModelServers > 0 {
			fmt.Fprintf(w, ", model %s (%d servers sampled)", pct(p.Model.Correct, p.Model.Total), p.ModelServers)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
}

// writeEcosystem prints the pass's pooled numbers and one row per server
// (the first limit, worst first; 0 = all), then (detail, or a single
// server) each server's curve, draw and captures.
func writeEcosystem(w io.Writer, reps []schema.EcosystemReport, limit int, detail bool) error {
	if len(reps) == 0 {
		_, err := fmt.Fprintln(w, "no ecosystem reports yet (the pass runs after a sweep with --eval-model)")
		return err
	}
	r0 := reps[0]
	fmt.Fprintf(w, "Ecosystem pass of sweep %s (seed %d): pool of %d servers, %d tools\n\n", r0.SweepID, r0.Seed, r0.PoolServers, r0.PoolTools)
	if !detail {
		writeEcosystemSummary(w, ecosystem.Summarise(reps))
	}
	if limit > 0 && len(reps) > limit {
		fmt.Fprintf(w, "The %d servers hardest to find, of %d:\n", limit, len(reps))
		reps = reps[:limit]
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "SERVER\tVERSION\tCASES\tSEARCH@1\tSEARCH@5")
	for _, p := range r0.Curve {
		fmt.Fprintf(tw, "\tPOOL %d", p.Target)
	}
	fmt.Fprintf(tw, "\tMODEL +%d\tTOP CAPTURE\n", r0.Distractors)
	for _, r := range reps {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s", r.Name, r.Version, r.Search.Total, pct(r.Search.At1, r.Search.Total), pct(r.Search.At5, r.Search.Total))
		for _, p := range r.Curve {
			fmt.Fprintf(tw, "\t%s", pct(p.Search.At1, p.Search.Total))
			if p.Model != nil || p.ModelError != "" {
				fmt.Fprintf(tw, " / %s", ratio(p.Model, p.ModelError))
			}
		}
		top := "-"
		if len(r.Captures) > 0 {
			c := r.Captures[0]
			top = fmt.Sprintf("%s (%s, %s)", c.Server, pct(c.Count, c.Total), c.Method)
		}
		fmt.Fprintf(tw, "\t%s\t%s\n", ratio(r.InPool, r.ModelError), top)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nSEARCH: BM25 recall of the intended tool over every tool of the sweep. POOL N: recall@1 / model accuracy")
	fmt.Fprintln(w, "with the server's tools plus drawn distractors, N tools in all. MODEL +K: model accuracy with K distractors.")
	if !detail && len(reps) > 1 {
		return nil
	}
	for _, r := range reps {
		fmt.Fprintf(w, "\n%s@%s (scan %s, %d selection cases)\n", r.Name, r.Version, r.JobID, r.Search.Total)
		fmt.Fprintf(w, "  tool search over all %d tools: recall@1 %s, recall@5 %s\n", r.PoolTools, pct(r.Search.At1, r.Search.Total), pct(r.Search.At5, r.Search.Total))
		for _, p := range r.Curve {
			line := fmt.Sprintf("  pool %d (%d tools, draw %s): search recall@1 %s, @5 %s", p.Target, p.PoolSize, p.DrawDigest,
				pct(p.Search.At1, p.Search.Total), pct(p.Search.At5, p.Search.Total))
			if p.Model != nil {
				line += fmt.Sprintf(", model %s (%d/%d)", pct(p.Model.Correct, p.Model.Total), p.Model.Correct, p.Model.Total)
			} else if p.ModelError != "" {
				line += ", model skipped: " + p.ModelError
			}
			fmt.Fprintln(w, line)
		}
		if r.Model != "" {
			if r.InPool != nil {
				fmt.Fprintf(w, "  %s with %d distractors (draw %s): %s (%d/%d)", r.Model, len(r.Drawn), r.DrawDigest,
					pct(r.InPool.Correct, r.InPool.Total), r.InPool.Correct, r.InPool.Total)
				if a := r.InPoolAbstain; a != nil {
					fmt.Fprintf(w, "; prompts no tool fits left alone: %s (%d/%d)", pct(a.Correct, a.Total), a.Correct, a.Total)
				}
				fmt.Fprintln(w)
			} else {
				fmt.Fprintf(w, "  %s with %d distractors: skipped: %s\n", r.Model, len(r.Drawn), r.ModelError)
			}
			fmt.Fprintf(w, "  model calls %d, cost $%.4f\n", r.Calls, r.CostUSD)
		}
		for _, c := range r.Captures {
			fmt.Fprintf(w, "  %s (%d/%d, %s)\n", captureSentence(c), c.Count, c.Total, c.Method)
		}
		if len(r.Drawn) > 0 {
			fmt.Fprintf(w, "  distractors: %s\n", strings.Join(r.Drawn, ", "))
		}
	}
	return nil
}
