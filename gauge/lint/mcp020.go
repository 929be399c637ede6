package lint

import (
	"fmt"
	"slices"
	"strings"
)

// mcp020 is MCP020 parameter-missing-description.
func mcp020() Rule {
	return Rule{
		ID: "MCP020", Name: "parameter-missing-description", Family: "Parameters",
		Summary: "A parameter has no description.",
		Default: Warning, Toolgauge: Warning, Scope: ScopeParameter, Origin: OriginToolgauge,
		Revision: 4, Check: checkMCP020,
	}
}

func checkMCP020(ctx *Context) []Problem {
	var out []Problem
	eachObjectParam(ctx, func(t *tgTool, p *tgParam) {
		if p.hasDesc {
			return
		}
		if ctx.Precise() && admitsNothing(p.obj) {
			// `_: {not: {}}`: a placeholder no value satisfies, so the
			// tool takes no argument there and nothing needs describing.
			return
		}
		if ctx.Precise() && refDescribed(t.t.InputSchema, p.obj, hasParamDescription) {
			return
		}
		if ctx.Precise() {
			if line := paramDocLine(t.desc, p.name); line != "" {
				// FastMCP's docstring: "Args:\n  sql_id (optional): The
				// SQL ID ...". The model reads it; only the field is bare.
				out = append(out, Problem{
					Tool: t.name, Parameter: p.name, Severity: Info,
					Message:    fmt.Sprintf("`%s.%s` has no description of its own; the tool's description documents it (%q).", t.name, p.name, secSnippet(line)),
					Suggestion: fmt.Sprintf("Move that line into `%s`'s `description`: a client shows each field's help beside the field, and the model reads it where it fills the value.", p.name),
				})
				return
			}
		}
		out = append(out, Problem{
			Tool: t.name, Parameter: p.name,
			Message:    fmt.Sprintf("`%s.%s` has no description.", t.name, p.name),
			Suggestion: fmt.Sprintf("Add a `description` to `%s`: what it means, what a valid value looks like, and what happens when it is left out. An auto-generated `title` does not count; it is only the parameter name capitalised.", p.name),
		})
	})
	return out
}

// refMaxHops bounds how many local $refs are followed from one schema, so
// a chain or a cycle of references ends.
const refMaxHops = 8

// refResolve follows a schema's local JSON-Schema `$ref`s ("#/properties/x",
// "#/$defs/X", "#/definitions/X") within root, the tool's input schema,
// and returns the schemas met along the way, the first being schema
// itself. A reference that leaves the document, points nowhere or comes
// back to a schema already met ends the chain.
func refResolve(root, schema map[string]any) []map[string]any {
	chain := []map[string]any{schema}
	seen := map[string]bool{}
	cur := schema
	for range refMaxHops {
		ref, ok := cur["$ref"].(string)
		if !ok || !strings.HasPrefix(ref, "#") || seen[ref] {
			break
		}
		seen[ref] = true
		next := refPointer(root, ref[1:])
		if next == nil {
			break
		}
		chain = append(chain, next)
		cur = next
	}
	return chain
}

// refPointer resolves a JSON pointer ("/properties/x", "" for the root)
// within root to an object schema, or nil.
func refPointer(root map[string]any, ptr string) map[string]any {
	if ptr == "" {
		return root
	}
	if !strings.HasPrefix(ptr, "/") {
		return nil
	}
	var cur any = root
	for _, part := range strings.Split(ptr[1:], "/") {
		part = strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[part]
	}
	m, _ := cur.(map[string]any)
	return m
}

// refDescribed reports whether a parameter with no description of its own
// is a local `$ref` to a schema that has one by the caller's test: the
// reference carries it (endDateTime: {"$ref": "#/properties/startDateTime"}).
func refDescribed(root, schema map[string]any, described func(map[string]any) bool) bool {
	return slices.ContainsFunc(refResolve(root, schema)[1:], described)
}

// hasParamDescription is MCP020's test of a description: a non-blank one
// at the schema's top level or in a branch.
func hasParamDescription(s map[string]any) bool {
	_, ok := paramDescription(s)
	return ok
}

// admitsNothing reports whether a parameter schema accepts no value at
// all: the boolean schema false, or a schema whose `not` is the empty
// schema or true (`{"not": {}}`), as generators emit for a placeholder
// parameter of a tool that takes no arguments. Such a parameter is never
// sent, so there is nothing to describe.
func admitsNothing(v any) bool {
	switch s := v.(type) {
	case bool:
		return !s
	case map[string]any:
		switch n := s["not"].(type) {
		case bool:
			return n
		case map[string]any:
			return len(n) == 0
		}
	}
	return false
}
