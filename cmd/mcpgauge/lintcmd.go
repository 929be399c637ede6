package main

import (
	"cmp"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/local"
)

func newLintCmd() *cobra.Command {
	var o local.LintOptions
	cmd := &cobra.Command{
		Use:   "lint [TARGET]",
		Short: "Lint a server's tools, resources, prompts and instructions (offline, deterministic)",
		Long: `Lint runs every rule in the catalogue (mcpgauge rules) over the server's
definitions. TARGET is a directory, a script, a command line or an http(s) URL;
--tools-json FILE lints a saved tools/list result without a server.

Exit codes: 0 clean, 1 a finding reached --fail-on (default error),
2 usage or config error, 3 the server could not be reached.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runLint(cmd, args, o) },
	}
	addTargetFlags(cmd)
	f := cmd.Flags()
	f.BoolVar(&o.JSON, "json", false, "write the findings as JSON")
	f.BoolVar(&o.SARIF, "sarif", false, "write SARIF 2.1.0 (for code scanning)")
	f.String("fail-on", "", "exit 1 when a finding is at least this severity: error|warning|info|off")
	addProfileFlag(cmd)
	return cmd
}

func runLint(cmd *cobra.Command, args []string, o local.LintOptions) error {
	t, err := targetFlags(cmd, args)
	if err != nil {
		return err
	}
	o.Target = t
	if err := o.Validate(); err != nil {
		return err
	}
	cfg, _, err := loadConfig(cmd, t.Arg, flagBinding{"fail-on", "lint.fail_on"}, flagBinding{"timeout", "timeout"}, profileBinding)
	if err != nil {
		return err
	}
	o.Target.Timeout = cfg.Timeout
	o.Rules, o.FailOn = cfg.LintRules()
	r, err := local.Lint(cmd.Context(), o)
	if r == nil {
		return err
	}
	out := cmd.OutOrStdout()
	verbose, _ := cmd.Flags().GetBool("verbose")
	var werr error
	switch {
	case o.JSON:
		_, werr = out.Write(report.LintJSON(r.Snapshot, r.Findings))
	case o.SARIF:
		_, werr = out.Write(r.SARIF)
	default:
		werr = report.LintText(out, r.Snapshot, r.Findings, verbose)
	}
	return cmp.Or(werr, err) // a finding at --fail-on fails the run once the report is out
}

// profileBinding binds --profile to the config key lint.profile.
var profileBinding = flagBinding{"profile", "lint.profile"}

// addProfileFlag adds --profile to lint, scan and ci.
func addProfileFlag(cmd *cobra.Command) {
	cmd.Flags().String("profile", "", "rule profile: mcpgauge (default, precise) or toolgauge (reproduces mcp-toolgauge exactly)")
}
