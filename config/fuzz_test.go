package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse feeds arbitrary bytes through the config file pipeline
// (Parse, Decode, Validate) as YAML and as TOML, discovered or named. It
// must never panic; a file over MaxSize is always refused; a discovered
// file that passes sets only keys a discovered file may set; and a
// Config that validates keeps Validate's promises (no negative, NaN or
// infinite numbers, a positive timeout).
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.*ml"))
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data, strings.HasSuffix(p, ".toml"), false)
			f.Add(data, strings.HasSuffix(p, ".toml"), true)
		}
	}
	for _, s := range []string{
		"timeout: 7s\nlint:\n  fail_on: info\n  rules:\n    MCP025: off\n    mcp041: error\n",
		"eval:\n  pace: .nan\n",
		"eval:\n  prices:\n    m:\n      input: -1\n",
		"a: &a [*a, *a]\nb: *a\n",
		"lint:\n  rules: {MCP001: [1, 2]}\n",
		"remote:\n  allow_cidrs: 10.0.0.0/8,fe80::/10\n",
		"timeout = 3\n[eval]\nconcurrency = -2\n",
		"[[lint]]\nx = 1\n",
	} {
		f.Add([]byte(s), strings.Contains(s, "="), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, toml, discovered bool) {
		format := "yaml"
		if toml {
			format = "toml"
		}
		settings, err := Parse(data, format, discovered)
		if len(data) > MaxSize && err == nil {
			t.Fatalf("a %d-byte file was parsed", len(data))
		}
		if err != nil {
			return
		}
		if discovered {
			for _, k := range leafKeys(settings, "") {
				if !DiscoveredKeyAllowed(k) {
					t.Fatalf("discovered file set %q", k)
				}
			}
		}
		cfg, err := load(data, format, discovered)
		if err != nil {
			return
		}
		if why := validInvariants(cfg); why != "" {
			t.Fatalf("Validate accepted %+v: %s", cfg, why)
		}
	})
}

// leafKeys lists the dotted keys of the leaves of a settings map.
func leafKeys(m map[string]any, prefix string) []string {
	var keys []string
	for k, v := range m {
		key := strings.ToLower(k)
		if prefix != "" {
			key = prefix + "." + key
		}
		if sub, ok := v.(map[string]any); ok && len(sub) > 0 {
			keys = append(keys, leafKeys(sub, key)...)
			continue
		}
		keys = append(keys, key)
	}
	return keys
}
