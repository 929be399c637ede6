package lint

import "fmt"

// mcp025 is MCP025 no-example-values.
func mcp025() Rule {
	return Rule{
		ID: "MCP025", Name: "no-example-values", Family: "Parameters",
		Summary: "Nothing in the tool's schema shows an example value.",
		Default: Info, Toolgauge: Info, Scope: ScopeTool, Origin: OriginToolgauge,
		Revision: 1, Check: checkMCP025,
	}
}

func checkMCP025(ctx *Context) []Problem {
	var out []Problem
	tools := tgTools(ctx)
	for i := range tools {
		t := &tools[i]
		if len(t.params) == 0 || hasExample(t) {
			continue
		}
		out = append(out, Problem{
			Tool:       t.name,
			Message:    fmt.Sprintf("Nothing in `%s`'s schema shows an example value.", t.name),
			Suggestion: fmt.Sprintf("Show one concrete value for the least obvious parameter of `%s`, in its description (\"e.g. 'TCK-1042'\") or as JSON Schema `examples`. A model can guess what a search query looks like, but not what your IDs or date formats look like.", t.name),
		})
	}
	return out
}

// hasExample reports whether anything in the tool shows a concrete value: the
// description matches EXAMPLE, some object parameter has examples/example at
// the top level or in a branch, or some parameter description matches EXAMPLE.
// A default does not count.
func hasExample(t *tgTool) bool {
	if t.hasExample {
		return true
	}
	for _, p := range t.params {
		if p.obj == nil {
			continue
		}
		if setAnywhere(p.obj, "examples", "example") {
			return true
		}
		if p.descExample {
			return true
		}
	}
	return false
}
