package compliance

import "context"

// specMethod01 is mcpgauge's spec-method-01: an undeclared method gets -32601.
func specMethod01() Test {
	return Test{
		ID:       "spec-method-01",
		Name:     "Unknown method returns -32601",
		Category: CategoryProtocol,
		Severity: Medium,
		SpecRef:  specURL(specRevision, "basic"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecMethod01,
	}
}

func runSpecMethod01(ctx context.Context, e *Env) Result {
	return e.withRaw(ctx, func(r RawCaller) Result {
		res, rpcErr, err := e.rawCall(ctx, r, undeclaredMethod, nil)
		if st, ok := httpRefusal(r, err); ok {
			return pass("%s was refused with HTTP %d and no JSON-RPC body (the Streamable HTTP transport allows this; -32601 is clearer)", undeclaredMethod, st).with(err.Error())
		}
		switch {
		case err != nil:
			return errored("%s: %v", undeclaredMethod, err)
		case rpcErr == nil:
			return fail("%s returned a result instead of error -32601: %s", undeclaredMethod, clip(string(res)))
		case rpcErr.Code != codeMethodNotFound:
			return fail("%s returned error %s; expected -32601 (method not found)", undeclaredMethod, describeRPC(rpcErr))
		}
		return pass("%s returned -32601", undeclaredMethod)
	})
}

// undeclaredMethod is a method no MCP revision defines.
const undeclaredMethod = "mcpgauge/nonexistent"
