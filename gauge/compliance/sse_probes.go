package compliance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// httpSession is a 2025-11-25 Streamable HTTP session opened by hand: the
// headers every later request of it carries.
type httpSession struct {
	header map[string]string
	// init is the answer to initialize.
	init *connect.Answer
}

// openHTTPSession initializes a session of its own over Streamable HTTP
// (initialize, then notifications/initialized) at the main session's
// revision; it returns a verdict instead when the test does not apply.
func (e *Env) openHTTPSession(ctx context.Context, what string) (*httpSession, *Result) {
	if r := e.httpOnly(); r != nil {
		return nil, r
	}
	if e.era() == model.EraStateless {
		r := skip("the main session speaks 2026-07-28, which has no sessions and no resumable streams; %s is a 2025-11-25 requirement", what)
		return nil, &r
	}
	v := e.protocolVersion()
	if v == "" {
		v = "2025-11-25"
	}
	if v < "2025-11-25" {
		r := skip("the main session negotiated %s; %s is a 2025-11-25 requirement", v, what)
		return nil, &r
	}
	a, id, err := e.send(ctx, "initialize", initializeParams(v, "mcpgauge"), nil, nil)
	if err != nil {
		r := errored("initialize: %v", err)
		return nil, &r
	}
	if resp := responseTo(a, id); !resp.Found || resp.Error != nil {
		r := errored("initialize: no result (%s)", statusText(a))
		return nil, &r
	}
	s := &httpSession{init: a, header: map[string]string{"Mcp-Protocol-Version": v}}
	if sid := a.Header.Get("Mcp-Session-Id"); sid != "" {
		s.header["Mcp-Session-Id"] = sid
	}
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	n, err := connect.Send(ctx, e.Target, e.probeOptions(), connect.Exchange{Header: s.header, Body: body})
	if err != nil {
		r := errored("notifications/initialized: %v", err)
		return nil, &r
	}
	if n.Status/100 != 2 {
		r := errored("notifications/initialized: %s", statusText(n))
		return nil, &r
	}
	return s, nil
}

// sessionRequests are the read-only requests a session test sends: ping,
// and the first page of each declared list.
func (e *Env) sessionRequests() []string {
	out := []string{"ping", "ping"}
	for _, c := range []struct{ cap, method string }{{"tools", "tools/list"}, {"resources", "resources/list"}, {"prompts", "prompts/list"}} {
		if e.capability(c.cap) {
			out = append(out, c.method)
		}
	}
	return out
}

// streamAnswer is one request's answer in a session test.
type streamAnswer struct {
	method, id string
	a          *connect.Answer
	err        error
}

func (s streamAnswer) String() string {
	if s.err != nil {
		return fmt.Sprintf("%s: %v", s.method, s.err)
	}
	return fmt.Sprintf("%s: %s", s.method, statusText(s.a))
}
