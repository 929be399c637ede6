package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLocateAndMerge: --config must exist and wins; --no-config finds
// nothing; discovery walks up from the target; the file and the
// environment reach the decoded config, the environment first.
func TestLocateAndMerge(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, "mcpgauge.yaml")
	if err := os.WriteFile(file, []byte("timeout: 7s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Locate(filepath.Join(root, "nope.yaml"), false, ""); err == nil || !strings.Contains(err.Error(), "--config") {
		t.Errorf("a missing --config: %v, want an error naming --config", err)
	}
	if p, explicit, err := Locate(file, true, sub); p != file || !explicit || err != nil {
		t.Errorf("--config: %q %v %v", p, explicit, err)
	}
	if p, _, _ := Locate("", true, sub); p != "" {
		t.Errorf("--no-config found %q", p)
	}
	if p, explicit, _ := Locate("", false, sub); p != file || explicit {
		t.Errorf("discovery from %s: %q (explicit %v), want %s", sub, p, explicit, file)
	}
	if Describe("") != "(flags and environment)" || Describe(file) != file {
		t.Errorf("Describe: %q %q", Describe(""), Describe(file))
	}
	t.Setenv("MCPGAUGE_DATA_DIR", "/from/env")
	v := NewViper()
	if err := MergeFile(v, file, false); err != nil {
		t.Fatal(err)
	}
	cfg, err := Decode(v)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.DataDir != "/from/env" || cfg.Timeout.String() != "7s" {
		t.Errorf("data dir %q, timeout %v; want the env's and the file's", cfg.DataDir, cfg.Timeout)
	}
	if w := (UnknownEnv{Name: "MCPGAUGE_DATADIR", Nearest: "MCPGAUGE_DATA_DIR"}).Warning(); !strings.Contains(w, "did you mean MCPGAUGE_DATA_DIR?") {
		t.Errorf("warning %q", w)
	}
}
