package schemacheck

import (
	"encoding/json"
	"testing"
)

// FuzzCompile: a tool's inputSchema is what a hostile server lists;
// compiling it, and validating any value against what compiles, never
// panics.
func FuzzCompile(f *testing.F) {
	for _, s := range []string{
		`{"type":"object","properties":{"q":{"type":"string","pattern":"^[a-z]+$"}},"required":["q"]}`,
		`{"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/a"}}}`,
		`{"$ref":"https://example.com/s.json"}`,
		`{"$schema":"http://json-schema.org/draft-07/schema#","items":[{"type":"integer"}]}`,
		`{"type":"string","format":"email","pattern":"(?<=a)b"}`,
		`{"anyOf":[{"not":{}},{"type":["null","number"],"multipleOf":0.1}]}`,
		`true`, `[]`, `{`,
	} {
		f.Add([]byte(s), []byte(`{}`))
	}
	f.Fuzz(func(t *testing.T, schema, value []byte) {
		sch, err := Compile(json.RawMessage(schema), true)
		if err != nil {
			return
		}
		if sch == nil {
			t.Fatal("Compile returned neither a schema nor an error")
		}
		_ = Validate(sch, json.RawMessage(value))
	})
}

// FuzzRegexp: a pattern from a schema is compiled as ECMA-262 and never
// panics.
func FuzzRegexp(f *testing.F) {
	for _, s := range []string{`^[a-z]+$`, `(?<=a)b`, `\p{L}+`, `[`, `a{2,1}`, `(?i)x`, `\cA`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		re, err := Regexp(pattern)
		if err != nil {
			return
		}
		_ = re.MatchString("abc")
	})
}
