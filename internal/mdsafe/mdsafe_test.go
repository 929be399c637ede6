package mdsafe_test

import (
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/mdsafe"
	"github.com/mcpgauge/mcpgauge/internal/mdsafe/mdsafetest"
)

// hostile is what a server may put in its name, version, title, tool names
// or descriptions to make a comment mention, link, embed or break layout.
var hostile = []string{
	"@everyone", "@org/team please look", "cc @admin,", "![x](https://evil.example/p.png)",
	"[click](https://evil.example)", "<img src=x onerror=alert(1)>", "<details><summary>open</summary>",
	"| col | col2 |", "1.0\n# heading", "1.0\r\n\r\n| a | b |\n|---|---|", "a`b``c", "`", "``", " `x` ", "` lead",
	"https://evil.example/", "see www.evil.example now", "mail a@evil.example", "**bold** _em_ ~~strike~~ ~one~",
	"&amp; &#64;everyone &lt;b&gt;", `\`, `x\`, `\[x]`, "# not a heading", "- item", "+ item", "1. item", "12) item",
	"> quote", "=====", "---", "<!-- comment", "$x^2$ and $$y$$", "#123 and owner/repo#1 GH-2", "__init__ and *x*",
	"[ref]: https://evil.example", "<https://evil.example>", "    four spaces", "\x1b[31mred\x1b[0m\u202egnp",
	"[^1] footnote", "x\u2028y", ":warning: [!NOTE]", "<script>alert(1)</script>", "javascript:alert(1)",
}

// Ordinary strings render byte for byte as they are.
var ordinary = map[string]string{
	"careless": "careless", "0.0.1": "0.0.1", "1.2.0-beta.1+build.5": "1.2.0-beta.1+build.5",
	"'get_data''s description still contains placeholder text ('TODO').": "'get_data''s description still contains placeholder text ('TODO').",
	"Tool names mix conventions: 7 snake_case, 1 camelCase.":             "Tool names mix conventions: 7 snake_case, 1 camelCase.",
	"io.github.owner/server (first U+200B), 42%":                         "io.github.owner/server (first U+200B), 42%",
}

// TestHostileTextRendersInert renders every hostile string through Code,
// Cell and Text with a real GFM renderer (tables, autolinks, strikethrough)
// in each place a renderer puts server text, and checks that it produced
// no element but the surrounding ones (no link, image, HTML, heading,
// list, extra cell), that a reader sees exactly the text, and that no
// @-mention, #-reference or autolink survives outside code.
func TestHostileTextRendersInert(t *testing.T) {
	t.Parallel()
	places := []struct {
		name, before, after string
		tags                map[string]int // opening tags the surroundings make
		table               bool
	}{
		{"paragraph", "x ", " y\n", map[string]int{"p": 1}, false},
		{"line start", "", " y\n", map[string]int{"p": 1}, false},
		{"list item", "- **e** ", "\n", map[string]int{"ul": 1, "li": 1, "strong": 1}, false},
		{"heading", "## ", "\n", map[string]int{"h2": 1}, false},
		{"table cell", "| a | b |\n|---|---|\n| ", " | z |\n", map[string]int{"table": 1, "thead": 1, "tbody": 1, "tr": 2, "th": 2, "td": 2}, true},
	}
	funcs := []struct {
		name   string
		f      func(string) string
		code   bool
		inCell bool // made for table cells
		inLine bool // made for text outside tables
	}{
		{"Code", mdsafe.Code, true, false, true},
		{"Cell", mdsafe.Cell, true, true, false},
		{"Text", mdsafe.Text, false, true, true},
	}
	for _, fn := range funcs {
		for _, pl := range places {
			if (pl.table && !fn.inCell) || (!pl.table && !fn.inLine) {
				continue
			}
			for _, s := range hostile {
				got := fn.f(s)
				want := map[string]int{}
				for k, v := range pl.tags {
					want[k] = v
				}
				if fn.code && got != "" {
					want["code"]++
				}
				src := pl.before + got + pl.after
				if p := mdsafetest.Problems(t, src, mdsafetest.Want{Count: want}); len(p) > 0 {
					t.Errorf("%s in a %s: %q as %q: %s", fn.name, pl.name, s, got, strings.Join(p, "; "))
					continue
				}
				if strings.Contains(got, "\n") {
					t.Errorf("%s(%q) = %q spans lines", fn.name, s, got)
				}
				read := strings.Join(strings.Fields(mdsafe.OneLine(s)), " ")
				if seen := mdsafetest.Visible(mdsafetest.Render(t, src)); !strings.Contains(seen, read) {
					t.Errorf("%s in a %s: %q as %q reads %q, want it to contain %q", fn.name, pl.name, s, got, seen, read)
				}
			}
		}
	}
}

// TestOrdinaryTextUnchanged: names, versions and finding messages without
// Markdown in them keep their bytes (Text) or only gain the fence (Code).
func TestOrdinaryTextUnchanged(t *testing.T) {
	t.Parallel()
	for in, want := range ordinary {
		if got := mdsafe.Text(in); got != want {
			t.Errorf("Text(%q) = %q, want it unchanged", in, got)
		}
		if got := mdsafe.Code(in); got != "`"+want+"`" {
			t.Errorf("Code(%q) = %q, want %q", in, got, "`"+want+"`")
		}
	}
}

// TestCodeFence: the fence outgrows the text's backtick runs and pads an
// edge backtick, so the span closes where it should.
func TestCodeFence(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"a", "`a`"},
		{"a`b", "``a`b``"},
		{"a``b`c", "```a``b`c```"},
		{"`x`", "`` `x` ``"},
		{" x ", "`  x  `"},
		{"  ", "`  `"},
		{"a\nb\r\n\tc", "`a b c`"},
		{"a|b", "`a|b`"},
	} {
		if got := mdsafe.Code(c.in); got != c.want {
			t.Errorf("Code(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := mdsafe.Cell("a|b"); got != "`a\\|b`" {
		t.Errorf("Cell(a|b) = %q", got)
	}
}
