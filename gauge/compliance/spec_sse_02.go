package compliance

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
)

// specSSE02 is mcpgauge's spec-sse-02: a 2025-11-25 server that answers
// with an event stream primes it (an event with an id and empty data
// first) and sends retry before closing a stream early.
func specSSE02() Test {
	return Test{
		ID:       "spec-sse-02",
		Name:     "Event streams are primed and say retry before closing early",
		Category: CategoryTransport,
		Severity: Low,
		SpecRef:  specURL(specRevision, "basic/transports#sending-messages-to-the-server"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecSSE02,
	}
}

func runSpecSSE02(ctx context.Context, e *Env) Result {
	s, r := e.openHTTPSession(ctx, "stream priming")
	if r != nil {
		return *r
	}
	answers := []streamAnswer{{method: "initialize", a: s.init}}
	for _, m := range e.sessionRequests()[1:] {
		a, id, err := e.send(ctx, m, nil, s.header, nil)
		if err != nil {
			return errored("%s: %v", m, err)
		}
		answers = append(answers, streamAnswer{method: m, id: id, a: a})
	}
	var bad, good []string
	streams := 0
	for _, ans := range answers {
		if !ans.a.SSE {
			continue
		}
		streams++
		if len(ans.a.Events) == 0 || ans.a.Events[0].ID == "" || strings.TrimSpace(ans.a.Events[0].Data) != "" {
			bad = append(bad, fmt.Sprintf("%s: the stream does not start with a priming event (an id and empty data)", ans.method))
		} else {
			good = append(good, fmt.Sprintf("%s: primed (id %q)", ans.method, clip(ans.a.Events[0].ID)))
		}
		if ans.id != "" && !responseTo(ans.a, ans.id).Found && !hasRetry(ans.a.Events) {
			bad = append(bad, fmt.Sprintf("%s: the stream closed before the response without a retry field", ans.method))
		}
	}
	if streams == 0 {
		return skip("every answer was JSON, not an event stream: priming applies to event streams")
	}
	if len(bad) > 0 {
		return fail("%d of %d event streams are not primed for resumption (a SHOULD)", len(bad), streams).with(append(bad, good...)...)
	}
	return pass("all %d event streams are primed", streams).with(good...)
}

func hasRetry(evs []connect.SSEEvent) bool {
	for _, ev := range evs {
		if ev.HasRetry {
			return true
		}
	}
	return false
}
