package eval_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

func decode(t *testing.T, s string) map[string]any {
	t.Helper()
	v, err := model.DecodeJSON([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v.(map[string]any)
}

func TestCheckArguments(t *testing.T) {
	t.Parallel()
	schema := `{"type":"object","properties":{
		"q":{"type":"string"},
		"n":{"type":"integer"},
		"x":{"type":"number"},
		"flag":{"type":"boolean"},
		"pri":{"type":"string","enum":["low","high"]},
		"mode":{"const":"fast"},
		"opt":{"anyOf":[{"type":"string","enum":["a","b"]},{"type":"null"}]},
		"deep":{"anyOf":[{"type":"integer"},{"type":"array"}]},
		"ref":{"$ref":"#/$defs/x"},
		"weird":{"type":"frobnicate"},
		"loose":true
	},"required":["q","n"]}`
	cases := []struct {
		name, schema, args            string
		missing, unknown, wrong, enum string
	}{
		{"all good", schema, `{"q":"x","n":3,"x":1.5,"flag":true,"pri":"low","mode":"fast","opt":null,"deep":[1],"ref":5,"weird":{},"loose":1}`, "", "", "", ""},
		{"missing and unknown", schema, `{"q":"x","zzz":1,"aaa":2}`, "n", "aaa,zzz", "", ""},
		{"int is not a bool, float not an int", schema, `{"q":"x","n":2.0,"flag":1}`, "", "", "flag,n", ""},
		{"bool is not a number", schema, `{"q":"x","n":true,"x":false}`, "", "", "n,x", ""},
		{"enum and const", schema, `{"q":"x","n":1,"pri":"urgent","mode":"slow"}`, "", "", "", "mode,pri"},
		{"anyOf: enum branch wins the verdict", schema, `{"q":"x","n":1,"opt":"c"}`, "", "", "", "opt"},
		{"anyOf: all branches wrong type", schema, `{"q":"x","n":1,"deep":"s"}`, "", "", "deep", ""},
		{"extras allowed when additionalProperties is not false", `{"type":"object","properties":{"a":{}},"additionalProperties":{}}`, `{"b":1}`, "", "", "", ""},
		{"extras forbidden when additionalProperties is false", `{"type":"object","properties":{"a":{}},"additionalProperties":false}`, `{"b":1}`, "", "b", "", ""},
		{"no declared properties: nothing is unknown", `{"type":"object"}`, `{"b":1}`, "", "", "", ""},
		{"enum 1 accepts 1.0 and True (Python ==)", `{"properties":{"v":{"enum":[1]}}}`, `{"v":1.0}`, "", "", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := eval.CheckArguments(decode(t, c.schema), decode(t, c.args))
			join := func(s []string) string { return strings.Join(s, ",") }
			if join(got.MissingRequired) != c.missing || join(got.Unknown) != c.unknown || join(got.WrongType) != c.wrong || join(got.BadEnum) != c.enum {
				t.Errorf("got %+v, want missing=%q unknown=%q wrong=%q enum=%q", got, c.missing, c.unknown, c.wrong, c.enum)
			}
			if got.OK() != (c.missing+c.unknown+c.wrong+c.enum == "") {
				t.Errorf("OK() = %v", got.OK())
			}
		})
	}
}

func TestSchemaCheckerIsStricterThanToolgauge(t *testing.T) {
	t.Parallel()
	tool := model.Tool{Name: "t", InputSchema: decode(t, `{"type":"object","properties":{"n":{"type":"integer","minimum":1},"s":{"type":"string","pattern":"^a"}},"required":["n"]}`)}
	sc := eval.NewSchemaChecker()
	args := decode(t, `{"n":0,"s":"b"}`)
	if !eval.CheckArguments(tool.InputSchema, args).OK() {
		t.Fatal("toolgauge's check ignores minimum and pattern, so this should pass it")
	}
	errs, err := sc.Check(&tool, args)
	if err != nil || len(errs) == 0 {
		t.Fatalf("full JSON Schema check should fail on minimum and pattern: %v %v", errs, err)
	}
	if errs, err := sc.Check(&tool, decode(t, `{"n":2,"s":"abc"}`)); err != nil || len(errs) != 0 {
		t.Errorf("valid arguments rejected: %v %v", errs, err)
	}
	bad := model.Tool{Name: "bad", InputSchema: map[string]any{"type": json.Number("5")}}
	if _, err := sc.Check(&bad, map[string]any{}); err == nil {
		t.Error("an uncompilable schema should be reported as such")
	}
}

func TestParseSuiteErrors(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, doc, want string }{
		{"not a mapping", "- a\n- b\n", "should be a mapping"},
		{"cases not a list", "cases: 3\n", "'cases' should be a list"},
		{"entry not a mapping", "cases: [1]\n", "cases[0] should be a mapping"},
		{"abstain with expected", "cases:\n- {id: a, kind: abstain, expected: t, prompt: p}\n", "abstain case but expects"},
		{"positive without expected", "cases:\n- {id: a, kind: positive, prompt: p}\n", "no expected tool"},
		{"bad kind", "cases:\n- {id: a, kind: maybe, expected: t, prompt: p}\n", "kind"},
		{"missing prompt", "cases:\n- {id: a, kind: positive, expected: t}\n", "prompt: field required"},
		{"duplicate ids", "cases:\n- {id: a, kind: abstain, prompt: p}\n- {id: a, kind: abstain, prompt: q}\n", "duplicate case ids: a"},
		{"invalid yaml", "cases: [\n", "not valid YAML"},
	}
	for _, c := range cases {
		_, err := eval.ParseSuite([]byte(c.doc), "cases.yaml")
		var cfe *eval.CaseFileError
		if err == nil || !strings.Contains(err.Error(), c.want) || !asCaseFileError(err, &cfe) {
			t.Errorf("%s: got %v, want a CaseFileError containing %q", c.name, err, c.want)
		}
	}
}

func asCaseFileError(err error, target **eval.CaseFileError) bool {
	e, ok := err.(*eval.CaseFileError)
	if ok {
		*target = e
	}
	return ok
}

func TestSuiteRoundTripAndValidate(t *testing.T) {
	t.Parallel()
	s := &eval.Suite{Target: "python server.py", ToolDigest: "abcd", Cases: []eval.Case{
		{ID: "t-p1", Kind: eval.Positive, Expected: "t", Prompt: "please do the thing: it's “quoted”"},
		{ID: "t-vs-u-s1", Kind: eval.Sibling, Expected: "t", Rival: "u", Prompt: "yes: a colon", Note: "edited"},
		{ID: "abstain-1", Kind: eval.Abstain, Prompt: "null"},
	}}
	data, err := eval.MarshalSuite(s)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), "# ") || !strings.Contains(string(data), "generated_with: null") {
		t.Errorf("case file lacks header or null generated_with:\n%s", data)
	}
	back, err := eval.ParseSuite(data, "x")
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Cases) != 3 || back.Cases[0] != s.Cases[0] || back.Cases[1] != s.Cases[1] || back.Cases[2] != s.Cases[2] || back.ToolDigest != "abcd" || back.GeneratedWith != "" {
		t.Errorf("round trip changed the suite: %+v", back)
	}
	tools := []model.Tool{{Name: "t"}, {Name: "u"}, {Name: "v"}}
	warns, err := eval.Validate(back, tools, "x")
	if err != nil || len(warns) != 1 || !strings.Contains(warns[0], "2 tool(s) have no cases and are not being measured: u, v.") {
		t.Errorf("validate: %v %v", warns, err)
	}
	if _, err := eval.Validate(back, tools[:1], "x"); err == nil || !strings.Contains(err.Error(), "`u`") {
		t.Errorf("a rival the server lacks should be an error, got %v", err)
	}
	if w := eval.DigestWarning(back, "ffff", "dir/cases.yaml"); !strings.Contains(w, "(abcd -> ffff)") {
		t.Errorf("digest warning = %q", w)
	}
}

// TestSchemaCheckerReadsNothingOutside: a tool's schema that points a $ref
// at a local file or a URL does not compile; the checker never reads the
// file (a scanned server's schema must not read the scanner's disk) and
// never fetches. ECMA-262 patterns (what the spec asks) are honoured.
func TestSchemaCheckerReadsNothingOutside(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret.json")
	if err := os.WriteFile(secret, []byte(`{"type":"string"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	sc := eval.NewSchemaChecker()
	for _, ref := range []string{"file://" + secret, "http://127.0.0.1:9/schema.json"} {
		tool := model.Tool{Name: "t", InputSchema: decode(t, `{"type":"object","properties":{"p":{"$ref":"`+ref+`"}}}`)}
		if _, err := sc.Check(&tool, decode(t, `{"p":"x"}`)); err == nil {
			t.Errorf("$ref %s compiled: the checker loaded it", ref)
		}
	}
	ecma := model.Tool{Name: "e", InputSchema: decode(t, `{"type":"object","properties":{"p":{"type":"string","pattern":"^\\cA"}}}`)}
	if _, err := sc.Check(&ecma, decode(t, `{"p":"\u0001"}`)); err != nil {
		t.Errorf("an ECMA-262 pattern (\\cA) did not compile: %v", err)
	}
}
