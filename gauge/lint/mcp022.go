package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// mcp022 is MCP022 free-string-with-enum-candidates.
func mcp022() Rule {
	return Rule{
		ID: "MCP022", Name: "free-string-with-enum-candidates", Family: "Parameters",
		Summary: "A free-form string parameter looks like it has a fixed set of valid values.",
		Default: Info, Toolgauge: Warning, Scope: ScopeParameter, Origin: OriginToolgauge,
		Revision: 1, Check: checkMCP022,
	}
}

func checkMCP022(ctx *Context) []Problem {
	var out []Problem
	eachObjectParam(ctx, func(t *tgTool, p *tgParam) {
		if !p.freeString {
			return
		}
		d := p.desc
		byName := false
		for _, tok := range text.IdentifierTokens(p.name) {
			if text.IsEnumLikeName(tok) && !(ctx.Precise() && preciseOpenSets[strings.ToLower(tok)]) {
				byName = true
			}
		}
		byProse := text.Enumeration.Match(d)
		if byProse && ctx.Precise() {
			byProse = preciseListsValues(d)
		}
		if !byName && !byProse {
			return
		}
		reason := fmt.Sprintf("`%s` almost always has a fixed set of valid values", p.name)
		if byProse && !byName {
			reason = "its description lists the values it accepts"
		}
		out = append(out, Problem{
			Tool: t.name, Parameter: p.name,
			Message:    fmt.Sprintf("`%s.%s` is a free-form string, but %s.", t.name, p.name, reason),
			Suggestion: fmt.Sprintf("Declare the accepted values of `%s` as an `enum` in the schema (in Python, type it as `Literal[...]`; in TypeScript with zod, `z.enum([...])`). Given an open string a model invents a plausible value, the call fails validation, and the user sees a broken tool.", p.name),
		})
	})
	return out
}

// preciseOpenSets are enum-looking parameter names whose values are an
// open set (cloud regions, Kubernetes kinds, ISO region codes).
var preciseOpenSets = map[string]bool{"region": true, "kind": true, "country": true, "language": true, "locale": true, "timezone": true, "zone": true}

// preciseValueList matches prose that really lists accepted values, not
// "one of the connect tools" or "either this or that".
var preciseValueList = regexp.MustCompile("(?i)\\bone\\s+of\\s*[:(\\[]|\\bone\\s+of\\s+['\"`]|\\bmust\\s+be\\s+(?:one\\s+of|['\"`])|\\b(valid|allowed|possible|accepted|supported)\\s+values\\b")

// preciseListsValues reports whether a description lists the values a
// parameter accepts.
func preciseListsValues(desc string) bool { return preciseValueList.MatchString(desc) }
