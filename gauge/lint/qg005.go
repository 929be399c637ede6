package lint

import (
	"fmt"
	"sort"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// qg005 is QG005 qg-identical-schemas.
func qg005() Rule {
	return Rule{
		ID: "QG005", Name: "qg-identical-schemas", Family: "Quality-gate",
		Summary: "Two tools take exactly the same parameters.",
		Default: Info, Scope: ScopePair, Origin: OriginMcpgauge,
		Revision: 1, Check: checkQG005,
	}
}

// qgSchemaKey is the canonical JSON of {properties, required (sorted,
// deduplicated)}, so key order does not matter; "" for a parameterless tool.
func qgSchemaKey(t *model.Tool) string {
	props := t.Params()
	if len(props) == 0 {
		return ""
	}
	seen := map[string]bool{}
	var req []string
	for _, r := range t.Required() {
		if !seen[r] {
			seen[r] = true
			req = append(req, r)
		}
	}
	sort.Strings(req)
	reqAny := make([]any, len(req))
	for i, r := range req {
		reqAny[i] = r
	}
	b, err := model.Canonical(map[string]any{"properties": props, "required": reqAny}, model.Compact)
	if err != nil {
		return ""
	}
	return string(b)
}

// checkQG005 groups tools by their parameters. It improves on
// quality-gate's duplicate check, which compares schemas key order and
// all and counts parameterless tools as duplicates of each other; the
// default profile keeps only the true twins of a group.
func checkQG005(ctx *Context) []Problem {
	groups := map[string][]string{}
	var order []string
	for i := range ctx.Tools {
		k := qgSchemaKey(&ctx.Tools[i])
		if k == "" {
			continue
		}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], ctx.Tools[i].Name)
	}
	var out []Problem
	for _, k := range order {
		g := groups[k]
		if ctx.Precise() {
			g = preciseTwins(ctx, g)
		}
		for j := 1; j < len(g); j++ {
			// Related is the group's first tool, so a group of n tools costs
			// O(n), not O(n^2), however large it is.
			more := ""
			if len(g) > 2 {
				more = fmt.Sprintf(" (and %d other tools)", len(g)-2)
			}
			out = append(out, Problem{Tool: g[j], Related: []string{g[0]},
				Message:    fmt.Sprintf("`%s` takes exactly the same parameters as `%s`%s.", g[j], g[0], more),
				Suggestion: "Tools with identical inputs are hard to tell apart: merge them into one tool with a parameter that selects the behaviour, or make each description say when to use which."})
		}
	}
	return out
}
