package compliance

import (
	"context"
	"fmt"
	"slices"
)

// specSession01 is mcpgauge's spec-session-01: a 2026-07-28 server over
// Streamable HTTP assigns no Mcp-Session-Id, and what it lists does not
// depend on the connection.
func specSession01() Test {
	return Test{
		ID:       "spec-session-01",
		Name:     "No Mcp-Session-Id in 2026-07-28; lists are not per-connection",
		Category: CategoryTransport,
		Severity: Medium,
		SpecRef:  specURL(latestRevision, "basic/transports"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecSession01,
	}
}

func runSpecSession01(ctx context.Context, e *Env) Result {
	if r := e.httpOnly(); r != nil {
		return *r
	}
	if r := e.statelessOnly("the removal of sessions"); r != nil {
		return *r
	}
	methods := []string{"server/discover"}
	if e.capability("tools") {
		methods = append(methods, "tools/list", "tools/list")
	}
	var bad, details []string
	var orders [][]string
	for _, m := range methods {
		params, h := e.statelessRequest(m, nil)
		a, id, err := e.send(ctx, m, params, h, nil)
		if err != nil {
			return errored("%s: %v", m, err)
		}
		if sid := a.Header.Get("Mcp-Session-Id"); sid != "" {
			bad = append(bad, fmt.Sprintf("%s: the response set Mcp-Session-Id %q", m, clip(sid)))
		}
		resp := responseTo(a, id)
		if m == "tools/list" && resp.Found && resp.Error == nil {
			orders = append(orders, sortedToolNames(resp.Result))
		}
	}
	if len(orders) == 2 && !slices.Equal(orders[0], orders[1]) {
		bad = append(bad, fmt.Sprintf("tools/list on two connections listed different tools: [%s] then [%s]", nameList(orders[0], 8), nameList(orders[1], 8)))
	} else if len(orders) == 2 {
		details = append(details, fmt.Sprintf("tools/list on two connections: the same %d tools", len(orders[0])))
	}
	if len(bad) > 0 {
		return fail("the server keeps per-connection state the 2026-07-28 transport removed").with(append(bad, details...)...)
	}
	return pass("no Mcp-Session-Id on %d responses", len(methods)).with(details...)
}
