package compliance

import "context"

// toolsList01 is mcp-quality-gate's tools-list-01: tools/list answers.
func toolsList01() Test {
	return Test{
		ID:         "tools-list-01",
		Name:       "Server lists tools without error",
		Category:   CategoryTools,
		Severity:   Critical,
		SpecRef:    specURL(qgRevision, "server/tools"),
		Origin:     OriginQualityGate,
		Needs:      []Need{NeedMain},
		Capability: "tools",
		Invokes:    false,
		Revision:   1,
		Run:        runToolsList01,
	}
}

func runToolsList01(ctx context.Context, e *Env) Result {
	c := e.client()
	if c == nil {
		return errored("no session")
	}
	res, err := c.ListTools(ctx, nil)
	if err != nil {
		return fail("tools/list failed: %v", err)
	}
	return pass("Server listed %d tool(s) on the first page", len(res.Tools))
}
