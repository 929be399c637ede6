package lint

import (
	"fmt"
	"strings"
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
			{Name: "functions-stream", Description: "Stream a function call's result in chunks.", InputSchema: schema()},
		}, 0},
		{"another word in a name", []model.Tool{
			{Name: "get-job-status", Description: "Check a job.", InputSchema: schema("id")},
			{Name: "stream-job", Description: "Collect a job's streamed output.", InputSchema: schema("id")},
		}, 0},
		{"another verb's stream", []model.Tool{
			{Name: "describe", Description: "Describe a table.", InputSchema: schema("id")},
			{Name: "describe_stream", Description: "Describe a data stream that takes records in chunks.", InputSchema: schema("id")},
		}, 0},
		{"chat streams its response", []model.Tool{
			{Name: "chat", Description: "Send a message to the model.", InputSchema: schema("id")},
			{Name: "chat_stream", Description: "Send a message and stream the response token by token.", InputSchema: schema("id")},
		}, 1},
		{"bare call and stream share the function", []model.Tool{
			{Name: "call", Description: "Function Call\n\nIssue a task to an LLM.", InputSchema: schema("id")},
			{Name: "stream", Description: "Function Stream\n\nStream a function call using Server-Sent Events.", InputSchema: schema("id")},
		}, 1},
		{"the stream is the upload", []model.Tool{
			{Name: "upload", Description: "Upload a file.", InputSchema: schema("id")},
			{Name: "upload_stream", Description: "Upload a large file in chunks via a stream.", InputSchema: schema("id")},
		}, 0},
		{"the stream is the upload, the response said", []model.Tool{
			{Name: "upload", Description: "Upload a file.", InputSchema: schema("id")},
			{Name: "upload_stream", Description: "Send a large file in chunks via an upload stream; the response is streamed back.", InputSchema: schema("id")},
		}, 0},
		{"the stream is the microphone", []model.Tool{
			{Name: "transcribe", Description: "Transcribe an audio file.", InputSchema: schema("id")},
			{Name: "transcribe_stream", Description: "Transcribe live microphone input, returning the output incrementally.", InputSchema: schema("id")},
		}, 0},
		{"the stream is an input stream", []model.Tool{
			{Name: "transcribe", Description: "Transcribe an audio file.", InputSchema: schema("id")},
			{Name: "transcribe_stream", Description: "Transcribe streaming audio; results are streamed as they come.", InputSchema: schema("id")},
		}, 0},
		{"the stream carries intermediate steps", []model.Tool{
			{Name: "run_agent", Description: "Run the agent on a task.", InputSchema: schema("id")},
			{Name: "stream_agent", Description: "Run the agent, streaming its output with its intermediate steps and tool calls, not just the final answer.", InputSchema: schema("id")},
		}, 0},
		{"the stream tails a job's logs", []model.Tool{
			{Name: "run", Description: "Run a job.", InputSchema: schema("id")},
			{Name: "stream", Description: "Stream a job's log output over Server-Sent Events.", InputSchema: schema("id")},
		}, 0},
		{"bare run and stream share no lead word", []model.Tool{
			{Name: "run", Description: "Run a pipeline.", InputSchema: schema("id")},
			{Name: "stream", Description: "Stream build results over Server-Sent Events.", InputSchema: schema("id")},
		}, 0},
		{"the stream never says the result streams", []model.Tool{
			{Name: "functions-call", Description: "Call a function.", InputSchema: schema("id")},
			{Name: "functions-stream", Description: "Stream a function call in chunks.", InputSchema: schema("id")},
		}, 0},
		{"live is no delivery word (a published item)", []model.Tool{
			{Name: "create_item", Description: "Create a collection item.", InputSchema: schema("id")},
			{Name: "create_item_live", Description: "Create a collection item and publish it live; the response streams back using Server-Sent Events.", InputSchema: schema("id")},
		}, 0},
		{"two plain tools of one key", []model.Tool{
			{Name: "functions-call", Description: "Call a function.", InputSchema: schema("id")},
			{Name: "functions_call", Description: "Call a function.", InputSchema: schema("id")},
			{Name: "functions-stream", Description: "Stream a function call using Server-Sent Events (SSE).", InputSchema: schema("id")},
		}, 0},
	} {
		ctx := &Context{cache: map[string]any{}, Tools: c.tools}
		if got := preciseDeliveryTwins(tgTools(ctx)); len(got) != c.want {
			t.Errorf("%s: %d pairs %v, want %d", c.name, len(got), got, c.want)
		}
	}
}

// TestDeliveryTwinsLinearInTools: a key pairs one plain and one streamed
// tool at most, so doubling a server about doubles what the reading
// allocates, whether every key is its own pair or every name shares one
// key (separator variants of one name: alpha_beta, alpha-beta,
// alpha.beta), where pairing each streamed tool with each plain one
// allocated a million pairs for 2,000 tools.
func TestDeliveryTwinsLinearInTools(t *testing.T) {
	schema := map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "string"}}}
	// variant joins twelve words with the separators i's bits choose.
	variant := func(i int) string {
		words := []string{"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda", "mu"}
		var b strings.Builder
		for k, w := range words {
			if k > 0 {
				b.WriteString([]string{"_", "-"}[(i>>(k-1))&1])
			}
			b.WriteString(w)
		}
		return b.String()
	}
	for _, c := range []struct {
		name  string
		tool  func(i int) (name, desc string)
		pairs func(n int) int
	}{
		{"one key a pair", func(i int) (string, string) {
			if i%2 == 1 {
				return fmt.Sprintf("item%d_stream", i/2), "Stream the item's result in chunks."
			}
			return fmt.Sprintf("item%d_call", i/2), "Call the item."
		}, func(n int) int { return n / 2 }},
		{"every name one key", func(i int) (string, string) {
			if i%2 == 1 {
				return variant(i/2) + "_stream", "Stream the item's result in chunks."
			}
			return variant(i / 2), "Call the item."
		}, func(int) int { return 0 }},
	} {
		bytes := func(n int) uint64 {
			ctx := &Context{cache: map[string]any{}}
			for i := range n {
				name, desc := c.tool(i)
				ctx.Tools = append(ctx.Tools, model.Tool{Name: name, Description: desc, InputSchema: schema})
			}
			tools := tgTools(ctx)
			preciseDeliveryTwins(tools) // warm up
			var pairs [][2]int
			alloc := allocatedBy(func() { pairs = preciseDeliveryTwins(tools) })
			if len(pairs) != c.pairs(n) {
				t.Fatalf("%s, %d tools: %d pairs, want %d", c.name, n, len(pairs), c.pairs(n))
			}
			return alloc
		}
		n, n2 := bytes(1000), bytes(2000)
		if float64(n2) > 3*float64(n) {
			t.Errorf("%s: the delivery reading allocates faster than the tools grow: %d for 1000, %d for 2000", c.name, n, n2)
		}
	}
}
