package lint

import (
	"fmt"
	"runtime"
	"strings"
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

// TestSameJobLeadBoundedByItsWords: a lead clause with no stop mark is read
// for its first words only, so a tool whose description is twice as long
// costs about the same (the whole clause was lowered three times before).
func TestSameJobLeadBoundedByItsWords(t *testing.T) {
	bytes := func(kb int) uint64 {
		ctx := &Context{cache: map[string]any{}}
		for i := range 50 {
			ctx.Tools = append(ctx.Tools, model.Tool{
				Name:        fmt.Sprintf("get_item_detail_%d", i),
				Description: "Get the detail of " + strings.Repeat("item ", kb*1024/5),
				InputSchema: map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "string"}}, "required": []any{"id"}},
			})
		}
		tools := tgTools(ctx)
		preciseSameJobTwins(tools) // warm up
		return allocatedBy(func() {
			preciseSameJobTwins(tools)
		})
	}
	n, n2 := bytes(64), bytes(128)
	t.Logf("bytes allocated: %d for 64 KB leads, %d for 128 KB", n, n2)
	if float64(n2) > 1.5*float64(n) {
		t.Errorf("the lead reading grows with the description: %d for 64 KB, %d for 128 KB", n, n2)
	}
}

// TestSameJobFamilyWhateverTheInputs: a job three tools state is a family
// even when one of them takes another option.
func TestSameJobFamilyWhateverTheInputs(t *testing.T) {
	id := map[string]any{"type": "string"}
	ctx := &Context{cache: map[string]any{}}
	for i, props := range []map[string]any{{"id": id}, {"id": id}, {"id": id, "tail": id}} {
		ctx.Tools = append(ctx.Tools, model.Tool{
			Name:        fmt.Sprintf("run_logs_%d", i),
			Description: "Get the logs of a run.",
			InputSchema: map[string]any{"type": "object", "properties": props, "required": []any{"id"}},
		})
	}
	if pairs := preciseSameJobTwins(tgTools(ctx)); len(pairs) != 0 {
		t.Errorf("a family of three was paired: %v", pairs)
	}
}
