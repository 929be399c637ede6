package main

import (
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/internal/termsafe"
	regtext "github.com/mcpgauge/mcpgauge/registry/text"
	"github.com/mcpgauge/mcpgauge/system"
)

// registryKeys are the registries' API keys of the effective config.
func registryKeys(cfg Config) system.RegistryKeys {
	return system.RegistryKeys{Smithery: cfg.SmitheryAPIKey, Glama: cfg.GlamaAPIKey, PulseMCP: cfg.PulseMCPAPIKey}
}

func newRegistryCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "registry",
		Short: "Read MCP registries: pull normalised entries, count them",
		Long: `Read the official MCP registry (or a compatible sub-registry), a local dump,
PulseMCP, Smithery, Glama or the Docker MCP catalog into one normalised entry
type, with a launch plan for each entry.`,
	}
	cmd.AddCommand(
		newRegistryReadCmd("pull", "Pull a registry and print a summary, or one JSON line per normalised entry (--json)", regtext.Pull),
		newRegistryReadCmd("stats", "Count entries by package type and transport, and how many are credential-free, for latest and all versions", regtext.Stats))
	return cmd
}

// newRegistryReadCmd is pull or stats: the source flags, one read, one
// renderer; a failed pull prints what it read before it fails.
func newRegistryReadCmd(use, short string, render func(io.Writer, system.Pulled, bool) error) *cobra.Command {
	var o system.PullOptions
	var asJSON bool
	cmd := &cobra.Command{
		Use:   use,
		Short: short,
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, _, err := loadConfig(cmd, "")
			if err != nil {
				return err
			}
			o.Keys, o.Version, o.Stderr = registryKeys(cfg), version, cmd.ErrOrStderr()
			o.Terminal = termsafe.IsTerminal(o.Stderr)
			res, err := system.PullRegistry(cmd.Context(), o)
			if err != nil {
				return err
			}
			if err := render(cmd.OutOrStdout(), res, asJSON); err != nil {
				return err
			}
			return res.Err
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&o.Source, "source", system.DefaultRegistry, "registry to read: official, file://PATH, pulsemcp, smithery, glama or docker")
	fl.StringVar(&o.URL, "url", "", "base URL of the source (official: the registry root, e.g. "+system.OfficialStagingURL+" or https://api.pulsemcp.com; docker: a catalog URL or path)")
	fl.StringVar(&o.APIKey, "api-key", "", "API key (default from $"+system.EnvSmitheryKey+", $"+system.EnvGlamaKey+" or $"+system.EnvPulseMCPKey+" by source); never logged")
	fl.StringVar(&o.APIKeyHeader, "api-key-header", "", `header for the API key (default: X-API-Key for official-API registries, "Authorization: Bearer" for smithery and glama)`)
	fl.BoolVar(&o.Latest, "latest", false, "only latest versions (official: version=latest on the server; every source: our own latest decision)")
	fl.StringVar(&o.UpdatedSince, "updated-since", "", "only entries updated strictly after this time (RFC 3339); includes deleted entries on the official API")
	fl.BoolVar(&o.IncludeDeleted, "include-deleted", false, "keep deleted entries (tombstones) instead of dropping them")
	fl.IntVar(&o.Limit, "limit", 0, "stop after N entries (0 = all)")
	fl.BoolVar(&asJSON, "json", false, "machine-readable output on stdout")
	fl.DurationVar(&o.Timeout, "timeout", 30*time.Minute, "deadline for the whole pull")
	fl.Float64Var(&o.Rate, "rate", 2, "client-side request rate limit (requests per second)")
	return cmd
}
