package compat

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"
)

// truthyJSONs are JSTruthy cases: every JSON kind, the falsy ones, zeros
// spelled every way and the empty containers JavaScript holds true.
var truthyJSONs = []string{`null`, `true`, `false`, `""`, `" "`, `"0"`, `"false"`, `0`, `-0`, `0.0`, `0e5`, `-0.0e-3`,
	`1`, `1e-400`, `1e400`, `0.5`, `[]`, `[0]`, `{}`, `{"a": null}`}

// TestJSTruthyDifferential compares JSTruthy on values decoded both ways
// with node's Boolean(JSON.parse(text)).
func TestJSTruthyDifferential(t *testing.T) {
	t.Parallel()
	const script = `let d='';process.stdin.on('data',c=>d+=c).on('end',()=>{
process.stdout.write(JSON.stringify(JSON.parse(d).map(j=>String(Boolean(JSON.parse(j))))));});`
	truthyDifferential(t, "node", []string{"-e", script}, JSTruthy)
}

// truthyDifferential compares truthy on truthyJSONs, decoded both ways,
// with what the tool's script prints for each text.
func truthyDifferential(t *testing.T, tool string, args []string, truthy func(any) bool) {
	t.Helper()
	want := run(t, tool, args, truthyJSONs)
	for _, useNumber := range []bool{false, true} {
		var got []string
		for _, j := range truthyJSONs {
			var v any
			dec := json.NewDecoder(bytes.NewReader([]byte(j)))
			if useNumber {
				dec.UseNumber()
			}
			if err := dec.Decode(&v); err != nil {
				if !useNumber {
					// encoding/json refuses 1e400 as a float64; the lint
					// rules read schemas decoded with UseNumber.
					got = append(got, want[len(got)])
					continue
				}
				t.Fatal(err)
			}
			got = append(got, strconv.FormatBool(truthy(v)))
		}
		compare(t, tool, want, got, truthyJSONs)
	}
}
