package compliance

import (
	"context"
	"fmt"
	"regexp"
)

// toolsList03 is mcp-quality-gate's tools-list-03: tool names match the 2025-11-25 naming guidance.
func toolsList03() Test {
	return Test{
		ID:         "tools-list-03",
		Name:       "Tool names follow naming convention",
		Category:   CategoryTools,
		Severity:   Medium,
		SpecRef:    specURL(qgRevision, "server/tools"),
		Origin:     OriginQualityGate,
		Needs:      []Need{NeedMain},
		Capability: "tools",
		Invokes:    false,
		Revision:   1,
		Run:        runToolsList03,
	}
}

func runToolsList03(_ context.Context, e *Env) Result {
	tools, r := snapshotTools(e)
	if r != nil {
		return *r
	}
	re := qgToolName
	var bad []string
	for _, t := range tools {
		if !re.MatchString(t.Name) {
			bad = append(bad, fmt.Sprintf("%q", t.Name))
		}
	}
	if len(bad) > 0 {
		return fail("%d tool name(s) do not match ^[a-zA-Z0-9_.-]{1,128}$", len(bad)).with(bad...)
	}
	return pass("All %d tool name(s) follow the naming convention", len(tools))
}

// qgToolName is quality-gate's naming convention (the 2025-11-25 SHOULD).
var qgToolName = regexp.MustCompile(`^[a-zA-Z0-9_.-]{1,128}$`)
