// Package mdsafetest renders Markdown as GitHub-flavoured Markdown
// (tables, autolinks, strikethrough; raw HTML passed through, as GitHub
// passes its allowed subset) and reports what server text made of it:
// links, images, HTML elements, headings, table cells, mentions.
package mdsafetest

import (
	"bytes"
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"
)

var (
	md      = goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(gmhtml.WithUnsafe()))
	tagRe   = regexp.MustCompile(`<(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>`)
	hrefRe  = regexp.MustCompile(`(?:href|src)="([^"]*)"`)
	codeRe  = regexp.MustCompile(`(?s)<code>.*?</code>`)
	pingRe  = regexp.MustCompile(`(?:^|[^A-Za-z0-9_])@[A-Za-z0-9]`)
	refRe   = regexp.MustCompile(`#[0-9A-Za-z]`)
	commRe  = regexp.MustCompile(`(?s)<!--.*?-->`)
	blankRe = regexp.MustCompile(`\s+`)
)

// Render is src as HTML.
func Render(t testing.TB, src string) string {
	t.Helper()
	var b bytes.Buffer
	if err := md.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// Tags counts the opening tags of h by lower-case name.
func Tags(h string) map[string]int {
	n := map[string]int{}
	for _, m := range tagRe.FindAllStringSubmatch(h, -1) {
		if m[1] == "" {
			n[strings.ToLower(m[2])]++
		}
	}
	return n
}

// Visible is the text a reader of h sees: tags and comments dropped,
// entities decoded, zero-width spaces removed, white space collapsed.
func Visible(h string) string {
	s := html.UnescapeString(tagRe.ReplaceAllString(commRe.ReplaceAllString(h, ""), " "))
	return strings.TrimSpace(blankRe.ReplaceAllString(strings.ReplaceAll(s, "\u200b", ""), " "))
}

// Want is what a renderer's own Markdown makes.
type Want struct {
	// Tags are the elements it makes in any number.
	Tags []string
	// Count are the elements it makes exactly so many of (headings,
	// tables, cells), checked even when also in Tags.
	Count map[string]int
	// Links are the href and src values of its own links and images.
	Links []string
}

// Problems renders src and lists what is not the renderer's own: an
// element outside w.Tags and w.Count or a count that differs, a link or
// image to anywhere but w.Links, an HTML comment, and an @-mention,
// #-reference or bare URL in the text outside code spans.
func Problems(t testing.TB, src string, w Want) []string {
	t.Helper()
	h := Render(t, src)
	var out []string
	for tag, n := range Tags(h) {
		if want, fixed := w.Count[tag]; fixed {
			if n != want {
				out = append(out, fmt.Sprintf("%d <%s> elements, want %d", n, tag, want))
			}
			continue
		}
		if !slices.Contains(w.Tags, tag) {
			out = append(out, fmt.Sprintf("%d <%s> elements, want none", n, tag))
		}
	}
	for tag, want := range w.Count {
		if Tags(h)[tag] == 0 && want != 0 {
			out = append(out, fmt.Sprintf("no <%s> element, want %d", tag, want))
		}
	}
	for _, m := range hrefRe.FindAllStringSubmatch(h, -1) {
		if !slices.Contains(w.Links, html.UnescapeString(m[1])) {
			out = append(out, fmt.Sprintf("a link or image to %q", m[1]))
		}
	}
	if commRe.MatchString(h) {
		out = append(out, "an HTML comment")
	}
	text := html.UnescapeString(tagRe.ReplaceAllString(codeRe.ReplaceAllString(h, " "), " "))
	for _, bad := range []struct {
		what string
		re   *regexp.Regexp
	}{{"an @-mention", pingRe}, {"a #-reference", refRe}, {"a bare URL", regexp.MustCompile(`://|(?i)www\.`)}} {
		if m := bad.re.FindString(text); m != "" {
			out = append(out, fmt.Sprintf("%s (%q) in the text", bad.what, m))
		}
	}
	if len(out) > 0 {
		out = append(out, "rendered:\n"+h)
	}
	return out
}
