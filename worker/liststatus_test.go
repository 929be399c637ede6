package worker

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
	"github.com/mcpgauge/mcpgauge/schema"
)

// TestListingThatBrokeOffIsNotScored: through the worker's own path, a
// listing that broke off gets its true status, a reason with the phase and
// the bytes read, and no scores (before: ok, 0 tools, a score in the 80s).
func TestListingThatBrokeOffIsNotScored(t *testing.T) {
	t.Parallel()
	crash := fixtures.Build(t, "crash-mid-list")
	hostile := fixtures.Build(t, "hostile-list")
	cases := []struct {
		name string
		bin  string
		args []string
		want schema.Status
		in   string
	}{
		{"crash-mid-list", crash, nil, schema.StatusCrashed, "tools/list page 2"},
		{"flood", hostile, []string{"-mode", "flood"}, schema.StatusProtocolError, "floods stdout"},
		{"line", hostile, []string{"-mode", "line"}, schema.StatusTooLarge, "a line longer than"},
		{"many", hostile, []string{"-mode", "many"}, schema.StatusTooLarge, "more than 10000 tools"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			opts := Options{Sandbox: None{Log: &strings.Builder{}}, AllowUnsandboxed: true, Deadline: 2 * time.Minute, WorkerID: "test", ScannerVersion: "test"}
			opts.Scan.Connect.Timeout = 60 * time.Second
			out := ScanTarget(context.Background(), binTarget(c.bin, c.args...), opts)
			checkResult(t, out.Result, c.want)
			if out.Result.Scores != nil || out.Report != nil {
				t.Errorf("%s: a listing that broke off was scored", c.name)
			}
			for _, w := range []string{c.in, "bytes of list results"} {
				if !strings.Contains(out.Result.Reason, w) {
					t.Errorf("%s: reason %q lacks %q", c.name, out.Result.Reason, w)
				}
			}
		})
	}
}
