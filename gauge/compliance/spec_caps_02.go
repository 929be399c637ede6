package compliance

import (
	"context"
	"encoding/json"
	"fmt"
)

// specCaps02 is mcpgauge's spec-caps-02: no undeclared capability serves items.
func specCaps02() Test {
	return Test{
		ID:       "spec-caps-02",
		Name:     "Undeclared capabilities are not served",
		Category: CategoryProtocol,
		Severity: Medium,
		SpecRef:  specURL(specRevision, "basic/lifecycle#capability-negotiation"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecCaps02,
	}
}

func runSpecCaps02(ctx context.Context, e *Env) Result {
	if _, ok := e.capabilityKeys(); !ok {
		return skip("Server reported no capabilities object")
	}
	var undeclared []capProbe
	for _, p := range e.capProbes() {
		if !e.capability(p.Cap) {
			undeclared = append(undeclared, p)
		}
	}
	if len(undeclared) == 0 {
		return skip("Server declares every capability this test probes")
	}
	return e.withRaw(ctx, func(r RawCaller) Result {
		var bad, details []string
		for _, p := range undeclared {
			res, rpcErr, err := e.rawCall(ctx, r, p.Method, p.Params)
			if st, ok := httpRefusal(r, err); ok {
				details = append(details, fmt.Sprintf("%s not declared: %s refused with HTTP %d", p.Cap, p.Method, st))
				continue
			}
			switch {
			case err != nil:
				return errored("%s: %v", p.Method, err)
			case rpcErr != nil && rpcErr.Code == codeMethodNotFound:
				details = append(details, fmt.Sprintf("%s not declared: %s refused with -32601", p.Cap, p.Method))
			case rpcErr != nil:
				details = append(details, fmt.Sprintf("%s not declared: %s refused with %d (-32601 is the usual code)", p.Cap, p.Method, rpcErr.Code))
			default:
				n := -1
				if p.ListKey != "" && p.ListKey != "-" {
					var obj map[string]json.RawMessage
					var items []json.RawMessage
					if json.Unmarshal(res, &obj) == nil && json.Unmarshal(obj[p.ListKey], &items) == nil {
						n = len(items)
					}
				}
				if n > 0 {
					bad = append(bad, fmt.Sprintf("%s not declared, but %s serves %d item(s) that clients will never look for", p.Cap, p.Method, n))
					continue
				}
				details = append(details, fmt.Sprintf("%s not declared: %s answered with an empty result instead of -32601 (tolerated)", p.Cap, p.Method))
			}
		}
		if len(bad) > 0 {
			return fail("Server serves capabilities it did not declare").with(append(bad, details...)...)
		}
		return pass("%d undeclared capability(ies) are not served", len(undeclared)).with(details...)
	})
}
