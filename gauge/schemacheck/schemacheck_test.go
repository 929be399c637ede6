package schemacheck

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCompile(t *testing.T) {
	t.Parallel()
	cases := []struct {
		schema string
		bad    string // substring of the error, "" = valid
	}{
		{`{"type":"object","properties":{"a":{"type":"string"}}}`, ""},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","definitions":{"x":{"type":"string"}}}`, ""},
		{`{"type":"object","properties":{"p":{"type":"string","pattern":"^(?!\\.)[a-z.]+$"}}}`, ""},
		{`{"type":"objekt"}`, "type"},
		{`{"type":"object","required":"a"}`, "required"},
		{`{"type":"object","properties":{"a":{"$ref":"#/$defs/missing"}}}`, "missing"},
		{`{"type":"object","properties":{"a":{"$ref":"https://example.com/s.json"}}}`, "not fetched"},
		{`{"type":"object","properties":{"p":{"type":"string","pattern":"(unclosed"}}}`, "regular expression"},
		{`{"$schema":"https://example.com/my-meta","type":"object"}`, "my-meta"},
		{`not json`, "JSON"},
	}
	for _, tc := range cases {
		_, err := Compile(json.RawMessage(tc.schema), false)
		switch {
		case tc.bad == "" && err != nil:
			t.Errorf("Compile(%s): %v, want valid", tc.schema, err)
		case tc.bad != "" && err == nil:
			t.Errorf("Compile(%s) valid, want error containing %q", tc.schema, tc.bad)
		case tc.bad != "" && !strings.Contains(err.Error(), tc.bad):
			t.Errorf("Compile(%s) error %q, want it to contain %q", tc.schema, err, tc.bad)
		}
	}
}
