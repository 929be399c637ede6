package compliance

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
)

// specTools02 is mcpgauge's spec-tools-02: tools/list comes back in the
// same order each time (a SHOULD of 2026-07-28, so clients and prompt
// caches see a stable list).
func specTools02() Test {
	return Test{
		ID:         "spec-tools-02",
		Name:       "Tools are listed in a deterministic order",
		Category:   CategoryTools,
		Severity:   Low,
		SpecRef:    specURL(latestRevision, "server/tools#listing-tools"),
		Origin:     OriginMCPGauge,
		Needs:      []Need{NeedRaw},
		Capability: "tools",
		Invokes:    false,
		Revision:   1,
		Run:        runSpecTools02,
	}
}

func runSpecTools02(ctx context.Context, e *Env) Result {
	return e.withRaw(ctx, func(r RawCaller) Result {
		var lists [][]string
		for range 3 {
			tools, err := e.listToolsRaw(ctx, func(ctx context.Context, params map[string]any) (json.RawMessage, *connect.RPCError, error) {
				return e.rawCall(ctx, r, "tools/list", params)
			})
			if err != nil {
				return errored("tools/list: %v", err)
			}
			names := make([]string, 0, len(tools))
			for _, t := range tools {
				names = append(names, t.Name)
			}
			lists = append(lists, names)
		}
		for i := 1; i < len(lists); i++ {
			if slices.Equal(lists[i], lists[0]) {
				continue
			}
			a, b := slices.Sorted(slices.Values(lists[0])), slices.Sorted(slices.Values(lists[i]))
			if !slices.Equal(a, b) {
				return notTestable("the tool set changed between two listings, so the order cannot be compared").with(
					"first: "+nameList(lists[0], 10), "then: "+nameList(lists[i], 10))
			}
			return fail("the same %d tools came back in a different order (listing %d of 3)", len(lists[0]), i+1).with(
				"first: "+nameList(lists[0], 10), "then: "+nameList(lists[i], 10))
		}
		return pass("3 listings gave the same %d tools in the same order", len(lists[0]))
	})
}
