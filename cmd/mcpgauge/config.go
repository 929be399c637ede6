package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/config"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
)

// Config is config.Config, short for the commands.
type Config = config.Config

// flagBinding ties a command-line flag to a config key.
type flagBinding struct{ flag, key string }

// serviceBindings bind the service flags a command has (absent flags are
// skipped) to their config keys (config.ServiceKeys), with the data
// directory.
func serviceBindings() []flagBinding {
	b := []flagBinding{{"data-dir", "data_dir"}, {"nats", "nats"}, {"store", "store"}, {"listen", "listen"},
		{"slots", "slots"}, {"workers", "workers"}, {"schedule", "schedule"}, {"worker-id", "worker_id"}}
	for _, f := range append(config.NATSAuthFlags(), config.StoreFileFlag()) {
		b = append(b, flagBinding{f.Name, f.Key})
	}
	return b
}

// registerFlags adds string flags bound to config keys (serviceBindings).
func registerFlags(cmd *cobra.Command, flags ...config.Flag) {
	for _, f := range flags {
		cmd.Flags().String(f.Name, "", f.Usage)
	}
}

// warnUnknownEnv warns, once per run, about each MCPGAUGE_* variable that
// names no setting, with the nearest valid one.
func warnUnknownEnv(cmd *cobra.Command, environ []string) {
	root := cmd.Root()
	if root.Annotations["mcpgauge.env-checked"] != "" {
		return
	}
	if root.Annotations == nil {
		root.Annotations = map[string]string{}
	}
	root.Annotations["mcpgauge.env-checked"] = "yes"
	for _, u := range config.UnknownEnvs(environ) {
		fmt.Fprintln(cmd.ErrOrStderr(), u.Warning())
	}
}

// loadConfig builds the effective Config for cmd. target is the command's
// TARGET argument ("" when none), used for config discovery; bindings map
// the command's flags onto config keys. Errors are usage errors (exit 2)
// naming the file and the key.
func loadConfig(cmd *cobra.Command, target string, bindings ...flagBinding) (Config, string, error) {
	v := config.NewViper()
	for _, b := range bindings {
		if f := cmd.Flags().Lookup(b.flag); f != nil {
			if err := v.BindPFlag(b.key, f); err != nil {
				return Config{}, "", errkind.AsUsage(fmt.Errorf("bind --%s: %w", b.flag, err))
			}
		}
	}
	warnUnknownEnv(cmd, os.Environ())
	named, _ := cmd.Flags().GetString("config")
	off, _ := cmd.Flags().GetBool("no-config")
	path, explicit, err := config.Locate(named, off, target)
	if err != nil {
		return Config{}, "", errkind.AsUsage(err)
	}
	if path != "" {
		if err := config.MergeFile(v, path, explicit); err != nil {
			return Config{}, path, errkind.AsUsage(err)
		}
	}
	cfg, err := config.Decode(v)
	if err != nil {
		return Config{}, path, errkind.AsUsage(fmt.Errorf("config %s: %w", config.Describe(path), err))
	}
	if err := config.Validate(&cfg); err != nil {
		// A bad value typed as a flag is named by that flag.
		var ke *config.KeyError
		if errors.As(err, &ke) {
			for _, b := range bindings {
				if f := cmd.Flags().Lookup(b.flag); f != nil && f.Changed && b.key == ke.Key {
					return Config{}, path, errkind.AsUsage(fmt.Errorf("--%s: %w", b.flag, ke.Err))
				}
			}
		}
		return Config{}, path, errkind.AsUsage(fmt.Errorf("config %s: %w", config.Describe(path), err))
	}
	return cfg, path, nil
}

// registerRemoteFlags adds --allow-remote-cidr (config remote.allow_cidrs)
// to a command that scans registry entries.
func registerRemoteFlags(cmd *cobra.Command) {
	cmd.Flags().StringSlice("allow-remote-cidr", nil,
		"let registry endpoints reach this address range too (CIDR or address; repeatable); loopback, private, link-local and this host's addresses are refused by default")
}
