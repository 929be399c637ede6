package model

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// FuzzParseToolsJSON: any input yields a snapshot or an error, never a
// panic, and a parsed snapshot always digests and re-encodes.
func FuzzParseToolsJSON(f *testing.F) {
	for _, seed := range []string{
		`{"tools":[{"name":"a","description":"  x\n  y","inputSchema":{"type":"object","properties":{"p":{"type":"string"}}}}]}`,
		`[{"name":"b","annotations":{"readOnlyHint":true}}]`,
		`{"result":{"tools":[]}}`,
		"\xef\xbb\xbf{\"tools\":[{\"name\":\"c\",\"inputSchema\":null,\"outputSchema\":{\"x\":1.50}}]}",
		`{"tools":[{"name":1}]}`, `{}`, ``, `[`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		snap, err := ParseToolsJSON(data)
		if err != nil {
			return
		}
		_ = ToolgaugeDigest(snap.Tools)
		_ = ServerSHA256(snap.Tools)
		for i := range snap.Tools {
			b, err := Canonical(snap.Tools[i].SpecMap(), Compact)
			if err != nil {
				t.Fatalf("tool %d does not encode: %v", i, err)
			}
			if !json.Valid(b) {
				t.Fatalf("canonical JSON is invalid: %s", b)
			}
		}
	})
}

// FuzzNormalise: Normalise never panics, never grows valid UTF-8 text, and leaves
// no surrounding whitespace. (Python's cleandoc is not idempotent: a first
// line that loses its indent changes the next pass's margin, so neither is
// this.)
func FuzzNormalise(f *testing.F) {
	for _, seed := range []string{"", "  a\n\tb\n  c  ", "\n\n x", "\u00a0y\u3000", "\n0\n 0"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Normalise(s)
		if text.PyStrip(n) != n {
			t.Fatalf("surrounding whitespace left: %q -> %q", s, n)
		}
		if utf8.ValidString(s) && !strings.Contains(s, "\t") && len(n) > len(s) {
			t.Fatalf("grew without tabs: %q -> %q", s, n)
		}
	})
}
