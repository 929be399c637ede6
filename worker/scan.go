package worker

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"net/url"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/behaviour"
	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/scan"
	"github.com/mcpgauge/mcpgauge/internal/netguard"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Default budgets of one scan when Options leave them zero.
const (
	// DefaultDeadline bounds start, handshake, listing and analysis.
	DefaultDeadline = 2 * time.Minute
	// DefaultInstallTimeout bounds the package install.
	DefaultInstallTimeout = 5 * time.Minute
)

// Options configure ScanEntry and ScanTarget.
type Options struct {
	// Sandbox isolates the server. Nil means no sandbox, which ScanEntry
	// refuses unless AllowUnsandboxed is set (then None is used).
	Sandbox Sandbox
	// AllowUnsandboxed permits running registry entries with no isolating
	// sandbox (a nil Sandbox or None). Only for trusted entries.
	AllowUnsandboxed bool
	// Installers install packages, one per plan kind (see
	// DefaultInstallers). A kind with none is unsupported.
	Installers []Installer
	// AllowRemote permits connecting to remote (HTTP/SSE) plans; the
	// default is to report them unsupported without any traffic.
	AllowRemote bool
	// RemoteAllow are the address ranges a registry's remote endpoint may
	// reach beyond public addresses; by default loopback, private,
	// link-local and this host's own addresses are refused (see
	// internal/netguard), for the URL, every redirect and every dial.
	RemoteAllow []netip.Prefix
	// Hosts, when set, caps the concurrent scans and the request rate per
	// remote host, shared by every scan that holds the same value (the
	// CLI's worker and sweep always set one). Nil: no per-host limits.
	Hosts *netguard.Hosts
	// Deadline bounds starting and scanning the server (default
	// DefaultDeadline); installing has its own InstallTimeout, so a slow
	// download never eats the server's start-up time. A job's whole budget
	// is InstallTimeout + Deadline.
	Deadline time.Duration
	// InstallTimeout bounds the install (default DefaultInstallTimeout).
	InstallTimeout time.Duration
	// Scan configures the gauge. Its connect timeout is capped by the
	// deadline; tool calls stay off (CallTools none) unless AllowToolCalls.
	Scan scan.Options
	// AllowToolCalls lets compliance tests call the server's real tools.
	AllowToolCalls bool
	// LifecycleScripts lets packages run install scripts.
	LifecycleScripts bool
	// Limits bound the sandboxed server (zero fields: the sandbox's own
	// limits, then DefaultLimits).
	Limits Limits

	// SweepID, WorkerID and ScannerVersion go into the result (defaults
	// "local", the host name, "dev").
	SweepID, WorkerID, ScannerVersion string
	// ScanKey is copied into the result.
	ScanKey string
	// Log receives warnings (the none sandbox's); default os.Stderr.
	Log io.Writer

	// Eval, when set, runs the tool-selection eval after every ok scan
	// (see eval.go); nil means no eval.
	Eval *EvalOptions
}

// Outcome is one scan's result document plus what the CLI shows.
type Outcome struct {
	// Result is the document a worker publishes; it always has a status.
	Result schema.Result
	// Report is the full gauge report (nil unless Result.Status is ok).
	Report *scan.Report
	// Install describes the installed package (nil for remote plans or
	// when the install failed).
	Install *Installed
	// Sandbox names the sandbox the server ran in ("" when none ran).
	Sandbox string
}

// DefaultInstallers returns the npm, PyPI and OCI installers sharing the
// cache root.
func DefaultInstallers(cache string) []Installer {
	return []Installer{&NPM{Cache: cache}, &PyPI{Cache: cache}, &OCI{}}
}

// ScanEntry installs, starts (in the sandbox) and scans one registry
// entry following plan, and returns the result document. It never panics
// and never returns without a status: every failure is a status with a
// one-line reason.
func ScanEntry(ctx context.Context, server registry.Server, plan registry.Plan, opts Options) schema.Result {
	return Scan(ctx, server, plan, opts).Result
}

// Scan is ScanEntry that also returns the gauge report and install details.
func Scan(ctx context.Context, server registry.Server, plan registry.Plan, opts Options) (out Outcome) {
	r := newRun(server.Name, server.Version, opts)
	r.res.PackageType = plan.PackageType()
	r.res.Placeholders = append([]string(nil), plan.Placeholders...)
	r.res.Sources = server.SourceNames()
	r.res.Artifact = artifactOf(plan)
	r.declared = behaviour.DeclaredHosts(server)
	defer r.finish(&out)
	r.entry(ctx, plan)
	r.evaluate(ctx) // eval hook (eval.go): the server has stopped by now
	return
}

// ScanTarget scans a local target through the worker's launch path: a
// stdio command runs inside opts.Sandbox (with the directory it runs in
// and its executable visible read-only); an HTTP target is dialled
// directly. name and version label the result.
func ScanTarget(ctx context.Context, t *connect.Target, opts Options) (out Outcome) {
	name := t.ServerName
	if name == "" {
		name = t.Display
	}
	r := newRun(name, "local", opts)
	r.res.PackageType = "local"
	r.res.Sources = []string{"local"}
	defer r.finish(&out)
	r.target(ctx, t)
	r.evaluate(ctx) // eval hook (eval.go): the server has stopped by now
	return
}

// target scans a local target within the scan deadline.
func (r *run) target(ctx context.Context, t *connect.Target) {
	ctx, cancel := context.WithTimeout(ctx, r.deadline)
	defer cancel()
	if t.Transport != connect.TransportStdio {
		r.gauge(ctx, t)
		return
	}
	// The target's directory, or the caller's when it has none (a
	// --command), is the server's working directory, bound read-only with
	// the paths its command line names (localReadOnly).
	dir := t.Dir
	if dir == "" {
		if wd, err := os.Getwd(); err == nil && !tooWide(wd) {
			dir = wd
		}
	}
	spec := Spec{Command: t.Command, Args: t.Args, Env: t.Env, Dir: dir, Limits: r.opts.Limits, ReadOnly: localReadOnly(t, dir)}
	r.sandboxed(ctx, spec)
}

// run carries one scan's state.
type run struct {
	opts           Options
	deadline       time.Duration
	installTimeout time.Duration
	res            schema.Result
	rep            *scan.Report
	inst           *Installed
	sandbox        string
	started        time.Time
	// declared are the hosts the registry entry names (behaviour rules).
	declared []string
}

func newRun(name, version string, opts Options) *run {
	if name == "" {
		name = "unknown"
	}
	if version == "" {
		version = "unknown"
	}
	sweep := opts.SweepID
	if sweep == "" {
		sweep = "local"
	}
	worker := opts.WorkerID
	if worker == "" {
		worker, _ = os.Hostname()
		if worker == "" {
			worker = "worker"
		}
	}
	sv := opts.ScannerVersion
	if sv == "" {
		sv = "dev"
	}
	d := opts.Deadline
	if d <= 0 {
		d = DefaultDeadline
	}
	it := opts.InstallTimeout
	if it <= 0 {
		it = DefaultInstallTimeout
	}
	now := time.Now()
	return &run{opts: opts, deadline: d, installTimeout: it, started: now, res: schema.Result{
		SchemaVersion: schema.Version, SweepID: sweep, JobID: schema.JobID(sweep, name, version),
		Name: name, Version: version, ScannerVersion: sv, WorkerID: worker, ScanKey: opts.ScanKey,
		StartedAt: now,
	}}
}

// fail sets a non-ok status (the first failure wins).
func (r *run) fail(st schema.Status, format string, args ...any) {
	if r.res.Status != "" {
		return
	}
	reason := strings.TrimSpace(fmt.Sprintf(format, args...))
	if reason == "" {
		reason = string(st)
	}
	r.res.Status, r.res.Reason = st, clip(reason, 500)
}

// finish turns a panic into worker_error and completes the result.
func (r *run) finish(out *Outcome) {
	if p := recover(); p != nil {
		r.res.Status, r.res.Reason, r.rep = "", "", nil
		r.fail(schema.StatusWorkerError, "worker panic: %v", p)
	}
	if r.res.Status == "" {
		r.fail(schema.StatusWorkerError, "scan ended without a status")
	}
	if r.res.Status != schema.StatusOK {
		r.rep = nil
		if r.res.Status != schema.StatusAuthRequired || r.res.PreAuth == nil {
			r.res.Scores, r.res.PreAuth = nil, nil
		}
	}
	r.res.FinishedAt = time.Now()
	if r.res.FinishedAt.Before(r.res.StartedAt) {
		r.res.FinishedAt = r.res.StartedAt
	}
	*out = Outcome{Result: r.res, Report: r.rep, Install: r.inst, Sandbox: r.sandbox}
}

func (r *run) entry(ctx context.Context, plan registry.Plan) {
	switch plan.Kind {
	case registry.KindUnsupported:
		r.fail(schema.StatusUnsupported, "%s", cmp.Or(plan.Reason, "no launch plan"))
	case registry.KindRemoteHTTP, registry.KindRemoteSSE:
		// Wait for the host's slot before the scan deadline starts: a
		// queue behind a busy provider is not the server's timeout.
		if r.opts.AllowRemote && r.opts.Hosts != nil {
			if u, err := url.Parse(plan.URL); err == nil && u.Hostname() != "" {
				release, err := r.opts.Hosts.Acquire(ctx, u.Hostname())
				if err != nil {
					r.fail(schema.StatusWorkerError, "remote endpoint %s not scanned: %v", plan.URL, err)
					return
				}
				defer release()
			}
		}
		ctx, cancel := context.WithTimeout(ctx, r.deadline)
		defer cancel()
		r.remote(ctx, plan)
	case registry.KindNPMStdio, registry.KindPyPI, registry.KindOCI:
		r.pkg(ctx, plan)
	default:
		r.fail(schema.StatusUnsupported, "launch kind %q is not supported by this worker", plan.Kind)
	}
}

func (r *run) remote(ctx context.Context, plan registry.Plan) {
	if !r.opts.AllowRemote {
		r.fail(schema.StatusUnsupported, "remote endpoint %s not scanned: remote scans are off on this worker (AllowRemote)", plan.URL)
		return
	}
	u, err := url.Parse(plan.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		r.fail(schema.StatusUnsupported, "remote URL %q is not an http(s) URL", plan.URL)
		return
	}
	kind := connect.HTTPStreamable
	if plan.Kind == registry.KindRemoteSSE {
		kind = connect.HTTPSSE
	}
	g := &netguard.Guard{Policy: netguard.New(r.opts.RemoteAllow), Hosts: r.opts.Hosts}
	if err := g.Policy.CheckURL(ctx, plan.URL); netguard.IsRefused(err) {
		r.fail(schema.StatusUnsupported, "remote endpoint not scanned: %v", err)
		return
	}
	t := &connect.Target{Transport: connect.TransportHTTP, URL: plan.URL, Headers: plan.Headers, HTTPKind: kind,
		Display: plan.URL, Source: "registry", Guard: g}
	r.gauge(ctx, t)
}

func (r *run) installer(kind registry.Kind) Installer {
	for _, in := range r.opts.Installers {
		if in != nil && in.Kind() == kind {
			return in
		}
	}
	return nil
}

func (r *run) pkg(ctx context.Context, plan registry.Plan) {
	if plan.Package == nil {
		r.fail(schema.StatusUnsupported, "%s plan has no package", plan.Kind)
		return
	}
	in := r.installer(plan.Kind)
	if in == nil {
		r.fail(schema.StatusUnsupported, "no %s installer on this worker", plan.Kind)
		return
	}
	var isb Sandbox
	if plan.Kind != registry.KindOCI {
		// Refuse before installing anything: no point fetching what we will
		// not run.
		sb, err := r.pickSandbox()
		if err != nil {
			r.fail(schema.StatusWorkerError, "%v", err)
			return
		}
		isb = sb
	}
	Enter(ctx, schema.PhaseInstalling)
	t0 := time.Now()
	ictx, icancel := context.WithTimeout(ctx, r.installTimeout)
	inst, err := in.Install(ictx, *plan.Package, InstallOptions{LifecycleScripts: r.opts.LifecycleScripts, Sandbox: isb})
	installExpired := errors.Is(ictx.Err(), context.DeadlineExceeded)
	icancel()
	r.res.Timings.InstallMS = time.Since(t0).Milliseconds()
	if err != nil {
		var ie *InstallError
		switch {
		case installExpired:
			r.fail(schema.StatusTimeout, "install did not finish within %s", r.installTimeout)
		case errors.As(err, &ie):
			r.fail(ie.Status, "%s", ie.Reason)
		default:
			r.fail(schema.StatusInstallFailed, "%v", err)
		}
		return
	}
	r.inst = inst
	defer inst.Done()
	if a := r.res.Artifact; a != nil {
		a.Integrity = inst.Integrity
		if inst.Version != "" {
			a.Version = inst.Version
		}
	}
	ctx, cancel := context.WithTimeout(ctx, r.deadline)
	defer cancel()
	if plan.Kind == registry.KindOCI {
		r.container(ctx, plan, inst)
		return
	}
	env := map[string]string{}
	for k, v := range inst.Env {
		env[k] = v
	}
	for k, v := range plan.Env {
		env[k] = v
	}
	spec := Spec{
		Command: inst.Command, Args: append(append([]string(nil), inst.Args...), plan.Args...),
		Env: env, Path: inst.Path, ReadOnly: inst.ReadOnly, Limits: r.opts.Limits, Remap: inst.Remap,
	}
	r.sandboxed(ctx, spec)
}

// container runs an OCI image with its engine: the container is the
// isolation (no network, read-only root, memory and PID limits).
func (r *run) container(ctx context.Context, plan registry.Plan, inst *Installed) {
	lim := r.opts.Limits.withDefaults()
	args := []string{"run", "-i", "--rm", "--network", "none", "--read-only", "--tmpfs", "/tmp",
		"--memory", fmt.Sprint(lim.Data), "--pids-limit", fmt.Sprint(lim.Processes), "--cap-drop", "ALL",
		"--security-opt", "no-new-privileges"}
	for _, k := range sortedKeys(plan.Env) {
		args = append(args, "-e", k+"="+strings.ReplaceAll(plan.Env[k], registry.SandboxDirToken, "/tmp"))
	}
	args = append(args, inst.Args...)
	for _, a := range plan.Args {
		args = append(args, strings.ReplaceAll(a, registry.SandboxDirToken, "/tmp"))
	}
	r.sandbox = "container"
	Enter(ctx, schema.PhaseStarting)
	t := &connect.Target{Transport: connect.TransportStdio, Command: inst.Command, Args: args, Source: "registry:oci"}
	t.Display = connect.ShellJoin(append([]string{inst.Command}, args...))
	r.gauge(ctx, t)
}

// pickSandbox returns the sandbox to use, or refuses.
func (r *run) pickSandbox() (Sandbox, error) {
	sb := r.opts.Sandbox
	if sb == nil {
		if !r.opts.AllowUnsandboxed {
			return nil, errors.New("refusing to run an untrusted server without a sandbox (configure bwrap, or set AllowUnsandboxed for trusted entries)")
		}
		return None{Log: r.opts.Log}, nil
	}
	if !sb.Isolated() && !r.opts.AllowUnsandboxed {
		return nil, fmt.Errorf("refusing to run an untrusted server in sandbox %q, which isolates nothing (set AllowUnsandboxed for trusted entries)", sb.Name())
	}
	return sb, nil
}

func (r *run) sandboxed(ctx context.Context, spec Spec) {
	sb, err := r.pickSandbox()
	if err != nil {
		r.fail(schema.StatusWorkerError, "%v", err)
		return
	}
	Enter(ctx, schema.PhaseStarting)
	t0 := time.Now()
	prep, err := sb.Prepare(ctx, spec)
	r.res.Timings.StartMS = time.Since(t0).Milliseconds()
	if err != nil {
		r.fail(schema.StatusWorkerError, "sandbox %s: %v", sb.Name(), err)
		return
	}
	defer prep.Cleanup()
	r.sandbox = sb.Name()
	r.gauge(ctx, prep.Target)
	if prep.Behaviour != nil {
		if b := prep.Behaviour(); !b.Empty() || len(b.Unobserved) > 0 {
			r.res.Behaviour = b
		}
	}
	if in := r.inst; in != nil && (in.Behaviour != nil || (in.BehaviourNote != "" && r.res.Behaviour != nil)) {
		// The install's phase (what a build backend did), or why there is
		// none, beside the start-up's.
		if r.res.Behaviour == nil {
			r.res.Behaviour = &schema.Behaviour{Schema: schema.BehaviourVersion}
		}
		r.res.Behaviour.Install, r.res.Behaviour.InstallNote = in.Behaviour, in.BehaviourNote
	}
	if prep.Breach != nil {
		if why := prep.Breach(); why != "" {
			// Part of the server was killed: whatever it listed is not a
			// clean bill of health.
			r.res.Status, r.res.Reason, r.rep = "", "", nil
			r.fail(schema.StatusCrashed, "%s", why)
		}
	}
	if r.res.Status == schema.StatusOK && !r.opts.AllowToolCalls {
		// Evidence only, after the score: the behaviour rules report what
		// the server did, they do not re-score it. With tool calls on, the
		// record is not start-up alone, and the rules say it is.
		r.res.Findings = append(r.res.Findings, behaviour.Check(r.res.Behaviour, r.declared)...)
	}
}

// gauge connects and scans; on failure it classifies the error.
func (r *run) gauge(ctx context.Context, t *connect.Target) {
	so := r.opts.Scan
	if so.Connect.Timeout <= 0 || so.Connect.Timeout > r.deadline {
		so.Connect.Timeout = min(r.deadline, connect.DefaultTimeout)
	}
	if !r.opts.AllowToolCalls {
		so.CallTools = compliance.CallNone
	}
	Enter(ctx, schema.PhaseChecking)
	rep, err := scan.Run(ctx, t, so)
	if err != nil && t.Guard != nil && netguard.IsRefused(err) {
		// A redirect or a later dial went to a refused address.
		r.fail(schema.StatusUnsupported, "remote endpoint not scanned: %s", refusal(err))
		return
	}
	if err != nil {
		var f scan.Failure
		if r.inst != nil {
			f.SkippedScripts = r.inst.SkippedScripts
		}
		st, reason := scan.Classify(ctx, err, f)
		r.fail(st, "%s", reason)
		var ar *scan.AuthRequired
		if r.res.Status == schema.StatusAuthRequired && errors.As(err, &ar) {
			// Graded without credentials: the pre-authentication checks
			// and their score, ranked with a note.
			ar.FillPreAuth(&r.res)
		}
		return
	}
	rep.Fill(&r.res)
	r.rep = rep
}

// refusal is the netguard refusal err carries (libraries wrap the dial
// error in their own words).
func refusal(err error) string {
	var re *netguard.RefusedError
	if errors.As(err, &re) {
		return clip(re.Error(), 400)
	}
	return clip(err.Error(), 400)
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// artifactOf names what plan runs, for the result's receipt subject: the
// package (its integrity is added once installed) or the remote endpoint.
func artifactOf(plan registry.Plan) *schema.Artifact {
	switch {
	case plan.Package != nil:
		p := plan.Package
		return &schema.Artifact{Type: plan.PackageType(), Identifier: p.Identifier, Version: p.Version, Registry: p.RegistryBaseURL}
	case plan.URL != "":
		return &schema.Artifact{Type: plan.PackageType(), URL: plan.URL}
	}
	return nil
}
