package compliance

import (
	"context"
	"encoding/json"
	"fmt"
)

// specAuth06 is mcpgauge's spec-auth-06: each authorization server lets a client register without credentials: client ID metadata documents, or (deprecated) dynamic registration.
func specAuth06() Test {
	return Test{
		ID:       "spec-auth-06",
		Name:     "Clients can register without credentials",
		Category: CategoryAuth,
		Severity: Medium,
		SpecRef:  specURL(specRevision, "basic/authorization#client-registration-approaches"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecAuth06,
	}
}

func runSpecAuth06(ctx context.Context, e *Env) Result {
	f, r := e.authOnly(ctx)
	if r != nil {
		return *r
	}
	return withServers(f, func(as asFacts) ([]string, []string) {
		var cimd bool
		_ = json.Unmarshal(as.meta["client_id_metadata_document_supported"], &cimd)
		switch {
		case cimd:
			return nil, []string{fmt.Sprintf("%s accepts client ID metadata documents", clip(as.issuer))}
		case jsonString(as.meta, "registration_endpoint") != "":
			return nil, []string{fmt.Sprintf("%s offers dynamic client registration only (deprecated in 2026-07-28 in favour of client ID metadata documents)", clip(as.issuer))}
		}
		return []string{fmt.Sprintf("%s: neither client_id_metadata_document_supported nor a registration_endpoint; a client needs a pre-arranged client ID", clip(as.issuer))}, nil
	})
}
