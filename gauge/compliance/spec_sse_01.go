package compliance

import (
	"context"
	"fmt"
	"net/http"
	"sync"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
)

// specSSE01 is mcpgauge's spec-sse-01: one Streamable HTTP session serves
// several streams at once: its standalone GET stream held open, and
// concurrent POSTs, each answered on its own stream.
func specSSE01() Test {
	return Test{
		ID:       "spec-sse-01",
		Name:     "Several concurrent streams in one session",
		Category: CategoryTransport,
		Severity: Medium,
		SpecRef:  specURL(specRevision, "basic/transports#multiple-connections"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecSSE01,
	}
}

func runSpecSSE01(ctx context.Context, e *Env) Result {
	s, r := e.openHTTPSession(ctx, "serving several streams of one session")
	if r != nil {
		return *r
	}
	var notes []string
	get, err := connect.Send(ctx, e.Target, e.probeOptions(), connect.Exchange{Method: http.MethodGet,
		Header: withHeader(s.header, "Accept", "text/event-stream"), Hold: true})
	switch {
	case err != nil:
		return errored("GET stream: %v", err)
	case get.Status == http.StatusMethodNotAllowed:
		notes = append(notes, "GET stream: 405 (the server offers no standalone stream, which the spec allows); only the POST streams are concurrent")
	case get.Status/100 != 2 || !get.SSE:
		return fail("the session's GET stream was refused: %s (want an event stream or 405)", statusText(get))
	default:
		notes = append(notes, "GET stream: open while the POSTs ran")
	}
	defer get.Close()
	methods := e.sessionRequests()
	answers := make([]streamAnswer, len(methods))
	var wg sync.WaitGroup
	for i, m := range methods {
		wg.Go(func() {
			a, id, err := e.send(ctx, m, nil, s.header, nil)
			answers[i] = streamAnswer{method: m, id: id, a: a, err: err}
		})
	}
	wg.Wait()
	var bad []string
	for i, ans := range answers {
		if ans.err != nil {
			bad = append(bad, ans.String())
			continue
		}
		resp := responseTo(ans.a, ans.id)
		if !resp.Found {
			bad = append(bad, fmt.Sprintf("%s: no response to its own request (%s)", ans.method, statusText(ans.a)))
			continue
		}
		for j, other := range answers {
			if j != i && other.err == nil && responseTo(ans.a, other.id).Found {
				bad = append(bad, fmt.Sprintf("%s: its stream carried the response to %s too (a message belongs on one stream)", ans.method, other.method))
			}
		}
	}
	if len(bad) > 0 {
		return fail("%d of %d concurrent requests in one session were not answered on their own stream", len(bad), len(methods)).with(append(bad, notes...)...)
	}
	return pass("%d concurrent requests in one session were each answered on their own stream", len(methods)).with(notes...)
}

// withHeader returns a copy of h with one more header.
func withHeader(h map[string]string, k, v string) map[string]string {
	out := make(map[string]string, len(h)+1)
	for hk, hv := range h {
		out[hk] = hv
	}
	out[k] = v
	return out
}
