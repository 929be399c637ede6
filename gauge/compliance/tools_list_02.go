package compliance

import (
	"context"
	"fmt"
)

// toolsList02 is mcp-quality-gate's tools-list-02: every tool has a name and an inputSchema.
func toolsList02() Test {
	return Test{
		ID:         "tools-list-02",
		Name:       "Tool definitions have required fields",
		Category:   CategoryTools,
		Severity:   Critical,
		SpecRef:    specURL(qgRevision, "server/tools"),
		Origin:     OriginQualityGate,
		Needs:      []Need{NeedMain},
		Capability: "tools",
		Invokes:    false,
		Revision:   1,
		Run:        runToolsList02,
	}
}

func runToolsList02(_ context.Context, e *Env) Result {
	tools, r := snapshotTools(e)
	if r != nil {
		return *r
	}
	var bad []string
	for i, t := range tools {
		switch {
		case t.Name == "":
			bad = append(bad, fmt.Sprintf("tool #%d has no name", i+1))
		case !t.HasInputSchema:
			bad = append(bad, fmt.Sprintf("%s: no inputSchema", t.Name))
		}
	}
	if len(bad) > 0 {
		return fail("%d tool(s) lack required fields", len(bad)).with(bad...)
	}
	return pass("All %d tool(s) have a name and an inputSchema", len(tools))
}
