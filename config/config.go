// Package config is mcpgauge's settings: the Config a config file,
// MCPGAUGE_* variables and flags fill, the parser of config files (bounded
// in size, and restricted to harmless keys when the file was found beside
// a scanned target), and validation. The command binds flags and
// environment on top (cmd/mcpgauge); see docs/config.md.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/go-viper/mapstructure/v2"
	"github.com/spf13/viper"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/internal/netguard"
	"github.com/mcpgauge/mcpgauge/internal/suggest"
	"github.com/mcpgauge/mcpgauge/registry"
)

// Config is every setting a config file may hold. Keys are snake_case.
// Precedence: command-line flags, then MCPGAUGE_* environment variables
// (dots and dashes become underscores: MCPGAUGE_LINT_FAIL_ON), then the
// config file, then these defaults. See docs/config.md.
type Config struct {
	// Timeout is the deadline for each call to the server.
	Timeout time.Duration `mapstructure:"timeout"`
	Lint    LintConfig    `mapstructure:"lint"`
	Check   CheckConfig   `mapstructure:"check"`
	Scan    ScanConfig    `mapstructure:"scan"`
	Eval    EvalConfig    `mapstructure:"eval"`
	Remote  RemoteConfig  `mapstructure:"remote"`
	Install InstallConfig `mapstructure:"install"`
	// DataDir holds caches, the embedded NATS store and the SQLite store.
	DataDir string `mapstructure:"data_dir"`
	// API keys of the registries that need one (env MCPGAUGE_SMITHERY_API_KEY, ...).
	// They are never printed.
	SmitheryAPIKey string `mapstructure:"smithery_api_key"`
	GlamaAPIKey    string `mapstructure:"glama_api_key"`
	PulseMCPAPIKey string `mapstructure:"pulsemcp_api_key"`
	// Service settings of sweep, coordinator, worker and serve (flags
	// --nats, --store, --listen, --slots, --workers, --schedule,
	// --worker-id; env MCPGAUGE_NATS, ...). Unset, each takes its
	// command's flag default (see ServiceKeys).
	NATS     string `mapstructure:"nats"`
	Store    string `mapstructure:"store"`
	Listen   string `mapstructure:"listen"`
	Slots    int    `mapstructure:"slots"`
	Workers  int    `mapstructure:"workers"`
	Schedule string `mapstructure:"schedule"`
	WorkerID string `mapstructure:"worker_id"`
	// StoreFile names a file holding the store URL (flag --store-file, env
	// MCPGAUGE_STORE_FILE), so a URL with a password need not appear on a
	// command line; Decode reads it into Store.
	StoreFile string `mapstructure:"store_file"`
	// NATS credentials and TLS (flags --nats-creds, --nats-nkey,
	// --nats-user, --nats-password-file, --nats-token-file, --nats-tls-*;
	// env MCPGAUGE_NATS_CREDS, ...). Secrets are named by file, never given
	// as values. See docs/deploy.md.
	NATSCreds         string `mapstructure:"nats_creds"`
	NATSNKey          string `mapstructure:"nats_nkey"`
	NATSUser          string `mapstructure:"nats_user"`
	NATSPasswordFile  string `mapstructure:"nats_password_file"`
	NATSTokenFile     string `mapstructure:"nats_token_file"`
	NATSTLSCA         string `mapstructure:"nats_tls_ca"`
	NATSTLSCert       string `mapstructure:"nats_tls_cert"`
	NATSTLSKey        string `mapstructure:"nats_tls_key"`
	NATSTLSServerName string `mapstructure:"nats_tls_server_name"`
}

// ServiceKeys are the keys whose default is the flag default of the
// command that binds them (listen is :9090 for the coordinator, :9091 for
// a worker): Flatten leaves them out.
var ServiceKeys = []string{"nats", "store", "listen", "slots", "workers", "schedule", "worker_id", "store_file",
	"nats_creds", "nats_nkey", "nats_user", "nats_password_file", "nats_token_file",
	"nats_tls_ca", "nats_tls_cert", "nats_tls_key", "nats_tls_server_name"}

// LintConfig selects rule severities and the failure floor.
type LintConfig struct {
	// FailOn is the lowest severity that makes lint exit 1 (error|warning|info|off).
	FailOn string `mapstructure:"fail_on"`
	// Profile is the rule profile: mcpgauge (default) or toolgauge.
	Profile string `mapstructure:"profile"`
	// Rules maps a rule ID to error|warning|info|off; off means the rule does not run.
	Rules map[string]string `mapstructure:"rules"`
}

// CheckConfig configures the live compliance tests.
type CheckConfig struct {
	// CallTools is none|readonly|all: which real tools the tests may invoke.
	CallTools string `mapstructure:"call_tools"`
	// Compliance is default|deep: the compliance session plan (deep offers
	// every protocol revision in a session of its own).
	Compliance string `mapstructure:"compliance"`
	// Skip and Only filter tests by ID.
	Skip []string `mapstructure:"skip"`
	Only []string `mapstructure:"only"`
}

// ScanConfig configures `mcpgauge scan`.
type ScanConfig struct {
	// MinScore is the pass mark for the mcpgauge score (0 = no gate).
	MinScore int `mapstructure:"min_score"`
	// Sandbox is none or bwrap.
	Sandbox string `mapstructure:"sandbox"`
}

// RemoteConfig governs the remote endpoints registry entries list (worker,
// sweep, scan --entry/--registry); a URL given to scan directly is not
// subject to it.
type RemoteConfig struct {
	// AllowCIDRs are ranges (or single addresses) a registry endpoint may
	// reach beyond public addresses (loopback, private and link-local
	// addresses are refused by default).
	AllowCIDRs []string `mapstructure:"allow_cidrs"`
	// HostConcurrency caps the scans of one remote host at once (0: 2).
	HostConcurrency int `mapstructure:"host_concurrency"`
	// HostRate caps the requests per second to one remote host (0: 5).
	HostRate float64 `mapstructure:"host_rate"`
}

// InstallConfig says which package registries the installers may use.
type InstallConfig struct {
	// NPMRegistries are the npm registries entries may name (default: the
	// public npm registry only). The first is used for entries that name
	// none.
	NPMRegistries []string `mapstructure:"npm_registries"`
	// PyPIIndexes are the package indexes PyPI entries may name (default:
	// https://pypi.org only). The first is used for entries that name none.
	PyPIIndexes []string `mapstructure:"pypi_indexes"`
	// OCIRegistries are the image registries OCI entries may pull from
	// (hosts; "*.domain" for its subdomains; default: the ones the
	// official registry accepts, registry.DefaultOCIRegistries).
	OCIRegistries []string `mapstructure:"oci_registries"`
	// MaxMB caps what one npm or PyPI install may write (0: 500 MB; a
	// negative value: no cap), MaxFiles its files (0: 100,000), and
	// CacheMaxMB the shared package cache, kept by evicting the least
	// recently used packages no scan is using (0: 20,480 MB).
	MaxMB      int64 `mapstructure:"max_mb"`
	MaxFiles   int64 `mapstructure:"max_files"`
	CacheMaxMB int64 `mapstructure:"cache_max_mb"`
}

// EvalConfig configures the model used by eval.
type EvalConfig struct {
	Model       string  `mapstructure:"model"`
	BaseURL     string  `mapstructure:"base_url"`
	Pace        float64 `mapstructure:"pace"`
	Concurrency int     `mapstructure:"concurrency"`
	MaxCost     float64 `mapstructure:"max_cost"`
	// Prices maps a model string to USD per million input/output tokens.
	Prices map[string]Price `mapstructure:"prices"`
}

// Price is a model's token price in USD per million tokens.
type Price struct {
	Input  float64 `mapstructure:"input"`
	Output float64 `mapstructure:"output"`
}

// Default is the Config before any file, variable or flag.
func Default() Config {
	return Config{
		Timeout: 30 * time.Second,
		Lint:    LintConfig{FailOn: "error", Profile: string(lint.ProfileMcpgauge)},
		Check:   CheckConfig{CallTools: "none", Compliance: "default"},
		Scan:    ScanConfig{Sandbox: "none"},
		Eval:    EvalConfig{Model: "openrouter/nvidia/nemotron-3.5-lightning:free", Concurrency: 4},
		DataDir: defaultDataDir(),
	}
}

func defaultDataDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "mcpgauge")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "mcpgauge")
	}
	return ".mcpgauge"
}

// MaxSize bounds a config file: real ones are a few hundred bytes, and a
// huge one (hundreds of thousands of keys) would make the config library's
// memory grow without bound.
const MaxSize = 256 << 10

// discoveredKeys are the only keys a discovered config file (one found
// beside the target or in a parent directory, not named by --config) may
// set: rules, severities, test selection, the pass mark and the call
// timeout. A scanned repository is untrusted, so its file may never choose
// endpoints, model or API keys, sandboxes, tool calls, address ranges,
// package registries, cost limits or the data directory.
var discoveredKeys = [...]string{"timeout", "lint.", "check.skip", "check.only", "scan.min_score"}

// DiscoveredKeyAllowed reports whether a discovered file may set key (a
// dotted, lower-case key as the parser reports it).
func DiscoveredKeyAllowed(key string) bool {
	for _, k := range discoveredKeys {
		if key == k || (strings.HasSuffix(k, ".") && strings.HasPrefix(key, k)) {
			return true
		}
	}
	return false
}

// Format is the file format of path: toml for *.toml, else yaml.
func Format(path string) string {
	if strings.HasSuffix(path, ".toml") {
		return "toml"
	}
	return "yaml"
}

// Parse reads one config file's bytes (format yaml or toml) into its
// settings, a nested map keyed like Config's mapstructure tags. It refuses
// a file over MaxSize and, when discovered is true (the file was found
// beside the target, not named by the operator), any key a scanned
// repository may not choose. Errors are in our words; the caller adds the
// file name. Parse checks no values: decode the settings with Decode.
func Parse(data []byte, format string, discovered bool) (map[string]any, error) {
	if len(data) > MaxSize {
		return nil, fmt.Errorf("%d bytes is over the %d KiB limit of a config file", len(data), MaxSize>>10)
	}
	fv := viper.New()
	fv.SetConfigType(format)
	if err := fv.ReadConfig(bytes.NewReader(data)); err != nil {
		return nil, err
	}
	if discovered {
		var refused []string
		for _, k := range fv.AllKeys() {
			if !DiscoveredKeyAllowed(k) {
				refused = append(refused, k)
			}
		}
		if len(refused) > 0 {
			sort.Strings(refused)
			return nil, &DiscoveredKeysError{Keys: refused}
		}
	}
	return fv.AllSettings(), nil
}

// DiscoveredKeysError is a discovered config file that sets keys only an
// operator may set.
type DiscoveredKeysError struct {
	// Keys are the refused keys, sorted.
	Keys []string
}

func (e *DiscoveredKeysError) Error() string {
	return fmt.Sprintf("was found beside the target, so it may set only rules, severities, test selection, scan.min_score and timeout; it sets %s, which a scanned repository may not choose (name the file with --config to trust it)",
		strings.Join(e.Keys, ", "))
}

// Decode turns v's merged settings (defaults, file, environment, flags)
// into a Config: unknown keys are an error naming them, durations and
// comma-separated lists are read from strings, and store_file is read into
// store (loadStoreFile). It does not Validate.
func Decode(v *viper.Viper) (Config, error) {
	if err := unknownKeys(v.AllKeys()); err != nil {
		return Config{}, err
	}
	var cfg Config
	decode := func(dc *mapstructure.DecoderConfig) {
		dc.ErrorUnused = true
		dc.DecodeHook = mapstructure.ComposeDecodeHookFunc(
			mapstructure.StringToTimeDurationHookFunc(), mapstructure.StringToSliceHookFunc(","))
	}
	if err := v.Unmarshal(&cfg, decode); err != nil {
		return Config{}, cleanDecodeErr(err)
	}
	if err := cfg.loadStoreFile(); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// mapKeys are the keys whose children are free names (rule IDs, models).
var mapKeys = []string{"lint.rules.", "eval.prices."}

// unknownKeys names the keys Config does not have, each with the nearest
// valid key when one is close enough to be a typo.
func unknownKeys(keys []string) error {
	known := Keys()
	var bad []string
	for _, k := range keys {
		if slices.Contains(known, k) || slices.ContainsFunc(mapKeys, func(p string) bool { return strings.HasPrefix(k, p) }) {
			continue
		}
		if near, ok := suggest.Nearest(k, known); ok {
			bad = append(bad, fmt.Sprintf("%s (did you mean %s?)", k, near))
		} else {
			bad = append(bad, k)
		}
	}
	if len(bad) == 0 {
		return nil
	}
	sort.Strings(bad)
	return fmt.Errorf("unknown key %s; the keys are listed in docs/config.md", strings.Join(bad, ", "))
}

func cleanDecodeErr(err error) error {
	msg := err.Error()
	if strings.Contains(msg, "has invalid keys") {
		return fmt.Errorf("unknown key: %s (see docs/config.md for the keys)", strings.TrimPrefix(msg, "decoding failed due to the following error(s):\n\n"))
	}
	return err
}

// KeyError is a bad value of one key. The command that bound the key to
// a flag names the flag instead when the value came from it.
type KeyError struct {
	// Key is the dotted config key (lint.fail_on).
	Key string
	// Err says what is wrong with the value.
	Err error
}

func (e *KeyError) Error() string { return e.Key + ": " + e.Err.Error() }

func (e *KeyError) Unwrap() error { return e.Err }

// Validate checks enumerations and rule IDs, normalising rule IDs to
// upper case (viper lower-cases keys).
func Validate(cfg *Config) error {
	if _, err := lint.ParseSeverity(cfg.Lint.FailOn); err != nil {
		return &KeyError{Key: "lint.fail_on", Err: err}
	}
	if _, err := lint.ParseProfile(cfg.Lint.Profile); err != nil {
		return &KeyError{Key: "lint.profile", Err: err}
	}
	rules := map[string]string{}
	var bad []string
	for id, sev := range cfg.Lint.Rules {
		up := strings.ToUpper(id)
		if _, err := lint.ParseSeverity(sev); err != nil {
			bad = append(bad, fmt.Sprintf("lint.rules.%s: %v", up, err))
		}
		rules[up] = sev
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		return errors.New(strings.Join(bad, "; "))
	}
	cfg.Lint.Rules = rules
	lc, _ := cfg.LintRules()
	if err := lc.Validate(); err != nil {
		return fmt.Errorf("lint.rules: %w", err)
	}
	switch cfg.Check.CallTools {
	case "none", "readonly", "all":
	default:
		return &KeyError{Key: "check.call_tools", Err: fmt.Errorf("%q is not one of none, readonly, all", cfg.Check.CallTools)}
	}
	switch cfg.Check.Compliance {
	case "default", "deep":
	default:
		return fmt.Errorf("check.compliance: %q is not one of default, deep", cfg.Check.Compliance)
	}
	switch cfg.Scan.Sandbox {
	case "none", "bwrap":
	default:
		return &KeyError{Key: "scan.sandbox", Err: fmt.Errorf("%q is not one of none, bwrap", cfg.Scan.Sandbox)}
	}
	if cfg.Timeout <= 0 {
		return &KeyError{Key: "timeout", Err: fmt.Errorf("must be positive, got %s", cfg.Timeout)}
	}
	if cfg.Scan.MinScore < 0 || cfg.Scan.MinScore > 100 {
		return &KeyError{Key: "scan.min_score", Err: fmt.Errorf("%d is outside 0-100", cfg.Scan.MinScore)}
	}
	return validateNumbers(cfg)
}

// validateNumbers rejects negative, NaN and infinite numbers and bad
// address ranges and registry URLs, naming the key.
func validateNumbers(cfg *Config) error {
	floats := []struct {
		key string
		v   float64
	}{{"eval.pace", cfg.Eval.Pace}, {"eval.max_cost", cfg.Eval.MaxCost}, {"remote.host_rate", cfg.Remote.HostRate}}
	for _, id := range sortedPriceKeys(cfg.Eval.Prices) {
		p := cfg.Eval.Prices[id]
		floats = append(floats, struct {
			key string
			v   float64
		}{"eval.prices." + id + ".input", p.Input}, struct {
			key string
			v   float64
		}{"eval.prices." + id + ".output", p.Output})
	}
	for _, f := range floats {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) || f.v < 0 {
			return fmt.Errorf("%s%s: must be a finite number >= 0, got %v", f.key, numericFlags[f.key], f.v)
		}
	}
	if cfg.Eval.Concurrency < 1 {
		return fmt.Errorf("eval.concurrency%s: must be at least 1, got %d", numericFlags["eval.concurrency"], cfg.Eval.Concurrency)
	}
	if cfg.Remote.HostConcurrency < 0 {
		return fmt.Errorf("remote.host_concurrency%s: must be >= 0 (0: the default), got %d", numericFlags["remote.host_concurrency"], cfg.Remote.HostConcurrency)
	}
	if _, err := netguard.ParsePrefixes(cfg.Remote.AllowCIDRs); err != nil {
		return fmt.Errorf("remote.allow_cidrs: %w", err)
	}
	for _, u := range cfg.Install.NPMRegistries {
		if _, err := registry.NormaliseRegistryURL(u); err != nil {
			return fmt.Errorf("install.npm_registries: %w", err)
		}
	}
	for _, u := range cfg.Install.PyPIIndexes {
		if _, err := registry.NormaliseRegistryURL(u); err != nil {
			return fmt.Errorf("install.pypi_indexes: %w", err)
		}
	}
	for _, h := range cfg.Install.OCIRegistries {
		if _, err := registry.NormaliseOCIRegistry(h); err != nil {
			return fmt.Errorf("install.oci_registries: %w", err)
		}
	}
	return nil
}

// numericFlags names the flag bound to a numeric key, for error messages.
var numericFlags = map[string]string{
	"eval.pace": " (--pace)", "eval.max_cost": " (--max-cost)", "eval.concurrency": " (--concurrency)",
	"remote.host_rate": " (--host-rate)", "remote.host_concurrency": " (--host-concurrency)",
}

func sortedPriceKeys(m map[string]Price) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// ComplianceModes returns the compliance session plan (check.compliance)
// and how tools are called (check.call_tools). Call it on a validated
// Config.
func (cfg Config) ComplianceModes() (compliance.Mode, compliance.CallMode) {
	m, _ := compliance.ParseMode(cfg.Check.Compliance)
	c, _ := compliance.ParseCallMode(cfg.Check.CallTools)
	return m, c
}

// LintRules turns the config's rule table into a lint.Config and the
// failure floor (lint.fail_on). Call it on a validated Config.
func (cfg Config) LintRules() (lint.Config, lint.Severity) {
	profile, _ := lint.ParseProfile(cfg.Lint.Profile)
	lc := lint.Config{Profile: profile, Rules: map[string]lint.Severity{}}
	for id, s := range cfg.Lint.Rules {
		sev, _ := lint.ParseSeverity(s)
		lc.Rules[id] = sev
	}
	floor, _ := lint.ParseSeverity(cfg.Lint.FailOn)
	return lc, floor
}

// Keys lists the dotted leaf keys of Config (timeout, lint.fail_on, ...).
func Keys() []string { return keysOf(reflect.TypeOf(Config{}), "") }

func keysOf(t reflect.Type, prefix string) []string {
	var keys []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("mapstructure")
		if tag == "" || tag == "-" {
			continue
		}
		key := tag
		if prefix != "" {
			key = prefix + "." + tag
		}
		if f.Type.Kind() == reflect.Struct && f.Type != reflect.TypeOf(time.Duration(0)) {
			keys = append(keys, keysOf(f.Type, key)...)
			continue
		}
		keys = append(keys, key)
	}
	return keys
}

// Flatten maps each leaf key of cfg to its value (maps and lists left
// out: as defaults they would hide a file's values; ServiceKeys too).
func Flatten(cfg Config) map[string]any {
	out := map[string]any{}
	var walk func(v reflect.Value, prefix string)
	walk = func(v reflect.Value, prefix string) {
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			tag := f.Tag.Get("mapstructure")
			key := tag
			if prefix != "" {
				key = prefix + "." + tag
			}
			fv := v.Field(i)
			if f.Type.Kind() == reflect.Struct && f.Type != reflect.TypeOf(time.Duration(0)) {
				walk(fv, key)
				continue
			}
			if f.Type.Kind() == reflect.Map || f.Type.Kind() == reflect.Slice {
				continue // maps and lists have no defaults; setting one would hide file values
			}
			if slices.Contains(ServiceKeys, key) {
				continue // the binding command's flag default applies
			}
			out[key] = fv.Interface()
		}
	}
	walk(reflect.ValueOf(cfg), "")
	return out
}

// EnvPrefix starts the environment variable of every key.
const EnvPrefix = "MCPGAUGE_"

// EnvName is the environment variable of key: MCPGAUGE_ and the key in
// upper case, dots and dashes as underscores.
func EnvName(key string) string {
	return EnvPrefix + strings.ToUpper(strings.NewReplacer(".", "_", "-", "_").Replace(key))
}

// otherEnv are MCPGAUGE_* variables that are ours but no settings: the
// deployment's (compose, the GitHub Action) and the tests' and
// benchmarks'; neither they nor names under otherEnvPrefixes are unknown.
var (
	otherEnv         = []string{"MCPGAUGE_BIN", "MCPGAUGE_CLICKHOUSE_PASSWORD", "MCPGAUGE_NATS_COORDINATOR_PASSWORD", "MCPGAUGE_NATS_WORKER_PASSWORD", "MCPGAUGE_FIXTURE_MARKER", "MCPGAUGE_RELIABILITY_OUT", "MCPGAUGE_CANARY"}
	otherEnvPrefixes = []string{"MCPGAUGE_TEST_", "MCPGAUGE_BENCH_", "MCPGAUGE_NONROOT_"}
)

// UnknownEnv is an MCPGAUGE_* variable that names no key, with the
// nearest valid variable ("" when none is near).
type UnknownEnv struct{ Name, Nearest string }

// UnknownEnvs lists, sorted, the MCPGAUGE_* variables of environ ("K=V"
// strings) that name no key: a misspelt one would otherwise be silently
// ignored.
func UnknownEnvs(environ []string) []UnknownEnv {
	valid := map[string]bool{}
	var names []string
	for _, k := range Keys() {
		n := strings.TrimPrefix(EnvName(k), EnvPrefix)
		valid[EnvPrefix+n] = true
		names = append(names, n)
	}
	for _, n := range otherEnv {
		valid[n] = true
	}
	var out []UnknownEnv
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(name, EnvPrefix) || valid[name] ||
			slices.ContainsFunc(otherEnvPrefixes, func(p string) bool { return strings.HasPrefix(name, p) }) {
			continue
		}
		u := UnknownEnv{Name: name}
		if near, ok := suggest.Nearest(strings.TrimPrefix(name, EnvPrefix), names); ok {
			u.Nearest = EnvPrefix + near
		}
		out = append(out, u)
	}
	slices.SortFunc(out, func(a, b UnknownEnv) int { return strings.Compare(a.Name, b.Name) })
	return out
}
