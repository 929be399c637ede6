package compliance

import "context"

// promptsList01 is mcp-quality-gate's prompts-list-01: prompts/list answers.
func promptsList01() Test {
	return Test{
		ID:         "prompts-list-01",
		Name:       "Server lists prompts without error",
		Category:   CategoryPrompts,
		Severity:   Critical,
		SpecRef:    specURL(qgRevision, "server/prompts"),
		Origin:     OriginQualityGate,
		Needs:      []Need{NeedMain},
		Capability: "prompts",
		Invokes:    false,
		Revision:   1,
		Run:        runPromptsList01,
	}
}

func runPromptsList01(ctx context.Context, e *Env) Result {
	c := e.client()
	if c == nil {
		return errored("no session")
	}
	res, err := c.ListPrompts(ctx, nil)
	if err != nil {
		return fail("prompts/list failed: %v", err)
	}
	return pass("Server listed %d prompt(s) on the first page", len(res.Prompts))
}
