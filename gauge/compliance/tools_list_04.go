package compliance

import (
	"context"
	"fmt"
)

// toolsList04 is mcp-quality-gate's tools-list-04: every inputSchema describes an object.
func toolsList04() Test {
	return Test{
		ID:         "tools-list-04",
		Name:       "Tool inputSchema has type object",
		Category:   CategoryTools,
		Severity:   High,
		SpecRef:    specURL(qgRevision, "server/tools"),
		Origin:     OriginQualityGate,
		Needs:      []Need{NeedMain},
		Capability: "tools",
		Invokes:    false,
		Revision:   1,
		Run:        runToolsList04,
	}
}

func runToolsList04(_ context.Context, e *Env) Result {
	tools, r := snapshotTools(e)
	if r != nil {
		return *r
	}
	var bad []string
	for _, t := range tools {
		if typ, _ := t.InputSchema["type"].(string); typ != "object" {
			bad = append(bad, fmt.Sprintf("%s: inputSchema.type is %s", t.Name, describeType(t.InputSchema["type"])))
		}
	}
	if len(bad) > 0 {
		return fail("%d tool(s) have an inputSchema whose type is not \"object\"", len(bad)).with(bad...)
	}
	return pass("All %d tool(s) have inputSchema.type \"object\"", len(tools))
}
