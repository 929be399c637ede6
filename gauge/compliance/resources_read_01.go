package compliance

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// resourcesRead01 is mcp-quality-gate's resources-read-01: the first listed resource can be read.
func resourcesRead01() Test {
	return Test{
		ID:         "resources-read-01",
		Name:       "Can read a listed resource",
		Category:   CategoryResources,
		Severity:   Critical,
		SpecRef:    specURL(qgRevision, "server/resources"),
		Origin:     OriginQualityGate,
		Needs:      []Need{NeedMain},
		Capability: "resources",
		Invokes:    false,
		Revision:   2,
		Run:        runResourcesRead01,
	}
}

func runResourcesRead01(ctx context.Context, e *Env) Result {
	res, r := snapshotResources(e)
	if r != nil {
		return *r
	}
	c := e.client()
	if c == nil {
		return errored("no session")
	}
	uri := res[0].URI
	out, err := c.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		if cause, yes := environmentCause(err); yes {
			return notTestable("resources/read %s failed on a backend the scan cannot reach or has no credentials for (%s): %v", uri, cause, err)
		}
		return fail("resources/read %s failed: %v", uri, err)
	}
	if out == nil || len(out.Contents) == 0 {
		return fail("resources/read %s returned no contents", uri)
	}
	return pass("Read %s (%d content block(s))", uri, len(out.Contents))
}
