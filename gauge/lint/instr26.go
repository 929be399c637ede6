package lint

import (
	"regexp"
	"strings"
)

// instrPascalName is a bare PascalCase identifier of three words or more
// (FetchMcpResource); srfIdentifier reads only lower-initial camelCase,
// since two-word PascalCase is mostly a product's name (JavaScript,
// GitHub, PowerShell).
var instrPascalName = regexp.MustCompile(`\b([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+){2,})\b`)

// instrPascalToolRefs returns the PascalCase names the instructions call
// as tools ("using FetchMcpResource", "call GetUserProfile") on a server
// whose tools are camelCase: the same words in the same style, differing
// only in the case of the first letter, a tool verb first, after a call
// verb. A name the server has in any casing, one already reported, one the
// text gives to something else (a product, an API), or one hedged ("if
// available") stays silent.
func instrPascalToolRefs(ctx *Context, ins string, names *serverNames, reported map[string]bool) []string {
	shape := serverToolShape(ctx)
	if shape.style != shapeCamel {
		return nil
	}
	var out []string
	for _, m := range instrPascalName.FindAllStringSubmatchIndex(ins, -1) {
		name := ins[m[2]:m[3]]
		w := srfWordBefore(ins[:m[0]])
		if w == nil || strings.EqualFold(w[1], "the") || strings.EqualFold(w[1], "with") {
			continue
		}
		words := secIdentifierWords(name)
		if len(words) < 3 || !unkVerbs[words[0]] || reported[name] || srfNotTool(ins[m[1]:]) || srfHedged(ins[m[1]:]) ||
			names.has(name, false, true) || unkAttributed(ins, m[0], m[1]) {
			continue
		}
		if _, ok := shape.resolve(name, true); ok {
			continue // a re-cased name of one of the server's tools: the model finds it
		}
		reported[name] = true
		out = append(out, name)
	}
	return out
}
