package lint

import "fmt"

// mcp014 is MCP014 no-disambiguation-guidance.
func mcp014() Rule {
	return Rule{
		ID: "MCP014", Name: "no-disambiguation-guidance", Family: "Description",
		Summary: "A tool overlaps with a sibling and never says which to prefer.",
		Default: Warning, Toolgauge: Warning, Scope: ScopeTool, Origin: OriginToolgauge,
		Revision: 2, Check: checkMCP014,
	}
}

func checkMCP014(ctx *Context) []Problem {
	tools := tgTools(ctx)
	// Keyed by tool name, as upstream: when two tools share a name (already
	// an MCP001 error) each of them reports the merged sibling list.
	siblings := map[string][]string{}
	// Under the default profile a pair counts only on what is specific to
	// each tool (see precisePairKept), and a tool is at warning when one of
	// its siblings is a near-duplicate, at info when they only overlap.
	near := map[string]bool{}
	excused := func(t, sib *tgTool) bool {
		return t.hasDisambig || t.lowered.MentionsName(sib.mentionName)
	}
	for _, p := range tgPairs(ctx) {
		l, r := &tools[p.left], &tools[p.right]
		dup := false
		if ctx.Precise() {
			if !precisePairKept(ctx, l, r, tgConfusable) {
				continue
			}
			dup = p.score >= tgNearDuplicate && precisePairKept(ctx, l, r, tgNearDuplicate) &&
				!preciseNamesTellApart(l.nameTokens, r.nameTokens)
		}
		if !excused(l, r) {
			siblings[l.name] = append(siblings[l.name], r.name)
			near[l.name] = near[l.name] || dup
		}
		if !excused(r, l) {
			siblings[r.name] = append(siblings[r.name], l.name)
			near[r.name] = near[r.name] || dup
		}
	}
	var out []Problem
	for i := range tools {
		name := tools[i].name
		sibs := siblings[name]
		if len(sibs) == 0 {
			continue
		}
		sev := Off
		if ctx.Precise() && !near[name] {
			sev = Info
		}
		out = append(out, Problem{
			Severity:   sev,
			Tool:       name,
			Related:    append([]string(nil), sibs...),
			Message:    fmt.Sprintf("`%s` overlaps with %s, and its description never says which to prefer.", name, quoteList(sibs)),
			Suggestion: fmt.Sprintf("Add a steering sentence to `%s`, such as \"Use this for X; for Y use `%s` instead.\" Overlap between siblings is normal; what lets a model choose correctly is a description that says how to choose.", name, sibs[0]),
		})
	}
	return out
}
