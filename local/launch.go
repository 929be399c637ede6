package local

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/worker"
)

// launchScan scans a registry entry (--entry, --registry/--name) or a
// local target under --sandbox bwrap through the worker's launch path.
func launchScan(ctx context.Context, o ScanOptions) (*ScanResult, error) {
	opts, err := o.workerOptions(ctx)
	if err != nil {
		return nil, err
	}
	var out worker.Outcome
	if o.fromEntry() {
		var s registry.Server
		if o.Entry != "" {
			s, err = readEntry(o.Entry, o.Name)
		} else {
			s, err = lookupEntry(ctx, o.Registry, o.Name, o.EntryVersion, o.Target.ClientVersion)
		}
		if err != nil {
			return nil, errkind.AsUsage(err)
		}
		opts.AllowRemote = true // the user asked for this entry by name
		// ...but its URL is the entry's: the address policy still holds.
		if err := (worker.Remote{AllowCIDRs: o.AllowCIDRs, HostConcurrency: o.HostConcurrency, HostRate: o.HostRate}).Apply(&opts); err != nil {
			return nil, err
		}
		out = worker.Scan(ctx, s, registry.PlanFor(s, registry.PlanOptions{}), opts)
	} else {
		t, err := o.Target.Resolve()
		if err != nil {
			return nil, err
		}
		out = worker.ScanTarget(ctx, t, opts)
		localArtifact(&out.Result, t)
	}
	out.Result.RuleSetDigest = o.ruleSetDigest()
	l := &report.Launch{Sandbox: out.Sandbox}
	if in := out.Install; in != nil {
		l.Installed, l.Version, l.Integrity, l.Cached = true, in.Version, in.Integrity, in.Cached
	}
	r := &ScanResult{Result: out.Result, Report: out.Report, Launch: l}
	if o.SARIF && out.Report != nil {
		r.SARIF = report.SARIF(out.Report.Findings, lint.Catalogue(), o.Target.ClientVersion, o.locator())
	}
	return r, nil
}

// workerOptions builds the worker's options. A registry entry is
// untrusted: it runs in bwrap unless --sandbox none is typed on the
// command line (not merely left at the default, or set in the config); a
// local target runs as scan.sandbox says.
func (o ScanOptions) workerOptions(ctx context.Context) (worker.Options, error) {
	regs := worker.Registries{NPM: o.NPMRegistries, PyPI: o.PyPIIndexes, OCI: o.OCIRegistries}
	cache := filepath.Join(o.DataDir, "cache")
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return worker.Options{}, errkind.AsUsage(fmt.Errorf("cache dir: %w", err))
	}
	deadline := 4 * o.Target.Timeout
	if deadline < worker.DefaultDeadline {
		deadline = worker.DefaultDeadline
	}
	opts := worker.Options{
		Installers: worker.InstallersFor(cache, regs), Deadline: deadline,
		Scan:           o.scanOptions(),
		AllowToolCalls: o.CallTools != "" && o.CallTools != compliance.CallNone,
		SweepID:        "local", WorkerID: "local", ScannerVersion: o.Target.ClientVersion,
		Log: o.Log,
	}
	choice := o.Sandbox
	if o.fromEntry() && !o.SandboxTyped {
		choice = ""
	}
	sb, unsandboxed, err := worker.SandboxFor(ctx, choice, o.fromEntry(), o.Log)
	if err != nil {
		return opts, err
	}
	opts.Sandbox, opts.AllowUnsandboxed = sb, unsandboxed
	if c, note, err := worker.CacheDirFor(sb, cache); err != nil {
		return opts, errkind.AsUsage(err)
	} else if note != "" {
		fmt.Fprintln(o.Log, "note:", note)
		opts.Installers = worker.InstallersFor(c, regs)
	}
	return opts, nil
}

// readEntry reads one registry entry from a file: a normalised
// registry.Server JSON line (as `mcpgauge registry pull --json` writes), or
// a server.json / official registry document. name picks one entry when
// the file holds several.
func readEntry(path, name string) (registry.Server, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return registry.Server{}, fmt.Errorf("--entry: %w", err)
	}
	data = bytes.TrimSpace(registry.StripBOM(data))
	if len(data) == 0 {
		return registry.Server{}, fmt.Errorf("--entry %s: the file is empty", path)
	}
	var servers []registry.Server
	if isNormalised(data) {
		dec := json.NewDecoder(bytes.NewReader(data))
		for dec.More() {
			var s registry.Server
			if err := dec.Decode(&s); err != nil {
				return registry.Server{}, fmt.Errorf("--entry %s: not a registry entry: %w", path, err)
			}
			servers = append(servers, s)
		}
	} else {
		doc, err := registry.ParseOfficial(data, "file:"+path)
		if err != nil {
			return registry.Server{}, fmt.Errorf("--entry %s: not a server.json or registry entry: %w", path, err)
		}
		servers = doc.Servers
	}
	return registry.Pick(servers, name, "", path)
}

// isNormalised tells a normalised Server line from a server.json: only
// the former carries our own fields.
func isNormalised(data []byte) bool {
	var probe map[string]json.RawMessage
	line, _, _ := bytes.Cut(data, []byte("\n"))
	if json.Unmarshal(line, &probe) != nil {
		return false
	}
	for _, k := range []string{"sources", "latestRule", "isLatest", "registryLatest"} {
		if _, ok := probe[k]; ok {
			return true
		}
	}
	return false
}

// lookupEntry reads name (and version) from a registry source.
func lookupEntry(ctx context.Context, src, name, entryVersion, version string) (registry.Server, error) {
	source, err := registry.NewSource(src, registry.Config{UserAgent: registry.DefaultUserAgent + " mcpgauge/" + version})
	if err != nil {
		return registry.Server{}, fmt.Errorf("--registry: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	var found []registry.Server
	err = source.Pull(ctx, registry.Query{Search: name}, func(s registry.Server) error {
		if s.Name == name {
			found = append(found, s)
		}
		return nil
	})
	if err != nil && len(found) == 0 {
		return registry.Server{}, fmt.Errorf("--registry %s: %w", src, err)
	}
	return registry.Pick(found, name, entryVersion, "registry "+source.Name())
}
