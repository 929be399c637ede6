package lint

import (
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
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

// instrToolNameField is a field's text that says the field holds a tool's
// name and gives examples: "Tool name (e.g., 'input_tap', 'system_wait')",
// "Name of the tool to run, for example `get_user`".
var instrToolNameField = regexp.MustCompile(`(?i)^\s*(?:the\s+)?(?:tool\s+name|name\s+of\s+(?:the|a)\s+tool)(?:\s+to\s+(?:call|run|invoke|use|execute))?\s*[,:(]?\s*(?:e\.g\.|eg\.|for\s+example|such\s+as)[,:]?\s*([^)\n]{1,200})`)

// instrQuotedName is one quoted identifier of two words or more in an
// example list: separated ('input_tap', 'system.wait') or camelCase
// ('fetchUser'); instrExampleToolNames keeps those in the server's style.
var instrQuotedName = regexp.MustCompile("[`'\"]([A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)+|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+)[`'\"]")

// instrExampleToolNames returns the examples a field that holds a tool's
// name gives that are no tool of the server: the model copies an example
// into the call, and the step fails. An example that is a re-cased or
// re-prefixed name of a tool of the server counts too (the model finds no
// such name); one the server has in any form (a tool, a parameter, an enum
// value) and one written in another style than the server's tools (another
// server's tool, on a gateway) stay silent.
func instrExampleToolNames(ctx *Context, raw, self string, names *serverNames, reported map[string]bool) []string {
	m := instrToolNameField.FindStringSubmatch(raw)
	if m == nil {
		return nil
	}
	shape := serverToolShape(ctx)
	var out []string
	for _, q := range instrQuotedName.FindAllStringSubmatch(m[1], -1) {
		name := q[1]
		if unkNormal(name) == self || reported[name] || names.has(name, true, false) || !shape.shaped(name, false) || !unkListedName(name) {
			continue
		}
		reported[name] = true
		out = append(out, name)
	}
	return out
}

// shapeTailTool returns the one tool of a server whose tools share a
// prefix that a name means with that prefix and the words right after it
// dropped: zip_list for vaulttools_file_zip_list, where every tool starts
// with vaulttools_ and file_ names a group. The name must have two words or
// more, not start with the prefix, and end the tool's name exactly; a tail
// two tools end with means neither. MCP017 reads it only where the text
// calls the name (after a call verb, in a list of tools): the model finds
// no tool of that name. The tails are indexed once per run.
func shapeTailTool(ctx *Context, name string) (string, bool) {
	s := serverToolShape(ctx)
	words := secIdentifierWords(name)
	if s.prefix == "" || len(words) < 2 || text.Singular(words[0]) == s.prefix {
		return "", false
	}
	tails := ctx.Memo("tool.shape.tails", func() any {
		idx := map[string]string{}
		for _, t := range s.tools {
			if len(t.words) < 4 || text.Singular(t.words[0]) != s.prefix {
				continue
			}
			// Tails of two words or more that leave the prefix and at
			// least one more word out.
			for k := 2; k <= len(t.words)-2 && k <= shapeTailMax; k++ {
				claimName(idx, strings.Join(t.words[len(t.words)-k:], " "), t.name)
			}
		}
		return idx
	}).(map[string]string)
	real := tails[strings.Join(words, " ")]
	return real, real != ""
}

// shapeTailMax bounds the tail lengths indexed per tool.
const shapeTailMax = 6

// claimName records in idx that key names the tool name, or that key is
// ambiguous ("") once a second tool claims it.
func claimName(idx map[string]string, key, name string) {
	if prev, ok := idx[key]; ok && prev != name {
		idx[key] = ""
		return
	}
	idx[key] = name
}
