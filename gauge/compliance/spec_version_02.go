package compliance

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
)

// specVersion02 is mcpgauge's spec-version-02: a 2026-07-28 request at a
// revision the server does not support gets −32022
// (UnsupportedProtocolVersion) with the supported revisions in
// data.supported.
func specVersion02() Test {
	return Test{
		ID:       "spec-version-02",
		Name:     "An unsupported revision gets -32022 with the supported list",
		Category: CategoryProtocol,
		Severity: Medium,
		SpecRef:  specURL(latestRevision, "basic/versioning"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecVersion02,
	}
}

func runSpecVersion02(ctx context.Context, e *Env) Result {
	if r := e.statelessOnly("the −32022 refusal of an unsupported revision"); r != nil {
		return *r
	}
	params := map[string]any{"_meta": statelessMeta(bogusStatelessRevision, "mcpgauge")}
	var rpcErr *connect.RPCError
	if e.streamableHTTP() {
		h := mcpHeaders("server/discover", params)
		h["Mcp-Protocol-Version"] = bogusStatelessRevision
		a, id, err := e.send(ctx, "server/discover", params, h, nil)
		if err != nil {
			return errored("server/discover at %s: %v", bogusStatelessRevision, err)
		}
		resp := responseTo(a, id)
		switch {
		case !resp.Found:
			return fail("server/discover at %s got no JSON-RPC answer (%s); a request gets a JSON-RPC error (-32022)", bogusStatelessRevision, statusText(a))
		case resp.Error == nil:
			return fail("server/discover at %s, a revision no server supports, was answered with a result instead of -32022", bogusStatelessRevision)
		}
		var m struct {
			Error struct {
				Code    int64           `json:"code"`
				Message string          `json:"message"`
				Data    json.RawMessage `json:"data"`
			} `json:"error"`
		}
		_ = json.Unmarshal(*resp.Error, &m)
		rpcErr = &connect.RPCError{Code: m.Error.Code, Message: m.Error.Message, Data: m.Error.Data}
	} else {
		res := e.withRaw(ctx, func(r RawCaller) Result {
			out, re, err := r.Call(ctx, "server/discover", params)
			switch {
			case err != nil:
				return errored("server/discover at %s: %v", bogusStatelessRevision, err)
			case re == nil:
				return fail("server/discover at %s, a revision no server supports, was answered with a result instead of -32022", bogusStatelessRevision).with(clip(string(out)))
			}
			rpcErr = re
			return Result{}
		})
		if res.Status != "" {
			return res
		}
	}
	if rpcErr.Code != codeUnsupportedProtocolVersion {
		return fail("server/discover at %s got error %s; want -32022 (UnsupportedProtocolVersion)", bogusStatelessRevision, describeRPC(rpcErr))
	}
	supported := supportedFromError(rpcErr)
	if len(supported) == 0 {
		return fail("-32022 without data.supported: a client cannot tell which revision to retry with").with(describeRPC(rpcErr))
	}
	return pass("a request at %s got -32022 listing %s", bogusStatelessRevision, strings.Join(supported, ", ")).with(fmt.Sprintf("message: %s", clip(rpcErr.Message)))
}
