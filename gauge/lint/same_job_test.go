package lint

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

func TestSameJobOf(t *testing.T) {
	for _, c := range []struct{ desc, want string }{
		{"Get AI-generated failure diagnostic for a specific workflow run, including root cause", "get|diagnostic|run"},
		{"Fetch failure diagnostics for a workflow run. Returns analysis", "get|diagnostics|run"},
		{"Lists the open tickets in a queue", "list|tickets|queue"},
		{"Run a query", ""},
		{"Get or list resources", ""},
		{"Get", ""},
	} {
		if got := sameJobOf(c.desc); got != c.want {
			t.Errorf("sameJobOf(%q) = %q, want %q", c.desc, got, c.want)
		}
	}
}

// TestSameJobTwinsLinearInTools: the reading indexes tools by their job
// key, so doubling a 1,000-tool server about doubles what it allocates.
func TestSameJobTwinsLinearInTools(t *testing.T) {
	bytes := func(n int) uint64 {
		ctx := &Context{cache: map[string]any{}}
		for i := range n {
			ctx.Tools = append(ctx.Tools, model.Tool{
				Name:        fmt.Sprintf("get_item%d_detail", i),
				Description: fmt.Sprintf("Get the detail of an item%d for a store.", i%(n/2)),
				InputSchema: map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "string"}}, "required": []any{"id"}},
			})
		}
		tools := tgTools(ctx)
		preciseSameJobTwins(tools) // warm up
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		pairs := preciseSameJobTwins(tools)
		runtime.ReadMemStats(&after)
		if len(pairs) != n/2 {
			t.Fatalf("%d tools: %d pairs, want %d", n, len(pairs), n/2)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	n, n2 := bytes(1000), bytes(2000)
	t.Logf("bytes allocated: %d for 1000 tools, %d for 2000", n, n2)
	if float64(n2) > 3*float64(n) {
		t.Errorf("the same-job reading allocates faster than the tools grow: %d for 1000, %d for 2000", n, n2)
	}
}
