package compliance

import (
	"context"
	"encoding/json"
	"fmt"
)

// specCaps01 is mcpgauge's spec-caps-01: each declared capability answers its request.
func specCaps01() Test {
	return Test{
		ID:       "spec-caps-01",
		Name:     "Declared capabilities work",
		Category: CategoryProtocol,
		Severity: High,
		SpecRef:  specURL(specRevision, "basic/lifecycle#capability-negotiation"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecCaps01,
	}
}

func runSpecCaps01(ctx context.Context, e *Env) Result {
	var declared []capProbe
	for _, p := range e.capProbes() {
		if e.capability(p.Cap) {
			declared = append(declared, p)
		}
	}
	if len(declared) == 0 {
		return skip("Server declares none of the capabilities this test exercises")
	}
	return e.withRaw(ctx, func(r RawCaller) Result {
		var bad, details []string
		for _, p := range declared {
			res, rpcErr, err := e.rawCall(ctx, r, p.Method, p.Params)
			switch {
			case err != nil:
				return errored("%s: %v", p.Method, err)
			case rpcErr != nil && p.ListKey == "-" && rpcErr.Code != codeMethodNotFound:
				// A made-up prompt: refusing it (usually -32602) shows the method exists.
				details = append(details, fmt.Sprintf("completions: %s exists (a made-up prompt was refused with %d; nothing real to complete)", p.Method, rpcErr.Code))
			case rpcErr != nil:
				bad = append(bad, fmt.Sprintf("%s declared, but %s returned error %s", p.Cap, p.Method, describeRPC(rpcErr)))
			default:
				var obj map[string]json.RawMessage
				if json.Unmarshal(res, &obj) != nil || obj == nil {
					bad = append(bad, fmt.Sprintf("%s declared, but %s returned a non-object result: %s", p.Cap, p.Method, clip(string(res))))
					continue
				}
				if p.ListKey != "" && p.ListKey != "-" {
					var items []json.RawMessage
					if json.Unmarshal(obj[p.ListKey], &items) != nil || obj[p.ListKey] == nil {
						bad = append(bad, fmt.Sprintf("%s declared, but the %s result has no %q array", p.Cap, p.Method, p.ListKey))
						continue
					}
					details = append(details, fmt.Sprintf("%s: %s ok (%d on the first page)", p.Cap, p.Method, len(items)))
					continue
				}
				if p.Cap == "completions" {
					if _, ok := obj["completion"]; !ok {
						bad = append(bad, fmt.Sprintf("completions declared, but the %s result has no \"completion\" object", p.Method))
						continue
					}
				}
				details = append(details, fmt.Sprintf("%s: %s ok", p.Cap, p.Method))
			}
		}
		if len(bad) > 0 {
			return fail("%d declared capability(ies) do not work", len(bad)).with(append(bad, details...)...)
		}
		return pass("%d declared capability(ies) answer their requests", len(declared)).with(details...)
	})
}
