package compliance

import (
	"context"
	"fmt"
)

// specStdio01 is mcpgauge's spec-stdio-01: a stdio server writes only JSON-RPC to stdout.
func specStdio01() Test {
	return Test{
		ID:       "spec-stdio-01",
		Name:     "Stdout carries only MCP messages",
		Category: CategoryTransport,
		Severity: High,
		SpecRef:  specURL(specRevision, "basic/transports#stdio"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedMain},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecStdio01,
	}
}

func runSpecStdio01(_ context.Context, e *Env) Result {
	if !e.isStdio() {
		return skip("not a stdio server")
	}
	if e.Session == nil {
		return errored("no session")
	}
	noise := e.Session.Noise()
	total := max(e.Session.NoiseCount(), len(noise))
	if total == 0 {
		return pass("stdout carried only JSON-RPC messages")
	}
	shown := noise
	if len(shown) > 10 {
		shown = shown[:10]
	}
	lines := make([]string, 0, len(shown)+1)
	for _, n := range shown {
		lines = append(lines, clip(n))
	}
	if total > len(shown) {
		lines = append(lines, fmt.Sprintf("… and %d more", total-len(shown)))
	}
	return fail("Server wrote %d non-MCP line(s) to stdout", total).with(lines...)
}
