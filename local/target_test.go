package local

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/errkind"
)

// checkUsage fails unless err is a usage error whose message names flag.
func checkUsage(t *testing.T, err error, flag string) {
	t.Helper()
	if err == nil {
		t.Fatalf("want a usage error naming %q, got nil", flag)
	}
	if k := errkind.Of(err); k != errkind.Usage {
		t.Errorf("kind %v, want usage (%v)", k, err)
	}
	if !strings.Contains(err.Error(), flag) {
		t.Errorf("%q does not name %s", err, flag)
	}
}

func TestTargetValidate(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		t    Target
		flag string // "" = valid
	}{
		{"nothing", Target{}, "--tools-json"},
		{"tools-json and target", Target{Arg: "x", ToolsJSON: "t.json"}, "--tools-json"},
		{"tools-json and command", Target{Command: "node s.js", ToolsJSON: "t.json"}, "--tools-json"},
		{"bad env", Target{Arg: "x", Env: []string{"NOVALUE"}}, "--env"},
		{"empty env key", Target{Arg: "x", Env: []string{"=v"}}, "--env"},
		{"bad header", Target{Arg: "https://h", Headers: []string{"X-Key"}}, "--header"},
		{"target", Target{Arg: "x", Env: []string{"A=1"}, Headers: []string{"K: v"}}, ""},
		{"tools-json", Target{ToolsJSON: "t.json"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			err := c.t.Validate()
			if c.flag == "" {
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				return
			}
			checkUsage(t, err, c.flag)
		})
	}
}

func TestOpenSnapshotToolsJSON(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := filepath.Join(dir, "tools.json")
	if err := os.WriteFile(good, []byte(`{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	snap, err := OpenSnapshot(context.Background(), Target{ToolsJSON: good})
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Tools) != 1 || snap.Target != good {
		t.Errorf("snapshot %d tools, target %q", len(snap.Tools), snap.Target)
	}
	_, err = OpenSnapshot(context.Background(), Target{ToolsJSON: filepath.Join(dir, "missing.json")})
	checkUsage(t, err, "--tools-json")
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%v does not wrap the read error", err)
	}
}
