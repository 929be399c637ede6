package compliance

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// The rows of the version-negotiation matrix (spec-version-01): one offer
// of a protocol revision and what the server answered.

// probe is one row of the negotiation matrix.
type probe struct {
	Offered  string
	Method   string
	Answered string   // protocolVersion of a successful answer
	Listed   []string // server/discover supportedVersions
	RPC      *connect.RPCError
	Err      error
	// Refused says how the server refused the next request at the revision
	// its initialize accepted ("" when it served it, or was not asked):
	// Streamable HTTP only, where the revision rides on every request's
	// MCP-Protocol-Version header.
	Refused string
	// Era holds the answers, in a session at an initialize revision, to
	// the requests of that era the main 2026-07-28 session cannot send
	// (ping, logging/setLevel), by method; nil when not asked (see
	// eraFollowUp).
	Era map[string]eraAnswer
	// Caps are the capability names the initialize result declared.
	Caps []string
}

// eraAnswer is the answer to one request of an initialize-era session.
type eraAnswer struct {
	Result json.RawMessage
	RPC    *connect.RPCError
	Err    error
}

func (p probe) String() string {
	switch {
	case p.Err != nil:
		return fmt.Sprintf("%s via %s: no answer: %v", p.Offered, p.Method, p.Err)
	case p.RPC != nil:
		return fmt.Sprintf("%s via %s: error %s", p.Offered, p.Method, describeRPC(p.RPC))
	case p.Method == "server/discover":
		return fmt.Sprintf("%s via server/discover: supportedVersions %v", p.Offered, p.Listed)
	case p.Refused != "":
		return fmt.Sprintf("%s via initialize: %s (echoed), then refused: %s", p.Offered, p.Answered, p.Refused)
	case p.Answered == p.Offered:
		return fmt.Sprintf("%s via initialize: %s (echoed)", p.Offered, p.Answered)
	default:
		return fmt.Sprintf("%s via initialize: answered %q", p.Offered, p.Answered)
	}
}

// supportedFromError reads data.supported from an error, if any.
func supportedFromError(e *connect.RPCError) []string {
	if e == nil || len(e.Data) == 0 {
		return nil
	}
	var d struct {
		Supported []string `json:"supported"`
	}
	if json.Unmarshal(e.Data, &d) != nil {
		return nil
	}
	return d.Supported
}

func (e *Env) probeVersion(ctx context.Context, version string) probe {
	p := probe{Offered: version, Method: "initialize"}
	if version >= latestRevision {
		p.Method = "server/discover"
	}
	pctx, cancel := context.WithTimeout(ctx, e.Timeout)
	defer cancel()
	var params map[string]any
	if p.Method == "initialize" {
		params = initializeParams(version, "mcpgauge")
	} else {
		params = map[string]any{"_meta": statelessMeta(version, "mcpgauge")}
	}
	var r RawCaller
	var err error
	if p.Method == "initialize" && e.streamableHTTP() && e.DialRaw != nil {
		// No 2026-07-28 routing headers: the session goes on past
		// initialize (see followUp), and a fixed Mcp-Method would not
		// match its next request.
		r, err = e.DialRaw(pctx, e.probeOptions())
	} else {
		r, err = e.openRawFor(pctx, p.Method, params)
	}
	if err != nil {
		p.Err = err
		return p
	}
	defer r.Close()
	if sv, ok := r.(interface{ SetProtocolVersion(string) }); ok && p.Method == "server/discover" {
		// Streamable HTTP: a request whose _meta carries a protocol version
		// must carry the same MCP-Protocol-Version header.
		sv.SetProtocolVersion(version)
	}
	res, rpcErr, err := r.Call(pctx, p.Method, params)
	p.fill(res, rpcErr, err)
	accepted := p.Method == "initialize" && p.Err == nil && p.RPC == nil && p.Answered != ""
	if accepted {
		p.Caps = resultCaps(res)
	}
	switch {
	case accepted && e.era() == model.EraStateless:
		// The main session speaks 2026-07-28: this session is the only
		// place the initialize era's own requests can be judged.
		p.Refused, p.Era = eraFollowUp(pctx, r, p.Answered, slices.Contains(p.Caps, "logging"))
	case accepted && e.streamableHTTP():
		p.Refused = followUp(pctx, r, p.Answered)
	}
	return p
}

// resultCaps lists the capability names an initialize result declares.
func resultCaps(res json.RawMessage) []string {
	var out struct {
		Capabilities map[string]json.RawMessage `json:"capabilities"`
	}
	_ = json.Unmarshal(res, &out)
	var caps []string
	for k, v := range out.Capabilities {
		if string(v) != "null" {
			caps = append(caps, k)
		}
	}
	slices.Sort(caps)
	return caps
}

// eraFollowUp is followUp for a session whose era the main session does
// not speak: after notifications/initialized it sends ping and, when the
// server declared logging, logging/setLevel, and keeps their answers for
// the era-specific tests (spec-ping-01, spec-logging-01), besides how the
// server refused the revision over HTTP, if it did.
func eraFollowUp(ctx context.Context, r RawCaller, version string, logging bool) (string, map[string]eraAnswer) {
	if sv, ok := r.(interface{ SetProtocolVersion(string) }); ok {
		sv.SetProtocolVersion(version)
	}
	answers := map[string]eraAnswer{}
	if err := r.Notify(ctx, "notifications/initialized", map[string]any{}); err != nil {
		if st, refused := httpRefusal(r, err); refused {
			return fmt.Sprintf("HTTP %d to notifications/initialized (%v)", st, err), answers
		}
	}
	refused := ""
	calls := []struct {
		method string
		params map[string]any
	}{{"ping", nil}}
	if logging {
		calls = append(calls, struct {
			method string
			params map[string]any
		}{"logging/setLevel", map[string]any{"level": "warning"}})
	}
	for _, c := range calls {
		res, rpcErr, err := r.Call(ctx, c.method, c.params)
		if st, ok := httpRefusal(r, err); ok && refused == "" {
			refused = fmt.Sprintf("HTTP %d to %s (%v)", st, c.method, err)
		}
		answers[c.method] = eraAnswer{Result: res, RPC: rpcErr, Err: err}
	}
	return refused, answers
}

// legacyProbe is the session, at the newest initialize revision the
// server lists, that carries the initialize era's own requests when the
// main session speaks 2026-07-28: the deep plan's session of that revision,
// or over HTTP one more session (no server start). It returns nil and the
// reason when there is none: the server lists no initialize revision
// (why is ""), or over stdio the default plan does not start a second
// server for it.
func (e *Env) legacyProbe(ctx context.Context) (*probe, string) {
	if e.era() != model.EraStateless || e.Session == nil {
		return nil, ""
	}
	var d struct {
		SupportedVersions []string `json:"supportedVersions"`
	}
	_ = json.Unmarshal(e.Session.InitRaw, &d)
	v := newestLegacy(d.SupportedVersions)
	if v == "" {
		return nil, ""
	}
	if e.plan().Via(NeedRevisions) == ViaPerRevision {
		e.deepOnce.Do(func() { e.deep = e.deepProbes(ctx) })
		for i := range e.deep {
			if e.deep[i].Offered == v {
				return &e.deep[i], ""
			}
		}
	}
	if !e.streamableHTTP() {
		return nil, fmt.Sprintf("the server also speaks %s, but over stdio the default plan starts no second server for it (--compliance deep does)", v)
	}
	e.legacyOnce.Do(func() {
		p := e.probeVersion(ctx, v)
		e.legacy = &p
	})
	return e.legacy, ""
}

// eraResult judges one request of the initialize era in the legacy
// session for an era-specific test, or says why it cannot: judge gets the
// answer; removed is the skip message for a server that speaks only
// 2026-07-28.
func (e *Env) eraResult(ctx context.Context, method, removed string, judge func(json.RawMessage, *connect.RPCError, error) Result) Result {
	p, why := e.legacyProbe(ctx)
	switch {
	case p == nil && why == "":
		return skip("%s", removed)
	case p == nil:
		return skip("%s; %s", removed, why)
	case p.Err != nil || p.RPC != nil || p.Answered != p.Offered || p.Refused != "":
		return skip("%s; the server lists %s but did not serve a session at it (%s; spec-version-01 judges that)", removed, p.Offered, p)
	}
	a, ok := p.Era[method]
	if !ok {
		return skip("%s; the %s session did not declare what %s needs", removed, p.Offered, method)
	}
	r := judge(a.Result, a.RPC, a.Err)
	r.Message = fmt.Sprintf("in %s (the server's initialize era; the main session speaks %s): %s", p.Offered, e.protocolVersion(), r.Message)
	return r
}

// followUp goes on with a raw Streamable HTTP session whose initialize
// accepted version: notifications/initialized and a ping, each carrying
// MCP-Protocol-Version: version, as every request after the handshake
// does. It returns how the server refused them at the HTTP level ("" when
// it did not): a server that accepts a revision in initialize and then
// refuses it with HTTP 400 does not support it, whatever it negotiated.
// (A ping the server answers with a JSON-RPC error is not a refusal of the
// revision; spec-ping-01 judges ping.)
func followUp(ctx context.Context, r RawCaller, version string) string {
	sv, ok := r.(interface{ SetProtocolVersion(string) })
	if !ok {
		return ""
	}
	sv.SetProtocolVersion(version)
	if err := r.Notify(ctx, "notifications/initialized", map[string]any{}); err != nil {
		if st, refused := httpRefusal(r, err); refused {
			return fmt.Sprintf("HTTP %d to notifications/initialized (%v)", st, err)
		}
	}
	if _, _, err := r.Call(ctx, "ping", nil); err != nil {
		if st, refused := httpRefusal(r, err); refused {
			return fmt.Sprintf("HTTP %d to ping (%v)", st, err)
		}
	}
	return ""
}
