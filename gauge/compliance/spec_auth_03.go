package compliance

import (
	"context"
	"fmt"
)

// specAuth03 is mcpgauge's spec-auth-03: each authorization server's RFC 8414 / OpenID metadata is served, names its issuer and uses HTTPS endpoints.
func specAuth03() Test {
	return Test{
		ID:       "spec-auth-03",
		Name:     "Authorization server metadata is valid",
		Category: CategoryAuth,
		Severity: High,
		SpecRef:  specURL(specRevision, "basic/authorization#authorization-server-metadata-discovery"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecAuth03,
	}
}

func runSpecAuth03(ctx context.Context, e *Env) Result {
	f, r := e.authOnly(ctx)
	if r != nil {
		return *r
	}
	if f.prm == nil {
		return notTestable("no protected-resource metadata could be read, so no authorization server is known")
	}
	if len(f.servers) == 0 {
		return notTestable("the protected-resource metadata names no authorization server")
	}
	var bad, good []string
	for _, as := range f.servers {
		if as.meta == nil {
			bad = append(bad, fmt.Sprintf("%s: no RFC 8414 or OpenID metadata at the well-known URIs (%s)", clip(as.issuer), clip(as.err)))
			continue
		}
		b := asMetadataProblems(as)
		if len(b) == 0 {
			good = append(good, fmt.Sprintf("%s: metadata at %s, issuer matches, endpoints secure", clip(as.issuer), clip(as.url)))
		}
		bad = append(bad, b...)
	}
	if len(bad) > 0 {
		return fail("%s", bad[0]).with(append(bad[1:], good...)...)
	}
	return pass("%d authorization server(s) publish valid metadata", len(good)).with(good...)
}

// asMetadataProblems lists what is wrong with one server's metadata: an
// issuer that differs from the identifier it was found under (RFC 8414
// §3.3), and missing or insecure endpoints.
func asMetadataProblems(as asFacts) []string {
	var bad []string
	if iss := jsonString(as.meta, "issuer"); !sameResource(iss, as.issuer) {
		bad = append(bad, fmt.Sprintf("%s: issuer is %q (RFC 8414 §3.3: it must equal the identifier the metadata was found under)", clip(as.issuer), clip(iss)))
	}
	for _, k := range []string{"authorization_endpoint", "token_endpoint", "registration_endpoint"} {
		u := jsonString(as.meta, k)
		switch {
		case u == "" && k != "registration_endpoint":
			bad = append(bad, fmt.Sprintf("%s: no %s", clip(as.issuer), k))
		case u != "" && !secureEndpoint(u):
			bad = append(bad, fmt.Sprintf("%s: %s %q is not HTTPS (only loopback may use plain HTTP)", clip(as.issuer), k, clip(u)))
		}
	}
	return bad
}
