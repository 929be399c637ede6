package compliance

import (
	"context"
	"fmt"
	"strings"
)

// specAuth02 is mcpgauge's spec-auth-02: the RFC 9728 protected-resource metadata names this server and its authorization servers.
func specAuth02() Test {
	return Test{
		ID:       "spec-auth-02",
		Name:     "Protected-resource metadata names this server",
		Category: CategoryAuth,
		Severity: High,
		SpecRef:  specURL(specRevision, "basic/authorization#authorization-server-location"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecAuth02,
	}
}

func runSpecAuth02(ctx context.Context, e *Env) Result {
	f, r := e.authOnly(ctx)
	if r != nil {
		return *r
	}
	if f.prm == nil {
		return fail("no protected-resource metadata (RFC 9728) could be read").with(clip(f.prmErr))
	}
	var bad []string
	resource := jsonString(f.prm, "resource")
	if !sameResource(resource, e.Target.URL) {
		bad = append(bad, fmt.Sprintf("resource is %q, not this server's URL %q (RFC 9728 §3.3: a client must reject the metadata)", clip(resource), clip(e.Target.URL)))
	}
	servers := jsonStrings(f.prm, "authorization_servers")
	if len(servers) == 0 {
		bad = append(bad, "authorization_servers is missing or empty (the MCP spec requires at least one)")
	}
	if len(bad) > 0 {
		return fail("the protected-resource metadata at %s is not usable: %s", clip(f.prmURL), bad[0]).with(bad[1:]...)
	}
	return pass("the protected-resource metadata names this server and %d authorization server(s): %s", len(servers), nameList(servers, 3))
}

// sameResource compares a metadata resource with the server URL, ignoring
// a trailing slash and the case of scheme and host.
func sameResource(resource, server string) bool {
	norm := func(s string) string { return strings.ToLower(strings.TrimSuffix(s, "/")) }
	if resource == "" {
		return false
	}
	return norm(resource) == norm(server) || strings.EqualFold(strings.TrimSuffix(resource, "/"), strings.TrimSuffix(server, "/"))
}
