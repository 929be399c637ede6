package compat

import (
	"strings"
	"testing"
)

// pyStrs are str-method cases: Unicode spaces, title case, İ, tabs and
// indented doc strings.
var pyStrs = []string{"", "ABC", "ABC1_", "AbC", "ǅ", "ᾈ", "Ⅻ", "ⓐ", "İD", "İd", "get_USER",
	"  a\u00a0 b\n\x1c c\u2003", "\u3000 x \u0085", "\tfirst\n\t\tsecond\n\t  third\n\n", "\n\n  Summary.\n\n    Detail\r\n  more\t\tx\n  ",
	"one\u2028two", "x\u200by", "  "}

// TestPythonStrDifferential compares PyIsUpper, PyLower, PySplit,
// PyCleandoc, PyIsSpace and PyIsWord with python3.
func TestPythonStrDifferential(t *testing.T) {
	t.Parallel()
	const script = `import inspect,json,re,sys
x=json.load(sys.stdin);o=[]
for s in x["s"]:
    o+=[str(s.isupper()), s.lower(), "|".join(s.split()), inspect.cleandoc(s),
        "".join("s" if c.isspace() else "w" if re.match(r"\w", c) else "-" for c in s)]
print(json.dumps(o))`
	in := map[string]any{"s": pyStrs}
	want := run(t, "python3", []string{"-c", script}, in)
	var got []string
	for _, s := range pyStrs {
		var classes strings.Builder
		for _, r := range s {
			switch {
			case PyIsSpace(r):
				classes.WriteByte('s')
			case PyIsWord(r):
				classes.WriteByte('w')
			default:
				classes.WriteByte('-')
			}
		}
		upper := "False"
		if PyIsUpper(s) {
			upper = "True"
		}
		got = append(got, upper, PyLower(s), strings.Join(PySplit(s), "|"), PyCleandoc(s), classes.String())
	}
	compare(t, "python3", want, got, in)
}
