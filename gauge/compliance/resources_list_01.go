package compliance

import "context"

// resourcesList01 is mcp-quality-gate's resources-list-01: resources/list answers.
func resourcesList01() Test {
	return Test{
		ID:         "resources-list-01",
		Name:       "Server lists resources without error",
		Category:   CategoryResources,
		Severity:   Critical,
		SpecRef:    specURL(qgRevision, "server/resources"),
		Origin:     OriginQualityGate,
		Needs:      []Need{NeedMain},
		Capability: "resources",
		Invokes:    false,
		Revision:   1,
		Run:        runResourcesList01,
	}
}

func runResourcesList01(ctx context.Context, e *Env) Result {
	c := e.client()
	if c == nil {
		return errored("no session")
	}
	res, err := c.ListResources(ctx, nil)
	if err != nil {
		return fail("resources/list failed: %v", err)
	}
	return pass("Server listed %d resource(s) on the first page", len(res.Resources))
}
