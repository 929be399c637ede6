package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/gauge/scan"
	"github.com/mcpgauge/mcpgauge/schema"
)

func newScanCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "scan [TARGET]",
		Short: "Inspect, lint, check and score a server in one run",
		Long: `Scan does what inspect, lint and check do, over one connection where it can,
and computes three scores: mcpgauge score v1 (docs/scoring.md), toolgauge's
health and quality-gate's 0-100 score with its four parts.

--json writes the full result document, the same one sweep workers publish.

Exit codes: 0, 1 below --min-score, 2 usage error, 3 the server could not be reached.`,
		Args: cobra.ArbitraryArgs,
		RunE: runScan,
	}
	addTargetFlags(cmd)
	f := cmd.Flags()
	f.Bool("json", false, "write the full result document as JSON")
	f.Bool("sarif", false, "write the findings as SARIF 2.1.0, each result located in the server's sources")
	addReceiptFlags(cmd)
	f.Int("min-score", 0, "exit 1 when the mcpgauge score is below this (0 = no gate)")
	f.String("badge", "", "write a shields.io endpoint badge JSON to this file")
	f.String("call-tools", "", "which real tools compliance tests may call: none|readonly|all (default none)")
	f.StringSlice("skip", nil, "compliance test IDs to skip")
	f.StringSlice("only", nil, "run only these compliance test IDs")
	f.String("sandbox", "", "run the target in a sandbox: none|bwrap (default none)")
	f.Bool("no-check", false, "skip the live compliance tests")
	addComplianceModeFlag(cmd)
	addProfileFlag(cmd)
	f.String("cases", "", "eval case file to replay offline into the scores (default: <target dir>/mcp-toolgauge-cases.yaml when it exists)")
	f.String("cache", "", "eval answer cache (default: .mcp-toolgauge-cache/responses.jsonl beside the case file)")
	f.String("entry", "", "scan one registry entry (a normalised registry JSON line or a server.json) the way a sweep worker does")
	f.String("registry", "", "with --name: read the entry from this registry source (official, file://PATH, ...)")
	f.String("name", "", "with --registry: the server name to scan")
	f.String("entry-version", "", "with --registry and --name: the version to scan (default: latest)")
	registerRemoteFlags(cmd)
	return cmd
}

func runScan(cmd *cobra.Command, args []string) error {
	entry, _ := cmd.Flags().GetString("entry")
	reg, _ := cmd.Flags().GetString("registry")
	var target string
	var err error
	if entry != "" || reg != "" {
		// A registry entry names what to scan; a TARGET would be ambiguous.
		if len(args) > 0 {
			return usageErr(fmt.Errorf("--entry and --registry name the server to scan; do not also give a TARGET"))
		}
	} else if target, err = targetArg(cmd, args); err != nil {
		return err
	}
	bind := append(checkBindings(), flagBinding{"min-score", "scan.min_score"}, flagBinding{"sandbox", "scan.sandbox"}, profileBinding,
		flagBinding{"allow-remote-cidr", "remote.allow_cidrs"})
	cfg, _, err := loadConfig(cmd, target, bind...)
	if err != nil {
		return err
	}
	if workerPath(cmd, cfg) {
		return runWorkerScan(cmd, cfg, target)
	}
	lc, _ := lintConfig(cfg)
	mode, _ := compliance.ParseCallMode(cfg.Check.CallTools)
	noCheck, _ := cmd.Flags().GetBool("no-check")
	opts := scan.Options{
		Connect: connectOptions(cfg), Lint: lc, Compliance: !noCheck, CallTools: mode, ComplianceMode: complianceMode(cfg),
		Skip: cfg.Check.Skip, Only: cfg.Check.Only,
	}
	var rep *scan.Report
	var resolved *connect.Target
	if tj, _ := cmd.Flags().GetString("tools-json"); tj != "" {
		snap, err := openSnapshot(cmd.Context(), cmd, target)
		if err != nil {
			return err
		}
		rep = &scan.Report{}
		scan.Analyse(rep, snap, opts)
	} else {
		t, err := resolveTarget(cmd, target)
		if err != nil {
			return err
		}
		rep, err = scan.Run(cmd.Context(), t, opts)
		if err != nil {
			return reportScanFailure(cmd, t.Display, err)
		}
		resolved = t
	}
	// toolgauge's health includes its eval half when a committed suite and
	// its cache exist: replayed offline, never calling a model.
	evalRes, err := replaySuite(cmd, rep.Snapshot, cfg, target, false)
	if err != nil {
		return err
	}
	if evalRes != nil {
		sel := evalRes.Scores.Selection
		rep.SetSelection(&sel)
	}
	res := localResult(rep)
	if evalRes != nil {
		res.Eval = eval.Summary(evalRes)
	}
	res.RuleSetDigest = coordinator.RuleSetDigest(schema.ScanOptions{Compliance: !noCheck, ComplianceMode: deepName(complianceMode(cfg))})
	localArtifact(&res, resolved)
	if err := writeScanExtras(cmd, res); err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	if asSARIF, _ := cmd.Flags().GetBool("sarif"); asSARIF {
		if _, err := out.Write(report.SARIF(rep.Findings, lint.Catalogue(), version, sarifLocator(cmd, target))); err != nil {
			return err
		}
	} else if asJSON, _ := cmd.Flags().GetBool("json"); asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return err
		}
	} else {
		verbose, _ := cmd.Flags().GetBool("verbose")
		if err := writeScanText(out, rep, verbose); err != nil {
			return err
		}
	}
	if path, _ := cmd.Flags().GetString("badge"); path != "" {
		if err := writeBadge(path, "mcpgauge", rep.Score.Overall); err != nil {
			return usageErr(err)
		}
	}
	if cfg.Scan.MinScore > 0 && rep.Score.Overall < cfg.Scan.MinScore {
		return thresholdErr(fmt.Sprintf("mcpgauge score %d is below --min-score %d", rep.Score.Overall, cfg.Scan.MinScore))
	}
	return nil
}

// reportScanFailure prints a failed scan as a status and reason (the same
// statuses a sweep records) and returns the connection exit code.
func reportScanFailure(cmd *cobra.Command, display string, err error) error {
	status, reason := scan.Classify(cmd.Context(), err, scan.Failure{})
	if asJSON, _ := cmd.Flags().GetBool("json"); asJSON {
		res := schema.Result{
			SchemaVersion: schema.Version, SweepID: "local", Name: display, Version: "unknown",
			JobID: schema.JobID("local", display, "unknown"), Status: status, Reason: reason,
			ScannerVersion: version, WorkerID: "local", Sources: []string{"local"},
		}
		enc := json.NewEncoder(cmd.OutOrStdout())
		enc.SetIndent("", "  ")
		_ = enc.Encode(res)
	} else {
		fmt.Fprintf(cmd.OutOrStdout(), "%s\nstatus: %s\n", report.ASCII(display), status)
	}
	return connectErr(err)
}

// workerPath reports whether the scan goes through the worker's launch path:
// a registry entry, or a local target in the sandbox.
func workerPath(cmd *cobra.Command, cfg Config) bool {
	entry, _ := cmd.Flags().GetString("entry")
	reg, _ := cmd.Flags().GetString("registry")
	return entry != "" || reg != "" || cfg.Scan.Sandbox == "bwrap"
}

// localResult wraps a local scan in the result document sweeps publish.
func localResult(rep *scan.Report) schema.Result {
	name, ver := rep.Snapshot.Server.Name, rep.Snapshot.Server.Version
	if name == "" {
		name = rep.Snapshot.Target
	}
	if ver == "" {
		ver = "unknown"
	}
	res := schema.Result{
		SchemaVersion: schema.Version, SweepID: "local", Name: name, Version: ver,
		JobID: schema.JobID("local", name, ver), ScannerVersion: version, WorkerID: "local",
		Sources: []string{"local"},
	}
	rep.Fill(&res)
	return res
}

// writeBadge writes a shields.io endpoint document (sorted keys, indent 2,
// trailing newline), creating parent directories.
func writeBadge(path, label string, score int) error {
	doc := report.Badge(label, score)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("badge: %w", err)
	}
	if err := os.WriteFile(path, doc, 0o644); err != nil {
		return fmt.Errorf("badge: %w", err)
	}
	return nil
}

func writeScanText(w io.Writer, rep *scan.Report, verbose bool) error {
	snap := rep.Snapshot
	fmt.Fprintf(w, "%s %s  protocol %s (%s, %s)\n%s\n\n", report.ASCII(snap.Server.Name), report.ASCII(snap.Server.Version),
		snap.Server.ProtocolVersion, orDash(string(snap.Era)), orDash(rep.Transport), report.ASCII(snap.Target))
	fmt.Fprintf(w, "%d tools, %d resources, %d templates, %d prompts, %d tokens (o200k)\n\n",
		len(snap.Tools), len(snap.Resources), len(snap.Templates), len(snap.Prompts), rep.TotalTokens)
	s := rep.Score
	capped := ""
	if s.Capped {
		capped = fmt.Sprintf("  (capped from %d by a security error)", s.Uncapped)
	}
	fmt.Fprintf(w, "mcpgauge score   %3d / 100%s\n", s.Overall, capped)
	var parts []string
	for _, p := range s.Parts {
		if p.Measured {
			parts = append(parts, fmt.Sprintf("%s %.1f", p.Name, p.Score))
		} else {
			parts = append(parts, p.Name+" -")
		}
	}
	fmt.Fprintf(w, "  %s\n", strings.Join(parts, " | "))
	h := rep.Health
	sel := "-"
	if h.EvalScore != nil {
		sel = fmt.Sprintf("%d%%", *h.EvalScore)
	}
	fmt.Fprintf(w, "toolgauge health %3d / 100\n  lint %d (%d errors, %d warnings) | selection %s\n", h.Overall, h.LintScore, h.Errors, h.Warnings, sel)
	q := rep.QualityGate.Score
	total, comp := fmt.Sprintf("%3d", q.Score), fmt.Sprint(q.ComplianceShown)
	if !rep.QualityGate.SuiteRan {
		total, comp = "  -", "-"
	}
	fmt.Fprintf(w, "quality-gate     %s / 100\n  compliance %s/40 | quality %d/25 | efficiency %d/15 | security %d/20\n",
		total, comp, q.Quality, q.Efficiency, q.Security)
	if !rep.QualityGate.SuiteRan {
		fmt.Fprintln(w, "  - = not measured: the compliance tests did not run (--no-check)")
	}
	if p := rep.QualityGate.ClientViewProblem; p != "" {
		fmt.Fprintf(w, "  note: quality-gate's own client rejects this tool list (%s), so quality-gate itself would score an empty server; these parts score the real tools\n", report.ASCII(p))
	}
	fmt.Fprintln(w)
	e, wn, in := lint.Count(rep.Findings)
	fmt.Fprintf(w, "findings: %d errors, %d warnings, %d info", e, wn, in)
	if top := report.MostCommon(rep.Findings, 3); len(top) > 0 {
		var names []string
		for _, rc := range top {
			names = append(names, fmt.Sprintf("%s (%d)", rc.Rule, rc.Count))
		}
		fmt.Fprintf(w, "   most common: %s", strings.Join(names, ", "))
	}
	fmt.Fprintln(w)
	if rep.Compliance != nil {
		cs := rep.Compliance.Summary
		fmt.Fprintf(w, "compliance: %d passed, %d failed, %d errors, %d skipped\n", cs.Passed, cs.Failed, cs.Errors, cs.Skipped)
		for _, r := range rep.Compliance.Results {
			if r.Status == compliance.StatusFail || r.Status == compliance.StatusError {
				fmt.Fprintf(w, "  %s %s %s: %s\n", strings.ToUpper(string(r.Status)), r.Severity, r.ID, report.ASCII(firstLineOf(r.Message)))
			}
		}
	}
	if rep.NoiseCount > 0 {
		fmt.Fprintf(w, "stdout noise: %d non-MCP lines\n", rep.NoiseCount)
	}
	if verbose {
		fmt.Fprintln(w)
		return report.LintText(w, snap, rep.Findings, true)
	}
	fmt.Fprintln(w, "\n-v for every finding")
	return nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func firstLineOf(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
