package compat

import (
	"bytes"
	"encoding/json"
	"math"
	"os/exec"
	"strconv"
	"testing"
)

// floats are the rounding and spelling cases: halves, values next to
// halves, exponent edges, and the double that floor(x+0.5) gets wrong.
var floats = []float64{
	0, 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999999999999994, -0.49999999999999994,
	0.1, 0.1 + 0.2, 1.0 / 3, 2.675, 99.5, 100.49999999999999, 4503599627370495.5,
	4503599627370497, 9007199254740993, 1e15, 1e16, 1e17, 1e20, 1e21, 1e22, 123456789012345680000,
	0.0001, 0.00001, 1e-6, 1e-7, 1.5e-10, 5e-324, 1.7976931348623157e308, -1234.5678, 62.5, 87.5,
}

// strs are repr cases: both quotes, escapes, controls, non-printables and
// characters outside the BMP.
var strs = []string{"", "plain", "it's", `say "hi"`, `both ' and "`, "back\\slash", "tab\tnew\nline\r",
	"\x00\x07\x1b[31m", "\u00a0nbsp", "caf\u00e9", "\u200bzero width", "\u2028sep", "emoji \U0001F600", "\U000E0041 tag", "\ufeffbom"}

// jsons are PyStrJSON cases (Python's str(json.loads(raw))).
var jsons = []string{`"text"`, `null`, `true`, `false`, `1`, `-0`, `1.0`, `1e5`, `2.50`, `1E-7`,
	`[1, "a", null, [true]]`, `{"b": 1, "a": [2.0]}`, `{"k": 1, "k": 2, "j": 3}`, `{"it's": "x"}`, `[]`, `{}`}

func run(t *testing.T, tool string, args []string, in any) []string {
	t.Helper()
	path, err := exec.LookPath(tool)
	if err != nil {
		t.Skipf("%s is not installed: %v", tool, err)
	}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), path, args...)
	cmd.Stdin = bytes.NewReader(data)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	var res []string
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("%s output: %v\n%s", tool, err, out)
	}
	return res
}

// TestJSDifferential compares JSRound, JSNumber and JSLength with node.
func TestJSDifferential(t *testing.T) {
	t.Parallel()
	const script = `let d='';process.stdin.on('data',c=>d+=c).on('end',()=>{const x=JSON.parse(d);const o=[];
for(const t of x.f){const f=Number(t);o.push(String(Math.round(f)));o.push(String(f));}
for(const s of x.s){o.push(String(s.length));}
process.stdout.write(JSON.stringify(o));});`
	fs := append(append([]float64{}, floats...), negate(floats)...)
	in := map[string]any{"f": texts(fs), "s": strs}
	want := run(t, "node", []string{"-e", script}, in)
	var got []string
	for _, f := range fs {
		got = append(got, JSNumber(JSRound(f)), JSNumber(f))
	}
	for _, s := range strs {
		got = append(got, strconv.Itoa(JSLength(s)))
	}
	compare(t, "node", want, got, in)
}

// TestPythonDifferential compares PyRound, PyFloatRepr, PyNumber, PyRepr,
// PyStrJSON and PyStr with python3.
func TestPythonDifferential(t *testing.T) {
	t.Parallel()
	const script = `import json,sys
x=json.load(sys.stdin);o=[]
for t in x["f"]:
    f=float(t); o+= [str(round(f)) if abs(f) < 2**63 else "big", repr(f)]
for s in x["s"]: o.append(repr(s))
for j in x["j"]: o+= [str(json.loads(j)), json.dumps(json.loads(j))]
print(json.dumps(o))`
	fs := append(append([]float64{}, floats...), negate(floats)...)
	in := map[string]any{"f": texts(fs), "s": strs, "j": jsons}
	want := run(t, "python3", []string{"-c", script}, in)
	var got []string
	for _, f := range fs {
		r := "big" // PyRound's int holds |x| < 2^63; Python's is unbounded
		if math.Abs(f) < 1<<63 {
			r = strconv.Itoa(PyRound(f))
		}
		got = append(got, r, PyFloatRepr(f))
	}
	for _, s := range strs {
		got = append(got, PyRepr(s))
	}
	for _, j := range jsons {
		// json.dumps of a scalar number is PyNumber of its text.
		dumps := j
		var v any
		dec := json.NewDecoder(bytes.NewReader([]byte(j)))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		if n, ok := v.(json.Number); ok {
			dumps = PyNumber(n.String())
		} else {
			dumps = want[len(got)+1] // only numbers are checked for dumps
		}
		got = append(got, PyStrJSON(json.RawMessage(j)), dumps)
	}
	compare(t, "python3", want, got, in)
}

// TestPyStrDecoded: PyStr of a decoded value agrees with PyStrJSON of its
// text wherever a Go map's lost key order cannot matter.
func TestPyStrDecoded(t *testing.T) {
	t.Parallel()
	for _, j := range []string{`"a"`, `null`, `true`, `1.0`, `1e5`, `-0`, `[1, "a", null, [false, 2.5]]`, `{"a": 1, "b": "it's"}`} {
		var v any
		dec := json.NewDecoder(bytes.NewReader([]byte(j)))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		if got, want := PyStr(v), PyStrJSON(json.RawMessage(j)); got != want {
			t.Errorf("PyStr(%s) = %q, PyStrJSON = %q", j, got, want)
		}
	}
}

func compare(t *testing.T, tool string, want, got []string, in any) {
	t.Helper()
	if len(want) != len(got) {
		t.Fatalf("%s gave %d answers, we gave %d (input %v)", tool, len(want), len(got), in)
	}
	for i := range want {
		if want[i] != got[i] {
			t.Errorf("answer %d: %s says %q, we say %q", i, tool, want[i], got[i])
		}
	}
}

func negate(fs []float64) []float64 {
	out := make([]float64, len(fs))
	for i, f := range fs {
		out[i] = -f
	}
	return out
}

// texts spells floats exactly (strconv's shortest round trip), so that
// python3 and node parse them as floats, never as integers.
func texts(fs []float64) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = strconv.FormatFloat(f, 'g', -1, 64)
	}
	return out
}
