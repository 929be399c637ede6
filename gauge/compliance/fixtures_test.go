package compliance_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
)

// scanTimeout bounds one whole compliance run in a test (a safety net
// against hangs, not a speed assertion).
const scanTimeout = 5 * time.Minute

// scanWith dials target (forcing protocol unless ""), reads its snapshot and runs the catalogue.
func scanWith(t *testing.T, target *connect.Target, protocol string, opts compliance.Options, ro compliance.RunOptions) compliance.Report {
	t.Helper()
	rep, _ := scanEnv(t, target, protocol, opts, ro)
	return rep
}

// scanEnv is scanWith that also returns the Env the run used.
func scanEnv(t *testing.T, target *connect.Target, protocol string, opts compliance.Options, ro compliance.RunOptions) (compliance.Report, *compliance.Env) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), scanTimeout)
	defer cancel()
	co := connect.Options{Timeout: 30 * time.Second, ProtocolVersion: protocol}
	sess, err := connect.Dial(ctx, target, co)
	if de := (*connect.DialError)(nil); errors.As(err, &de) && de.Unauthorized() {
		// What an unauthenticated scan of a server behind OAuth grades.
		opts.Connect = co
		return compliance.RunUnauthorized(ctx, target, opts, ro), nil
	}
	if err != nil {
		t.Fatalf("dial %s: %v", target.Display, err)
	}
	defer sess.Close()
	snap, err := sess.Snapshot(ctx)
	if err != nil {
		t.Fatalf("snapshot %s: %v", target.Display, err)
	}
	opts.Connect = co
	env := compliance.NewEnv(target, sess, snap, opts)
	defer env.Close()
	return compliance.Run(ctx, env, ro), env
}

// stdioFixture builds a fixture and returns a target for it whose tool
// bodies write to a fresh marker file.
func stdioFixture(t *testing.T, name string) (*connect.Target, string) {
	t.Helper()
	return stdioFixtureTB(t, name)
}

func stdioFixtureTB(t testing.TB, name string) (*connect.Target, string) {
	t.Helper()
	bin := fixtures.Build(t, name)
	markerPath := filepath.Join(t.TempDir(), "marker")
	return &connect.Target{
		Transport: connect.TransportStdio,
		Command:   bin,
		Env:       map[string]string{fixtures.MarkerEnv: markerPath},
		Display:   name,
	}, markerPath
}

func byID(rep compliance.Report) map[string]compliance.TestResult {
	m := map[string]compliance.TestResult{}
	for _, r := range rep.Results {
		m[r.ID] = r
	}
	return m
}

// withStatus lists the IDs with one of the statuses, sorted.
func withStatus(rep compliance.Report, st ...compliance.Status) []string {
	var ids []string
	for _, r := range rep.Results {
		if slices.Contains(st, r.Status) {
			ids = append(ids, r.ID)
		}
	}
	sort.Strings(ids)
	return ids
}

func dump(rep compliance.Report) string {
	var b strings.Builder
	for _, r := range rep.Results {
		fmt.Fprintf(&b, "%-20s %-5s %6dms %s\n", r.ID, r.Status, r.DurationMS, r.Message)
		for _, d := range r.Details {
			fmt.Fprintf(&b, "%24s %s\n", "", d)
		}
	}
	return b.String()
}

func markerNames(t *testing.T, path string) []string {
	t.Helper()
	names, err := fixtures.ReadMarker(path)
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// TestHostileFixturesFinish runs the whole catalogue against the fixtures that crash or flood: every test must end with a
// status (no panic, no hang), and the crash must be reported.
func TestHostileFixturesFinish(t *testing.T) {
	t.Parallel()
	// many-tools lists 5000 tools; calling them all would only cost time.
	for name, calls := range map[string]compliance.CallMode{"crash-mid-list": compliance.CallAll, "many-tools": compliance.CallNone} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			target, _ := stdioFixture(t, name)
			ctx, cancel := context.WithTimeout(context.Background(), scanTimeout)
			defer cancel()
			co := connect.Options{Timeout: 10 * time.Second}
			sess, err := connect.Dial(ctx, target, co)
			if err != nil {
				t.Fatalf("dial: %v", err)
			}
			defer sess.Close()
			snap, err := sess.Snapshot(ctx)
			if snap == nil {
				t.Fatalf("snapshot: %v", err)
			}
			env := compliance.NewEnv(target, sess, snap, compliance.Options{CallTools: calls, Connect: co, Timeout: 10 * time.Second})
			rep := compliance.Run(ctx, env, compliance.RunOptions{Timeout: time.Minute})
			t.Logf("snapshot error: %v\n%s", err, dump(rep))
			for _, r := range rep.Results {
				if strings.Contains(r.Message, "panicked") || r.Status == "" {
					t.Errorf("%s: %s %q", r.ID, r.Status, r.Message)
				}
			}
			if name == "crash-mid-list" {
				// The server dies listing page 2; the walk records it.
				if r := byID(rep)["spec-pagination-02"]; r.Status != compliance.StatusFail || !strings.Contains(strings.Join(r.Details, "\n"), "error") {
					t.Errorf("spec-pagination-02: %s %q %v, want a failure naming the error", r.Status, r.Message, r.Details)
				}
			}
			if rep.Summary.Total != len(compliance.Catalogue()) {
				t.Errorf("%d results, want %d", rep.Summary.Total, len(compliance.Catalogue()))
			}
		})
	}
}
