package lint

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// sec006 is SEC006 hidden-content.
func sec006() Rule {
	return Rule{
		ID: "SEC006", Name: "hidden-content", Family: "Security",
		Summary: "Text hides content: invisible Unicode (zero-width, bidi controls, tag characters) or HTML comments.",
		Default: Error, Scope: ScopeTool, Origin: OriginMcpgauge, Revision: 3, Check: checkSEC006,
	}
}

// checkSEC006 finds invisible Unicode (zero-width, bidi controls, tag
// characters) in tool and parameter names and in every text surface, and
// HTML comments in the surfaces; a joiner doing its ordinary job (an emoji
// sequence, a non-Latin script) is no finding. The default profile reads
// the surfaces with code spans, fenced blocks and empty comments taken out.
func checkSEC006(ctx *Context) []Problem {
	var out []Problem
	const fix = "Remove the hidden content. Tool text must say the same thing to the user who reviews it as to the model that reads it; invisible characters and HTML comments are the classic way to smuggle instructions past a reviewer."
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if h := secHidden(t.Name); h != "" {
			out = append(out, Problem{Tool: t.Name, Message: fmt.Sprintf("The name of tool %q contains %s.", t.Name, h), Suggestion: fix})
		}
		for _, p := range t.ParamNames() {
			if h := secHidden(p); h != "" {
				out = append(out, Problem{Tool: t.Name, Parameter: p, Message: fmt.Sprintf("The parameter name %q of tool `%s` contains %s.", p, t.Name, h), Suggestion: fix})
			}
		}
	}
	for _, s := range secSurfaces(ctx) {
		txt := s.Text
		if ctx.Precise() {
			// A comment shown in a code span, or an empty one, hides nothing.
			txt = secEmptyComment.ReplaceAllString(preciseCodeOnly(txt), " ")
			txt = secDirectiveComments(txt)
		}
		h := secHidden(txt)
		if h == "" {
			continue
		}
		if ctx.Precise() && secStrayZeroWidth(txt) {
			// "How \u200b\u200bto obtain": a few zero-width spaces pasted
			// beside visible words carry and hide no text.
			p := s.problem(fmt.Sprintf("The %s contains stray %s beside visible words; they carry no hidden text, but a reviewer cannot see them.", s.where(), h),
				"Remove the stray invisible characters (they usually come from pasted web text).")
			p.Severity = Info
			out = append(out, p)
			continue
		}
		out = append(out, s.problem(fmt.Sprintf("The %s contains %s.", s.where(), h), fix))
	}
	return out
}

// secHidden describes hidden content in s, or "" when there is none.
func secHidden(s string) string {
	counts := map[string]int{}
	var order []string
	var tagText strings.Builder
	var first rune
	runes := []rune(s)
	for i, r := range runes {
		k := secInvisibleKind(r)
		if k == "" || secJoinerInContext(runes, i) {
			continue
		}
		if counts[k] == 0 {
			order = append(order, k)
		}
		if first == 0 {
			first = r
		}
		counts[k]++
		if k == "tag character" && r >= 0xE0020 && r <= 0xE007E {
			tagText.WriteRune(r - 0xE0000)
		}
	}
	var parts []string
	for _, k := range order {
		parts = append(parts, fmt.Sprintf("%d %s(s)", counts[k], k))
	}
	msg := ""
	if len(parts) > 0 {
		msg = fmt.Sprintf("invisible Unicode: %s (first U+%04X)", strings.Join(parts, ", "), first)
		if tagText.Len() > 0 {
			msg += fmt.Sprintf("; the tag characters spell %q", secSnippet(tagText.String()))
		}
	}
	if m := secHTMLComment.FindString(s); m != "" {
		if msg != "" {
			msg += "; "
		}
		msg += fmt.Sprintf("an HTML comment %q, which renderers hide but models read", secSnippet(m))
	}
	return msg
}

// secInvisibleKind names a hidden code point, or "" for an ordinary one.
func secInvisibleKind(r rune) string {
	switch {
	case r >= 0x200B && r <= 0x200D, r == 0x2060, r == 0xFEFF, r == 0x180E, r >= 0x2061 && r <= 0x2064:
		return "zero-width"
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return "bidi control"
	case r >= 0xE0000 && r <= 0xE007F:
		return "tag character"
	}
	return ""
}

// secJoinerInContext reports whether runes[i] is a zero-width (non-)joiner
// doing its ordinary job: ZWJ inside an emoji sequence, or ZWJ/ZWNJ between
// letters or marks of a non-Latin script (Persian, Indic scripts, ...).
func secJoinerInContext(runes []rune, i int) bool {
	r := runes[i]
	if (r != 0x200C && r != 0x200D) || i == 0 || i+1 >= len(runes) {
		return false
	}
	prev, next := runes[i-1], runes[i+1]
	emoji := func(c rune) bool {
		return c >= 0x1F000 || (c >= 0x2600 && c <= 0x27BF) || c == 0xFE0F || (c >= 0x1F3FB && c <= 0x1F3FF)
	}
	if r == 0x200D && emoji(prev) && emoji(next) {
		return true
	}
	script := func(c rune) bool {
		return (unicode.IsLetter(c) || unicode.IsMark(c)) && c >= 0x0370 && !unicode.Is(unicode.Latin, c)
	}
	return script(prev) && script(next)
}

// secStrayMax is the most zero-width characters a text may hold, and the
// longest run, for them to be stray paste artefacts rather than a code.
const secStrayMax = 4

// secStrayZeroWidth reports whether the only hidden content of s is a few
// zero-width characters standing beside a space, punctuation or the end
// of the text: a paste artefact that hides no text. Bidi controls, tag
// characters, an HTML comment, a long run, many scattered characters, or
// one that splits a word (pass\u200dword, read\ufefffile: text between
// them that a reviewer's search would not find) are not stray.
func secStrayZeroWidth(s string) bool {
	if secHTMLComment.MatchString(s) {
		return false
	}
	runes := []rune(s)
	total := 0
	for i := 0; i < len(runes); {
		k := secInvisibleKind(runes[i])
		if k == "" || secJoinerInContext(runes, i) {
			i++
			continue
		}
		if k != "zero-width" {
			return false
		}
		j := i
		for j < len(runes) && secInvisibleKind(runes[j]) == "zero-width" {
			j++
		}
		total += j - i
		if total > secStrayMax || secWordRune(runes, i-1) && secWordRune(runes, j) {
			return false
		}
		i = j
	}
	return total > 0
}

// secWordRune reports whether runes[i] exists and is a letter or digit of
// a script that spaces its words: in Chinese, Japanese, Thai, Lao, Khmer
// or Myanmar text a zero-width space is the ordinary word-break hint.
func secWordRune(runes []rune, i int) bool {
	if i < 0 || i >= len(runes) {
		return false
	}
	r := runes[i]
	if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
		return false
	}
	return !unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
}

var secHTMLComment = regexp.MustCompile(`(?s)<!--.*?-->`)

// secDirective is the body of a comment that is markup syntax, not prose:
// one token, optionally a namespaced name (wp:paragraph, /wp:divi/section,
// prettier-ignore, more, toc, [if IE]) and a JSON object of attributes
// after it ({"level":2}), optionally self-closing. It carries no sentence
// a model could read as an instruction.
var secDirective = regexp.MustCompile(`(?s)^\s*(?:/?[\pL\pN_.-]+(?::[\pL\pN_./-]+)?|\[[\pL\pN_ !]+\])(?:\s+\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\})?\s*/?\s*$`)

// secDirectiveComments blanks the comments of s whose bodies are markup
// directives (a WordPress block delimiter `<!-- wp:heading {"level":2}
// -->`, `<!-- more -->`, `<!-- prettier-ignore -->`): documentation of a
// content format shows them as the syntax to write, and they hide no
// prose. A comment with words in it is kept.
func secDirectiveComments(s string) string {
	return secHTMLComment.ReplaceAllStringFunc(s, func(c string) string {
		body := strings.TrimSuffix(strings.TrimPrefix(c, "<!--"), "-->")
		if secDirective.MatchString(body) {
			return " "
		}
		return c
	})
}

// secEmptyComment is an HTML comment with nothing in it.
var secEmptyComment = regexp.MustCompile(`<!--\s*-->`)
