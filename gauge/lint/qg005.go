package lint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
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

// preciseTwins keeps, of a group of tools with identical parameters, the
// first tool and those that are true twins of it, never of opposite verbs:
// near-identical descriptions (Jaccard at least 0.70 on the words specific
// to each, or 0.9 on all words when little is specific), or one name
// within the other with a description that names the other (read_file,
// "DEPRECATED: Use read_text_file instead"). Different operations that
// happen to take the same arguments (list_directory and read_media_file,
// get_service and get_service_log, fetch_html and fetch_markdown) are not.
func preciseTwins(ctx *Context, names []string) []string {
	if len(names) < 2 {
		return names
	}
	tools := tgTools(ctx)
	idx := make(map[string]*tgTool, len(tools))
	for i := range tools {
		if _, ok := idx[tools[i].name]; !ok {
			idx[tools[i].name] = &tools[i]
		}
	}
	first := idx[names[0]]
	out := []string{names[0]}
	for _, n := range names[1:] {
		t := idx[n]
		if first == nil || t == nil || preciseVerbsDiffer(first.nameTokens, t.nameTokens) {
			continue
		}
		if preciseDestructiveName(first) && preciseDestructiveName(t) {
			// Two destructive tools on the same arguments (kill_process and
			// force_terminate on a pid): the model may call either.
			out = append(out, n)
			continue
		}
		within := preciseTokensWithin(first.nameTokens, t.nameTokens) || preciseTokensWithin(t.nameTokens, first.nameTokens)
		names := first.lowered.MentionsName(t.mentionName) || t.lowered.MentionsName(first.mentionName)
		fa, fb := preciseSpecific(ctx, first), preciseSpecific(ctx, t)
		same := text.Jaccard(fa, fb) >= tgNearDuplicate
		if len(fa) < 3 || len(fb) < 3 {
			// Little of either is its own: only the same text makes twins.
			same = text.Jaccard(first.bag, t.bag) >= 0.9
		}
		if within && names || same {
			out = append(out, n)
		}
	}
	return out
}

// preciseTokensWithin reports whether every token of a is among b's
// (read_file within read_text_file).
func preciseTokensWithin(a, b []string) bool {
	if len(a) == 0 {
		return false
	}
	for _, x := range a {
		found := false
		for _, y := range b {
			if strings.EqualFold(x, y) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// preciseDestructiveName reports whether a name token is a destructive verb.
func preciseDestructiveName(t *tgTool) bool {
	for _, tok := range t.nameTokens {
		if text.IsDestructiveVerb(tok) {
			return true
		}
	}
	return false
}
