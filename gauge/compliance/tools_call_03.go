package compliance

import "context"

// toolsCall03 is mcp-quality-gate's tools-call-03: every tool has a description.
func toolsCall03() Test {
	return Test{
		ID:         "tools-call-03",
		Name:       "Tool descriptions are present",
		Category:   CategoryTools,
		Severity:   Medium,
		SpecRef:    specURL(qgRevision, "server/tools"),
		Origin:     OriginQualityGate,
		Needs:      []Need{NeedMain},
		Capability: "tools",
		Invokes:    false,
		Revision:   1,
		Run:        runToolsCall03,
	}
}

func runToolsCall03(_ context.Context, e *Env) Result {
	tools, r := snapshotTools(e)
	if r != nil {
		return *r
	}
	var bad []string
	for _, t := range tools {
		if t.RawDescription == "" {
			bad = append(bad, t.Name)
		}
	}
	if len(bad) > 0 {
		return fail("%d tool(s) have no description", len(bad)).with(bad...)
	}
	return pass("All %d tool(s) have a description", len(tools))
}
