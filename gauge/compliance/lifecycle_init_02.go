package compliance

import (
	"context"
	"strings"
)

// lifecycleInit02 is mcp-quality-gate's lifecycle-init-02: the server sends a capabilities object.
func lifecycleInit02() Test {
	return Test{
		ID:       "lifecycle-init-02",
		Name:     "Server reports capabilities",
		Category: CategoryLifecycle,
		Severity: Critical,
		SpecRef:  specURL(qgRevision, "basic/lifecycle"),
		Origin:   OriginQualityGate,
		Needs:    []Need{NeedMain},
		Invokes:  false,
		Revision: 1,
		Run:      runLifecycleInit02,
	}
}

func runLifecycleInit02(_ context.Context, e *Env) Result {
	keys, ok := e.capabilityKeys()
	if !ok {
		return fail("Server did not report a capabilities object")
	}
	if len(keys) == 0 {
		return pass("Capabilities: none")
	}
	return pass("Capabilities: %s", strings.Join(keys, ", "))
}
