package compliance

import "context"

// resourcesList03 is mcp-quality-gate's resources-list-03: every resource has a description.
func resourcesList03() Test {
	return Test{
		ID:         "resources-list-03",
		Name:       "Resource descriptions are present",
		Category:   CategoryResources,
		Severity:   Medium,
		SpecRef:    specURL(qgRevision, "server/resources"),
		Origin:     OriginQualityGate,
		Needs:      []Need{NeedMain},
		Capability: "resources",
		Invokes:    false,
		Revision:   1,
		Run:        runResourcesList03,
	}
}

func runResourcesList03(_ context.Context, e *Env) Result {
	res, r := snapshotResources(e)
	if r != nil {
		return *r
	}
	var bad []string
	for _, x := range res {
		if x.Description == "" {
			bad = append(bad, x.URI)
		}
	}
	if len(bad) > 0 {
		return fail("%d resource(s) have no description", len(bad)).with(bad...)
	}
	return pass("All %d resource(s) have a description", len(res))
}
