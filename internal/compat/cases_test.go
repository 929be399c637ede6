package compat

import (
	"encoding/json"
	"testing"
)

func TestPyNumberCases(t *testing.T) {
	t.Parallel()
	// Values checked against Python's json.dumps(json.loads(text)).
	cases := map[string]string{
		"1.50": "1.5", "1e21": "1e+21", "1E2": "100.0", "-0": "0", "0": "0", "-0.0": "-0.0", "1.0": "1.0",
		"1e16": "1e+16", "1e15": "1000000000000000.0", "123456789012345678": "123456789012345678",
		"1e-5": "1e-05", "0.0001": "0.0001", "1.5e-7": "1.5e-07", "-2.5E+300": "-2.5e+300",
		"1e400": "Infinity", "-1e400": "-Infinity", "5e-324": "5e-324", "0.1": "0.1", "12.25": "12.25",
		"9007199254740993.0": "9007199254740992.0", "1.7976931348623157e308": "1.7976931348623157e+308",
		"123.456e2": "12345.6", "0.30000000000000004": "0.30000000000000004", "1.23456789012345e16": "1.23456789012345e+16",
	}
	for in, want := range cases {
		if got := PyNumber(in); got != want {
			t.Errorf("PyNumber(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestPyStrJSONCases(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		`"plain"`:                               "plain",
		`["a", 1.50, true, null, {"k": "v's"}]`: `['a', 1.5, True, None, {'k': "v's"}]`,
		`{"b": 1, "a": 2, "b": 3}`:              `{'b': 3, 'a': 2}`,
		`["x\nTODO"]`:                           `['x\nTODO']`,
		`{}`:                                    `{}`,
		`not json`:                              ``,
	}
	for in, want := range cases {
		if got := PyStrJSON(json.RawMessage(in)); got != want {
			t.Errorf("PyStrJSON(%s) = %q, want %q", in, got, want)
		}
	}
}

func TestPyReprCases(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"Search.":      "'Search.'",
		"it's":         `"it's"`,
		`a'b"c`:        `'a\'b"c'`,
		"a\\b":         `'a\\b'`,
		"é€😀":          "'é€😀'",
		"a\u200bb":     `'a\u200bb'`,
		"\u0085\u00a0": `'\x85\xa0'`,
		"x\U000e0001y": `'x\U000e0001y'`,
		"\t\x01":       `'\t\x01'`,
	}
	for in, want := range cases {
		if got := PyRepr(in); got != want {
			t.Errorf("PyRepr(%q) = %s, want %s", in, got, want)
		}
	}

}

// TestJSLowerASCII: only ASCII letters fold, as a JavaScript /i regex
// without the u flag folds them; the Kelvin sign, long s and À stay.
func TestJSLowerASCII(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"": "", "DROP Table": "drop table", "ÀB\u212A\u017Fx": "Àb\u212A\u017Fx", "Z[@`": "z[@`"} {
		if got := JSLowerASCII(in); got != want {
			t.Errorf("JSLowerASCII(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestPyAndJSFixedCases: fixed answers of the emulations whose other tests
// compare against python3 and node, so a machine without them still
// checks the cases that tell the languages apart.
func TestPyAndJSFixedCases(t *testing.T) {
	t.Parallel()
	if got := PyLower("İD"); got != "i\u0307d" {
		t.Errorf(`PyLower("İD") = %q, want "i\u0307d" (Python lowers İ to i + combining dot)`, got)
	}
	for _, c := range []struct {
		v        any
		js, py   bool
		describe string
	}{
		{[]any{}, true, false, "[]"},
		{map[string]any{}, true, false, "{}"},
		{"0", true, true, `"0"`},
		{float64(0), false, false, "0"},
		{nil, false, false, "null"},
	} {
		if got := JSTruthy(c.v); got != c.js {
			t.Errorf("JSTruthy(%s) = %v, want %v", c.describe, got, c.js)
		}
		if got := PyTruthy(c.v); got != c.py {
			t.Errorf("PyTruthy(%s) = %v, want %v", c.describe, got, c.py)
		}
	}
}
