package scan_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/scan"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
	"github.com/mcpgauge/mcpgauge/schema"
)

// TestAuthRequiredIsGraded: a remote server behind OAuth (the
// oauth-protected fixture on loopback) is an auth_required result that
// carries a score of its compliance part alone, from the authorization
// tests and the pre-authentication checks; every other test is "not
// measured". The broken variant scores lower, with each authorization
// test failed. Without compliance, or for a 401 of a stdio target, nothing
// is graded.
func TestAuthRequiredIsGraded(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name      string
		args      []string
		overall   float64
		wantFails []string
	}{
		{"good", nil, 100, nil},
		{"dcr", []string{"-dcr"}, 100, nil},
		{"broken", []string{"-broken"}, 0, []string{"spec-auth-01", "spec-auth-02", "spec-auth-03", "spec-auth-04", "spec-auth-05", "spec-auth-06"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			url := fixtures.StartHTTP(t, "oauth-protected", append([]string{"-http", "127.0.0.1:0"}, c.args...)...)
			target := &connect.Target{Transport: connect.TransportHTTP, URL: url, Display: url}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			_, err := scan.Run(ctx, target, scan.Options{Connect: connect.Options{Timeout: 30 * time.Second}, Compliance: true})
			var ar *scan.AuthRequired
			if !errors.As(err, &ar) {
				t.Fatalf("scan.Run: %v; want an *AuthRequired", err)
			}
			st, reason := scan.Classify(ctx, err, scan.Failure{})
			if st != schema.StatusAuthRequired {
				t.Fatalf("Classify: %s %q, want auth_required", st, reason)
			}
			res := schema.Result{SchemaVersion: schema.Version, SweepID: "s", Name: "n", Version: "v", JobID: schema.JobID("s", "n", "v"), Status: st, Reason: reason,
				ScannerVersion: "test", WorkerID: "w", StartedAt: time.Now(), FinishedAt: time.Now()}
			ar.FillPreAuth(&res)
			if err := res.Validate(); err != nil {
				t.Errorf("Validate: %v", err)
			}
			if res.Scores == nil || res.PreAuth == nil || res.Scores.MCPGauge != c.overall || res.Scores.Weights.Compliance != 1 {
				t.Fatalf("scores %+v pre_auth %+v, want overall %v from compliance alone", res.Scores, res.PreAuth, c.overall)
			}
			if !schema.Scored(res.Status, res.Scores) {
				t.Error("schema.Scored says a graded auth_required result is not ranked")
			}
			var fails []string
			measured := 0
			for _, r := range res.Compliance {
				if r.Status == "fail" || r.Status == "error" {
					fails = append(fails, r.ID)
				}
				if !strings.HasPrefix(r.Message, "not measured") {
					measured++
				}
			}
			if len(fails) != len(c.wantFails) {
				t.Errorf("failed %v, want %v", fails, c.wantFails)
			}
			if measured < 7 {
				t.Errorf("%d tests measured, want the 6 authorization tests and spec-origin-01", measured)
			}
		})
	}
	// Compliance off: the 401 stays a plain dial error.
	url := fixtures.StartHTTP(t, "oauth-protected", "-http", "127.0.0.1:0")
	_, err := scan.Run(context.Background(), &connect.Target{Transport: connect.TransportHTTP, URL: url}, scan.Options{Connect: connect.Options{Timeout: 30 * time.Second}})
	var ar *scan.AuthRequired
	if errors.As(err, &ar) || err == nil {
		t.Errorf("scan without compliance: %v; want a plain dial error", err)
	}
}
