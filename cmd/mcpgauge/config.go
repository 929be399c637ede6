package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/mcpgauge/mcpgauge/config"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
)

// The settings types live in package config; these names keep the
// commands short.
type (
	Config        = config.Config
	RemoteConfig  = config.RemoteConfig
	InstallConfig = config.InstallConfig
)

func defaultConfig() Config { return config.Default() }

// lintConfig is Config.LintRules.
func lintConfig(cfg Config) (lint.Config, lint.Severity) { return cfg.LintRules() }

// configNames are the files discovery looks for, in order, at each level.
// mcp-toolgauge.toml is read too, so a toolgauge user's [lint] table carries over.
var configNames = [...]string{"mcpgauge.yaml", "mcpgauge.yml", "mcpgauge.toml", "mcp-toolgauge.toml"}

const discoveryLevels = 40

// findConfig walks up from start looking for a config file.
func findConfig(start string) string {
	dir, err := filepath.Abs(start)
	if err != nil {
		return ""
	}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		dir = filepath.Dir(dir)
	}
	for i := 0; i < discoveryLevels; i++ {
		for _, n := range configNames {
			p := filepath.Join(dir, n)
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				return p
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return ""
}

// flagBinding ties a command-line flag to a config key.
type flagBinding struct{ flag, key string }

// serviceBindings bind the service flags a command has (absent flags are
// skipped) to their config keys (config.ServiceKeys), with the data
// directory.
func serviceBindings() []flagBinding {
	return []flagBinding{{"data-dir", "data_dir"}, {"nats", "nats"}, {"store", "store"}, {"listen", "listen"},
		{"slots", "slots"}, {"workers", "workers"}, {"schedule", "schedule"}, {"worker-id", "worker_id"}}
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
		msg := fmt.Sprintf("warning: %s is not a setting mcpgauge reads", u.Name)
		if u.Nearest != "" {
			msg += "; did you mean " + u.Nearest + "?"
		}
		fmt.Fprintln(cmd.ErrOrStderr(), msg)
	}
}

// loadConfig builds the effective Config for cmd. target is the command's
// TARGET argument ("" when none), used for config discovery; bindings map
// the command's flags onto config keys. Errors are usage errors (exit 2)
// naming the file and the key.
func loadConfig(cmd *cobra.Command, target string, bindings ...flagBinding) (Config, string, error) {
	v := viper.New()
	def := defaultConfig()
	for key, val := range config.Flatten(def) {
		v.SetDefault(key, val)
	}
	v.SetEnvPrefix("MCPGAUGE")
	v.SetEnvKeyReplacer(strings.NewReplacer(".", "_", "-", "_"))
	for _, key := range config.Keys() {
		_ = v.BindEnv(key)
	}
	for _, b := range bindings {
		if f := cmd.Flags().Lookup(b.flag); f != nil {
			if err := v.BindPFlag(b.key, f); err != nil {
				return Config{}, "", usageErr(fmt.Errorf("bind --%s: %w", b.flag, err))
			}
		}
	}
	warnUnknownEnv(cmd, os.Environ())
	path, explicit, err := configPath(cmd, target)
	if err != nil {
		return Config{}, "", err
	}
	if path != "" {
		if err := readConfigFile(v, path, explicit); err != nil {
			return Config{}, path, usageErr(err)
		}
	}
	cfg, err := config.Decode(v)
	if err != nil {
		return Config{}, path, usageErr(fmt.Errorf("config %s: %w", describe(path), err))
	}
	if err := config.Validate(&cfg); err != nil {
		// A bad value typed as a flag is named by that flag.
		var ke *config.KeyError
		if errors.As(err, &ke) {
			for _, b := range bindings {
				if f := cmd.Flags().Lookup(b.flag); f != nil && f.Changed && b.key == ke.Key {
					return Config{}, path, usageErr(fmt.Errorf("--%s: %w", b.flag, ke.Err))
				}
			}
		}
		return Config{}, path, usageErr(fmt.Errorf("config %s: %w", describe(path), err))
	}
	return cfg, path, nil
}

func describe(path string) string {
	if path == "" {
		return "(flags and environment)"
	}
	return path
}

// configPath picks the config file: --config always wins (and must exist;
// explicit is then true), --no-config disables discovery, else discovery
// from the target's directory (the working directory for URLs and
// commands).
func configPath(cmd *cobra.Command, target string) (path string, explicit bool, err error) {
	named, _ := cmd.Flags().GetString("config")
	if named != "" {
		if _, err := os.Stat(named); err != nil {
			return "", false, usageErr(fmt.Errorf("--config %s: %w", named, err))
		}
		return named, true, nil
	}
	if off, _ := cmd.Flags().GetBool("no-config"); off {
		return "", false, nil
	}
	start := "."
	if target != "" && !strings.Contains(target, "://") {
		if _, err := os.Stat(target); err == nil {
			start = target
		}
	}
	return findConfig(start), false, nil
}

// MaxConfigSize bounds a config file (config.MaxSize).
const MaxConfigSize = config.MaxSize

// readConfigFile reads path into v: bounded in size and, unless explicit,
// restricted to the keys a discovered file may set (config.Parse). Errors
// name the file and the key.
func readConfigFile(v *viper.Viper, path string, explicit bool) error {
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("config %s: %w", path, err)
	}
	if fi.Size() > MaxConfigSize {
		return fmt.Errorf("config %s: %d bytes is over the %d KiB limit of a config file", path, fi.Size(), MaxConfigSize>>10)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("config %s: %w", path, err)
	}
	settings, err := config.Parse(data, config.Format(path), !explicit)
	var dk *config.DiscoveredKeysError
	switch {
	case errors.As(err, &dk):
		return fmt.Errorf("config %s %w", path, err)
	case err != nil:
		return fmt.Errorf("config %s: %w", path, err)
	}
	v.SetConfigType(config.Format(path))
	return v.MergeConfigMap(settings)
}

// registerRemoteFlags adds --allow-remote-cidr (config remote.allow_cidrs)
// to a command that scans registry entries.
func registerRemoteFlags(cmd *cobra.Command) {
	cmd.Flags().StringSlice("allow-remote-cidr", nil,
		"let registry endpoints reach this address range too (CIDR or address; repeatable); loopback, private, link-local and this host's addresses are refused by default")
}
