package compat

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPyEqual: decoded JSON values compare as Python's == compares what
// json.loads made of them (answers from python3).
func TestPyEqual(t *testing.T) {
	t.Parallel()
	cases := []struct {
		a, b string
		want bool
	}{
		{`true`, `1`, true}, {`false`, `0`, true}, {`1`, `1.0`, true}, {`1e0`, `1`, true}, {`true`, `1.5`, false},
		{`"1"`, `1`, false}, {`null`, `null`, true}, {`null`, `0`, false}, {`[1, true]`, `[1.0, 1]`, true},
		{`[1]`, `[1, 2]`, false}, {`{"a": 1}`, `{"a": 1.0}`, true}, {`{"a": 1}`, `{"b": 1}`, false},
		{`{"a": [null]}`, `{"a": [null]}`, true}, {`"x"`, `"x"`, true}, {`[]`, `{}`, false},
	}
	decode := func(s string) any {
		var v any
		dec := json.NewDecoder(strings.NewReader(s))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range cases {
		if got := PyEqual(decode(c.a), decode(c.b)); got != c.want {
			t.Errorf("PyEqual(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	for in, wantInt := range map[string]bool{`1`: true, `-0`: true, `1.0`: false, `1e2`: false, `1E2`: false} {
		if isNum, isInt, _ := PyNumberKind(decode(in)); !isNum || isInt != wantInt {
			t.Errorf("PyNumberKind(%s) = %v, %v; want a number, int %v", in, isNum, isInt, wantInt)
		}
	}
}
