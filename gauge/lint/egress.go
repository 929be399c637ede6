package lint

import (
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// What the egress rules (SEC014 secret-parameter, SEC015
// egress-destination, SEC016 local-upload) read of a tool: every parameter
// with its place in the schema, and whether a parameter takes a string the
// model writes.

// secParam is one parameter of a tool's input schema: top level, or nested
// in an object or an array of objects (config.url, files[].path), at most
// two levels down.
type secParam struct {
	path   string         // where it sits: config.url, files[].path
	name   string         // its own name: url
	parent string         // the name of the object holding it, "" at top level
	schema map[string]any // its schema
}

// secParamDepth is how many levels below the top the egress rules look.
const secParamDepth = 2

// secParams returns the tool's parameters, top level first in server
// order, each followed by its nested ones.
func secParams(t *model.Tool) []secParam {
	var out []secParam
	props := t.Params()
	for _, name := range t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		if obj == nil {
			continue
		}
		out = append(out, secParam{path: name, name: name, schema: obj})
		out = secNestedParams(out, name, name, obj, 1)
	}
	// Two operations of a router may share a parameter path: keep the first.
	seen := make(map[string]bool, len(out))
	kept := out[:0]
	for _, p := range out {
		if !seen[p.path] {
			seen[p.path] = true
			kept = append(kept, p)
		}
	}
	return kept
}

// secNestedParams appends the properties of an object schema, or of the
// objects of an array schema, below path.
func secNestedParams(out []secParam, path, parent string, obj map[string]any, depth int) []secParam {
	if depth > secParamDepth {
		return out
	}
	if items, ok := obj["items"].(map[string]any); ok {
		out = secNestedParams(out, path+"[]", parent, items, depth+1)
	}
	// A router tool's operation schemas are alternatives (anyOf, oneOf):
	// each operation's params are parameters of the tool.
	for _, key := range []string{"anyOf", "oneOf"} {
		alts, _ := obj[key].([]any)
		for _, a := range alts {
			if alt, ok := a.(map[string]any); ok {
				out = secNestedParams(out, path, parent, alt, depth)
			}
		}
	}
	props, _ := obj["properties"].(map[string]any)
	for _, k := range secSortedKeys(props) {
		child, _ := props[k].(map[string]any)
		if child == nil {
			continue
		}
		out = append(out, secParam{path: path + "." + k, name: k, parent: parent, schema: child})
		out = secNestedParams(out, path+"."+k, k, child, depth+1)
	}
	return out
}

// desc is the parameter's description, folded. A nullable parameter
// written as a union ({"anyOf": [{"type": "string", "description": …},
// {"type": "null"}]}) carries its description in an alternative.
func (p secParam) desc() string {
	folded, _ := secFold(secSchemaDesc(p.schema))
	return folded
}

// secSchemaDesc is a schema's description, or the first description among
// its anyOf and oneOf alternatives.
func secSchemaDesc(schema map[string]any) string {
	if d, _ := schema["description"].(string); d != "" {
		return d
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		alts, _ := schema[key].([]any)
		for _, a := range alts {
			if alt, ok := a.(map[string]any); ok {
				if d, _ := alt["description"].(string); d != "" {
					return d
				}
			}
		}
	}
	return ""
}

// secFixedValue reports whether a schema fixes its value with an enum or
// a const, so the model picks a value rather than writes one.
func secFixedValue(schema map[string]any) bool {
	if _, ok := schema["enum"]; ok {
		return true
	}
	_, ok := schema["const"]
	return ok
}

// secTakesString reports whether a parameter takes a string the model
// writes: typed string (alone or among others) or untyped, with no enum
// or const. A pattern or a format still lets the model write the value.
func secTakesString(schema map[string]any) bool {
	if schema == nil || secFixedValue(schema) {
		return false
	}
	if ty, ok := schema["type"]; ok {
		return secIsFreeText(map[string]any{"type": ty}) // string, alone or among others
	}
	// A union (a nullable string: anyOf string, null) takes a string when
	// one of its alternatives does.
	for _, key := range []string{"anyOf", "oneOf"} {
		if alts, ok := schema[key].([]any); ok {
			for _, a := range alts {
				if alt, ok := a.(map[string]any); ok && secTakesString(alt) {
					return true
				}
			}
			return false
		}
	}
	_, obj := schema["properties"]
	_, arr := schema["items"]
	return !obj && !arr
}

// secTakesStrings reports whether a parameter takes a string or a list of
// strings the model writes (paths: ["a.txt", "b.txt"]).
func secTakesStrings(schema map[string]any) bool {
	if secTakesString(schema) {
		return true
	}
	if ty, _ := schema["type"].(string); ty != "array" {
		return false
	}
	items, _ := schema["items"].(map[string]any)
	return secTakesString(items)
}

// secToolText is everything a tool says of itself: its name's words, its
// description and every parameter's name and description, folded, with
// code spans and fences blanked.
func secToolText(t *model.Tool) string {
	folded, _ := secFold(secToolWords(t, toolWords{paramNames: true}))
	return folded
}

// toolWords says which parts of a tool secToolWords writes out beside its
// name's words and its description.
type toolWords struct {
	paramNames     bool // each parameter's name words before its description
	skipEnumParams bool // leave out parameters that pick one of fixed values
	enumValues     bool // each enum value's words after its parameter
}

// secToolWords is the one builder of a tool's own text: its name's words,
// its description and its parameters' descriptions, code spans and fences
// blanked, with the parts w asks for. Callers fold or lowercase it.
func secToolWords(t *model.Tool, w toolWords) string {
	var b strings.Builder
	b.WriteString(strings.Join(secIdentifierWords(t.Name), " "))
	b.WriteString(". ")
	b.WriteString(preciseCodeOnly(t.RawDescription))
	for _, p := range secParams(t) {
		list, choice := p.schema["enum"].([]any)
		if _, has := p.schema["enum"]; has && w.skipEnumParams {
			continue
		}
		d, described := p.schema["description"].(string)
		switch {
		case w.paramNames:
			b.WriteString(". ")
			b.WriteString(strings.Join(secIdentifierWords(p.name), " "))
			if described {
				b.WriteString(": ")
				b.WriteString(preciseCodeOnly(d))
			}
		case described:
			b.WriteString(". ")
			b.WriteString(preciseCodeOnly(d))
		}
		if w.enumValues && choice {
			for _, e := range list {
				if v, ok := e.(string); ok {
					b.WriteString(" ")
					b.WriteString(strings.Join(secIdentifierWords(v), " "))
				}
			}
		}
	}
	return b.String()
}

// secNoSendVerbs are the words of a tool's name that say it only reads,
// checks or removes something: a tool so named registers no destination
// and uploads nothing.
var secNoSendVerbs = []string{"get", "list", "read", "search", "find", "show", "describe", "view", "fetch", "download",
	"delete", "remove", "clear", "test", "ping", "verify", "validate", "check", "redeliver", "count", "status"}

// secNamedNoSend reports whether one of the first two words of a tool's
// name is a secNoSendVerbs verb (get_webhook, download_attachment).
func secNamedNoSend(words []string) bool {
	return secHasWord(words[:min(2, len(words))], secNoSendVerbs...)
}

// secHintsQuiet says which of the tool's hints tell a client the call
// stays local or only reads: "readOnlyHint: true", "openWorldHint: false",
// or "" when neither.
func secHintsQuiet(t *model.Tool) string {
	a := t.Annotations
	if a == nil {
		return ""
	}
	var hints []string
	if a.ReadOnlyHint != nil && *a.ReadOnlyHint {
		hints = append(hints, "readOnlyHint: true")
	}
	if a.OpenWorldHint != nil && !*a.OpenWorldHint {
		hints = append(hints, "openWorldHint: false")
	}
	return strings.Join(hints, " and ")
}

// secQuietNote is the sentence an egress finding adds when the tool's
// hints say it stays local or only reads (the readonly-sends-remote
// danger), or "".
func secQuietNote(t *model.Tool) string {
	if h := secHintsQuiet(t); h != "" {
		return " It is marked " + h + ", so a client may run it without asking."
	}
	return ""
}

// secSaysAuth is text saying a request carries the server's credentials.
var secSaysAuth = regexp.MustCompile(`\bauthenticated\s+(?:http\s+|api\s+|rest\s+)?(?:requests?|calls?)\b|\b(?:with|using|sends?|attach(?:es)?|adds?)\s+(?:the\s+server'?s\s+|your\s+|its\s+|the\s+configured\s+|the\s+)?(?:credentials|api\s+key|api\s+token|access\s+token|auth(?:entication|orization)?\s+(?:token|headers?)|bearer\s+token)\b`)

// secSendsOut reports whether the tool points a stream of data at a
// destination the model picks (a webhook, a proxy, mail forwarding:
// SEC015's reading) or uploads a local path (SEC016's): its risk class is
// sends-data-out. A base URL override does not make a read send data out.
func secSendsOut(t *model.Tool, facts secTool) bool {
	if _, how := secLocalUpload(t, facts.words); how != "" {
		return true
	}
	for _, p := range secParams(t) {
		if what := secEgressDestination(t, facts.words, facts.desc, p); what != "" && what != secViaBaseURL && what != secViaRequestURL {
			return true
		}
	}
	return false
}
