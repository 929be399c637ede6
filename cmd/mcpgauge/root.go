package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mcpgauge/mcpgauge/internal/suggest"
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
	root.SetVersionTemplate(versions().String())
	root.PersistentFlags().String("config", "", "config file (mcpgauge.yaml or .toml); default: discovered from the target directory upward")
	root.PersistentFlags().Bool("no-config", false, "ignore config files on disk")
	root.SetFlagErrorFunc(flagError)
	root.AddCommand(newVersionCmd())
	for _, add := range commandConstructors() {
		root.AddCommand(add())
	}
	return root
}

// flagError adds the nearest valid flag to an unknown-flag error.
func flagError(cmd *cobra.Command, err error) error {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok {
		return err
	}
	var names []string
	cmd.Flags().VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
	cmd.InheritedFlags().VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
	if near, ok := suggest.Nearest(name, names); ok {
		return fmt.Errorf("%w (did you mean --%s?)", err, near)
	}
	return err
}
