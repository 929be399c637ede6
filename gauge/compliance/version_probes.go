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
}

func (p probe) String() string {
	switch {
	case p.Err != nil:
		return fmt.Sprintf("%s via %s: no answer: %v", p.Offered, p.Method, p.Err)
	case p.RPC != nil:
		return fmt.Sprintf("%s via %s: error %s", p.Offered, p.Method, describeRPC(p.RPC))
	case p.Method == "server/discover":
		return fmt.Sprintf("%s via server/discover: supportedVersions %v", p.Offered, p.Listed)
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
	r, err := e.openRawFor(pctx, p.Method, params)
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
	return p
}
