package compliance

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// specPing01 is mcpgauge's spec-ping-01: a raw ping gets an empty result.
func specPing01() Test {
	return Test{
		ID:       "spec-ping-01",
		Name:     "Ping returns an empty result",
		Category: CategoryLifecycle,
		Severity: Medium,
		SpecRef:  specURL(specRevision, "basic/utilities/ping"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 2,
		Run:      runSpecPing01,
	}
}

func runSpecPing01(ctx context.Context, e *Env) Result {
	if e.era() == model.EraStateless {
		// A server that also speaks the initialize era is judged there.
		return e.eraResult(ctx, "ping", fmt.Sprintf("ping was removed in protocol revision %s (negotiated %s)", latestRevision, e.protocolVersion()), judgePing)
	}
	return e.withRaw(ctx, func(r RawCaller) Result {
		return judgePing(e.rawCall(ctx, r, "ping", nil))
	})
}

// judgePing judges the answer to a ping.
func judgePing(res json.RawMessage, rpcErr *connect.RPCError, err error) Result {
	if err != nil {
		return errored("ping: %v", err)
	}
	if rpcErr != nil {
		return fail("ping returned error %s", describeRPC(rpcErr))
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(res, &obj) != nil || obj == nil {
		return fail("ping result is not a JSON object: %s", clip(string(res)))
	}
	var extra []string
	for k := range obj {
		if k != "_meta" {
			extra = append(extra, k)
		}
	}
	if len(extra) > 0 {
		sort.Strings(extra)
		return fail("ping result must be empty; it has %s", strings.Join(extra, ", "))
	}
	return pass("ping answered with an empty result")
}
