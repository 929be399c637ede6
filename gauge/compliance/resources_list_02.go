package compliance

import (
	"context"
	"fmt"
)

// resourcesList02 is mcp-quality-gate's resources-list-02: every resource has a uri and a name.
func resourcesList02() Test {
	return Test{
		ID:         "resources-list-02",
		Name:       "Resource definitions have required fields",
		Category:   CategoryResources,
		Severity:   Critical,
		SpecRef:    specURL(qgRevision, "server/resources"),
		Origin:     OriginQualityGate,
		Needs:      []Need{NeedMain},
		Capability: "resources",
		Invokes:    false,
		Revision:   1,
		Run:        runResourcesList02,
	}
}

func runResourcesList02(_ context.Context, e *Env) Result {
	res, r := snapshotResources(e)
	if r != nil {
		return *r
	}
	var bad []string
	for i, x := range res {
		switch {
		case x.URI == "":
			bad = append(bad, fmt.Sprintf("resource #%d (%q) has no uri", i+1, x.Name))
		case x.Name == "":
			bad = append(bad, fmt.Sprintf("%s: no name", x.URI))
		}
	}
	if len(bad) > 0 {
		return fail("%d resource(s) lack required fields", len(bad)).with(bad...)
	}
	return pass("All %d resource(s) have a uri and a name", len(res))
}
