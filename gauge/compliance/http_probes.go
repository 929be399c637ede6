package compliance

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"strconv"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// HTTP probes: single requests sent exactly as built, for the tests that
// look at what only HTTP carries (status codes, response headers, event
// streams). They go through connect.Send, so the target's guard applies.

// rpcBody is one JSON-RPC request, encoded, with its id (random: the ids
// only need to be unique within one exchange).
func rpcBody(method string, params map[string]any) ([]byte, string) {
	id := 9000 + rand.Int64N(1<<40)
	msg := map[string]any{"jsonrpc": "2.0", "id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	b, _ := json.Marshal(msg)
	return b, strconv.FormatInt(id, 10)
}

// openingRequest is the request that starts a conversation in the main
// session's era: initialize in the handshake era, server/discover (with
// its _meta and routing headers) in the stateless one.
func (e *Env) openingRequest() (method string, params map[string]any, header map[string]string) {
	v := e.protocolVersion()
	if e.era() == model.EraStateless {
		if v == "" {
			v = latestRevision
		}
		params = map[string]any{"_meta": statelessMeta(v, "mcpgauge")}
		header = mcpHeaders("server/discover", params)
		header["Mcp-Protocol-Version"] = v
		return "server/discover", params, header
	}
	if v == "" {
		v = "2025-11-25"
	}
	return "initialize", initializeParams(v, "mcpgauge"), map[string]string{}
}

// statelessRequest builds a 2026-07-28 request: params with the _meta,
// routing headers and the protocol-version header.
func (e *Env) statelessRequest(method string, params map[string]any) (map[string]any, map[string]string) {
	v := e.protocolVersion()
	if v == "" {
		v = latestRevision
	}
	params = withMeta(params, v, "mcpgauge")
	h := mcpHeaders(method, params)
	h["Mcp-Protocol-Version"] = v
	return params, h
}

// send performs one HTTP exchange with the probe options; extra headers
// are added to (a copy of) header.
func (e *Env) send(ctx context.Context, method string, params map[string]any, header map[string]string, extra map[string]string) (*connect.Answer, string, error) {
	body, id := rpcBody(method, params)
	h := maps.Clone(header)
	if h == nil {
		h = map[string]string{}
	}
	maps.Copy(h, extra)
	a, err := connect.Send(ctx, e.Target, e.probeOptions(), connect.Exchange{Header: h, Body: body, StopAtID: id})
	return a, id, err
}

// rpcAnswer is the JSON-RPC response to id in an answer, decoded.
type rpcAnswer struct {
	Result json.RawMessage  `json:"result"`
	Error  *json.RawMessage `json:"error"`
	Code   int64            `json:"-"`
	Found  bool             `json:"-"`
	// Others are the other messages in the answer (notifications, …).
	Others []json.RawMessage `json:"-"`
}

// responseTo finds the response to id among an answer's messages.
func responseTo(a *connect.Answer, id string) rpcAnswer {
	var out rpcAnswer
	for _, m := range a.Messages() {
		var r struct {
			ID     json.RawMessage `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Code int64 `json:"code"`
			} `json:"error"`
		}
		if json.Unmarshal(m, &r) != nil || (r.Result == nil && r.Error == nil) || string(r.ID) != id && string(r.ID) != strconv.Quote(id) {
			out.Others = append(out.Others, m)
			continue
		}
		out.Found, out.Result = true, r.Result
		if r.Error != nil {
			raw := json.RawMessage(m)
			out.Error, out.Code = &raw, r.Error.Code
		}
	}
	return out
}

// httpOnly returns a skip for a target that is not a Streamable HTTP
// server, or nil.
func (e *Env) httpOnly() *Result {
	if !e.streamableHTTP() {
		r := skip("not a Streamable HTTP server: the requirement is about HTTP")
		return &r
	}
	return nil
}

// statusText renders an HTTP answer's status and a clip of its body.
func statusText(a *connect.Answer) string {
	return fmt.Sprintf("HTTP %d %s", a.Status, clip(string(a.Body)))
}
