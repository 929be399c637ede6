package compliance

import (
	"context"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
)

// NotMeasured is the message of a test skipped because the server asked
// for authorization before any session could open.
const NotMeasured = "not measured: the server requires authorization (HTTP 401) and mcpgauge sends no credential"

// PreAuth reports whether a test runs on a server that answers 401 before
// any session opens: the authorization tests, the transport checks made
// before authentication and the server card (public by design).
func PreAuth(id string) bool {
	return strings.HasPrefix(id, "spec-auth-") || id == "spec-origin-01" || id == "spec-card-01"
}

// RunUnauthorized grades an HTTP server that refused an unauthenticated
// session with 401: the pre-authentication tests ([PreAuth]) run against
// the target with no session, reading only what the server publishes; every
// other test is skipped as not measured. Nothing is registered and no
// credential is sent.
func RunUnauthorized(ctx context.Context, target *connect.Target, opts Options, ro RunOptions) Report {
	env := NewEnv(target, nil, nil, opts)
	tests := ro.Tests
	if tests == nil {
		tests = Catalogue()
	}
	ro.Tests = make([]Test, len(tests))
	for i, t := range tests {
		if !PreAuth(t.ID) {
			t.Capability, t.Needs = "", nil
			t.Run = func(context.Context, *Env) Result { return notTestable(NotMeasured) }
		}
		ro.Tests[i] = t
	}
	return Run(ctx, env, ro)
}
