package main

import (
	"github.com/spf13/cobra"

	ecotext "github.com/mcpgauge/mcpgauge/ecosystem/text"
	"github.com/mcpgauge/mcpgauge/system"
)

// registerEcosystem binds the post-sweep ecosystem pass's flags (sweep
// and coordinator) to e, from the defaults.
func registerEcosystem(cmd *cobra.Command, e *system.Ecosystem) {
	d, f := system.DefaultEcosystem(), cmd.Flags()
	f.BoolVar(&e.Off, "no-ecosystem", false, "skip the post-sweep ecosystem pass (it runs when --eval-model is set)")
	f.Uint64Var(&e.Seed, "ecosystem-seed", d.Seed, "seed of the ecosystem pass's distractor draws (recorded in every report)")
	f.IntVar(&e.Distractors, "ecosystem-distractors", d.Distractors, "K: distractor tools from other servers offered with each server's tools in the model run")
	f.IntSliceVar(&e.Sizes, "ecosystem-pool-sizes", d.Sizes, "pool sizes (tools) of the findability curve")
	f.BoolVar(&e.ModelRuns, "ecosystem-model", d.ModelRuns, "put each server's cases to --eval-model with distractors (false: BM25 only, no model call)")
	f.IntVar(&e.MaxPool, "ecosystem-max-pool", 0, "skip model runs on pools above this many tools (0 = no limit; OpenAI accepts at most 128 tools)")
	f.Float64Var(&e.MaxCost, "ecosystem-max-cost", 0, "stop the pass's model runs once they have cost this many USD (0 = no limit)")
	f.IntVar(&e.Concurrency, "ecosystem-concurrency", d.Concurrency, "model calls in flight per server in the ecosystem pass")
	f.IntVar(&e.Sample, "ecosystem-model-sample", d.Sample, "servers whose pool-size curve the model measures, a seeded sample that stays the same between sweeps (0 = none, -1 = every server; the curve's BM25 numbers cover every server)")
}

func newEcosystemCmd() *cobra.Command {
	var o system.EcosystemOptions
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
		RunE: func(cmd *cobra.Command, _ []string) (err error) {
			if o.Store, err = storeRef(cmd); err != nil {
				return err
			}
			reps, err := system.EcosystemReports(cmd.Context(), o)
			if err != nil {
				return err
			}
			if asJSON {
				return ecotext.JSON(cmd.OutOrStdout(), reps, o.Limit)
			}
			return ecotext.Write(cmd.OutOrStdout(), reps, o.Limit, o.Name != "")
		},
	}
	f := storeFlags(cmd)
	f.StringVar(&o.SweepID, "sweep", "", "sweep ID (default: the latest sweep with an ecosystem pass)")
	f.StringVar(&o.Name, "name", "", "one server, in detail")
	f.IntVar(&o.Limit, "limit", 50, "servers to show (0 = all)")
	f.BoolVar(&asJSON, "json", false, "the stored reports as JSON")
	return cmd
}
