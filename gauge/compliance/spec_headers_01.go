package compliance

import (
	"context"
	"fmt"
)

// specHeaders01 is mcpgauge's spec-headers-01: over 2026-07-28 Streamable
// HTTP, an Mcp-Method or Mcp-Name header that contradicts the body gets
// −32020 (HeaderMismatch).
func specHeaders01() Test {
	return Test{
		ID:       "spec-headers-01",
		Name:     "Mcp-Method and Mcp-Name mismatches get -32020",
		Category: CategoryTransport,
		Severity: Medium,
		SpecRef:  specURL(latestRevision, "basic/transports#standard-mcp-request-headers"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecHeaders01,
	}
}

// codeHeaderMismatch is the 2026-07-28 error for routing headers that
// contradict the request body.
const codeHeaderMismatch = -32020

func runSpecHeaders01(ctx context.Context, e *Env) Result {
	if r := e.httpOnly(); r != nil {
		return *r
	}
	if r := e.statelessOnly("header validation"); r != nil {
		return *r
	}
	type probe struct {
		what, method string
		params       map[string]any
		header       map[string]string
	}
	var probes []probe
	{
		params, h := e.statelessRequest("server/discover", nil)
		h["Mcp-Method"] = "tools/list"
		probes = append(probes, probe{"Mcp-Method: tools/list on a server/discover body", "server/discover", params, h})
	}
	if res, _ := snapshotResources(e); e.capability("resources") && len(res) > 0 {
		params, h := e.statelessRequest("resources/read", map[string]any{"uri": res[0].URI})
		h["Mcp-Name"] = "mcpgauge-mismatch://not-" + clip(res[0].URI)
		probes = append(probes, probe{"Mcp-Name naming another resource than the body's uri", "resources/read", params, h})
	}
	var bad, good []string
	for _, p := range probes {
		a, id, err := e.send(ctx, p.method, p.params, p.header, nil)
		if err != nil {
			return errored("%s: %v", p.what, err)
		}
		resp := responseTo(a, id)
		switch {
		case resp.Found && resp.Error != nil && resp.Code == codeHeaderMismatch:
			good = append(good, fmt.Sprintf("%s: -32020 (HTTP %d)", p.what, a.Status))
		case resp.Found && resp.Error != nil:
			bad = append(bad, fmt.Sprintf("%s: error %d, want -32020 (HTTP %d)", p.what, resp.Code, a.Status))
		case resp.Found:
			bad = append(bad, fmt.Sprintf("%s: answered with a result; the mismatch went unnoticed", p.what))
		default:
			bad = append(bad, fmt.Sprintf("%s: no JSON-RPC error in the answer (%s)", p.what, statusText(a)))
		}
	}
	if len(bad) > 0 {
		return fail("%d of %d header mismatches were not refused with -32020", len(bad), len(probes)).with(append(bad, good...)...)
	}
	return pass("all %d header mismatches were refused with -32020", len(probes)).with(good...)
}
