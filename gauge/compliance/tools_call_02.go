package compliance

import (
	"context"
)

// toolsCall02 is mcp-quality-gate's tools-call-02: an unknown tool is refused.
func toolsCall02() Test {
	return Test{
		ID:       "tools-call-02",
		Name:     "Calling nonexistent tool returns error",
		Category: CategoryTools,
		Severity: High,
		SpecRef:  specURL(qgRevision, "server/tools"),
		Origin:   OriginQualityGate,
		Needs:    []Need{NeedMain},
		Invokes:  false,
		Revision: 1,
		Run:      runToolsCall02,
	}
}

func runToolsCall02(ctx context.Context, e *Env) Result {
	name, res, stop, err := callUnknownTool(ctx, e)
	if stop != nil {
		return *stop
	}
	if err != nil {
		return pass("Server returned an error for nonexistent tool: %v", err)
	}
	if res != nil && res.IsError {
		return pass("Server returned isError for nonexistent tool")
	}
	return fail("Server returned success for nonexistent tool %s", name)
}
