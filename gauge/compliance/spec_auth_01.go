package compliance

import (
	"context"
	"strings"
)

// specAuth01 is mcpgauge's spec-auth-01: a 401 carries a Bearer WWW-Authenticate challenge that leads to the protected-resource metadata.
func specAuth01() Test {
	return Test{
		ID:       "spec-auth-01",
		Name:     "A 401 names its protected-resource metadata",
		Category: CategoryAuth,
		Severity: High,
		SpecRef:  specURL(specRevision, "basic/authorization#protected-resource-metadata-discovery-requirements"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecAuth01,
	}
}

func runSpecAuth01(ctx context.Context, e *Env) Result {
	f, r := e.authOnly(ctx)
	if r != nil {
		return *r
	}
	scheme, _, _ := strings.Cut(strings.TrimSpace(f.challenge), " ")
	switch {
	case f.challenge == "":
		return fail("the 401 carries no WWW-Authenticate header (RFC 6750 and the MCP authorization spec require a Bearer challenge)")
	case !strings.EqualFold(scheme, "Bearer"):
		return fail("the 401's challenge is %q, not a Bearer challenge", clip(f.challenge))
	case f.resourceMetadata != "" && f.prmURL == f.resourceMetadata:
		return pass("the 401's Bearer challenge points at the protected-resource metadata (%s)", clip(f.resourceMetadata))
	case f.resourceMetadata != "":
		return fail("the challenge's resource_metadata %s could not be read", clip(f.resourceMetadata)).with(clip(f.prmErr))
	case f.prm != nil:
		return pass("the Bearer challenge has no resource_metadata, but the metadata is at the well-known URI %s (the spec accepts either)", clip(f.prmURL))
	}
	return fail("the challenge has no resource_metadata and no protected-resource metadata is at the well-known URIs").with(clip(f.prmErr))
}
