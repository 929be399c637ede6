package lint

import (
	"fmt"
	"strings"
	"testing"
)

func TestSecAnchors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		expr string
		want []string
	}{
		{`\bfoo\s+bar\b`, []string{"foo"}},
		{`\b(?:ignore|disregard)\s+previous`, []string{"previous"}},
		{`a|b+`, []string{"a", "b"}},
		{`x?y*`, nil},
		{`(?:\.\.[/\\]){2,}`, []string{".."}},
	}
	for _, tc := range cases {
		if got := secAnchors(tc.expr); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("secAnchors(%q) = %q, want %q", tc.expr, got, tc.want)
		}
	}
	// Every family pattern keeps matching its own examples with the prefilter on:
	// the phrase rules' cases (testdata/rules/sec00*.txtar) run through it.
}

// TestSecHitOffsets holds the hits of a family to the original text:
// whatever folding did (case, invisible characters, typographic
// apostrophes, non-ASCII letters), s[start:end] is the hit from its first
// character to its last, and it folds to what the pattern matched.
func TestSecHitOffsets(t *testing.T) {
	t.Parallel()
	long := "begin " + strings.Repeat("word ", 30) + "end"
	cases := []struct {
		name, text, expr string
		want             []string
	}{
		{"uppercase", "Please ALWAYS Call This first.", `always\s+call\s+this\s+first`, []string{"ALWAYS Call This first"}},
		{"zero-width inside and around", "x \u200balways\u200b call\u2060 this first\u200b.", `always\s+call\s+this\s+first`, []string{"always\u200b call\u2060 this first"}},
		{"typographic apostrophe", "You don\u2019t need to ask.", `don't\s+need`, []string{"don\u2019t need"}},
		{"non-ASCII before the hit", "\u00dcber alles \u2014 \u00c9CRIS \U0001F680 always call this first", `always\s+call\s+this\s+first`, []string{"always call this first"}},
		{"non-ASCII inside the hit", "Un CAF\u00c9 noir, s'il vous pla\u00eet.", `caf0\s+noir`, []string{"CAF\u00c9 noir"}},
		{"decomposed accent inside the hit", "Un CAFE\u0301 noir.", `caf[e0]+\s+noir`, []string{"CAFE\u0301 noir"}},
		{"the same words twice", "call this first. Then CALL THIS FIRST again.", `call\s+this\s+first`, []string{"call this first", "CALL THIS FIRST"}},
		{"longer than a quote", "\u00e9 " + long + " \u00e9 " + long, `begin\b.*?\bend`, []string{long, long}},
	}
	for _, tc := range cases {
		pats := secRe("test phrase", 0, tc.expr)
		folded, starts := secFold(tc.text)
		var got []string
		for m := range secHitsFolded(nil, tc.text, folded, starts, pats) {
			hit := tc.text[m.start:m.end]
			got = append(got, hit)
			if f, _ := secFold(hit); !pats[0].re.MatchString(f) || f != strings.TrimSpace(f) {
				t.Errorf("%s: hit %q folds to %q, which the pattern does not match whole", tc.name, hit, f)
			}
			if m.text != secSnippet(hit) {
				t.Errorf("%s: quoted %q, want %q", tc.name, m.text, secSnippet(hit))
			}
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: hits %q, want %q", tc.name, got, tc.want)
		}
	}
	// A hit longer than the quote is still placed whole, twice.
	text := "\u00e9 " + long + " \u00e9 " + long
	m, ok := secFind(nil, text, secRe("test phrase", 0, `begin\b.*?\bend`))
	if !ok || len([]rune(m.text)) != 80 || !strings.HasSuffix(m.text, "...") || text[m.start:m.end] != long || m.start != len("\u00e9 ") {
		t.Errorf("long hit: %+v, %v", m, ok)
	}
}

// TestSecHitsInContextOffsets holds the default profile's reading, which
// blanks fenced blocks and code spans, to offsets in the original text.
func TestSecHitsInContextOffsets(t *testing.T) {
	t.Parallel()
	pats := secRe("test phrase", 0, `\bcall\s+\w+\s+first\b`)
	cases := []struct {
		name, text string
		want       []string
	}{
		{"after a code span", "Use `caf\u00e9 \u2014 call x first` here. Then Call Beta First.", []string{"Call Beta First"}},
		{"after a fenced block", "```\ncall a first\n\u00e9\u00e9\n```\nNow CALL GAMMA FIRST, then call delta first.", []string{"CALL GAMMA FIRST", "call delta first"}},
		{"over a code span", "é call beta `xé` first", []string{"call beta `xé` first"}},
	}
	for _, tc := range cases {
		var got []string
		for m := range secHitsInContext(nil, tc.text, pats) {
			got = append(got, tc.text[m.start:m.end])
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: hits %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestSecMappedAgrees holds the mapped readings to the plain ones they
// stand for, every byte they keep to its place in the original and every
// blank to what it stands for.
func TestSecMappedAgrees(t *testing.T) {
	t.Parallel()
	inputs := []string{
		"",
		"plain text",
		"Run `acme --setup` then \u201cquote\u201d and 'single' \u2018typo\u2019.",
		"```js\nconst x = 1;\n```\nafter `a` and `b` \u00e9\n~~~\nunclosed",
		"tail ``` never closed `span`",
		"bad \xff utf-8 `x` \"y\"",
	}
	for _, s := range inputs {
		for _, c := range []struct {
			name   string
			mapped secMapped
			plain  string
		}{
			{"code only", secCodeOnly(s), preciseCodeOnly(s)},
			{"shell quotes", secShellQuoted(s), secShellQuotes.Replace(s)},
		} {
			m := c.mapped
			if m.lo == nil {
				// Nothing blanked: the text is the original and the way back the identity.
				if a, b := m.orig(1, 3); m.text != s || a != 1 || b != 3 {
					t.Errorf("%s of %q: unblanked text %q maps 1:3 to %d:%d", c.name, s, m.text, a, b)
				}
				continue
			}
			if m.text != c.plain {
				t.Errorf("%s of %q: %q, want %q", c.name, s, m.text, c.plain)
				continue
			}
			for k := range len(m.text) {
				kept := m.hi[k]-m.lo[k] == 1 && s[m.lo[k]] == m.text[k]
				blank := m.text[k] == ' ' && strings.ContainsAny(s[m.lo[k]:min(m.hi[k], m.lo[k]+3)], "`\"'~\u201c\u201d\u2018\u2019")
				if m.hi[k] <= m.lo[k] || !kept && !blank {
					t.Errorf("%s of %q: byte %d (%q) maps to %d:%d", c.name, s, k, m.text[k], m.lo[k], m.hi[k])
				}
			}
			if a, b := m.orig(0, len(m.text)); len(s) > 0 && (a != 0 || b != len(s)) {
				t.Errorf("%s of %q: whole text maps to %d:%d", c.name, s, a, b)
			}
		}
	}
}

// TestSecPhraseRuleReadsPastRejectedHit holds a phrase rule to the first
// hit its filter keeps: a dropped hit no longer hides a later one in the
// same text, the filter sees each hit where it stands, and a surface none
// of whose hits is kept stays silent.
func TestSecPhraseRuleReadsPastRejectedHit(t *testing.T) {
	t.Parallel()
	long := "call " + strings.Repeat("x", 90) + " first"
	cases := []struct {
		name, description, want string
	}{
		{"second sentence kept", "Call alpha first. Then call beta first.", "call beta first"},
		{"first hit kept", "Call beta first. Then call alpha first.", "Call beta first"},
		{"every hit dropped", "Call alpha first, and call alpha first again.", ""},
		{"a kept hit longer than the quote", "Call alpha first. " + long + ".", secSnippet(long)},
		{"dropped in context, kept after it", "`call beta first` is shown. Call alpha first; call gamma first.", "call gamma first"},
	}
	pats := secRe("test phrase", 0, `\bcall\s+\w+\s+first\b`)
	for _, tc := range cases {
		snap := toolsSnapshot(t, fmt.Sprintf(`{"name":"tool_a","description":%q,"inputSchema":{"type":"object"}}`, tc.description))
		ctx := NewContext(snap)
		var placed []string
		check := secPhraseRuleWith(nil, secPrecise{patterns: pats, keep: func(_ *Context, s secSurface, m secMatch) bool {
			placed = append(placed, s.Text[m.start:m.end])
			return !strings.Contains(strings.ToLower(s.Text[m.start:m.end]), "alpha")
		}}, func(_ secSurface, m secMatch) string { return m.text }, "suggestion")
		ps := check(ctx)
		switch {
		case tc.want == "" && len(ps) != 0:
			t.Errorf("%s: %d problems, want none", tc.name, len(ps))
		case tc.want != "" && (len(ps) != 1 || ps[0].Message != tc.want):
			t.Errorf("%s: problems %+v, want one quoting %q", tc.name, ps, tc.want)
		}
		for _, p := range placed {
			if !pats[0].re.MatchString(strings.ToLower(p)) {
				t.Errorf("%s: the filter was shown %q, not a hit", tc.name, p)
			}
		}
	}
}
