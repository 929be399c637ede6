package model

import (
	"slices"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

func sharedFixture(t *testing.T, parts ...string) []byte {
	t.Helper()
	return shareddata.Read(t, append([]string{"data", "toolgauge-fixtures"}, parts...)...)
}

func TestToolgaugeDigestMatchesFixtures(t *testing.T) {
	t.Parallel()
	shareddata.Require(t) // every case reads a toolgauge fixture
	cases := []struct{ server, want string }{
		{"goodserver", "960b4893b333ac81"},
		{"badserver", "4732d007fb9ffba8"},
	}
	for _, c := range cases {
		t.Run(c.server, func(t *testing.T) {
			t.Parallel()
			snap, err := ParseToolsJSON(sharedFixture(t, c.server, "tools-list.json"))
			if err != nil {
				t.Fatal(err)
			}
			if got := ToolgaugeDigest(snap.Tools); got != c.want {
				t.Fatalf("digest = %s, want %s", got, c.want)
			}
		})
	}
}

func TestCleandoc(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, want string }{
		{"", ""},
		{"   ", ""},
		{"Search.", "Search."},
		{"  First line.\n    Second\n      third\n", "First line.\nSecond\n  third"},
		{"\n\n  Body\n  more\n\n", "Body\nmore"},
		{"a\tb", "a       b"},
	}
	for _, c := range cases {
		if got := Normalise(c.in); got != c.want {
			t.Errorf("Normalise(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCanonical(t *testing.T) {
	t.Parallel()
	v, err := DecodeJSON([]byte(`{"b":[1,2.0,"é😀"],"a":{"<":null,"x":true},"c":"q\"\n\u007f"}`))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		style Style
		want  string
	}{
		{Compact, `{"a":{"<":null,"x":true},"b":[1,2.0,"\u00e9\ud83d\ude00"],"c":"q\"\n\u007f"}`},
		{PyDefault, `{"a": {"<": null, "x": true}, "b": [1, 2.0, "\u00e9\ud83d\ude00"], "c": "q\"\n\u007f"}`},
		{Indent2, "{\n  \"a\": {\n    \"<\": null,\n    \"x\": true\n  },\n  \"b\": [\n    1,\n    2.0,\n    \"\\u00e9\\ud83d\\ude00\"\n  ],\n  \"c\": \"q\\\"\\n\\u007f\"\n}"},
	}
	for _, c := range cases {
		if got := string(MustCanonical(v, c.style)); got != c.want {
			t.Errorf("style %d:\n got %s\nwant %s", c.style, got, c.want)
		}
	}
}

func TestCanonicalNumbersAsPython(t *testing.T) {
	t.Parallel()
	v, err := DecodeJSON([]byte(`{"a":1.50,"b":1e21,"c":1E2,"d":-0,"e":7,"f":0.00001,"g":123456789012345678}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"a":1.5,"b":1e+21,"c":100.0,"d":0,"e":7,"f":1e-05,"g":123456789012345678}`
	if got := string(MustCanonical(v, Compact)); got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

func TestToolSHA256IgnoresRequiredOrder(t *testing.T) {
	t.Parallel()
	mk := func(req string) Tool {
		tool, err := ToolFromWire([]byte(`{"name":"t","inputSchema":{"type":"object","properties":{"x":{"type":"string"},"y":{"type":"string"},"o":{"type":"object","required":` + req + `}},"required":` + req + `}}`))
		if err != nil {
			t.Fatal(err)
		}
		return tool
	}
	a, b, c := mk(`["x","y"]`), mk(`["y","x"]`), mk(`["x"]`)
	if ToolSHA256(&a) != ToolSHA256(&b) {
		t.Error("the order of required changed the digest")
	}
	if ToolSHA256(&a) == ToolSHA256(&c) {
		t.Error("a different required set must change the digest")
	}
	// toolgauge's digest keeps its own (order-sensitive) recipe.
	if ToolgaugeDigest([]Tool{a}) == ToolgaugeDigest([]Tool{b}) {
		t.Error("ToolgaugeDigest must stay byte-compatible with toolgauge")
	}
}

func TestServerInfoMap(t *testing.T) {
	t.Parallel()
	bare := ServerInfo{Name: "n", Title: "T", Version: "1", ProtocolVersion: "2025-11-25"}
	if got := string(MustCanonical(bare.Map(), Compact)); got != `{"name":"n","protocol_version":"2025-11-25","version":"1"}` {
		t.Errorf("Map without instructions = %s", got)
	}
	bare.Instructions = "use me"
	if got := bare.Map()["instructions"]; got != "use me" {
		t.Errorf("instructions = %v", got)
	}
}

func TestToolHints(t *testing.T) {
	t.Parallel()
	yes, no := true, false
	cases := []struct {
		a    *Annotations
		want string
	}{
		{nil, "- - -"},
		{&Annotations{}, "- - -"},
		{&Annotations{ReadOnlyHint: &yes, DestructiveHint: &no}, "R d -"},
		{&Annotations{ReadOnlyHint: &no, DestructiveHint: &yes, IdempotentHint: &yes}, "r D I"},
	}
	for _, c := range cases {
		tool := Tool{Name: "x", Annotations: c.a}
		if got := tool.Hints(); got != c.want {
			t.Errorf("Hints(%+v) = %q, want %q", c.a, got, c.want)
		}
	}
}

func TestSchemaTypes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		schema   map[string]any
		want     []string
		declared bool
	}{
		{"one name", map[string]any{"type": "string"}, []string{"string"}, true},
		{"a list, non-strings dropped", map[string]any{"type": []any{"string", "null", 3.0}}, []string{"string", "null"}, true},
		{"an empty list declares nothing allowed", map[string]any{"type": []any{}}, nil, true},
		{"absent", map[string]any{"description": "x"}, nil, false},
		{"another shape", map[string]any{"type": 7.0}, nil, false},
		{"nil schema", nil, nil, false},
	}
	for _, c := range cases {
		got, declared := SchemaTypes(c.schema)
		if declared != c.declared || !slices.Equal(got, c.want) {
			t.Errorf("%s: SchemaTypes = %q, %v; want %q, %v", c.name, got, declared, c.want, c.declared)
		}
	}
}
