package main

import (
	"cmp"
	"encoding/json"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/local"
)

func newScanCmd() *cobra.Command {
	o := local.ScanOptions{Replay: &local.ReplayOptions{}}
	cmd := &cobra.Command{
		Use:   "scan [TARGET]",
		Short: "Inspect, lint, check and score a server in one run",
		Long: `Scan does what inspect, lint and check do, over one connection where it can,
and computes three scores: mcpgauge score v4 (docs/scoring.md), toolgauge's
health and quality-gate's 0-100 score with its four parts.

--json writes the full result document, the same one sweep workers publish.

Exit codes: 0, 1 below --min-score, 2 usage error, 3 the server could not be reached.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runScan(cmd, args, o) },
	}
	addTargetFlags(cmd)
	f := cmd.Flags()
	f.Bool("json", false, "write the full result document as JSON")
	f.BoolVar(&o.SARIF, "sarif", false, "write the findings as SARIF 2.1.0, each result located in the server's sources")
	addReceiptFlags(cmd, &o)
	f.Int("min-score", 0, "exit 1 when the mcpgauge score is below this (0 = no gate)")
	f.String("badge", "", "write a shields.io endpoint badge JSON to this file")
	f.String("call-tools", "", "which real tools compliance tests may call: none|readonly|all (default none)")
	f.StringSlice("skip", nil, "compliance test IDs to skip")
	f.StringSlice("only", nil, "run only these compliance test IDs")
	f.String("sandbox", "", "run the target in a sandbox: none|bwrap (default none)")
	f.Bool("no-check", false, "skip the live compliance tests")
	addComplianceModeFlag(cmd)
	addProfileFlag(cmd)
	f.StringVar(&o.Replay.Suite.Cases, "cases", "", "eval case file to replay offline into the scores (default: <target dir>/mcp-toolgauge-cases.yaml when it exists)")
	f.StringVar(&o.Replay.Suite.Cache, "cache", "", "eval answer cache (default: .mcp-toolgauge-cache/responses.jsonl beside the case file)")
	f.StringVar(&o.Entry, "entry", "", "scan one registry entry (a normalised registry JSON line or a server.json) the way a sweep worker does")
	f.StringVar(&o.Registry, "registry", "", "with --name: read the entry from this registry source (official, file://PATH, ...)")
	f.StringVar(&o.Name, "name", "", "with --registry: the server name to scan")
	f.StringVar(&o.EntryVersion, "entry-version", "", "with --registry and --name: the version to scan (default: latest)")
	registerRemoteFlags(cmd)
	return cmd
}

// runScan runs one scan with o, the options its flags filled.
func runScan(cmd *cobra.Command, args []string, o local.ScanOptions) error {
	f := cmd.Flags()
	t, err := targetFlags(cmd, args)
	if err != nil {
		return err
	}
	o.Target, o.SandboxTyped, o.Log = t, f.Changed("sandbox"), cmd.ErrOrStderr()
	badge, _ := f.GetString("badge")
	o.Badge = badge != ""
	noCheck, _ := f.GetBool("no-check")
	o.Compliance = !noCheck
	if o.Entry == "" && o.Registry == "" {
		if err := t.Validate(); err != nil {
			return err
		}
	} else if t.Arg != "" {
		return o.Validate()
	}
	bind := append(checkBindings(), flagBinding{"min-score", "scan.min_score"}, flagBinding{"sandbox", "scan.sandbox"}, profileBinding,
		flagBinding{"allow-remote-cidr", "remote.allow_cidrs"})
	cfg, _, err := loadConfig(cmd, t.Arg, bind...)
	if err != nil {
		return err
	}
	o.Target.Timeout, o.Sandbox, o.DataDir, o.MinScore = cfg.Timeout, cfg.Scan.Sandbox, cfg.DataDir, cfg.Scan.MinScore
	o.AllowCIDRs, o.HostConcurrency, o.HostRate = cfg.Remote.AllowCIDRs, cfg.Remote.HostConcurrency, cfg.Remote.HostRate
	o.NPMRegistries, o.PyPIIndexes, o.OCIRegistries = cfg.Install.NPMRegistries, cfg.Install.PyPIIndexes, cfg.Install.OCIRegistries
	o.Lint, _ = cfg.LintRules()
	o.ComplianceMode, o.CallTools = cfg.ComplianceModes()
	o.Skip, o.Only = cfg.Check.Skip, cfg.Check.Only
	o.Replay.Arg, o.Replay.Model = t.Arg, cfg.Eval.Model
	r, err := local.Scan(cmd.Context(), o)
	if r == nil {
		return err
	}
	if werr := writeScan(cmd, o, r, badge); werr != nil {
		return werr
	}
	return err
}

// writeScan writes what a scan produced: the receipt and comment files,
// the report on stdout (SARIF, JSON or text) and the badge.
func writeScan(cmd *cobra.Command, o local.ScanOptions, r *local.ScanResult, badge string) error {
	f, out := cmd.Flags(), cmd.OutOrStdout()
	if err := cmp.Or(writeOutput(out, "--receipt", o.Receipt, r.Receipt), writeOutput(out, "--markdown", o.Markdown, r.Markdown)); err != nil {
		return err
	}
	asJSON, _ := f.GetBool("json")
	verbose, _ := f.GetBool("verbose")
	var err error
	switch {
	case r.SARIF != nil:
		_, err = out.Write(r.SARIF)
	case asJSON:
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		err = enc.Encode(r.Result)
	case r.Launch != nil:
		report.LaunchHeader(out, r.Result, *r.Launch)
		if r.Report == nil {
			report.LaunchStatus(out, r.Result)
			return nil
		}
		err = report.ScanText(out, r.Report, verbose)
	case r.Report != nil:
		err = report.ScanText(out, r.Report, verbose)
	default:
		report.FailedScan(out, r.Result)
	}
	return cmp.Or(err, writeOutput(out, "--badge", badge, r.Badge))
}
