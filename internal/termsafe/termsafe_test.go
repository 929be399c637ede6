package termsafe

import (
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, str, text string }{
		{"plain_tool", "plain_tool", "plain_tool"},
		{"café — naïve", "café — naïve", "café — naïve"},
		{"red\x1b[31mX\x1b[0m", `red\u001b[31mX\u001b[0m`, `red\u001b[31mX\u001b[0m`},
		{"\x1b]8;;https://a.example/\x07link\x1b]8;;\x07", `\u001b]8;;https://a.example/\u0007link\u001b]8;;\u0007`, `\u001b]8;;https://a.example/\u0007link\u001b]8;;\u0007`},
		{"ok\rEVIL", `ok\rEVIL`, `ok\rEVIL`},
		{"a\nb\tc", `a\nb\tc`, "a\nb\tc"},
		{"\u202egnp.exe", `\u202egnp.exe`, `\u202egnp.exe`},
		{"c1\u009b31m", `c1\u009b31m`, `c1\u009b31m`},
		{"bad\xffutf8", `bad\xffutf8`, `bad\xffutf8`},
		{"del\x7f", `del\u007f`, `del\u007f`},
	}
	for _, c := range cases {
		if got := String(c.in); got != c.str {
			t.Errorf("String(%q) = %q, want %q", c.in, got, c.str)
		}
		if got := Text(c.in); got != c.text {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, c.text)
		}
		if got := String(c.in); strings.ContainsAny(got, "\x1b\x07\r\x7f\u202e\u009b") {
			t.Errorf("String(%q) = %q still holds a control character", c.in, got)
		}
		if Clean(c.in) != (c.in == c.str) {
			t.Errorf("Clean(%q) = %v", c.in, Clean(c.in))
		}
	}
}

func TestWriter(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	w := NewWriter(&b)
	in := "tool \x1b[31mred\x1b[0m é\u202e\n"
	// Split inside the two-byte é and the three-byte U+202E.
	raw := []byte(in)
	e, bidi := strings.Index(in, "é"), strings.Index(in, "\u202e")
	cuts := []int{0, e + 1, bidi + 1, bidi + 2, len(raw)}
	for i := 1; i < len(cuts); i++ {
		if _, err := w.Write(raw[cuts[i-1]:cuts[i]]); err != nil {
			t.Fatal(err)
		}
	}
	if want := `tool \u001b[31mred\u001b[0m é\u202e` + "\n"; b.String() != want {
		t.Errorf("written %q, want %q", b.String(), want)
	}
	if NewWriter(w) != w || Raw(w) != &b {
		t.Error("NewWriter must not wrap twice; Raw must return the writer beneath")
	}
}
