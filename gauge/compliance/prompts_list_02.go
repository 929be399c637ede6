package compliance

import (
	"context"
	"fmt"
)

// promptsList02 is mcp-quality-gate's prompts-list-02: every prompt has a name.
func promptsList02() Test {
	return Test{
		ID:         "prompts-list-02",
		Name:       "Prompt definitions have required fields",
		Category:   CategoryPrompts,
		Severity:   Critical,
		SpecRef:    specURL(qgRevision, "server/prompts"),
		Origin:     OriginQualityGate,
		Needs:      []Need{NeedMain},
		Capability: "prompts",
		Invokes:    false,
		Revision:   1,
		Run:        runPromptsList02,
	}
}

func runPromptsList02(_ context.Context, e *Env) Result {
	ps, r := snapshotPrompts(e)
	if r != nil {
		return *r
	}
	var bad []string
	for i, p := range ps {
		if p.Name == "" {
			bad = append(bad, fmt.Sprintf("prompt #%d has no name", i+1))
		}
	}
	if len(bad) > 0 {
		return fail("%d prompt(s) lack a name", len(bad)).with(bad...)
	}
	return pass("All %d prompt(s) have a name", len(ps))
}
