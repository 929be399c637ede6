package compliance_test

import (
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
)

// TestPickyHTTPFalsePasses: the picky-http fixture, served over Streamable
// HTTP, fails the two tests revision 1 of which passed it, in both modes:
// spec-method-01 (a request refused with HTTP 400 text/plain) and
// spec-version-01 (2025-11-25 accepted in initialize, then refused with
// HTTP 400 on the next request), and spec-origin-01 (no Origin check).
// Every other test passes or skips.
func TestPickyHTTPFalsePasses(t *testing.T) {
	t.Parallel()
	want := map[string]string{
		"spec-method-01":  "refused with HTTP 400 and no JSON-RPC body",
		"spec-version-01": "refuses the next request at 2025-11-25: HTTP 400",
		// True too: the fixture, like the go-sdk handler it wraps, does
		// not check Origin (spec-origin-01).
		"spec-origin-01": "was answered (HTTP 200)",
	}
	for _, mode := range []compliance.Mode{compliance.ModeDefault, compliance.ModeDeep} {
		t.Run(string(mode), func(t *testing.T) {
			t.Parallel()
			url := fixtures.StartHTTP(t, "picky-http", "-http", "127.0.0.1:0")
			tg := &connect.Target{Transport: connect.TransportHTTP, URL: url, Display: url}
			rep := scanWith(t, tg, "", compliance.Options{Mode: mode}, compliance.RunOptions{})
			for _, r := range rep.Results {
				sub, bad := want[r.ID]
				switch {
				case bad && (r.Status != compliance.StatusFail || !strings.Contains(r.Message, sub)):
					t.Errorf("%s: %s %q, want fail with %q", r.ID, r.Status, r.Message, sub)
				case !bad && r.Status != compliance.StatusPass && r.Status != compliance.StatusSkip:
					t.Errorf("%s: %s %q, want pass or skip", r.ID, r.Status, r.Message)
				}
			}
		})
	}
}
