package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpgauge/mcpgauge/config"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
)

// TestDiscoveredConfigCannotRedirectTheModel: a scanned repository's
// mcpgauge.yaml that points eval.base_url at a listener of its own gets a
// usage error naming the key, and the listener receives nothing (the
// API key never leaves). Named with --config, the same file is trusted.
func TestDiscoveredConfigCannotRedirectTheModel(t *testing.T) {
	const mdl = "openrouter/nvidia/nemotron-3.5-lightning:free"
	var hits atomic.Int64
	var gotKey atomic.Value
	thief := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		gotKey.Store(r.Header.Get("Authorization"))
		http.Error(w, "no", http.StatusTeapot)
	}))
	defer thief.Close()
	dir, tools, cases := fixtureSuite(t, "badserver")
	if err := os.Remove(filepath.Join(dir, ".mcp-toolgauge-cache", "responses.jsonl")); err != nil {
		t.Fatal(err)
	}
	cfg := writeFile(t, dir, "mcpgauge.yaml", "eval:\n  base_url: "+thief.URL+"\n")
	t.Setenv("OPENROUTER_API_KEY", "secret-key-must-not-leak")
	t.Chdir(dir) // the repository under test is the working directory, as in CI
	code, _, errOut := runEvalCI(t, "eval", "--tools-json", tools, "--cases", cases, "--model", mdl, "--json")
	if code != exitUsage || !strings.Contains(errOut, "eval.base_url") || !strings.Contains(errOut, "found beside the target") {
		t.Fatalf("exit %d, want a usage error naming eval.base_url: %s", code, errOut)
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the repository's listener got %d requests (Authorization %v)", n, gotKey.Load())
	}
	// The operator may still choose that file explicitly.
	code, _, _ = runEvalCI(t, "eval", "--config", cfg, "--tools-json", tools, "--cases", cases, "--model", mdl, "--json")
	if hits.Load() == 0 {
		t.Fatalf("an explicit --config was not honoured (exit %d)", code)
	}
}

// TestDiscoveredConfigKeys: a discovered file may set rules, severities,
// test selection, the pass mark and the timeout; every other key is
// refused by name.
func TestDiscoveredConfigKeys(t *testing.T) {
	t.Parallel()
	ok := "timeout: 5s\nlint:\n  fail_on: warning\n  rules:\n    MCP025: off\ncheck:\n  skip: [a]\n  only: [b]\nscan:\n  min_score: 50\n"
	if _, err := loadFor(t, dirWith(t, ok)); err != nil {
		t.Fatalf("allowed keys refused: %v", err)
	}
	for _, c := range []struct{ body, key string }{
		{"eval:\n  model: litellm/x\n", "eval.model"},
		{"eval:\n  base_url: http://127.0.0.1:1/\n", "eval.base_url"},
		{"eval:\n  max_cost: 1000\n", "eval.max_cost"},
		{"scan:\n  sandbox: none\n", "scan.sandbox"},
		{"check:\n  call_tools: all\n", "check.call_tools"},
		{"data_dir: /tmp/x\n", "data_dir"},
		{"glama_api_key: k\n", "glama_api_key"},
		{"remote:\n  allow_cidrs: [169.254.0.0/16]\n", "remote.allow_cidrs"},
		{"install:\n  npm_registries: [http://127.0.0.1:4873]\n", "install.npm_registries"},
		{"install:\n  oci_registries: [evil.example]\n", "install.oci_registries"},
	} {
		_, err := loadFor(t, dirWith(t, c.body))
		if errkind.Of(err) != errkind.Usage || !strings.Contains(err.Error(), c.key) {
			t.Errorf("%q: %v, want a usage error naming %s", c.body, err, c.key)
		}
	}
}

func dirWith(t *testing.T, body string) string {
	dir := t.TempDir()
	writeFile(t, dir, "mcpgauge.yaml", body)
	return dir
}

// TestConfigBounds: an oversized config file, and negative, NaN or
// infinite numbers, are usage errors naming the file or key.
func TestConfigBounds(t *testing.T) {
	t.Parallel()
	var big strings.Builder
	big.WriteString("lint:\n  rules:\n")
	for i := 0; big.Len() <= config.MaxSize; i++ {
		big.WriteString("    MCP" + strings.Repeat("9", 3) + "x" + itoaT(i) + ": off\n")
	}
	p := writeFile(t, t.TempDir(), "big.yaml", big.String())
	_, err := loadFor(t, t.TempDir(), "--config", p)
	if err == nil || !strings.Contains(err.Error(), "limit of a config file") {
		t.Errorf("oversized config: %v", err)
	}
	for _, c := range []struct{ body, key string }{
		{"eval:\n  pace: -1\n", "eval.pace"},
		{"eval:\n  pace: .nan\n", "eval.pace"},
		{"eval:\n  max_cost: -5\n", "eval.max_cost"},
		{"eval:\n  max_cost: .inf\n", "eval.max_cost"},
		{"eval:\n  concurrency: -3\n", "eval.concurrency"},
		{"eval:\n  concurrency: 0\n", "eval.concurrency"},
		{"eval:\n  prices:\n    m:\n      input: -1\n", "eval.prices.m.input"},
		{"remote:\n  host_rate: -1\n", "remote.host_rate"},
		{"remote:\n  host_concurrency: -1\n", "remote.host_concurrency"},
		{"remote:\n  allow_cidrs: [nonsense]\n", "remote.allow_cidrs"},
		{"install:\n  npm_registries: [file:///etc]\n", "install.npm_registries"},
		{"install:\n  oci_registries: [127.0.0.1:5000]\n", "install.oci_registries"},
		{"install:\n  oci_registries: [https://ghcr.io]\n", "install.oci_registries"},
	} {
		p := writeFile(t, t.TempDir(), "c.yaml", c.body)
		_, err := loadFor(t, t.TempDir(), "--config", p)
		if errkind.Of(err) != errkind.Usage || !strings.Contains(err.Error(), c.key) {
			t.Errorf("%q: %v, want a usage error naming %s", c.body, err, c.key)
		}
	}
}

func itoaT(i int) string {
	const digits = "abcdefghij"
	if i == 0 {
		return "a"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append(b, digits[i%10])
	}
	return string(b)
}

// TestNumericFlagsRejected: the same bounds hold for flags, and the error
// names the flag.
func TestNumericFlagsRejected(t *testing.T) {
	_, tools, cases := fixtureSuite(t, "badserver")
	for _, c := range []struct{ flag, val string }{
		{"--pace", "-1"}, {"--pace", "NaN"}, {"--max-cost", "-0.5"}, {"--max-cost", "+Inf"}, {"--concurrency", "-2"},
	} {
		code, _, errOut := runEvalCI(t, "eval", "--no-config", "--tools-json", tools, "--cases", cases, c.flag, c.val, "--offline")
		if code != exitUsage || !strings.Contains(errOut, c.flag) {
			t.Errorf("%s %s: exit %d, want a usage error naming the flag: %s", c.flag, c.val, code, errOut)
		}
	}
}
