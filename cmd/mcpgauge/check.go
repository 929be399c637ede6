package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
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

// complianceMode reads check.compliance (validated with the config).
func complianceMode(cfg Config) compliance.Mode {
	m, _ := compliance.ParseMode(cfg.Check.Compliance)
	return m
}

func runCheck(cmd *cobra.Command, args []string) error {
	target, err := targetArg(cmd, args)
	if err != nil {
		return err
	}
	if tj, _ := cmd.Flags().GetString("tools-json"); tj != "" {
		return usageErr(fmt.Errorf("check needs a live server; --tools-json has no protocol to test"))
	}
	cfg, _, err := loadConfig(cmd, target, checkBindings()...)
	if err != nil {
		return err
	}
	failOn, _ := cmd.Flags().GetString("fail-on")
	floor, err := compliance.ParseFailOn(failOn)
	if err != nil {
		return usageErr(fmt.Errorf("--fail-on %w", err))
	}
	t, err := resolveTarget(cmd, target)
	if err != nil {
		return err
	}
	ctx := cmd.Context()
	sess, err := connect.Dial(ctx, t, connectOptions(cfg))
	if err != nil {
		return connectErr(err)
	}
	defer sess.Close()
	snap, err := sess.Snapshot(ctx)
	if err != nil {
		return connectErr(err)
	}
	mode, _ := compliance.ParseCallMode(cfg.Check.CallTools)
	env := compliance.NewEnv(t, sess, snap, compliance.Options{CallTools: mode, Timeout: cfg.Timeout, Connect: connectOptions(cfg), Mode: complianceMode(cfg)})
	rep := compliance.Run(ctx, env, compliance.RunOptions{Timeout: cfg.Timeout, Skip: cfg.Check.Skip, Only: cfg.Check.Only})
	out := cmd.OutOrStdout()
	if asJSON, _ := cmd.Flags().GetBool("json"); asJSON {
		doc := map[string]any{
			"schema_version": "mcpgauge.check/v1",
			"server":         snap.Server.Map(),
			"target":         snap.Target,
			"era":            string(snap.Era),
			"transport":      sess.Transport,
			"call_tools":     string(mode),
			"results":        rep.Results,
			"summary":        rep.Summary,
			"duration_ms":    rep.DurationMS,
		}
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(doc); err != nil {
			return err
		}
	} else {
		verbose, _ := cmd.Flags().GetBool("verbose")
		writeCheckText(out, snap.Server.Name, snap.Server.Version, snap.Target, string(snap.Era), snap.Server.ProtocolVersion, rep, verbose)
	}
	if rep.FailsAt(floor) {
		return errkind.Missed("")
	}
	return nil
}

// writeCheckText prints results grouped by category, as quality-gate's
// console reporter does (ASCII only).
func writeCheckText(w io.Writer, name, ver, target, era, proto string, rep compliance.Report, verbose bool) {
	fmt.Fprintf(w, "%s %s  protocol %s (%s)\n%s\n", report.ASCII(name), report.ASCII(ver), proto, era, report.ASCII(target))
	cat := ""
	for _, r := range rep.Results {
		if r.Category != cat {
			fmt.Fprintf(w, "\n  %s\n", r.Category)
			cat = r.Category
		}
		label := map[compliance.Status]string{compliance.StatusPass: "PASS", compliance.StatusFail: "FAIL", compliance.StatusSkip: "SKIP", compliance.StatusError: "ERR!"}[r.Status]
		line := fmt.Sprintf("    %s %-8s %s  %s", label, r.Severity, r.ID, report.ASCII(r.Name))
		if r.Status != compliance.StatusSkip {
			line += fmt.Sprintf(" (%dms)", r.DurationMS)
		}
		fmt.Fprintln(w, line)
		if r.Status == compliance.StatusFail || r.Status == compliance.StatusError || (verbose && r.Message != "") {
			for _, l := range report.Wrap(report.ASCII(r.Message), 90) {
				fmt.Fprintf(w, "         %s\n", l)
			}
		}
		if verbose || r.Status == compliance.StatusFail {
			for _, d := range r.Details {
				fmt.Fprintf(w, "         - %s\n", report.ASCII(d))
			}
		}
	}
	s := rep.Summary
	var parts []string
	for _, p := range []struct {
		n    int
		word string
	}{{s.Passed, "passed"}, {s.Failed, "failed"}, {s.Errors, "errors"}, {s.Skipped, "skipped"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.word))
		}
	}
	fmt.Fprintf(w, "\nResults: %s (%dms)\n", strings.Join(parts, ", "), rep.DurationMS)
}

// deepName is a mode as a job's options name it: "deep", or "" for the default.
func deepName(m compliance.Mode) string {
	if m == compliance.ModeDeep {
		return string(m)
	}
	return ""
}
