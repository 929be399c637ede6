package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/errkind"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"

	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/registry/registrytest"
)

// registryData locates <repo root>/../shared/data/registry/name.
func registryData(t *testing.T, name string) string {
	t.Helper()
	return shareddata.Path(t, "data", "registry", name)
}

const decCrawl = "official-v0-servers_2025-12-18T0842Z.json"

func runRegistry(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	cmd := newRegistryCmd()
	var out, errb bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errb)
	cmd.SetArgs(args)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	err := cmd.ExecuteContext(ctx)
	return out.String(), errb.String(), err
}

func jsonLines(t *testing.T, s string) []map[string]any {
	t.Helper()
	var out []map[string]any
	sc := bufio.NewScanner(strings.NewReader(s))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line is not JSON: %v: %.200s", err, sc.Text())
		}
		out = append(out, m)
	}
	return out
}

func exitCode(err error) int {
	if err != nil && errkind.Of(err) == errkind.Other {
		return -1
	}
	if err != nil {
		return exitFor(err)
	}
	return 0
}

func TestRegistryPullFileJSON(t *testing.T) {
	src := "file://" + registryData(t, decCrawl)
	for _, tc := range []struct {
		args []string
		want int
	}{
		{nil, 2794},
		{[]string{"--latest"}, 1108},
		{[]string{"--limit", "7"}, 7},
	} {
		out, _, err := runRegistry(t, append([]string{"pull", "--source", src, "--json"}, tc.args...)...)
		if err != nil {
			t.Fatal(err)
		}
		lines := jsonLines(t, out)
		if len(lines) != tc.want {
			t.Errorf("%v: %d lines, want %d", tc.args, len(lines), tc.want)
		}
		for _, l := range lines[:min(len(lines), 50)] {
			plan, _ := l["plan"].(map[string]any)
			if l["name"] == "" || plan == nil || plan["kind"] == "" {
				t.Fatalf("line without name or plan: %v", l)
			}
		}
	}
	out, _, err := runRegistry(t, "pull", "--source", src)
	if err != nil || !strings.Contains(out, "2794 entries, 1108 names") || !strings.Contains(out, "scan targets:") {
		t.Errorf("summary %q, %v", out, err)
	}
}

func TestRegistryStatsFile(t *testing.T) {
	out, _, err := runRegistry(t, "stats", "--source", "file://"+registryData(t, decCrawl), "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep registry.StatsReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.All.Entries != 2794 || rep.Latest.Entries != 1108 || rep.Latest.NPMStdioNoRequiredEnv != 230 || rep.All.PackageTypes["npm"] != 979 {
		t.Errorf("stats %+v", rep)
	}
	text, _, err := runRegistry(t, "stats", "--source", "file://"+registryData(t, decCrawl))
	if err != nil || !strings.Contains(text, "credential-free (plan)") {
		t.Errorf("text stats %q, %v", text, err)
	}
}

func TestRegistryPullOfficialFake(t *testing.T) {
	data, err := os.ReadFile(registryData(t, decCrawl))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := registrytest.LoadRecords(data)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := registrytest.NewOfficial(recs[:450], registrytest.Options{APIKey: "k1", MalformedAt: map[int]bool{3: true}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	out, _, err := runRegistry(t, "pull", "--url", srv.URL, "--api-key", "k1", "--rate", "1000", "--json")
	if exitCode(err) != exitConnect || !strings.Contains(err.Error(), "page 3") || !strings.Contains(err.Error(), "kept the 200 entries") {
		t.Fatalf("want exit 3 naming page 3, got %d: %v", exitCode(err), err)
	}
	if n := len(jsonLines(t, out)); n != 200 {
		t.Errorf("printed %d entries read before the failure, want 200", n)
	}
}

func TestRegistryUsageErrors(t *testing.T) {
	t.Setenv(registry.EnvSmitheryKey, "")
	for _, args := range [][]string{
		{"pull", "--source", "mcp.so"},
		{"pull", "--updated-since", "yesterday"},
		{"pull", "--limit", "-1"},
		{"pull", "--source", "smithery"},
		{"pull", "--url", "ftp://example.com"},
		{"stats", "--rate", "0"},
		{"pull", "--source", "file://" + filepath.Join(t.TempDir(), "missing.json")},
	} {
		_, _, err := runRegistry(t, args...)
		if exitCode(err) != exitUsage {
			t.Errorf("%v: exit %d (%v), want usage error", args, exitCode(err), err)
		}
	}
}
