package lint

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// mcp027 is MCP027 parameter-not-in-schema.
func mcp027() Rule {
	return Rule{
		ID: "MCP027", Name: "parameter-not-in-schema", Family: "Parameters",
		Summary: "The description tells the model to pass a parameter the input schema does not have.",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge, Revision: 1, Check: checkMCP027,
	}
}

// mcp027Demands are the phrases in which a description names an input of
// its own tool: a quoted or code-spanned identifier called a parameter or
// argument ("the `results_filter` parameter", "parameter 'limit'", also
// "el parámetro `x`", "le paramètre `x`"), or one
// the model is told to pass, provide or supply ("Pass `contact_uuids` to
// target specific contacts"). "Set" and "include" are left out: they name
// attributes and body keys as often as parameters.
var mcp027Demands = []*regexp.Regexp{
	regexp.MustCompile("(?i)[`'\"]([A-Za-z_][A-Za-z0-9_]*)[`'\"]\\s+(?:parameter|argument|param|arg)s?\\b"),
	regexp.MustCompile("(?i)\\b(?:parameter|argument|par[aá]metro|param[eè]tre|argumento)\\s+[`'\"]([A-Za-z_][A-Za-z0-9_]*)[`'\"]"),
	regexp.MustCompile("(?i)\\b(?:pass|provide|supply)\\s+(?:the\\s+|an?\\s+)?`([A-Za-z_][A-Za-z0-9_]*)`"),
}

// mcp027Literals are values, not names.
var mcp027Literals = map[string]bool{"null": true, "nil": true, "none": true, "true": true, "false": true, "undefined": true}

// checkMCP027 finds a tool whose description names, as an input of the
// tool, an identifier its input schema does not declare at any depth: a
// model that follows the text sends an argument a validating client drops
// or a server rejects, and cannot do what the text promises (a typo
// "results_filter" for `result_filter`, a `contact_uuids` the schema
// never got). Default profile only. It stays silent when the name is the
// server's own word elsewhere (a tool, an option value, or a parameter of
// another tool the description names: the text points there), and on a
// tool that takes a free-form object (a body, query map or untyped
// parameter may carry the key).
func checkMCP027(ctx *Context) []Problem {
	if !ctx.Precise() {
		return nil
	}
	always, params := mcp027ServerWords(ctx)
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if mcp027TakesAnyKey(t) {
			continue
		}
		own := map[string]bool{}
		secPropertyNames(t.InputSchema, func(name string, _ map[string]any) { own[mcp027Fold(name)] = true }, 0)
		desc := mcp027Text(t.RawDescription)
		others := func(k string) bool { return always[k] }
		if mcp027NamesOtherTool(ctx, t.Name, desc) {
			others = func(k string) bool { return always[k] || params[k] }
		}
		missing := mcp027Missing(desc, own, others)
		if len(missing) == 0 {
			continue
		}
		out = append(out, Problem{Tool: t.Name,
			Message:    fmt.Sprintf("`%s`'s description asks for %s, which its input schema does not declare%s.", t.Name, quoteList(missing), mcp027Hint(t, missing)),
			Suggestion: "Declare the parameter in inputSchema.properties (with a type and a description), or correct the description to the parameter's real name: a client sends only what the schema declares.",
		})
	}
	return out
}

// mcp027Text is the description without fenced code and XML or HTML
// markup (attributes of sample markup are not parameters); code spans and
// quotes stay, since they carry the names.
func mcp027Text(s string) string {
	s = preciseFence.ReplaceAllString(s, " ")
	s = preciseXMLElement.ReplaceAllString(s, " ")
	return preciseTag.ReplaceAllString(s, " ")
}

// mcp027Missing lists the identifiers the text demands that are neither
// the tool's own inputs nor the server's words.
func mcp027Missing(desc string, own map[string]bool, others func(string) bool) []string {
	seen := map[string]bool{}
	var out []string
	for _, re := range mcp027Demands {
		for _, m := range re.FindAllStringSubmatchIndex(desc, -1) {
			name := desc[m[2]:m[3]]
			k := mcp027Fold(name)
			if mcp027Literals[strings.ToLower(name)] || own[k] || others(k) || seen[k] || mcp027NotAnInput(desc[m[1]:]) || mcp027Negated.MatchString(desc[:m[0]]) {
				continue
			}
			seen[k] = true
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// mcp027OtherThing is the noun after a passed name that makes it
// something other than a tool input: "pass the `Authorization` header".
var mcp027OtherThing = regexp.MustCompile(`(?i)^\s*(?:headers?|cookies?|fields?|attributes?|propert(?:y|ies)|columns?|keys?|values?|flags?|tokens?|files?|objects?|tags?|variables?|env(?:ironment)?|options?\s+to\s+the\s+cli|query\s+param(?:eter)?s?|path\s+param(?:eter)?s?)\b`)

// mcp027Negated is what, just before a named parameter, says the tool
// does not take it: "There is no `offset` parameter", "without a 'page'
// argument".
var mcp027Negated = regexp.MustCompile(`(?i)\b(?:no|not|without|never|nor)\s+(?:the\s+|an?\s+|any\s+)?$`)

// mcp027NotAnInput reports whether the words after a name say it is a
// header, a field, a key or a variable rather than the tool's parameter.
func mcp027NotAnInput(after string) bool { return mcp027OtherThing.MatchString(after) }

// mcp027ServerWords are the server's own words a demand may name without
// asking for an input of this tool: always its tool names and the option
// values (enum, const) of any tool ("include the 'events' option"); and
// the input names of every tool, which count only where the description
// names another tool (the text points there: "prefer the `rerank`
// parameter of search_records"). A tool's own inputs are tested first.
func mcp027ServerWords(ctx *Context) (always, params map[string]bool) {
	always, params = map[string]bool{}, map[string]bool{}
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		always[mcp027Fold(t.Name)] = true
		secPropertyNames(t.InputSchema, func(name string, p map[string]any) {
			params[mcp027Fold(name)] = true
			for _, v := range mcp027Values(p) {
				always[mcp027Fold(v)] = true
			}
		}, 0)
	}
	return always, params
}

// mcp027NamesOtherTool reports whether a description names another tool
// of the server (as a whole word, in any casing).
func mcp027NamesOtherTool(ctx *Context, self, desc string) bool {
	lower, self := strings.ToLower(desc), strings.ToLower(self)
	for i := range ctx.Tools {
		name := strings.ToLower(ctx.Tools[i].Name)
		if name == self || len(name) < 3 {
			continue
		}
		for from := 0; ; {
			j := strings.Index(lower[from:], name)
			if j < 0 {
				break
			}
			j += from
			end := j + len(name)
			if (j == 0 || !mcp027IdentByte(lower[j-1])) && (end == len(lower) || !mcp027IdentByte(lower[end])) {
				return true
			}
			from = j + 1
		}
	}
	return false
}

// mcp027IdentByte is a byte that continues an identifier.
func mcp027IdentByte(b byte) bool {
	return b == '_' || b == '-' || b >= 'a' && b <= 'z' || b >= '0' && b <= '9'
}

// mcp027Values are the string enum and const values of a property and
// of its items: an option value of some tool ("include the 'events'
// option") is the server's word.
func mcp027Values(p map[string]any) []string {
	items, _ := p["items"].(map[string]any)
	var out []string
	for _, s := range []map[string]any{p, items} {
		if c, ok := s["const"].(string); ok {
			out = append(out, c)
		}
		out = append(out, schemaStrings(s, "enum")...)
	}
	return out
}

// mcp027TakesAnyKey reports whether the tool takes a free-form object
// somewhere: additionalProperties at the top, or a parameter that is an
// object without properties or has no type at all.
func mcp027TakesAnyKey(t *model.Tool) bool {
	if ap, ok := t.InputSchema["additionalProperties"]; ok && ap != false {
		return true
	}
	anyKey := false
	secPropertyNames(t.InputSchema, func(_ string, s map[string]any) {
		typ, _ := s["type"].(string)
		_, hasProps := s["properties"]
		_, hasItems := s["items"]
		switch {
		case typ == "object" && !hasProps:
			anyKey = true
		case s["type"] == nil && !hasProps && !hasItems && s["enum"] == nil && s["const"] == nil && s["$ref"] == nil && s["anyOf"] == nil && s["oneOf"] == nil && s["allOf"] == nil:
			anyKey = true
		}
	}, 0)
	return anyKey
}

// mcp027Fold compares names across casing and separators.
func mcp027Fold(s string) string { return mcp027Separators.Replace(strings.ToLower(s)) }

// mcp027Separators drops the separators mcp027Fold ignores; built once,
// never written.
var mcp027Separators = strings.NewReplacer("_", "", "-", "")

// mcp027Hint names the declared parameter a missing name most likely
// means (one edit away, or a plural), if any.
func mcp027Hint(t *model.Tool, missing []string) string {
	for _, m := range missing {
		for _, p := range t.ParamNames() {
			if mcp027Near(mcp027Fold(m), mcp027Fold(p)) {
				return fmt.Sprintf(" (did it mean `%s`?)", p)
			}
		}
	}
	return ""
}

// mcp027Near reports whether a and b differ by one inserted, deleted or
// changed letter.
func mcp027Near(a, b string) bool {
	if len(a) < 4 || len(b) < 4 {
		return false
	}
	if len(a) < len(b) {
		a, b = b, a
	}
	if len(a)-len(b) > 1 {
		return false
	}
	i := 0
	for i < len(b) && a[i] == b[i] {
		i++
	}
	if i == len(b) {
		return true
	}
	if len(a) == len(b) {
		return a[i+1:] == b[i+1:]
	}
	return a[i+1:] == b[i:]
}
