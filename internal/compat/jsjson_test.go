package compat

import (
	"encoding/json"
	"strings"
	"testing"
)

// The wanted outputs were produced once by Node.js 20 with
// JSON.Stringify(JSON.parse(in)), and .length for the UTF-16 length.
func TestStringifyMatchesJavaScript(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, in, want string
		len16          int
	}{
		{"integer keys first", `{"b":1,"10":2,"2":3,"a":4,"01":5,"4294967295":6,"4294967294":7}`,
			`{"2":3,"10":2,"4294967294":7,"b":1,"a":4,"01":5,"4294967295":6}`, 63},
		{"numbers", `[1.0, 1e2, 1E21, 1e-7, 0.000001, 123456789012345678901234, -0, 0.1, 1.5e300, 5e-324, 1e400, 100, 2.50, -3.25e-10]`,
			`[1,100,1e+21,1e-7,0.000001,1.2345678901234569e+23,0,0.1,1.5e+300,5e-324,null,100,2.5,-3.25e-10]`, 95},
		{"strings", `{"s":"\u0041\/\ud800x\udc00\ud83d\ude00é\u00e9\u2028\u001f\u007f<>&"}`,
			"{\"s\":\"A/\\ud800x\\udc00😀éé\u2028\\u001f\u007f<>&\"}", 38},
		{"duplicate key keeps first position, last value", `{"k":1,"k":2,"z":3}`, `{"k":2,"z":3}`, 13},
		{"__proto__ is an ordinary key", `{"__proto__":{"x":1},"y":[true,false,null]}`, `{"__proto__":{"x":1},"y":[true,false,null]}`, 43},
		{"whitespace", `  { "a" : [ ] , "b" : { } }  `, `{"a":[],"b":{}}`, 15},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			v, err := JSONParse([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			v.Stringify(&b)
			if got := b.String(); got != tc.want {
				t.Errorf("stringify =\n%s\nwant\n%s", got, tc.want)
			}
			if got := JSLength(b.String()); got != tc.len16 {
				t.Errorf("length = %d, want %d", got, tc.len16)
			}
		})
	}
}

func TestParseJSRejectsBadInput(t *testing.T) {
	t.Parallel()
	for _, in := range []string{``, `{`, `{"a"}`, `[1,]`, `"abc`, `"\x"`, `tru`, `{"a":1}x`, `"\u12"`} {
		if _, err := JSONParse([]byte(in)); err == nil {
			t.Errorf("JSONParse(%q) succeeded, want an error", in)
		}
	}
}

// FuzzParseJS checks that every document encoding/json accepts is parsed,
// and that the re-serialisation is valid JSON again and stable.
func FuzzParseJS(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `{"a":[1,2.5e-8,"\ud800"],"1":null}`, `"\u00e9\n"`, `-0.0`, `{"a":{"b":{"c":[true,false]}}}`, "\"\xff\""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		v, err := JSONParse(data)
		if err != nil {
			t.Fatalf("JSONParse(%q): %v", data, err)
		}
		var b strings.Builder
		v.Stringify(&b)
		out := b.String()
		if !json.Valid([]byte(out)) {
			t.Fatalf("stringify(%q) = %q is not valid JSON", data, out)
		}
		v2, err := JSONParse([]byte(out))
		if err != nil {
			t.Fatal(err)
		}
		var b2 strings.Builder
		v2.Stringify(&b2)
		if b2.String() != out {
			t.Fatalf("not stable: %q then %q", out, b2.String())
		}
	})
}
