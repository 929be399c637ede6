package lint

import (
	"fmt"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// mcp003 is MCP003 name-subject-missing-from-description.
func mcp003() Rule {
	return Rule{
		ID: "MCP003", Name: "name-subject-missing-from-description", Family: "Naming",
		Summary: "A subject named in the tool name never appears in its description.",
		Default: Info, Toolgauge: Warning, Scope: ScopeTool, Origin: OriginToolgauge,
		Revision: 1, Check: checkMCP003,
	}
}

func checkMCP003(ctx *Context) []Problem {
	var out []Problem
	for _, t := range tgTools(ctx) {
		if t.desc == "" || len(t.subject) == 0 {
			continue
		}
		var missing []string
		low := strings.ToLower(t.desc)
		prefix := ""
		if ctx.Precise() {
			prefix = preciseSharedPrefix(ctx)
		}
		for _, tok := range t.subject {
			if ctx.Precise() && (tok == prefix || preciseStopwords[tok] || preciseMentions(low, tok)) {
				continue
			}
			if !text.TokenAppears(tok, t.bag) {
				missing = append(missing, tok)
			}
		}
		if len(missing) == 0 {
			continue
		}
		q := quoteList(missing)
		out = append(out, Problem{
			Tool:       t.name,
			Message:    fmt.Sprintf("`%s` promises %s in its name, but the description never mentions it.", t.name, q),
			Suggestion: fmt.Sprintf("Name %s in the first sentence of `%s`'s description and say what it means here. Models match a request against the description as much as the name, and a description that never names its own subject loses to a sibling whose description does.", q, t.name),
		})
	}
	return out
}

// preciseStopwords are name tokens that are never a subject.
var preciseStopwords = map[string]bool{
	"in": true, "as": true, "many": true, "to": true, "by": true, "of": true, "on": true, "for": true,
	"with": true, "from": true, "at": true, "and": true, "or": true, "the": true, "a": true, "an": true,
	"into": true, "all": true, "one": true, "new": true, "if": true, "not": true, "no": true, "is": true,
	"it": true, "my": true, "me": true, "up": true, "out": true, "off": true, "via": true, "per": true,
	"more": true, "some": true, "any": true, "each": true, "this": true, "that": true, "than": true,
}

// preciseMentions reports whether the lowered description contains token
// as a word or inside a longer word (branch in branches, commit in
// committed), or an inflection of it (delete/deleting, reply/replies).
func preciseMentions(lowered, token string) bool {
	if len(token) < 3 {
		return false
	}
	if strings.Contains(lowered, token) {
		return true
	}
	stem := token
	for _, suf := range []string{"ies", "es", "s", "ing", "ed", "e", "y"} {
		if strings.HasSuffix(stem, suf) && len(stem)-len(suf) >= 4 {
			stem = stem[:len(stem)-len(suf)]
			break
		}
	}
	return len(stem) >= 4 && strings.Contains(lowered, stem)
}
