package config

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/viper"
)

// load runs a file's bytes through the whole pipeline the command uses:
// Parse, merge over the defaults, Decode, Validate.
func load(data []byte, format string, discovered bool) (Config, error) {
	settings, err := Parse(data, format, discovered)
	if err != nil {
		return Config{}, err
	}
	v := viper.New()
	for k, val := range Flatten(Default()) {
		v.SetDefault(k, val)
	}
	v.SetConfigType(format)
	if err := v.MergeConfigMap(settings); err != nil {
		return Config{}, err
	}
	cfg, err := Decode(v)
	if err != nil {
		return Config{}, err
	}
	return cfg, Validate(&cfg)
}

// TestTestdataFilesLoad: the example files (the fuzz seeds) are valid, the
// discovered ones keep to the keys a discovered file may set, and the
// values arrive.
func TestTestdataFilesLoad(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		file       string
		discovered bool
		check      func(Config) bool
	}{
		{"mcpgauge.yaml", true, func(c Config) bool {
			return c.Timeout.Seconds() == 20 && c.Lint.Rules["MCP025"] == "off" && c.Check.CallTools == "readonly"
		}},
		{"mcpgauge.toml", true, func(c Config) bool { return c.Lint.FailOn == "warning" && c.Lint.Rules["MCP041"] == "error" }},
		{"mcp-toolgauge.toml", true, func(c Config) bool { return c.Lint.Profile == "toolgauge" }},
		{"operator.yaml", false, func(c Config) bool {
			return c.Eval.Prices["openrouter/some/model"].Output == 0.4 && len(c.Install.OCIRegistries) == 3 && c.Remote.AllowCIDRs[0] == "10.20.0.0/16"
		}},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		if c.file == "mcpgauge.yaml" {
			// check.call_tools is not a discovered key: this one is read as named.
			c.discovered = false
		}
		cfg, err := load(data, Format(c.file), c.discovered)
		if err != nil {
			t.Errorf("%s: %v", c.file, err)
			continue
		}
		if !c.check(cfg) {
			t.Errorf("%s: values not read: %+v", c.file, cfg)
		}
	}
}

// TestParseRefuses: a file over the size cap, a discovered file that
// chooses endpoints or secrets, and bad numbers are errors naming the key.
func TestParseRefuses(t *testing.T) {
	t.Parallel()
	big := "lint:\n  rules:\n" + strings.Repeat("    MCP001: off\n", MaxSize/16+1)
	cases := []struct {
		name, body string
		discovered bool
		want       string
	}{
		{"over the cap", big, false, "limit of a config file"},
		{"discovered base_url", "eval:\n  base_url: http://127.0.0.1:1/\n", true, "eval.base_url"},
		{"discovered API key", "glama_api_key: k\n", true, "glama_api_key"},
		{"discovered registry", "install:\n  oci_registries: [evil.example]\n", true, "install.oci_registries"},
		{"unknown key", "timout: 3s\n", false, "timout"},
		{"NaN pace", "eval:\n  pace: .nan\n", false, "eval.pace"},
		{"negative concurrency", "eval:\n  concurrency: -1\n", false, "eval.concurrency"},
		{"infinite price", "eval:\n  prices:\n    m:\n      output: .inf\n", false, "eval.prices.m.output"},
		{"zero timeout", "timeout: 0s\n", false, "timeout"},
		{"IP image registry", "install:\n  oci_registries: [10.0.0.1:5000]\n", false, "install.oci_registries"},
	}
	for _, c := range cases {
		_, err := load([]byte(c.body), "yaml", c.discovered)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", c.name, err, c.want)
		}
	}
	var dk *DiscoveredKeysError
	if _, err := Parse([]byte("data_dir: /x\nlint:\n  fail_on: info\n"), "yaml", true); !errors.As(err, &dk) || len(dk.Keys) != 1 || dk.Keys[0] != "data_dir" {
		t.Errorf("discovered data_dir: %v, want a DiscoveredKeysError naming data_dir alone", err)
	}
}

// validInvariants are what Validate promises about a Config it accepts.
func validInvariants(c Config) string {
	switch {
	case c.Timeout <= 0:
		return "timeout not positive"
	case c.Scan.MinScore < 0 || c.Scan.MinScore > 100:
		return "min_score outside 0-100"
	case c.Eval.Concurrency < 1:
		return "eval.concurrency below 1"
	case c.Remote.HostConcurrency < 0:
		return "negative host_concurrency"
	}
	for _, f := range []float64{c.Eval.Pace, c.Eval.MaxCost, c.Remote.HostRate} {
		if math.IsNaN(f) || math.IsInf(f, 0) || f < 0 {
			return "a bad number passed"
		}
	}
	for _, p := range c.Eval.Prices {
		if math.IsNaN(p.Input) || math.IsNaN(p.Output) || p.Input < 0 || p.Output < 0 || math.IsInf(p.Input, 0) || math.IsInf(p.Output, 0) {
			return "a bad price passed"
		}
	}
	return ""
}
