package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Repeated parameter passages (MCP016 revision 3): a paragraph copied word
// for word into a parameter of most schemas (a routing paragraph on the
// node parameter of every tool, a framework-detection paragraph on four of
// six). checkMCP016Share reads descriptions only, yet every copy in a
// schema is paid for on every tools/list as well.

const (
	// bpPassage is how long the repeated text of one parameter's
	// description must be for the field to carry a passage: a paragraph,
	// not a short shared parameter text ("Named connection to use").
	bpPassage = 150
)

// bpWord is a run of letters: the unit masked when it is one of the tool's
// own name words.
var bpWord = regexp.MustCompile(`\p{L}+`)

// bpField is one parameter description of a tool split into sentences.
type bpField struct {
	tool  int
	param string
	sents []bpSentence
}

// bpSentence is a sentence as written and with the tool's own name words
// masked; it is repeated when either form is.
type bpSentence struct{ raw, masked string }

// bpMaskName replaces the words of s that are the tool's own name words
// with "#", so a template that differs only in the noun the tool is named
// after ("a deep link to the invoice", "... to the contact") reads as one
// text.
func bpMaskName(s string, own map[string]bool) string {
	if len(own) == 0 {
		return s
	}
	masked := bpWord.ReplaceAllStringFunc(s, func(w string) string {
		if own[text.Singular(strings.ToLower(w))] {
			return "#"
		}
		return w
	})
	// The article goes with the masked noun ("an invoice", "a contact").
	return bpArticle.ReplaceAllString(masked, "a #")
}

// bpArticle is an indefinite article before a masked name word.
var bpArticle = regexp.MustCompile(`\b(?:[Aa]n?)\s+#`)

// bpSentences splits s into sentences and lines and keeps each of at least
// bpMinSentence characters once, as written and masked. A sentence that
// ends a description keeps its full stop (bpSplit needs a space after it),
// so the closing punctuation is dropped: the same sentence counts wherever
// it stands.
func bpSentences(s string, own map[string]bool) []bpSentence {
	var out []bpSentence
	seen := map[string]bool{}
	for _, part := range bpSplit.Split(s, -1) {
		p := strings.TrimRight(strings.Join(strings.Fields(part), " "), ".!?")
		if len(p) < bpMinSentence || seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, bpSentence{p, bpMaskName(p, own)})
	}
	return out
}

// checkMCP016Passages finds passages repeated word for word (the tool's
// own name words aside) in the parameter descriptions of most tools. A
// tool carries a passage when one parameter's description holds at least
// bpPassage characters of sentences that at least bpMinTools tools and
// bpShare of all tools carry. The finding is the server's and names every
// carrier under related; it needs the carried text to cost at least
// bpMinCost characters of every tools/list, the line checkMCP016Share
// draws for short text in many tools.
func checkMCP016Passages(ctx *Context) []Problem {
	var fields []bpField
	carriers := map[string]map[int]bool{}
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		own := map[string]bool{}
		for _, w := range secIdentifierWords(t.Name) {
			if len(w) >= 3 {
				own[text.Singular(w)] = true
			}
		}
		add := func(param, s string) {
			f := bpField{tool: i, param: param, sents: bpSentences(s, own)}
			for _, s := range f.sents {
				for _, k := range []string{s.raw, s.masked} {
					if carriers[k] == nil {
						carriers[k] = map[int]bool{}
					}
					carriers[k][i] = true
				}
			}
			fields = append(fields, f)
		}
		// Every parameter description, nested ones (secParams' depth) and
		// those of a nullable union's branch included.
		for _, p := range secParams(t) {
			if d := secSchemaDesc(p.schema); d != "" {
				add(p.path, d)
			}
		}
	}
	// key is the form of s that more tools carry.
	key := func(s bpSentence) string {
		if len(carriers[s.masked]) > len(carriers[s.raw]) {
			return s.masked
		}
		return s.raw
	}
	carried := make([]int, len(ctx.Tools))
	for _, f := range fields {
		wide := 0
		for _, s := range f.sents {
			c := len(carriers[key(s)])
			if c >= bpMinTools && float64(c) >= bpShare*float64(len(ctx.Tools)) {
				wide += len(s.raw)
			}
		}
		// A parameter carries a passage when the repeated text is in most
		// of the schemas. A description's passage shared by a minority, and
		// a long parameter text where the same parameter recurs in a few
		// tools, were measured and left out (what one value means, which
		// each schema needs, or near-twin tools, as often as boilerplate).
		if f.param != "" && wide >= bpPassage {
			carried[f.tool] += wide
		}
	}
	var tools []int
	cost := 0
	for i, n := range carried {
		if n > 0 {
			tools = append(tools, i)
			cost += n
		}
	}
	if len(tools) < 2 || cost < bpMinCost {
		return nil
	}
	// The example is the repeated sentence that costs most among the
	// carriers (ties: the first in tool order).
	best, bestCost, bestCount, bestParam := "", 0, 0, ""
	for _, f := range fields {
		if carried[f.tool] == 0 {
			continue
		}
		for _, s := range f.sents {
			c := 0
			for j := range carriers[key(s)] {
				if carried[j] > 0 {
					c++
				}
			}
			if c >= 2 && (len(s.raw)*c > bestCost) {
				best, bestCost, bestCount, bestParam = s.raw, len(s.raw)*c, c, f.param
			}
		}
	}
	related := make([]string, 0, len(tools))
	for _, i := range tools {
		related = append(related, ctx.Tools[i].Name)
	}
	return []Problem{{
		Related: related,
		Message: fmt.Sprintf("%d of %d tools repeat the same parameter text word for word (about %d characters of every tools/list), such as %q in %d `%s` parameter descriptions.",
			len(tools), len(ctx.Tools), cost, secSnippet(best), bestCount, bestParam),
		Suggestion: "Trim the shared parameter text to what the value is (one line), and say the rest once, in the server's instructions.",
	}}
}
