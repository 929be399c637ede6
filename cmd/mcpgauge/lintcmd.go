package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
)

func newLintCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "lint [TARGET]",
		Short: "Lint a server's tools, resources, prompts and instructions (offline, deterministic)",
		Long: `Lint runs every rule in the catalogue (mcpgauge rules) over the server's
definitions. TARGET is a directory, a script, a command line or an http(s) URL;
--tools-json FILE lints a saved tools/list result without a server.

Exit codes: 0 clean, 1 a finding reached --fail-on (default error),
2 usage or config error, 3 the server could not be reached.`,
		Args: cobra.ArbitraryArgs,
		RunE: runLint,
	}
	addTargetFlags(cmd)
	f := cmd.Flags()
	f.Bool("json", false, "write the findings as JSON")
	f.Bool("sarif", false, "write SARIF 2.1.0 (for code scanning)")
	f.String("fail-on", "", "exit 1 when a finding is at least this severity: error|warning|info|off")
	addProfileFlag(cmd)
	return cmd
}

func runLint(cmd *cobra.Command, args []string) error {
	asJSON, _ := cmd.Flags().GetBool("json")
	asSARIF, _ := cmd.Flags().GetBool("sarif")
	if asJSON && asSARIF {
		return usageErr(fmt.Errorf("--json and --sarif cannot be combined"))
	}
	target, err := targetArg(cmd, args)
	if err != nil {
		return err
	}
	cfg, _, err := loadConfig(cmd, target, flagBinding{"fail-on", "lint.fail_on"}, flagBinding{"timeout", "timeout"}, profileBinding)
	if err != nil {
		return err
	}
	snap, err := openSnapshot(cmd.Context(), cmd, target)
	if err != nil {
		return err
	}
	lc, floor := lintConfig(cfg)
	findings := lint.Run(snap, lc)
	out := cmd.OutOrStdout()
	verbose, _ := cmd.Flags().GetBool("verbose")
	switch {
	case asJSON:
		_, err = out.Write(report.LintJSON(snap, findings))
	case asSARIF:
		_, err = out.Write(report.SARIF(findings, lint.Catalogue(), version, sarifLocator(cmd, target)))
	default:
		err = report.LintText(out, snap, findings, verbose)
	}
	if err != nil {
		return err
	}
	if lint.AtLeast(findings, floor) {
		return errkind.Missed("")
	}
	return nil
}

// profileBinding binds --profile to the config key lint.profile.
var profileBinding = flagBinding{"profile", "lint.profile"}

// addProfileFlag adds --profile to lint, scan and ci.
func addProfileFlag(cmd *cobra.Command) {
	cmd.Flags().String("profile", "", "rule profile: mcpgauge (default, precise) or toolgauge (reproduces mcp-toolgauge exactly)")
}
