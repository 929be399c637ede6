package main

import (
	"cmp"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/local"
)

func newCheckCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "check [TARGET]",
		Short: "Run the live protocol compliance tests (quality-gate's 17 and the spec tests)",
		Long: `Check connects to TARGET and runs every compliance test in the catalogue
(docs/compliance/). Real tools are never called unless --call-tools allows it:
none (default) skips tools-call-01, readonly calls only tools annotated
readOnlyHint with arguments generated from their schema, all calls any tool.

Exit codes: 0 no test at or above --fail-on failed, 1 one did, 2 usage error,
3 the server could not be reached.`,
		Args: cobra.ArbitraryArgs,
		RunE: runCheck,
	}
	addTargetFlags(cmd)
	f := cmd.Flags()
	f.Bool("json", false, "write the results as JSON")
	f.String("call-tools", "", "which real tools tests may call: none|readonly|all (default none)")
	f.StringSlice("skip", nil, "test IDs to skip (comma-separated)")
	f.StringSlice("only", nil, "run only these test IDs (comma-separated)")
	addComplianceModeFlag(cmd)
	f.String("fail-on", "high", "exit 1 when a test of at least this severity fails: critical|high|medium|low|none")
	return cmd
}

func checkBindings() []flagBinding {
	return []flagBinding{{"timeout", "timeout"}, {"call-tools", "check.call_tools"}, {"skip", "check.skip"}, {"only", "check.only"},
		{"compliance", "check.compliance"}}
}

// addComplianceModeFlag registers --compliance default|deep (config key
// check.compliance).
func addComplianceModeFlag(cmd *cobra.Command) {
	cmd.Flags().String("compliance", "", "compliance session plan: default (fewest server starts) or deep (every protocol revision in a session of its own)")
}

func runCheck(cmd *cobra.Command, args []string) error {
	t, err := targetFlags(cmd, args)
	if err != nil {
		return err
	}
	o := local.CheckOptions{Target: t}
	o.FailOn, _ = cmd.Flags().GetString("fail-on")
	if err := o.Validate(); err != nil {
		return err
	}
	cfg, _, err := loadConfig(cmd, t.Arg, checkBindings()...)
	if err != nil {
		return err
	}
	o.Target.Timeout, o.Skip, o.Only = cfg.Timeout, cfg.Check.Skip, cfg.Check.Only
	o.Mode, o.CallTools = cfg.ComplianceModes()
	r, err := local.Check(cmd.Context(), o)
	if r == nil {
		return err
	}
	out := cmd.OutOrStdout()
	if asJSON, _ := cmd.Flags().GetBool("json"); asJSON {
		data, jerr := report.CheckJSON(r.Snapshot, r.Transport, r.CallTools, r.Report)
		if jerr == nil {
			_, jerr = out.Write(data)
		}
		return cmp.Or(jerr, err) // a missed --fail-on fails the run once the report is out
	}
	verbose, _ := cmd.Flags().GetBool("verbose")
	report.CheckText(out, r.Snapshot, r.Report, verbose)
	return err
}
