package compliance

import (
	"context"
)

// specTools01 is mcpgauge's spec-tools-01: an unknown tool gets a JSON-RPC error.
func specTools01() Test {
	return Test{
		ID:         "spec-tools-01",
		Name:       "Unknown tool is a protocol error",
		Category:   CategoryTools,
		Severity:   Medium,
		SpecRef:    specURL(specRevision, "server/tools#error-handling"),
		Origin:     OriginMCPGauge,
		Needs:      []Need{NeedMain},
		Capability: "tools",
		Invokes:    false,
		Revision:   1,
		Run:        runSpecTools01,
	}
}

func runSpecTools01(ctx context.Context, e *Env) Result {
	name, res, stop, err := callUnknownTool(ctx, e)
	if stop != nil {
		return *stop
	}
	if err != nil {
		code, ok := rpcCode(err)
		if !ok {
			return fail("calling an unknown tool broke the connection instead of returning a JSON-RPC error: %v", err)
		}
		if code != codeInvalidParams {
			return pass("unknown tool returned JSON-RPC error %d (the spec's example is -32602)", code)
		}
		return pass("unknown tool returned JSON-RPC error -32602")
	}
	if res != nil && res.IsError {
		return fail("unknown tool returned a result with isError: true; it SHOULD be a JSON-RPC protocol error (-32602 Unknown tool)").with(firstText(res))
	}
	return fail("unknown tool %s returned a successful result", name)
}
