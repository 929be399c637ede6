package compliance

import (
	"context"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// lifecycleInit03 is mcp-quality-gate's lifecycle-init-03: the server answers ping on the main session.
func lifecycleInit03() Test {
	return Test{
		ID:       "lifecycle-init-03",
		Name:     "Server responds to ping",
		Category: CategoryLifecycle,
		Severity: High,
		SpecRef:  specURL(qgRevision, "basic/utilities/ping"),
		Origin:   OriginQualityGate,
		Needs:    []Need{NeedMain},
		Invokes:  false,
		Revision: 1,
		Run:      runLifecycleInit03,
	}
}

func runLifecycleInit03(ctx context.Context, e *Env) Result {
	if e.era() == model.EraStateless {
		return skip("ping was removed in protocol revision %s (negotiated %s)", latestRevision, e.protocolVersion())
	}
	c := e.client()
	if c == nil {
		return errored("no session")
	}
	if err := c.Ping(ctx, nil); err != nil {
		return fail("Ping failed: %v", err)
	}
	return pass("Server responded to ping")
}
