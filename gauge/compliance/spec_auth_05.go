package compliance

import (
	"context"
	"encoding/json"
	"fmt"
)

// specAuth05 is mcpgauge's spec-auth-05: each authorization server advertises iss in authorization responses (RFC 9207).
func specAuth05() Test {
	return Test{
		ID:       "spec-auth-05",
		Name:     "Authorization servers advertise iss (RFC 9207)",
		Category: CategoryAuth,
		Severity: Medium,
		SpecRef:  specURL(specRevision, "basic/authorization#authorization-server-metadata-discovery"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecAuth05,
	}
}

func runSpecAuth05(ctx context.Context, e *Env) Result {
	f, r := e.authOnly(ctx)
	if r != nil {
		return *r
	}
	return withServers(f, func(as asFacts) ([]string, []string) {
		var on bool
		if json.Unmarshal(as.meta["authorization_response_iss_parameter_supported"], &on) == nil && on {
			return nil, []string{fmt.Sprintf("%s advertises iss in authorization responses", clip(as.issuer))}
		}
		return []string{fmt.Sprintf("%s: authorization_response_iss_parameter_supported is not true; clients cannot detect mix-up attacks (RFC 9207)", clip(as.issuer))}, nil
	})
}
