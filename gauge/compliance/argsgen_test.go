package compliance

import (
	"encoding/json"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/schemacheck"
)

func TestGenerateArgsSatisfiesSchema(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		schema string
		want   map[string]string // property → JSON of the expected value ("" = any)
	}{
		{"empty", `{"type":"object"}`, map[string]string{}},
		{"no schema", ``, map[string]string{}},
		{"required only", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["a"]}`,
			map[string]string{"a": `"test"`}},
		{"enum and const", `{"type":"object","properties":{"e":{"enum":["x","y"]},"c":{"const":7}},"required":["e","c"]}`,
			map[string]string{"e": `"x"`, "c": `7`}},
		{"formats", `{"type":"object","required":["m","u","d","dt","id"],"properties":{
			"m":{"type":"string","format":"email"},"u":{"type":"string","format":"uri"},
			"d":{"type":"string","format":"date"},"dt":{"type":"string","format":"date-time"},
			"id":{"type":"string","format":"uuid"}}}`,
			map[string]string{"m": `"test@example.com"`, "u": `"https://example.com/"`, "d": `"2024-01-01"`,
				"dt": `"2024-01-01T00:00:00Z"`, "id": `"00000000-0000-4000-8000-000000000000"`}},
		{"numbers", `{"type":"object","required":["lo","hi","ex","mul"],"properties":{
			"lo":{"type":"integer","minimum":5},"hi":{"type":"number","maximum":-3},
			"ex":{"type":"integer","exclusiveMinimum":10},"mul":{"type":"integer","minimum":7,"multipleOf":5}}}`,
			map[string]string{"lo": `5`, "hi": `-3`, "ex": `11`, "mul": `10`}},
		{"pattern", `{"type":"object","required":["p","q"],"properties":{
			"p":{"type":"string","pattern":"^[A-Z]{3}-\\d{2}$"},"q":{"type":"string","pattern":"^(?!x)[a-z]+$"}}}`,
			map[string]string{"p": `"AAA-00"`}},
		{"minLength", `{"type":"object","required":["s"],"properties":{"s":{"type":"string","minLength":8}}}`,
			map[string]string{"s": `"testxxxx"`}},
		{"nested", `{"type":"object","required":["o","arr"],"properties":{
			"o":{"type":"object","required":["k"],"properties":{"k":{"type":"boolean"}}},
			"arr":{"type":"array","minItems":2,"items":{"type":"string","enum":["a","b","c"]},"uniqueItems":true}}}`,
			map[string]string{"o": `{"k":false}`, "arr": `["a","b"]`}},
		{"ref and defs", `{"type":"object","$defs":{"pt":{"type":"object","required":["x"],"properties":{"x":{"type":"number"}}}},
			"properties":{"p":{"$ref":"#/$defs/pt"}},"required":["p"]}`,
			map[string]string{"p": `{"x":0}`}},
		{"nullable union", `{"type":"object","required":["n"],"properties":{"n":{"type":["null","integer"],"minimum":2}}}`,
			map[string]string{"n": `2`}},
		{"if then else needs all properties", `{
			"$schema": "https://json-schema.org/draft/2020-12/schema",
			"type": "object",
			"properties": {"contactMethod": {"type": "string", "enum": ["phone", "email"]}, "phone": {"type": "string"}, "email": {"type": "string"}},
			"allOf": [{"anyOf": [{"required": ["phone"]}, {"required": ["email"]}]}],
			"if": {"properties": {"contactMethod": {"const": "phone"}}, "required": ["contactMethod"]},
			"then": {"required": ["phone"]}, "else": {"required": ["email"]},
			"additionalProperties": false}`,
			map[string]string{"contactMethod": `"phone"`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			args, err := GenerateArgs(json.RawMessage(tc.schema))
			if err != nil {
				t.Fatalf("GenerateArgs: %v", err)
			}
			for k, want := range tc.want {
				got, _ := json.Marshal(args[k])
				if string(got) != want {
					t.Errorf("%s = %s, want %s (args %v)", k, got, want, args)
				}
			}
			if tc.schema != "" {
				sch, err := schemacheck.Compile(json.RawMessage(tc.schema), true)
				if err != nil {
					t.Fatal(err)
				}
				raw, _ := json.Marshal(args)
				if err := schemacheck.Validate(sch, raw); err != nil {
					t.Errorf("generated %s does not validate: %v", raw, err)
				}
			}
		})
	}
}

func TestGenerateArgsRefusesImpossibleSchemas(t *testing.T) {
	t.Parallel()
	for _, s := range []string{
		`{"type":"object","required":["a"],"properties":{"a":{"type":"string","minLength":5,"maxLength":2}}}`,
		`{"type":"object","required":["a"],"properties":{"a":false}}`,
		`"not an object"`,
		`{"type":"object","properties":{"a":{"$ref":"https://example.com/x.json"}},"required":["a"]}`,
	} {
		if args, err := GenerateArgs(json.RawMessage(s)); err == nil {
			t.Errorf("GenerateArgs(%s) = %v, want an error", s, args)
		}
	}
}

func TestPatternSample(t *testing.T) {
	t.Parallel()
	for _, p := range []string{`^[a-z]+$`, `^\d{3}-\d{4}$`, `^(foo|bar)_[0-9]*$`, `^[A-Z][a-z]{2,5}$`, `^v\d+\.\d+\.\d+$`} {
		v, ok := patternSample(p, 0)
		re, err := schemacheck.Regexp(p)
		if err != nil {
			t.Fatal(err)
		}
		if !ok || !re.MatchString(v) {
			t.Errorf("patternSample(%q) = %q, %v: does not match", p, v, ok)
		}
	}
}
