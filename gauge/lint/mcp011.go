package lint

import (
	"fmt"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// mcp011 is MCP011 description-too-short.
func mcp011() Rule {
	return Rule{
		ID: "MCP011", Name: "description-too-short", Family: "Description",
		Summary: "The description is a fragment rather than a sentence.",
		Default: Info, Toolgauge: Warning, Scope: ScopeTool, Origin: OriginToolgauge,
		Revision: 1, Check: checkMCP011,
	}
}

// tgMinDescriptionWords is toolgauge's shortest description, in words.
const tgMinDescriptionWords = 6

func checkMCP011(ctx *Context) []Problem {
	var out []Problem
	for _, t := range tgTools(ctx) {
		if t.desc == "" {
			continue
		}
		n := len(text.AllWords(t.desc))
		punctuated := text.HasTerminalPunctuation(t.desc)
		if ctx.Precise() {
			// The default profile does not ask a sentence of several words
			// for its final period, and counts only the words that are the
			// description's own (not the server's boilerplate or the name).
			n = preciseSpecificWords(ctx, &t)
			punctuated = true
		}
		if n >= tgMinDescriptionWords && punctuated {
			continue
		}
		var msg string
		if n < tgMinDescriptionWords {
			noun := "words"
			if n == 1 {
				noun = "word"
			}
			msg = fmt.Sprintf("`%s`'s description is %d %s long.", t.name, n, noun)
		} else {
			msg = fmt.Sprintf("`%s`'s description is not a complete sentence.", t.name)
		}
		out = append(out, Problem{
			Tool:       t.name,
			Message:    msg,
			Suggestion: fmt.Sprintf("Rewrite `%s`'s description as full sentences: what the tool does and when to choose it, then what it returns. A label of a few words gives a model almost nothing to match a user's request against.", t.name),
		})
	}
	return out
}

// preciseSpecificWords counts the words of a description that are its own:
// not the server's boilerplate, not the tool's name repeated, not numbers.
// "Notion | Retrieve a user\nError Responses:\n400: 400" has three.
func preciseSpecificWords(ctx *Context, t *tgTool) int {
	bp := preciseBoilerplate(ctx)
	name := map[string]bool{}
	for _, tok := range t.nameTokens {
		name[strings.ToLower(tok)] = true
		name[text.Singular(strings.ToLower(tok))] = true
	}
	n := 0
	for _, w := range text.AllWords(t.desc) {
		lw := strings.ToLower(w)
		if len(lw) <= 1 || text.IsDigits(lw) || name[lw] || name[text.Singular(lw)] {
			continue
		}
		if _, shared := bp[text.Singular(lw)]; shared {
			continue
		}
		if _, shared := bp[lw]; shared {
			continue
		}
		n++
	}
	return n
}
