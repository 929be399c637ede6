package lint

import "fmt"

// mcp014 is MCP014 no-disambiguation-guidance.
func mcp014() Rule {
	return Rule{
		ID: "MCP014", Name: "no-disambiguation-guidance", Family: "Description",
		Summary: "A tool overlaps with a sibling and never says which to prefer.",
		Default: Info, Toolgauge: Warning, Scope: ScopeTool, Origin: OriginToolgauge,
		Revision: 1, Check: checkMCP014,
	}
}

func checkMCP014(ctx *Context) []Problem {
	tools := tgTools(ctx)
	// Keyed by tool name, as upstream: when two tools share a name (already
	// an MCP001 error) each of them reports the merged sibling list.
	siblings := map[string][]string{}
	excused := func(t, sib *tgTool) bool {
		return t.hasDisambig || t.lowered.MentionsName(sib.mentionName)
	}
	for _, p := range tgPairs(ctx) {
		l, r := &tools[p.left], &tools[p.right]
		if !excused(l, r) {
			siblings[l.name] = append(siblings[l.name], r.name)
		}
		if !excused(r, l) {
			siblings[r.name] = append(siblings[r.name], l.name)
		}
	}
	var out []Problem
	for i := range tools {
		name := tools[i].name
		sibs := siblings[name]
		if len(sibs) == 0 {
			continue
		}
		out = append(out, Problem{
			Tool:       name,
			Related:    append([]string(nil), sibs...),
			Message:    fmt.Sprintf("`%s` overlaps with %s, and its description never says which to prefer.", name, quoteList(sibs)),
			Suggestion: fmt.Sprintf("Add a steering sentence to `%s`, such as \"Use this for X; for Y use `%s` instead.\" Overlap between siblings is normal; what lets a model choose correctly is a description that says how to choose.", name, sibs[0]),
		})
	}
	return out
}
