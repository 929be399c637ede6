package lint

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// mcp015 is MCP015 placeholder-text.
func mcp015() Rule {
	return Rule{
		ID: "MCP015", Name: "placeholder-text", Family: "Description",
		Summary: "A description still contains placeholder text.",
		Default: Error, Toolgauge: Error, Scope: ScopeTool, Origin: OriginToolgauge,
		Revision: 1, Check: checkMCP015,
	}
}

func checkMCP015(ctx *Context) []Problem {
	var out []Problem
	for _, t := range tgTools(ctx) {
		hit, ok := text.Placeholder.FindIn(t.mapped)
		if ok && ctx.Precise() {
			_, ok = precisePlaceholder(t.desc)
		}
		if ok {
			out = append(out, Problem{
				Tool:       t.name,
				Message:    fmt.Sprintf("`%s`'s description still contains placeholder text (%s).", t.name, compat.PyRepr(text.PyStrip(hit))),
				Suggestion: fmt.Sprintf("Replace the placeholder with a real description of what `%s` does, when to use it and what it returns. A model reads placeholder text literally, and a tool that says TODO looks unfinished and unsafe to call.", t.name),
			})
		}
		for _, p := range t.params {
			if p.obj == nil {
				continue
			}
			d := p.obj["description"]
			if !compat.PyTruthy(d) {
				continue
			}
			desc, isString := d.(string)
			if !isString {
				// A non-string description is matched in its Python str()
				// form, which needs the document order of any object keys.
				desc = compat.PyStrJSON(rawParamField(t.t, p.name, "description"))
			}
			hit, ok := text.Placeholder.Find(desc)
			if ok && ctx.Precise() {
				_, ok = precisePlaceholder(desc)
			}
			if !ok {
				continue
			}
			out = append(out, Problem{
				Tool:       t.name,
				Parameter:  p.name,
				Message:    fmt.Sprintf("`%s.%s`'s description still contains placeholder text (%s).", t.name, p.name, compat.PyRepr(text.PyStrip(hit))),
				Suggestion: fmt.Sprintf("Replace the placeholder with what `%s` expects: its meaning, its format and one example value. The parameter description is the only place a model learns the shape of a value it has to make up.", p.name),
			})
		}
	}
	return out
}

// precisePlaceholder finds placeholder text in the description's own prose:
// not inside code, quotes, XML or examples, and not a word the description
// also shows quoted as a thing to handle (a search tool's pattern="TODO").
func precisePlaceholder(desc string) (string, bool) {
	hit, ok := text.Placeholder.Find(preciseProse(desc))
	if !ok {
		return "", false
	}
	w := strings.TrimSpace(hit)
	if preciseQuotedWord(desc, w) {
		return "", false
	}
	// A single placeholder word counts when written as a marker (TODO,
	// FIXME, WIP), not as an ordinary word ("instead of a placeholder",
	// a Mermaid column called todo, a wip filter).
	if !strings.ContainsAny(w, " \t<") && strings.ToUpper(w) != w {
		return "", false
	}
	return hit, true
}

// preciseQuotedWord finds a word shown in quotes or a code span.
func preciseQuotedWord(desc, word string) bool {
	for _, q := range []string{`"` + word + `"`, "`" + word + "`", `'` + word + `'`} {
		if strings.Contains(strings.ToLower(desc), strings.ToLower(q)) {
			return true
		}
	}
	return false
}

// rawParamField returns the raw JSON of inputSchema.properties[param][field]
// as the server sent it, or nil.
func rawParamField(t *model.Tool, param, field string) json.RawMessage {
	var top, props, schema map[string]json.RawMessage
	if json.Unmarshal(t.RawInputSchema, &top) != nil ||
		json.Unmarshal(top["properties"], &props) != nil ||
		json.Unmarshal(props[param], &schema) != nil {
		return nil
	}
	return schema[field]
}
