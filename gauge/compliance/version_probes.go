package compliance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
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
	p.fill(r.Call(pctx, p.Method, params))
	if p.Method == "initialize" && p.Err == nil && p.RPC == nil && p.Answered != "" && e.streamableHTTP() {
		p.Refused = followUp(pctx, r, p.Answered)
	}
	return p
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
