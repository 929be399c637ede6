package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/errkind"
)

func writeFile(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// loadFor parses args into a lint command and loads its config for target.
func loadFor(t *testing.T, target string, args ...string) (Config, error) {
	t.Helper()
	root := newRootCmd()
	cmd := newLintCmd()
	root.AddCommand(cmd)
	cmd.InheritedFlags()
	if err := cmd.ParseFlags(args); err != nil {
		t.Fatal(err)
	}
	cfg, _, err := loadConfig(cmd, target, flagBinding{"fail-on", "lint.fail_on"}, flagBinding{"timeout", "timeout"})
	return cfg, err
}

func TestConfigPrecedence(t *testing.T) {
	for _, k := range []string{"MCPGAUGE_LINT_FAIL_ON", "MCPGAUGE_TIMEOUT"} {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
	dir := t.TempDir()
	writeFile(t, dir, "mcpgauge.yaml", "timeout: 7s\nlint:\n  fail_on: info\n  rules:\n    MCP025: off\n    mcp041: error\n")
	sub := filepath.Join(dir, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}

	cfg, err := loadFor(t, sub)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Timeout != 7*time.Second || cfg.Lint.FailOn != "info" {
		t.Fatalf("file not applied: %+v", cfg)
	}
	if cfg.Lint.Rules["MCP025"] != "off" || cfg.Lint.Rules["MCP041"] != "error" {
		t.Fatalf("rule table not normalised: %v", cfg.Lint.Rules)
	}

	t.Setenv("MCPGAUGE_LINT_FAIL_ON", "warning")
	cfg, err = loadFor(t, sub)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Lint.FailOn != "warning" {
		t.Fatalf("env must beat the file, got %q", cfg.Lint.FailOn)
	}

	cfg, err = loadFor(t, sub, "--fail-on", "off", "--timeout", "3s")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Lint.FailOn != "off" || cfg.Timeout != 3*time.Second {
		t.Fatalf("flags must beat env and file, got %+v", cfg)
	}

	cfg, err = loadFor(t, sub, "--no-config")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Timeout != 30*time.Second || len(cfg.Lint.Rules) != 0 {
		t.Fatalf("--no-config must ignore the file, got %+v", cfg)
	}
}

func TestConfigErrors(t *testing.T) {
	cases := []struct {
		name, file, body, want string
	}{
		{"unknown key", "mcpgauge.yaml", "lint:\n  fail_onn: error\n", "fail_onn"},
		{"unknown top key", "mcpgauge.yaml", "timout: 3s\n", "timout"},
		{"unknown rule", "mcpgauge.toml", "[lint.rules]\nMCP999 = \"off\"\n", "MCP999"},
		{"bad severity", "mcpgauge.yaml", "lint:\n  rules:\n    MCP025: loud\n", "MCP025"},
		{"bad fail_on", "mcpgauge.yaml", "lint:\n  fail_on: sometimes\n", "lint.fail_on"},
		{"bad call_tools", "mcpgauge.yaml", "check:\n  call_tools: some\n", "check.call_tools"},
		{"broken yaml", "mcpgauge.yaml", "lint: [\n", "mcpgauge.yaml"},
		{"toolgauge file typo", "mcp-toolgauge.toml", "[lint.rules]\nMCP02 = \"off\"\n", "MCP02"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, dir, c.file, c.body)
			_, err := loadFor(t, dir)
			if errkind.Of(err) != errkind.Usage {
				t.Fatalf("want a usage error, got %v", err)
			}
			if !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.file) {
				t.Fatalf("error %q should name %q and the file", err, c.want)
			}
		})
	}
}

func TestExplicitConfigMustExist(t *testing.T) {
	_, err := loadFor(t, t.TempDir(), "--config", filepath.Join(t.TempDir(), "nope.yaml"))
	if errkind.Of(err) != errkind.Usage {
		t.Fatalf("want usage error, got %v", err)
	}
}

func TestRegistryKeysFromConfigAndEnv(t *testing.T) {
	os.Unsetenv("MCPGAUGE_SMITHERY_API_KEY")
	dir := t.TempDir()
	cfgPath := writeFile(t, dir, "mcpgauge.yaml", "smithery_api_key: from-file\nglama_api_key: glama-file\n")
	// Keys are trusted only from a file the operator names.
	if _, err := loadFor(t, dir); err == nil || !strings.Contains(err.Error(), "smithery_api_key") {
		t.Fatalf("a discovered config set API keys: %v", err)
	}
	cfg, err := loadFor(t, dir, "--config", cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.SmitheryAPIKey != "from-file" || cfg.GlamaAPIKey != "glama-file" {
		t.Fatalf("keys from file: %q %q", cfg.SmitheryAPIKey, cfg.GlamaAPIKey)
	}
	t.Setenv("MCPGAUGE_SMITHERY_API_KEY", "from-env")
	cfg, err = loadFor(t, dir, "--config", cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.SmitheryAPIKey != "from-env" {
		t.Fatalf("env must beat the file: %q", cfg.SmitheryAPIKey)
	}
}
