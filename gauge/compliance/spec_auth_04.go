package compliance

import (
	"context"
	"fmt"
	"slices"
)

// specAuth04 is mcpgauge's spec-auth-04: each authorization server advertises PKCE with S256.
func specAuth04() Test {
	return Test{
		ID:       "spec-auth-04",
		Name:     "Authorization servers advertise PKCE S256",
		Category: CategoryAuth,
		Severity: High,
		SpecRef:  specURL(specRevision, "basic/authorization#authorization-code-protection"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecAuth04,
	}
}

func runSpecAuth04(ctx context.Context, e *Env) Result {
	f, r := e.authOnly(ctx)
	if r != nil {
		return *r
	}
	return withServers(f, func(as asFacts) ([]string, []string) {
		methods := jsonStrings(as.meta, "code_challenge_methods_supported")
		if slices.Contains(methods, "S256") {
			return nil, []string{fmt.Sprintf("%s advertises PKCE S256", clip(as.issuer))}
		}
		if len(methods) == 0 {
			return []string{fmt.Sprintf("%s: no code_challenge_methods_supported; an MCP client MUST refuse to proceed without it", clip(as.issuer))}, nil
		}
		return []string{fmt.Sprintf("%s: code_challenge_methods_supported %v lacks S256", clip(as.issuer), methods)}, nil
	})
}
