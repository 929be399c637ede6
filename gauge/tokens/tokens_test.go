package tokens

import (
	"strings"
	"sync"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

// The expected counts were computed once with an independent o200k_base
// implementation (npm gpt-tokenizer 4.0.0, encoding/o200k_base, special
// tokens treated as text) and are asserted here.
func TestCountKnownStrings(t *testing.T) {
	t.Parallel()
	c := New()
	cases := []struct {
		in   string
		want int
	}{
		{"hello world", 2},
		{"", 0},
		{"Hello, World!", 4},
		{"tiktoken is great!", 6},
		{"日本語のテキスト", 6},
		{"naïve café — “quoted” ✓ 🚀", 11},
		{"    indented\n\tcode()\r\n", 6},
		{"<|endoftext|> is special", 9},
		{"search_users", 2},
		{`{"type":"object","properties":{"query":{"type":"string"}}}`, 14},
	}
	for _, tc := range cases {
		if got := c.Count(tc.in); got != tc.want {
			t.Errorf("Count(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestCountInvalidUTF8DoesNotFail(t *testing.T) {
	t.Parallel()
	c := New()
	// "\xff" is replaced by U+FFFD before counting.
	if got, want := c.Count("a\xffb"), c.Count("a\uFFFDb"); got != want {
		t.Fatalf("Count with invalid UTF-8 = %d, want %d (same as U+FFFD)", got, want)
	}
}

func TestConcurrentUse(t *testing.T) {
	t.Parallel()
	c := New()
	want := c.Count("the quick brown fox jumps over the lazy dog")
	var wg sync.WaitGroup
	errs := make(chan int, 16)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got := c.Count("the quick brown fox jumps over the lazy dog"); got != want {
				errs <- got
			}
		}()
	}
	wg.Wait()
	close(errs)
	for got := range errs {
		t.Errorf("concurrent Count = %d, want %d", got, want)
	}
}

func mustTool(t *testing.T, raw string) model.Tool {
	t.Helper()
	tool, err := model.ToolFromWire([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	return tool
}

func TestFunctionJSON(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, raw, want string
	}{
		{"full", `{"name":"echo","description":"Echo <b>it</b> — back","inputSchema":{ "type":"object", "properties":{"z":{"type":"string"},"a":{"type":"number"}}},"annotations":{"readOnlyHint":true}}`,
			`{"name":"echo","description":"Echo <b>it</b> — back","parameters":{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"number"}}}}`},
		{"no description, no schema", `{"name":"ping"}`,
			`{"name":"ping","parameters":{"type":"object","properties":{}}}`},
		{"raw description kept", `{"name":"x","description":"  Indented\n    text  ","inputSchema":{"type":"object"}}`,
			`{"name":"x","description":"  Indented\n    text  ","parameters":{"type":"object"}}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tool := mustTool(t, tc.raw)
			if got := string(FunctionJSON(&tool)); got != tc.want {
				t.Errorf("FunctionJSON =\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestToolAndServerTokens(t *testing.T) {
	t.Parallel()
	c := New()
	a := mustTool(t, `{"name":"echo","description":"Echoes the input message back","inputSchema":{"type":"object","properties":{"message":{"type":"string","description":"Message to echo"}},"required":["message"]}}`)
	b := mustTool(t, `{"name":"add","description":"Adds two numbers","inputSchema":{"type":"object","properties":{"a":{"type":"number","description":"First number"},"b":{"type":"number","description":"Second number"}},"required":["a","b"]}}`)
	ta, tb := c.ToolTokens(&a), c.ToolTokens(&b)
	if ta != c.Count(string(FunctionJSON(&a))) {
		t.Fatalf("ToolTokens differs from Count(FunctionJSON)")
	}
	// Computed once with gpt-tokenizer over the FunctionJSON text.
	if ta != 40 || tb != 50 {
		t.Errorf("ToolTokens = %d, %d; want 40, 50", ta, tb)
	}
	if got := c.ServerTokens([]model.Tool{a, b}); got != ta+tb {
		t.Errorf("ServerTokens = %d, want %d", got, ta+tb)
	}
	if got := c.ServerTokens(nil); got != 0 {
		t.Errorf("ServerTokens(nil) = %d, want 0", got)
	}
}

func fixtureTools(tb testing.TB, server string) []model.Tool {
	tb.Helper()
	snap, err := model.ParseToolsJSON(shareddata.Read(tb, "data", "toolgauge-fixtures", server, "tools-list.json"))
	if err != nil {
		tb.Fatal(err)
	}
	return snap.Tools
}

// The fixture totals were computed once with gpt-tokenizer over each tool's
// FunctionJSON text.
func TestFixtureServerTokens(t *testing.T) {
	t.Parallel()
	c := New()
	for server, want := range map[string]int{"goodserver": 1515, "badserver": 695} {
		got := c.ServerTokens(fixtureTools(t, server))
		if got != want {
			t.Errorf("%s ServerTokens = %d, want %d", server, got, want)
		}
		t.Logf("%s: %d tokens", server, got)
	}
}

func BenchmarkCount(b *testing.B) {
	c := New()
	s := strings.Repeat("Searches the directory for users whose name or email matches the query. ", 20)
	c.Count(s)
	b.SetBytes(int64(len(s)))
	b.ResetTimer()
	for b.Loop() {
		c.Count(s)
	}
}

func BenchmarkServerTokensGoodserver(b *testing.B) {
	c := New()
	tools := fixtureTools(b, "goodserver")
	c.ServerTokens(tools)
	b.ResetTimer()
	for b.Loop() {
		c.ServerTokens(tools)
	}
}

func BenchmarkFirstLoad(b *testing.B) {
	for b.Loop() {
		New().Count("hello world")
	}
}
