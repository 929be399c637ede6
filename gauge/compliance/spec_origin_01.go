package compliance

import (
	"context"
)

// specOrigin01 is mcpgauge's spec-origin-01: a request from a foreign
// Origin gets 403 (DNS rebinding protection).
func specOrigin01() Test {
	return Test{
		ID:       "spec-origin-01",
		Name:     "A foreign Origin is refused with 403",
		Category: CategorySecurity,
		Severity: High,
		SpecRef:  specURL(specRevision, "basic/transports#security-warning"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecOrigin01,
	}
}

// foreignOrigin is the Origin a DNS-rebinding page would send: a site
// that is not the server's.
const foreignOrigin = "https://rebinding.mcpgauge.invalid"

func runSpecOrigin01(ctx context.Context, e *Env) Result {
	if r := e.httpOnly(); r != nil {
		return *r
	}
	method, params, header := e.openingRequest()
	a, id, err := e.send(ctx, method, params, header, map[string]string{"Origin": foreignOrigin})
	if err != nil {
		return errored("%s with Origin %s: %v", method, foreignOrigin, err)
	}
	switch {
	case a.Status == 401:
		return notTestable("%s with Origin %s got HTTP 401 (authentication first), so whether the Origin is checked cannot be seen without credentials", method, foreignOrigin)
	case a.Status == 403:
		return pass("%s with Origin %s was refused with HTTP 403", method, foreignOrigin)
	case a.Status >= 200 && a.Status < 300:
		if resp := responseTo(a, id); resp.Found && resp.Error != nil {
			return fail("%s with Origin %s got HTTP %d and a JSON-RPC error, not HTTP 403: the server does not refuse foreign origins at the HTTP layer", method, foreignOrigin, a.Status).with(clip(string(*resp.Error)))
		}
		return fail("%s with Origin %s was answered (HTTP %d): a web page on another site could reach this server through DNS rebinding", method, foreignOrigin, a.Status)
	}
	return fail("%s with Origin %s was refused with HTTP %d; the transport spec asks for 403", method, foreignOrigin, a.Status).with(statusText(a))
}
