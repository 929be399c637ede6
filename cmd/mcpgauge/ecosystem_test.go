package main

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/store"
)

// TestEcosystemFlagsAndEmptyStore: bad ecosystem flags are usage errors
// that name the flag, before anything starts; an empty store says how to
// get reports instead of printing nothing.
func TestEcosystemFlagsAndEmptyStore(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		flag string
	}{
		{"bad sweep id", []string{"ecosystem", "--sweep", "not a sweep"}, "--sweep"},
		{"negative limit", []string{"ecosystem", "--limit", "-1"}, "--limit"},
		{"zero pool size", []string{"sweep", "--registry", "file:///nonexistent.json", "--ecosystem-pool-sizes", "10,0"}, "--ecosystem-pool-sizes"},
		{"negative K", []string{"sweep", "--registry", "file:///nonexistent.json", "--ecosystem-distractors", "-3"}, "--ecosystem-distractors"},
		{"zero seed", []string{"coordinator", "--nats", "nats://127.0.0.1:1", "--ecosystem-seed", "0"}, "--ecosystem-seed"},
		{"negative budget", []string{"sweep", "--registry", "file:///nonexistent.json", "--ecosystem-max-cost", "-1"}, "--ecosystem-max-cost"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := cli(t, append(tc.args, "--data-dir", dir, "--no-config")...)
			if code != exitUsage || !strings.Contains(stderr, tc.flag) {
				t.Errorf("exit %d, stderr %q; want exit %d naming %s", code, stderr, exitUsage, tc.flag)
			}
		})
	}
	// An empty store (as a first sweep leaves one that had nothing to plan).
	st, err := store.Open(context.Background(), store.SQLiteURL(dir))
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	code, out, stderr := cli(t, "ecosystem", "--data-dir", dir, "--no-config")
	if code != exitOK || !strings.Contains(out, "no ecosystem reports yet") {
		t.Errorf("empty store: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	code, out, _ = cli(t, "ecosystem", "--data-dir", dir, "--json", "--no-config")
	if code != exitOK || strings.TrimSpace(out) != "[]" {
		t.Errorf("empty store as JSON: exit %d, %q; want []", code, out)
	}
}
