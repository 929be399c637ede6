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
		Revision: 2,
		Run:      runSpecMethod01,
	}
}

func runSpecMethod01(ctx context.Context, e *Env) Result {
	return e.withRaw(ctx, func(r RawCaller) Result {
		res, rpcErr, err := e.rawCall(ctx, r, undeclaredMethod, nil)
		if st, ok := httpRefusal(r, err); ok {
			// The transport allows a bare HTTP error status only for a
			// response or a notification; a request is answered with a
			// JSON-RPC response, and an unknown method's is -32601.
			return fail("%s, a JSON-RPC request, was refused with HTTP %d and no JSON-RPC body; a request must get a JSON-RPC error response (-32601)", undeclaredMethod, st).
				with(err.Error(), requestGetsJSONRPC)
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

// requestGetsJSONRPC is the spec text that decides how a Streamable HTTP
// server answers a request it will not serve.
const requestGetsJSONRPC = "spec (basic/transports, Sending Messages to the Server): an HTTP error status with no body is for a JSON-RPC response or notification the server cannot accept; \"If the input is a JSON-RPC request, the server MUST either return Content-Type: text/event-stream ... or Content-Type: application/json\", and an unknown method gets error -32601 (basic)"

// undeclaredMethod is a method no MCP revision defines.
const undeclaredMethod = "mcpgauge/nonexistent"
