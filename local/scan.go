package local

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mcpgauge/mcpgauge/attest"
	"github.com/mcpgauge/mcpgauge/gauge"
	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/gauge/scan"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/worker"
)

// DefaultReceiptTTL is how long a signed receipt stays valid by default.
const DefaultReceiptTTL = attest.DefaultTTL

// ScanOptions configure Scan: the target (or the registry entry), what to
// run, the gate and the outputs to produce.
type ScanOptions struct {
	// Target is TARGET and the target flags; Target.ClientVersion is the
	// scanner version written into the result.
	Target Target
	// Entry is --entry: a file holding the registry entry to scan.
	// Registry and Name (--registry, --name) read it from a registry
	// source instead, EntryVersion (--entry-version) picks its version.
	Entry, Registry, Name, EntryVersion string
	// Sandbox is scan.sandbox (bwrap, none or ""); SandboxTyped says
	// --sandbox was on the command line, the only way a registry entry
	// runs outside bwrap.
	Sandbox      string
	SandboxTyped bool
	// AllowCIDRs, HostConcurrency and HostRate are the address policy and
	// per-host politeness for a registry entry's endpoints (config remote.*).
	AllowCIDRs      []string
	HostConcurrency int
	HostRate        float64
	// DataDir holds the package cache of a launched scan.
	DataDir string
	// NPMRegistries, PyPIIndexes and OCIRegistries are the package and
	// image registries an entry may name (config install.*).
	NPMRegistries, PyPIIndexes, OCIRegistries []string
	// Lint configures the rules.
	Lint lint.Config
	// Compliance runs the live compliance tests (false: --no-check), with
	// CallTools, ComplianceMode, Skip and Only.
	Compliance     bool
	CallTools      compliance.CallMode
	ComplianceMode compliance.Mode
	Skip, Only     []string
	// MinScore is --min-score: below it Scan returns a threshold error
	// (0: no gate).
	MinScore int
	// SARIF asks for Result.SARIF, Badge for Result.Badge.
	SARIF, Badge bool
	// SigningKey and Receipt (--signing-key, --receipt) ask for a signed
	// receipt valid for ReceiptTTL (DefaultReceiptTTL unless --receipt-ttl).
	SigningKey, Receipt string
	ReceiptTTL          time.Duration
	// Markdown (--markdown) asks for the pull-request comment, with
	// deltas against the scan --json result in Baseline.
	Markdown, Baseline string
	// Replay, when set, names the committed eval suite replayed offline
	// (ReplaySuite) for the scanned snapshot; its selection score joins the
	// scores. With no suite on disk nothing is replayed.
	Replay *ReplayOptions
	// Log receives warnings, notes and a launched server's log lines.
	Log io.Writer
}

// fromEntry says a registry entry names the server to scan.
func (o ScanOptions) fromEntry() bool { return o.Entry != "" || o.Registry != "" }

// launched says the scan goes through the worker's launch path: a registry
// entry, or a local target in the sandbox.
func (o ScanOptions) launched() bool { return o.fromEntry() || o.Sandbox == worker.SandboxBwrap }

// Validate checks the target (or the entry flags) and the receipt flags.
func (o ScanOptions) Validate() error {
	if o.fromEntry() {
		if o.Target.Arg != "" {
			return errkind.AsUsage(errors.New("--entry and --registry name the server to scan; do not also give a TARGET"))
		}
	} else if err := o.Target.Validate(); err != nil {
		return err
	}
	if o.launched() {
		switch {
		case o.Target.ToolsJSON != "":
			return errkind.AsUsage(errors.New("--tools-json cannot be combined with --entry, --registry or --sandbox bwrap"))
		case o.Entry != "" && o.Registry != "":
			return errkind.AsUsage(errors.New("give --entry or --registry, not both"))
		case o.Registry != "" && o.Name == "":
			return errkind.AsUsage(errors.New("--registry needs --name (the server name to scan)"))
		case o.Registry == "" && o.EntryVersion != "":
			return errkind.AsUsage(errors.New("--entry-version applies only with --registry and --name"))
		case o.fromEntry() && o.Target.CommandGiven:
			return errkind.AsUsage(errors.New("a registry entry scan takes no TARGET or --command"))
		}
	}
	if (o.SigningKey == "") != (o.Receipt == "") {
		return errkind.AsUsage(errors.New("--signing-key and --receipt go together"))
	}
	if o.SigningKey != "" && o.ReceiptTTL <= 0 {
		return errkind.AsUsage(fmt.Errorf("--receipt-ttl %s: want a positive duration", o.ReceiptTTL))
	}
	return nil
}

// ScanResult is what a scan produced. Report is nil when the scan did not
// complete; Launch is set when it went through the worker's launch path.
// SARIF, Receipt, Badge and Markdown are set when asked for (Receipt stays
// nil when a failed scan names no artifact to vouch for).
type ScanResult struct {
	Result   schema.Result
	Report   *scan.Report
	Launch   *report.Launch
	SARIF    []byte
	Receipt  []byte
	Badge    []byte
	Markdown []byte
}

// Scan inspects, lints, checks and scores one server: the target directly
// over one connection, or through the worker's launch path (install,
// sandbox) for a registry entry or --sandbox bwrap, so an author sees what
// a sweep saw. A scan that did not complete returns its result (status
// and reason) with an unreachable error; a score below MinScore returns
// the result with a threshold error.
func Scan(ctx context.Context, o ScanOptions) (*ScanResult, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
	var r *ScanResult
	var err error
	if o.launched() {
		r, err = launchScan(ctx, o)
	} else {
		r, err = directScan(ctx, o)
	}
	if r == nil || err != nil {
		return r, err
	}
	if err := o.extras(ctx, r); err != nil {
		return nil, err
	}
	if o.launched() && r.Result.Status != schema.StatusOK {
		res := r.Result
		return r, errkind.AsUnreachable(fmt.Errorf("%s %s: %s: %s", res.Name, res.Version, res.Status, res.Reason))
	}
	if o.Badge && r.Report != nil {
		r.Badge = report.Badge("mcpgauge", r.Report.Score.Overall)
	}
	if o.MinScore > 0 && r.Report != nil && r.Report.Score.Overall < o.MinScore {
		return r, errkind.Missed(fmt.Sprintf("mcpgauge score %d is below --min-score %d", r.Report.Score.Overall, o.MinScore))
	}
	return r, nil
}

// scanOptions are the gauge's scan options.
func (o ScanOptions) scanOptions() scan.Options {
	return scan.Options{
		Connect: o.Target.ConnectOptions(), Lint: o.Lint, Compliance: o.Compliance, CallTools: o.CallTools,
		ComplianceMode: o.ComplianceMode, Skip: o.Skip, Only: o.Only,
	}
}

// ruleSetDigest names the rules and tests the scan ran, as a sweep's does.
func (o ScanOptions) ruleSetDigest() string {
	mode := ""
	if o.ComplianceMode == compliance.ModeDeep {
		mode = string(o.ComplianceMode)
	}
	return gauge.RuleSetDigest(schema.ScanOptions{Compliance: o.Compliance, ComplianceMode: mode})
}

// directScan scans the target over one connection (or --tools-json
// offline).
func directScan(ctx context.Context, o ScanOptions) (*ScanResult, error) {
	opts := o.scanOptions()
	var rep *scan.Report
	var resolved *connect.Target
	if o.Target.ToolsJSON != "" {
		snap, err := OpenSnapshot(ctx, o.Target)
		if err != nil {
			return nil, err
		}
		rep = &scan.Report{}
		if err := scan.Analyse(rep, snap, opts); err != nil {
			// Half linted is not scanned: the result is a worker_error,
			// never scored.
			err = fmt.Errorf("scan %s: %w", snap.Target, err)
			return failedScan(ctx, o, snap.Target, err), err
		}
	} else {
		t, err := o.Target.Resolve()
		if err != nil {
			return nil, err
		}
		rep, err = scan.Run(ctx, t, opts)
		if err != nil {
			return failedScan(ctx, o, t.Display, err), errkind.AsUnreachable(err)
		}
		resolved = t
	}
	// toolgauge's health includes its eval half when a committed suite and
	// its cache exist: replayed offline, never calling a model.
	var evalRes *eval.Result
	if o.Replay != nil {
		ro := *o.Replay
		if ro.Warn == nil {
			ro.Warn = o.Log
		}
		res, notMeasured, err := ReplaySuite(ctx, rep.Snapshot, ro)
		if err != nil {
			return nil, err
		}
		if notMeasured != "" {
			warn(ro.Warn, "eval not measured: "+notMeasured)
		}
		evalRes = res
	}
	if evalRes != nil {
		sel := evalRes.Scores.Selection
		rep.SetSelection(&sel)
	}
	res := localResult(rep, o.Target.ClientVersion)
	if evalRes != nil {
		res.Eval = eval.Summary(evalRes)
	}
	res.RuleSetDigest = o.ruleSetDigest()
	localArtifact(&res, resolved)
	r := &ScanResult{Result: res, Report: rep}
	if o.SARIF {
		r.SARIF = report.SARIF(rep.Findings, lint.Catalogue(), o.Target.ClientVersion, o.locator())
	}
	return r, nil
}

// failedScan is the result of a scan that did not complete: the status
// and reason a sweep records.
func failedScan(ctx context.Context, o ScanOptions, display string, err error) *ScanResult {
	status, reason := scan.Classify(ctx, err, scan.Failure{})
	v := o.Target.ClientVersion
	r := &ScanResult{Result: schema.Result{
		SchemaVersion: schema.Version, SweepID: "local", Name: display, Version: "unknown",
		JobID: schema.JobID("local", display, "unknown"), Status: status, Reason: reason,
		ScannerVersion: v, WorkerID: "local", Sources: []string{"local"},
	}}
	var ar *scan.AuthRequired
	if status == schema.StatusAuthRequired && errors.As(err, &ar) {
		ar.FillPreAuth(&r.Result)
	}
	return r
}

// localResult wraps a local scan in the result document sweeps publish.
func localResult(rep *scan.Report, version string) schema.Result {
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

// localArtifact names a local target for its receipt: the command line or
// URL it ran, with the tool digest as the only digest.
func localArtifact(res *schema.Result, t *connect.Target) {
	if res.Artifact != nil || t == nil {
		return
	}
	if t.Transport == "http" {
		res.Artifact = &schema.Artifact{Type: "remote", URL: t.URL}
		return
	}
	res.Artifact = &schema.Artifact{Type: "local", Identifier: t.Display, Version: res.Version}
}

// extras adds the receipt and the pull-request comment asked for. A
// receipt vouches for every finished scan, failed ones included.
func (o ScanOptions) extras(ctx context.Context, r *ScanResult) error {
	if o.SigningKey != "" {
		s, err := attest.LoadSigner(o.SigningKey)
		if err != nil {
			return errkind.AsUsage(fmt.Errorf("--signing-key: %w", err))
		}
		env, err := attest.Sign(ctx, s, r.Result, o.ReceiptTTL)
		switch {
		case errors.Is(err, attest.ErrNoSubject):
			fmt.Fprintf(o.Log, "mcpgauge: no receipt written: %v (status %s)\n", err, r.Result.Status)
		case err != nil:
			return errkind.AsUnreachable(fmt.Errorf("receipt: %w", err))
		default:
			data, err := json.MarshalIndent(env, "", "  ")
			if err != nil {
				return err
			}
			r.Receipt = append(data, '\n')
		}
	}
	if o.Markdown != "" {
		var b bytes.Buffer
		if err := report.ScanMarkdown(&b, r.Result, readBaseline(o.Baseline, o.Log)); err != nil {
			return err
		}
		r.Markdown = b.Bytes()
	}
	return nil
}

// readBaseline reads a previous `scan --json` result; a missing or
// unreadable file only warns (the first run on a branch has none).
func readBaseline(path string, warn io.Writer) *schema.Result {
	if path == "" {
		return nil
	}
	data, err := os.ReadFile(path)
	if err == nil {
		var r schema.Result
		if err = json.Unmarshal(data, &r); err == nil {
			return &r
		}
	}
	fmt.Fprintf(warn, "mcpgauge: --baseline %s ignored: %v\n", path, err)
	return nil
}
