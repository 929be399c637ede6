package compliance

import "context"

// specPagination01 is mcpgauge's spec-pagination-01: an invalid cursor gets -32602.
func specPagination01() Test {
	return Test{
		ID:         "spec-pagination-01",
		Name:       "Invalid cursor is rejected with -32602",
		Category:   CategoryPagination,
		Severity:   Low,
		SpecRef:    specURL(specRevision, "server/utilities/pagination#error-handling"),
		Origin:     OriginMCPGauge,
		Needs:      []Need{NeedRaw},
		Capability: "tools",
		Invokes:    false,
		Revision:   1,
		Run:        runSpecPagination01,
	}
}

func runSpecPagination01(ctx context.Context, e *Env) Result {
	return e.withRaw(ctx, func(r RawCaller) Result {
		res, rpcErr, err := e.rawCall(ctx, r, "tools/list", map[string]any{"cursor": invalidCursor})
		switch {
		case err != nil:
			return errored("tools/list with an invalid cursor: %v", err)
		case rpcErr == nil:
			return fail("tools/list accepted an invalid cursor (an invalid cursor SHOULD return -32602)").with(clip(string(res)))
		case rpcErr.Code != codeInvalidParams:
			return fail("tools/list with an invalid cursor returned error %s (an invalid cursor SHOULD return -32602)", describeRPC(rpcErr))
		}
		return pass("tools/list with an invalid cursor returned -32602")
	})
}

// invalidCursor is a cursor no server can have issued.
const invalidCursor = "mcpgauge-invalid-cursor-\u00ff-%%"
