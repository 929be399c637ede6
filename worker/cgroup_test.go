package worker

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/schema"
)

// requireCgroup skips (or fails under CI) when this host gives the worker
// no per-sandbox cgroup.
func requireCgroup(t *testing.T, sb *Bwrap) {
	t.Helper()
	if st := sb.CgroupStatus(); !strings.HasPrefix(st, "per-sandbox cgroups") {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no cgroup under CI: %s", st)
		}
		t.Skip(st)
	}
}

// TestAggregateMemoryLimit: childhog's four children each stay below the
// per-process data limit but together exceed the sandbox's memory; the
// kernel kills some of them and the scan is crashed with that reason,
// never ok. The control run, with room for all four, is ok and reports
// every allocation done, so the fixture really allocates.
func TestAggregateMemoryLimit(t *testing.T) {
	sb := requireBwrap(t)
	requireCgroup(t, sb)
	bins := buildHostile(t)
	target := binTarget(bins["childhog"], "-children", "4", "-mib", "150")
	cases := []struct {
		name   string
		memory uint64
		want   schema.Status
	}{
		{"room for all", 2 << 30, schema.StatusOK},
		{"over the limit", 400 << 20, schema.StatusCrashed},
	}
	for _, c := range cases {
		opts := localOpts(sb)
		opts.Limits = Limits{Data: 1 << 30, Memory: c.memory}
		opts.Scan.Connect.Timeout = 90 * time.Second
		opts.Deadline = 3 * time.Minute
		out := ScanTarget(context.Background(), target, opts)
		t.Logf("%s: %s %s", c.name, out.Result.Status, out.Result.Reason)
		checkResult(t, out.Result, c.want)
		switch c.want {
		case schema.StatusOK:
			if d := toolDescription(t, out); d != "allocated=4 of 4" {
				t.Errorf("control run: %q, want all four allocations done", d)
			}
		default:
			if !strings.Contains(out.Result.Reason, "together exceeded its memory limit (400 MiB)") {
				t.Errorf("reason %q does not say the sandbox as a whole ran out of memory", out.Result.Reason)
			}
			if out.Result.Scores != nil {
				t.Error("a sandbox that broke its memory limit was scored")
			}
		}
		noSandboxProcesses(t, c.name)
	}
}
