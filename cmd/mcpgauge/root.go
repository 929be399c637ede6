package main

import (
	"github.com/spf13/cobra"
)

// version is the scanner version, stamped at build time with
// -ldflags "-X main.version=...".
var version = "0.1.0-dev"

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "mcpgauge",
		Short:         "Scan MCP servers: lint, compliance, security, tool selection; one server or whole registries",
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate(versionText())
	root.PersistentFlags().String("config", "", "config file (mcpgauge.yaml or .toml); default: discovered from the target directory upward")
	root.PersistentFlags().Bool("no-config", false, "ignore config files on disk")
	root.AddCommand(newVersionCmd())
	for _, add := range commandConstructors() {
		root.AddCommand(add())
	}
	return root
}
