package lint

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

func TestEndpointPathRefs(t *testing.T) {
	ctx := &Context{cache: map[string]any{}, Tools: []model.Tool{{Name: "a_b", InputSchema: map[string]any{"type": "object"}}}}
	for _, c := range []struct{ desc, want string }{
		{"Please use /v1/items endpoint instead.", "/v1/items"},
		{"Results can be retrieved from the `/v1/jobs/:id` endpoint.", "/v1/jobs/:id"},
		{"See the /regions route for codes.", "/regions"},
		{"Uses the /v1/embeddings endpoint.", ""},
		{"This tool will use the /v1/items endpoint.", ""},
		{"Use the /tmp directory.", ""},
		{"Use https://x.io/v1/items endpoint.", ""},
	} {
		got := ""
		if refs := endpointPathRefs(ctx, c.desc); len(refs) > 0 {
			got = refs[0]
		}
		if got != c.want {
			t.Errorf("endpointPathRefs(%q) = %q, want %q", c.desc, got, c.want)
		}
	}
}

// TestNameRefsLinearInTools: the free-path fact and the tails of the tool
// names are computed once per run, so reading every tool of a server twice
// as large allocates about twice as much.
func TestNameRefsLinearInTools(t *testing.T) {
	bytes := func(n int) uint64 {
		ctx := &Context{cache: map[string]any{}}
		for i := range n {
			ctx.Tools = append(ctx.Tools, model.Tool{
				Name:           fmt.Sprintf("kit_group%d_item_list%d", i%7, i),
				RawDescription: fmt.Sprintf("Lists items. Call item_list%d first. Please use the /v2/items/%d endpoint instead.", (i+1)%n, i),
				InputSchema:    map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "string"}}},
			})
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		found := 0
		for i := range ctx.Tools {
			if len(endpointPathRefs(ctx, ctx.Tools[i].RawDescription)) > 0 {
				found++
			}
			if _, ok := shapeTailTool(ctx, fmt.Sprintf("item_list%d", i)); ok {
				found++
			}
		}
		runtime.ReadMemStats(&after)
		if found != 2*n {
			t.Fatalf("%d tools: %d references found, want %d", n, found, 2*n)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	n, n2 := bytes(1000), bytes(2000)
	t.Logf("bytes allocated: %d for 1000 tools, %d for 2000", n, n2)
	if float64(n2) > 3*float64(n) {
		t.Errorf("the name readings allocate faster than the tools grow: %d for 1000, %d for 2000", n, n2)
	}
}
