package compliance

import (
	"context"
	"encoding/json"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// specLogging01 is mcpgauge's spec-logging-01: a server that declares
// logging answers logging/setLevel with an empty result.
func specLogging01() Test {
	return Test{
		ID:         "spec-logging-01",
		Name:       "logging/setLevel returns an empty result",
		Category:   CategoryProtocol,
		Severity:   Low,
		SpecRef:    specURL(specRevision, "server/utilities/logging"),
		Origin:     OriginMCPGauge,
		Needs:      []Need{NeedRaw},
		Capability: "logging",
		Invokes:    false,
		Revision:   2,
		Run:        runSpecLogging01,
	}
}

func runSpecLogging01(ctx context.Context, e *Env) Result {
	if e.era() == model.EraStateless {
		// A server that also speaks the initialize era is judged there.
		return e.eraResult(ctx, "logging/setLevel", "logging/setLevel was removed in 2026-07-28 (the log level travels in each request's _meta)", judgeSetLevel)
	}
	return e.withRaw(ctx, func(r RawCaller) Result {
		return judgeSetLevel(e.rawCall(ctx, r, "logging/setLevel", map[string]any{"level": "warning"}))
	})
}

// judgeSetLevel judges the answer to logging/setLevel.
func judgeSetLevel(res json.RawMessage, rpcErr *connect.RPCError, err error) Result {
	switch {
	case err != nil:
		return errored("logging/setLevel: %v", err)
	case rpcErr != nil:
		return fail("logging/setLevel failed although logging is declared: %s", describeRPC(rpcErr))
	}
	var out map[string]json.RawMessage
	if json.Unmarshal(res, &out) != nil {
		return fail("logging/setLevel returned %s, not an object", clip(string(res)))
	}
	delete(out, "_meta")
	if len(out) > 0 {
		return fail("logging/setLevel returned %s; the result is empty ({})", clip(string(res)))
	}
	return pass("logging/setLevel returned {}")
}
