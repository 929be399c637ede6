package compliance

import (
	"context"
	"net/url"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// specResources01 is mcpgauge's spec-resources-01: reading a resource that
// does not exist gets the era's not-found error: −32602 in 2026-07-28,
// −32002 (or the newer −32602) in the initialize era.
func specResources01() Test {
	return Test{
		ID:         "spec-resources-01",
		Name:       "An unknown resource gets the not-found error",
		Category:   CategoryResources,
		Severity:   Medium,
		SpecRef:    specURL(latestRevision, "server/resources#error-handling"),
		Origin:     OriginMCPGauge,
		Needs:      []Need{NeedRaw},
		Capability: "resources",
		Invokes:    false,
		Revision:   1,
		Run:        runSpecResources01,
	}
}

// codeResourceNotFound is the initialize era's not-found code.
const codeResourceNotFound = -32002

// missingResourceURI is a URI no server has: under the scheme of the
// first listed resource when there is one, so the server's own resolver
// (not a scheme check) answers.
func missingResourceURI(e *Env) string {
	scheme := "mcpgauge-missing"
	if res, _ := snapshotResources(e); len(res) > 0 {
		if u, err := url.Parse(res[0].URI); err == nil && u.Scheme != "" {
			scheme = u.Scheme
		}
	}
	return scheme + "://mcpgauge-missing/no-such-resource-7f3a"
}

func runSpecResources01(ctx context.Context, e *Env) Result {
	uri := missingResourceURI(e)
	stateless := e.era() == model.EraStateless
	return e.withRaw(ctx, func(r RawCaller) Result {
		res, rpcErr, err := e.rawCall(ctx, r, "resources/read", map[string]any{"uri": uri})
		if st, ok := httpRefusal(r, err); ok {
			return fail("resources/read of %s was refused with HTTP %d and no JSON-RPC error; a request gets a JSON-RPC error", uri, st).with(err.Error())
		}
		switch {
		case err != nil:
			return errored("resources/read %s: %v", uri, err)
		case rpcErr == nil:
			return fail("resources/read of %s, which no listing names, returned a result instead of an error", uri).with(clip(string(res)))
		case stateless && rpcErr.Code == codeInvalidParams:
			return pass("resources/read of an unknown resource returned -32602")
		case stateless && rpcErr.Code == codeResourceNotFound:
			return fail("resources/read of an unknown resource returned -32002, the initialize era's code; 2026-07-28 uses -32602").with(describeRPC(rpcErr))
		case !stateless && (rpcErr.Code == codeResourceNotFound || rpcErr.Code == codeInvalidParams):
			return pass("resources/read of an unknown resource returned %d", rpcErr.Code)
		}
		want := "-32002 (or -32602)"
		if stateless {
			want = "-32602"
		}
		return fail("resources/read of an unknown resource returned error %s; want %s", describeRPC(rpcErr), want)
	})
}
