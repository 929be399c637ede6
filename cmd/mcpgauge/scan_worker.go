package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/gauge/scan"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/system"
	"github.com/mcpgauge/mcpgauge/worker"
)

// runWorkerScan scans a registry entry (--entry, --registry/--name) or a
// local target under --sandbox bwrap through the worker's launch path, so
// an author sees exactly what a sweep saw.
func runWorkerScan(cmd *cobra.Command, cfg Config, target string) error {
	f := cmd.Flags()
	entryPath, _ := f.GetString("entry")
	regSrc, _ := f.GetString("registry")
	name, _ := f.GetString("name")
	entryVersion, _ := f.GetString("entry-version")
	if tj, _ := f.GetString("tools-json"); tj != "" {
		return usageErr(errors.New("--tools-json cannot be combined with --entry, --registry or --sandbox bwrap"))
	}
	fromEntry := entryPath != "" || regSrc != ""
	switch {
	case entryPath != "" && regSrc != "":
		return usageErr(errors.New("give --entry or --registry, not both"))
	case regSrc != "" && name == "":
		return usageErr(errors.New("--registry needs --name (the server name to scan)"))
	case regSrc == "" && entryVersion != "":
		return usageErr(errors.New("--entry-version applies only with --registry and --name"))
	case fromEntry && (target != "" || f.Changed("command")):
		return usageErr(errors.New("a registry entry scan takes no TARGET or --command"))
	}
	opts, err := workerOptions(cmd, cfg, fromEntry)
	if err != nil {
		return err
	}
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	var out worker.Outcome
	if fromEntry {
		var s registry.Server
		if entryPath != "" {
			s, err = readEntry(entryPath, name)
		} else {
			s, err = lookupEntry(ctx, regSrc, name, entryVersion)
		}
		if err != nil {
			return usageErr(err)
		}
		opts.AllowRemote = true // the user asked for this entry by name
		// ...but its URL is the entry's: the address policy still holds.
		if err := remoteConfig(cfg).Apply(&opts); err != nil {
			return err
		}
		plan := registry.PlanFor(s, registry.PlanOptions{})
		out = worker.Scan(ctx, s, plan, opts)
	} else {
		t, err := resolveTarget(cmd, target)
		if err != nil {
			return err
		}
		out = worker.ScanTarget(ctx, t, opts)
		localArtifact(&out.Result, t)
	}
	noCheck, _ := cmd.Flags().GetBool("no-check")
	out.Result.RuleSetDigest = coordinator.RuleSetDigest(schema.ScanOptions{Compliance: !noCheck, ComplianceMode: deepName(complianceMode(cfg))})
	return writeWorkerOutcome(cmd, cfg, out, target)
}

// workerOptions builds the worker options from the config and flags.
func workerOptions(cmd *cobra.Command, cfg Config, fromEntry bool) (worker.Options, error) {
	lc, _ := lintConfig(cfg)
	mode, _ := compliance.ParseCallMode(cfg.Check.CallTools)
	noCheck, _ := cmd.Flags().GetBool("no-check")
	cache := filepath.Join(cfg.DataDir, "cache")
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return worker.Options{}, usageErr(fmt.Errorf("cache dir: %w", err))
	}
	deadline := 4 * cfg.Timeout
	if deadline < worker.DefaultDeadline {
		deadline = worker.DefaultDeadline
	}
	opts := worker.Options{
		Installers: worker.InstallersFor(cache, worker.Registries{NPM: cfg.Install.NPMRegistries, PyPI: cfg.Install.PyPIIndexes, OCI: cfg.Install.OCIRegistries}), Deadline: deadline,
		Scan: scan.Options{
			Connect: connectOptions(cfg), Lint: lc, Compliance: !noCheck, CallTools: mode, ComplianceMode: complianceMode(cfg),
			Skip: cfg.Check.Skip, Only: cfg.Check.Only,
		},
		AllowToolCalls: mode != compliance.CallNone && mode != "",
		SweepID:        "local", WorkerID: "local", ScannerVersion: version,
		Log: cmd.ErrOrStderr(),
	}
	// A registry entry is untrusted: it runs in bwrap unless --sandbox none
	// is given on the command line (not merely left at the default, or set
	// in the config); a local target runs as scan.sandbox says.
	choice := cfg.Scan.Sandbox
	if fromEntry && !cmd.Flags().Changed("sandbox") {
		choice = ""
	}
	sb, unsandboxed, err := system.SandboxFor(cmd.Context(), choice, fromEntry, cmd.ErrOrStderr())
	if err != nil {
		return opts, err
	}
	opts.Sandbox, opts.AllowUnsandboxed = sb, unsandboxed
	if c, note, err := worker.CacheDirFor(sb, cache); err != nil {
		return opts, usageErr(err)
	} else if note != "" {
		fmt.Fprintln(cmd.ErrOrStderr(), "note:", note)
		opts.Installers = worker.InstallersFor(c, worker.Registries{NPM: cfg.Install.NPMRegistries, PyPI: cfg.Install.PyPIIndexes, OCI: cfg.Install.OCIRegistries})
	}
	return opts, nil
}

// writeWorkerOutcome prints the outcome like a normal scan; a scan that did
// not complete prints its status and reason and exits 3.
func writeWorkerOutcome(cmd *cobra.Command, cfg Config, out worker.Outcome, target string) error {
	w := cmd.OutOrStdout()
	res := out.Result
	// A receipt vouches for every finished scan, failed ones included.
	if err := writeScanExtras(cmd, res); err != nil {
		return err
	}
	asSARIF, _ := cmd.Flags().GetBool("sarif")
	if asSARIF && out.Report != nil {
		if _, err := w.Write(report.SARIF(out.Report.Findings, lint.Catalogue(), version, sarifLocator(cmd, target))); err != nil {
			return err
		}
	} else if asJSON, _ := cmd.Flags().GetBool("json"); asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return err
		}
	} else if out.Report != nil {
		writeWorkerHeader(w, out)
		verbose, _ := cmd.Flags().GetBool("verbose")
		if err := writeScanText(w, out.Report, verbose); err != nil {
			return err
		}
	} else {
		writeWorkerHeader(w, out)
		fmt.Fprintf(w, "status: %s\nreason: %s\n", res.Status, res.Reason)
	}
	if res.Status != schema.StatusOK {
		return connectErr(fmt.Errorf("%s %s: %s: %s", res.Name, res.Version, res.Status, res.Reason))
	}
	if path, _ := cmd.Flags().GetString("badge"); path != "" && out.Report != nil {
		if err := writeBadge(path, "mcpgauge", out.Report.Score.Overall); err != nil {
			return usageErr(err)
		}
	}
	if cfg.Scan.MinScore > 0 && out.Report != nil && out.Report.Score.Overall < cfg.Scan.MinScore {
		return thresholdErr(fmt.Sprintf("mcpgauge score %d is below --min-score %d", out.Report.Score.Overall, cfg.Scan.MinScore))
	}
	return nil
}

func writeWorkerHeader(w io.Writer, out worker.Outcome) {
	res := out.Result
	sb := out.Sandbox
	if sb == "" {
		sb = "-"
	}
	fmt.Fprintf(w, "entry %s %s (%s) sandbox %s\n", res.Name, res.Version, orDash(res.PackageType), sb)
	if in := out.Install; in != nil {
		cached := ""
		if in.Cached {
			cached = ", cached"
		}
		fmt.Fprintf(w, "installed %s %s%s\n", orDash(in.Version), orDash(in.Integrity), cached)
	}
	if len(res.Placeholders) > 0 {
		fmt.Fprintf(w, "placeholders: %s\n", strings.Join(res.Placeholders, ", "))
	}
	t := res.Timings
	fmt.Fprintf(w, "timings: install %d ms, start %d ms, connect %d ms, list %d ms\n\n", t.InstallMS, t.StartMS, t.ConnectMS, t.ListMS)
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
func lookupEntry(ctx context.Context, src, name, entryVersion string) (registry.Server, error) {
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
