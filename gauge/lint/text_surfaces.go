package lint

import (
	"fmt"
	"sort"
	"strings"
)

// The text surfaces: every piece of text a model reads of a server (tool
// descriptions and titles, parameter descriptions and enum, const, default
// and example values, resources, resource templates, prompts and the
// server instructions), listed once per run for the rules that scan text.

// secSurface is one piece of text a model reads: a tool's description, a
// parameter's enum value, a prompt argument's description, the server
// instructions, ... Tool/Parameter/Entity say where it sits.
type secSurface struct {
	Tool      string
	Parameter string
	Entity    string
	// Field names the text ("description", "title", "enum value", ...).
	Field string
	Text  string
	// folded and starts are secFold(Text), computed once with the surface
	// list and shared by every pattern rule.
	folded string
	starts []int
}

// where renders the surface's location for a message.
func (s secSurface) where() string {
	switch {
	case s.Tool != "" && s.Parameter != "":
		return fmt.Sprintf("parameter `%s` %s of tool `%s`", s.Parameter, s.Field, s.Tool)
	case s.Tool != "":
		return fmt.Sprintf("%s of tool `%s`", s.Field, s.Tool)
	case s.Entity == "instructions":
		return "server instructions"
	case s.Parameter != "":
		return fmt.Sprintf("argument `%s` %s of %s", s.Parameter, s.Field, s.Entity)
	default:
		return fmt.Sprintf("%s of %s", s.Field, s.Entity)
	}
}

// problem is a finding on the surface.
func (s secSurface) problem(msg, suggestion string) Problem {
	return Problem{Tool: s.Tool, Parameter: s.Parameter, Entity: s.Entity, Message: msg, Suggestion: suggestion}
}

// secSurfaces lists every text surface of the snapshot, computed once per run.
func secSurfaces(ctx *Context) []secSurface {
	return ctx.Memo("sec.surfaces", func() any {
		var out []secSurface
		add := func(s secSurface) {
			if strings.TrimSpace(s.Text) != "" {
				s.folded, s.starts = secFold(s.Text)
				out = append(out, s)
			}
		}
		for i := range ctx.Tools {
			t := &ctx.Tools[i]
			add(secSurface{Tool: t.Name, Field: "description", Text: t.RawDescription})
			add(secSurface{Tool: t.Name, Field: "title", Text: t.Title})
			if t.Annotations != nil && t.Annotations.Title != nil {
				add(secSurface{Tool: t.Name, Field: "annotations title", Text: *t.Annotations.Title})
			}
			props := t.Params()
			for _, name := range t.ParamNames() {
				secSchemaText(props[name], func(field, text string) {
					add(secSurface{Tool: t.Name, Parameter: name, Field: field, Text: text})
				}, 0)
			}
			// Schema-level text outside properties (description, title, $defs ...).
			for _, k := range secSortedKeys(t.InputSchema) {
				if k == "properties" {
					continue
				}
				secSchemaText(map[string]any{k: t.InputSchema[k]}, func(field, text string) {
					add(secSurface{Tool: t.Name, Field: "input schema " + field, Text: text})
				}, 0)
			}
		}
		if ins := ctx.Snap.Server.Instructions; ins != "" {
			add(secSurface{Entity: "instructions", Field: "text", Text: ins})
		}
		for _, r := range ctx.Snap.Resources {
			e := "resource:" + r.URI
			add(secSurface{Entity: e, Field: "name", Text: r.Name})
			add(secSurface{Entity: e, Field: "title", Text: r.Title})
			add(secSurface{Entity: e, Field: "description", Text: r.Description})
		}
		for _, r := range ctx.Snap.Templates {
			e := "template:" + r.URITemplate
			add(secSurface{Entity: e, Field: "name", Text: r.Name})
			add(secSurface{Entity: e, Field: "title", Text: r.Title})
			add(secSurface{Entity: e, Field: "description", Text: r.Description})
		}
		for _, p := range ctx.Snap.Prompts {
			e := "prompt:" + p.Name
			add(secSurface{Entity: e, Field: "title", Text: p.Title})
			add(secSurface{Entity: e, Field: "description", Text: p.Description})
			for _, a := range p.Arguments {
				add(secSurface{Entity: e, Parameter: a.Name, Field: "description", Text: a.Description})
				add(secSurface{Entity: e, Parameter: a.Name, Field: "title", Text: a.Title})
			}
		}
		return out
	}).([]secSurface)
}

// secSchemaText walks a JSON Schema and reports every text a model may read:
// description and title strings, string enum/const/default/examples values.
func secSchemaText(v any, emit func(field, text string), depth int) {
	if depth > 32 {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		for _, k := range secSortedKeys(x) {
			val := x[k]
			switch k {
			case "description", "title":
				if s, ok := val.(string); ok {
					emit(k, s)
					continue
				}
			case "enum", "examples":
				if list, ok := val.([]any); ok {
					for _, e := range list {
						if s, ok := e.(string); ok {
							emit(strings.TrimSuffix(k, "s")+" value", s)
						}
					}
					continue
				}
			case "default", "const":
				if s, ok := val.(string); ok {
					emit(k+" value", s)
					continue
				}
			}
			secSchemaText(val, emit, depth+1)
		}
	case []any:
		for _, e := range x {
			secSchemaText(e, emit, depth+1)
		}
	}
}

// schemaStrings returns the string elements of the list schema[key]
// (an enum, examples), in order; nil when schema is nil or key holds no list.
func schemaStrings(schema map[string]any, key string) []string {
	list, _ := schema[key].([]any)
	var out []string
	for _, v := range list {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// secEnumConstValues returns the enum and const string values found
// anywhere in a parameter's schema, in the order the schema walk meets
// them: the modes and operations a tool can be asked for.
func secEnumConstValues(schema any) []string {
	var out []string
	secSchemaText(schema, func(field, s string) {
		if field == "enum value" || field == "const value" {
			out = append(out, s)
		}
	}, 0)
	return out
}

// secSortedKeys returns m's keys, sorted. It sizes the slice up front, which
// slices.Sorted(maps.Keys(m)) cannot: the schema walk calls it for every
// object of every schema, and growing the slice cost about 13k allocations a run
// on a 500-tool server.
func secSortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
