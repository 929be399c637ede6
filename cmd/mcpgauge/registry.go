package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/internal/termsafe"
	"github.com/mcpgauge/mcpgauge/registry"
)

// Environment variables holding registry API keys (the lead binds them to
// config later).
const (
	envSmitheryKey = "MCPGAUGE_SMITHERY_API_KEY"
	envGlamaKey    = "MCPGAUGE_GLAMA_API_KEY"
	envPulseMCPKey = "MCPGAUGE_PULSEMCP_API_KEY"
)

// registryFlags are the source flags shared by pull and stats.
type registryFlags struct {
	source         string
	url            string
	apiKey         string
	apiKeyHeader   string
	latest         bool
	updatedSince   string
	includeDeleted bool
	limit          int
	json           bool
	timeout        time.Duration
	rps            float64
	// cmd is the command the flags belong to, for config lookups.
	cmd *cobra.Command
	// cfg is the effective config (keys from env or the config file).
	cfg Config
}

func (f *registryFlags) register(cmd *cobra.Command) {
	f.cmd = cmd
	fl := cmd.Flags()
	fl.StringVar(&f.source, "source", registry.SourceOfficial, "registry to read: official, file://PATH, pulsemcp, smithery, glama or docker")
	fl.StringVar(&f.url, "url", "", "base URL of the source (official: the registry root, e.g. "+registry.OfficialStagingURL+" or https://api.pulsemcp.com; docker: a catalog URL or path)")
	fl.StringVar(&f.apiKey, "api-key", "", "API key (default from $"+envSmitheryKey+", $"+envGlamaKey+" or $"+envPulseMCPKey+" by source); never logged")
	fl.StringVar(&f.apiKeyHeader, "api-key-header", "", `header for the API key (default: X-API-Key for official-API registries, "Authorization: Bearer" for smithery and glama)`)
	fl.BoolVar(&f.latest, "latest", false, "only latest versions (official: version=latest on the server; every source: our own latest decision)")
	fl.StringVar(&f.updatedSince, "updated-since", "", "only entries updated strictly after this time (RFC 3339); includes deleted entries on the official API")
	fl.BoolVar(&f.includeDeleted, "include-deleted", false, "keep deleted entries (tombstones) instead of dropping them")
	fl.IntVar(&f.limit, "limit", 0, "stop after N entries (0 = all)")
	fl.BoolVar(&f.json, "json", false, "machine-readable output on stdout")
	fl.DurationVar(&f.timeout, "timeout", 30*time.Minute, "deadline for the whole pull")
	fl.Float64Var(&f.rps, "rate", 2, "client-side request rate limit (requests per second)")
}

// keyFor picks the API key: the flag, else the source's key from the
// environment ($MCPGAUGE_<SOURCE>_API_KEY) or the config file
// (<source>_api_key); for the official client, PulseMCP's when --url
// points there.
func (f *registryFlags) keyFor() string {
	if f.apiKey != "" {
		return f.apiKey
	}
	switch f.source {
	case registry.SourceSmithery:
		return f.cfg.SmitheryAPIKey
	case registry.SourceGlama:
		return f.cfg.GlamaAPIKey
	case registry.SourcePulseMCP:
		return f.cfg.PulseMCPAPIKey
	case registry.SourceOfficial:
		if u, err := url.Parse(f.url); err == nil && strings.Contains(strings.ToLower(u.Host), "pulsemcp") {
			return f.cfg.PulseMCPAPIKey
		}
	}
	return ""
}

// build validates the flags and returns the source and query.
func (f *registryFlags) build() (registry.Source, registry.Query, error) {
	var q registry.Query
	if f.cmd != nil {
		cfg, _, err := loadConfig(f.cmd, "")
		if err != nil {
			return nil, q, err
		}
		f.cfg = cfg
	}
	if f.limit < 0 {
		return nil, q, usageErr(fmt.Errorf("--limit must be 0 or more, got %d", f.limit))
	}
	if f.rps <= 0 {
		return nil, q, usageErr(fmt.Errorf("--rate must be positive, got %v", f.rps))
	}
	if f.timeout <= 0 {
		return nil, q, usageErr(fmt.Errorf("--timeout must be positive, got %v", f.timeout))
	}
	if f.updatedSince != "" {
		t, err := registry.ParseTime(f.updatedSince)
		if err != nil {
			return nil, q, usageErr(fmt.Errorf("--updated-since: %w", err))
		}
		q.UpdatedSince = t
	}
	if f.url != "" && !strings.HasPrefix(f.source, registry.SourceFilePrefix) {
		if u, err := url.Parse(f.url); err != nil || (u.Scheme != "http" && u.Scheme != "https" && f.source != registry.SourceDocker) {
			return nil, q, usageErr(fmt.Errorf("--url %q: want an http(s) URL", f.url))
		}
	}
	key := f.keyFor()
	if f.source == registry.SourceSmithery && key == "" {
		return nil, q, usageErr(fmt.Errorf("smithery needs an API key: set $%s or --api-key", envSmitheryKey))
	}
	src, err := registry.NewSource(f.source, registry.Config{
		URL: f.url, APIKey: key, APIKeyHeader: f.apiKeyHeader,
		RequestsPerSecond: f.rps, UserAgent: registry.DefaultUserAgent + " mcpgauge/" + version,
	})
	if err != nil {
		return nil, q, usageErr(err)
	}
	q.Latest = f.latest
	q.IncludeDeleted = f.includeDeleted
	q.Limit = f.limit
	return src, q, nil
}

// pullResult is what a pull read, normalised.
type pullResult struct {
	source  string
	entries []registry.Server
	report  registry.NormaliseReport
	pages   int
	err     error // the source's error, after which entries are partial
}

// pullAndNormalise reads the source, showing progress on a terminal, and
// normalises what it read (even when the pull failed part-way).
func (f *registryFlags) pullAndNormalise(ctx context.Context, stderr io.Writer) (pullResult, error) {
	src, q, err := f.build()
	if err != nil {
		return pullResult{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, f.timeout)
	defer cancel()
	res := pullResult{source: src.Name()}
	tty := isTerminal(stderr)
	q.Progress = func(p registry.Progress) {
		res.pages = p.Page
		if tty {
			total := ""
			if p.Total >= 0 {
				total = fmt.Sprintf(" of %d", p.Total)
			}
			fmt.Fprintf(stderr, "\r%s: page %d, %d entries%s ", p.Source, p.Page, p.Entries, total)
		}
	}
	var raw []registry.Server
	res.err = src.Pull(ctx, q, func(s registry.Server) error {
		raw = append(raw, s)
		return nil
	})
	if tty && res.pages > 0 {
		fmt.Fprintln(stderr)
	}
	res.entries, res.report = registry.Normalise(raw, registry.NormaliseOptions{KeepDeleted: f.includeDeleted, LatestOnly: f.latest})
	return res, nil
}

// sourceErr maps a pull failure to an exit code: bad local input is a
// usage error, anything else (network, HTTP, malformed pages) exit 3.
func sourceErr(res pullResult) error {
	if res.err == nil {
		return nil
	}
	err := fmt.Errorf("%w (kept the %d entries read before the failure)", res.err, len(res.entries))
	if strings.HasPrefix(res.source, "file:") {
		return usageErr(err)
	}
	return connectErr(err)
}

func isTerminal(w io.Writer) bool {
	f, ok := termsafe.Raw(w).(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func newRegistryCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "registry",
		Short: "Read MCP registries: pull normalised entries, count them",
		Long: `Read the official MCP registry (or a compatible sub-registry), a local dump,
PulseMCP, Smithery, Glama or the Docker MCP catalog into one normalised entry
type, with a launch plan for each entry.`,
	}
	cmd.AddCommand(newRegistryPullCmd(), newRegistryStatsCmd())
	return cmd
}

func newRegistryPullCmd() *cobra.Command {
	var f registryFlags
	cmd := &cobra.Command{
		Use:   "pull",
		Short: "Pull a registry and print a summary, or one JSON line per normalised entry (--json)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			res, err := f.pullAndNormalise(cmd.Context(), cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if f.json {
				enc := json.NewEncoder(out)
				for _, s := range res.entries {
					line := struct {
						registry.Server
						Plan registry.Plan `json:"plan"`
					}{s, registry.PlanFor(s, registry.PlanOptions{})}
					if err := enc.Encode(line); err != nil {
						return err
					}
				}
			} else if err := writePullSummary(out, res); err != nil {
				return err
			}
			return sourceErr(res)
		},
	}
	f.register(cmd)
	return cmd
}

func writePullSummary(w io.Writer, res pullResult) error {
	targets := registry.Dedupe(res.entries)
	names := map[string]bool{}
	kinds := map[registry.Kind]int{}
	free := 0
	for _, s := range res.entries {
		names[s.Name] = true
	}
	for _, t := range targets {
		kinds[t.Plan.Kind]++
		if t.Plan.CredentialFree && t.Plan.Kind != registry.KindUnsupported {
			free++
		}
	}
	rep := res.report
	var b strings.Builder
	fmt.Fprintf(&b, "source:        %s (pages: %d)\n", res.source, res.pages)
	fmt.Fprintf(&b, "read:          %d entries\n", rep.In)
	fmt.Fprintf(&b, "kept:          %d entries, %d names (%d deleted dropped, %d deprecated flagged)\n", len(res.entries), len(names), rep.Deleted, rep.Deprecated)
	fmt.Fprintf(&b, "latest by:     semver %d, publish time %d, only version %d (registry isLatest differs on %d names)\n",
		rep.LatestBy[registry.LatestBySemver], rep.LatestBy[registry.LatestByPublishTime], rep.LatestBy[registry.LatestOnlyVersion], rep.RegistryDisagrees)
	fmt.Fprintf(&b, "scan targets:  %d after dedupe, %d credential-free\n", len(targets), free)
	var ks []string
	for k := range kinds {
		ks = append(ks, string(k))
	}
	sort.Strings(ks)
	for _, k := range ks {
		fmt.Fprintf(&b, "  %-12s %d\n", k, kinds[registry.Kind(k)])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func newRegistryStatsCmd() *cobra.Command {
	var f registryFlags
	cmd := &cobra.Command{
		Use:   "stats",
		Short: "Count entries by package type and transport, and how many are credential-free, for latest and all versions",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			res, err := f.pullAndNormalise(cmd.Context(), cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			rep := registry.ComputeStatsReport(res.entries)
			out := cmd.OutOrStdout()
			if f.json {
				if err := json.NewEncoder(out).Encode(rep); err != nil {
					return err
				}
			} else {
				fmt.Fprintf(out, "source: %s\n", res.source)
				if err := rep.WriteText(out); err != nil {
					return err
				}
			}
			if res.err != nil {
				return sourceErr(res)
			}
			return nil
		},
	}
	f.register(cmd)
	return cmd
}
