package lint

import (
	"fmt"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

func TestDeliveryKey(t *testing.T) {
	for _, c := range []struct {
		words          []string
		key            string
		delivery, read bool
	}{
		{[]string{"functions", "call", "revision"}, "functions revision", false, true},
		{[]string{"functions", "stream", "revision"}, "functions revision", true, true},
		{[]string{"call"}, "", false, true},
		{[]string{"stream"}, "", true, true},
		{[]string{"chat", "streaming"}, "chat", true, true},
		{[]string{"run", "report", "stream"}, "report", true, true},
		{[]string{"run", "query", "stream"}, "", false, false}, // query is a verb of search
		{[]string{"create", "stream"}, "", false, false},       // a stream is the object
		{[]string{"get", "stream"}, "", false, false},          // likewise
		{[]string{"stream", "sse"}, "", false, false},          // two delivery words
		{[]string{"run", "call", "job"}, "", false, false},     // two invoking verbs
		{[]string{"get", "job", "status"}, "get job status", false, true},
	} {
		key, delivery, ok := deliveryKey(c.words)
		if key != c.key || delivery != c.delivery || ok != c.read {
			t.Errorf("deliveryKey(%q) = %q, %v, %v; want %q, %v, %v", c.words, key, delivery, ok, c.key, c.delivery, c.read)
		}
	}
}

func TestDeliveryTwins(t *testing.T) {
	schema := func(req ...any) map[string]any {
		return map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "string"}, "input": map[string]any{"type": "object"}}, "required": req}
	}
	for _, c := range []struct {
		name  string
		tools []model.Tool
		want  int
	}{
		{"call and stream", []model.Tool{
			{Name: "functions-call", Description: "Call a function.", InputSchema: schema("id")},
			{Name: "functions-stream", Description: "Stream a function call using Server-Sent Events (SSE).", InputSchema: schema("id")},
		}, 1},
		{"the stream never says it streams", []model.Tool{
			{Name: "functions-call", Description: "Call a function.", InputSchema: schema("id")},
			{Name: "functions-stream", Description: "Open the function's stream.", InputSchema: schema("id")},
		}, 0},
		{"other required parameters", []model.Tool{
			{Name: "functions-call", Description: "Call a function.", InputSchema: schema("id")},
			{Name: "functions-stream", Description: "Stream a function call in chunks.", InputSchema: schema()},
		}, 0},
		{"another word in a name", []model.Tool{
			{Name: "get-job-status", Description: "Check a job.", InputSchema: schema("id")},
			{Name: "stream-job", Description: "Collect a job's streamed output.", InputSchema: schema("id")},
		}, 0},
		{"another verb's stream", []model.Tool{
			{Name: "describe", Description: "Describe a table.", InputSchema: schema("id")},
			{Name: "describe_stream", Description: "Describe a data stream that takes records in chunks.", InputSchema: schema("id")},
		}, 0},
	} {
		ctx := &Context{cache: map[string]any{}, Tools: c.tools}
		if got := preciseDeliveryTwins(tgTools(ctx)); len(got) != c.want {
			t.Errorf("%s: %d pairs %v, want %d", c.name, len(got), got, c.want)
		}
	}
}

// TestDeliveryTwinsLinearInTools: tools are indexed by their name's key,
// so doubling a server about doubles what the reading allocates.
func TestDeliveryTwinsLinearInTools(t *testing.T) {
	bytes := func(n int) uint64 {
		ctx := &Context{cache: map[string]any{}}
		for i := range n {
			name, desc := fmt.Sprintf("item%d_call", i/2), "Call the item."
			if i%2 == 1 {
				name, desc = fmt.Sprintf("item%d_stream", i/2), "Stream the item in chunks."
			}
			ctx.Tools = append(ctx.Tools, model.Tool{Name: name, Description: desc,
				InputSchema: map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "string"}}}})
		}
		tools := tgTools(ctx)
		preciseDeliveryTwins(tools) // warm up
		var pairs [][2]int
		alloc := allocatedBy(func() { pairs = preciseDeliveryTwins(tools) })
		if len(pairs) != n/2 {
			t.Fatalf("%d tools: %d pairs, want %d", n, len(pairs), n/2)
		}
		return alloc
	}
	n, n2 := bytes(1000), bytes(2000)
	if float64(n2) > 3*float64(n) {
		t.Errorf("the delivery reading allocates faster than the tools grow: %d for 1000, %d for 2000", n, n2)
	}
}
