package lint

import (
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/text"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// mcp013 is MCP013 overlapping-descriptions.
func mcp013() Rule {
	return Rule{
		ID: "MCP013", Name: "overlapping-descriptions", Family: "Description",
		Summary: "Two tools' descriptions are near-identical.",
		Default: Info, Toolgauge: Error, Scope: ScopePair, Origin: OriginToolgauge,
		Revision: 1, Check: checkMCP013,
	}
}

func checkMCP013(ctx *Context) []Problem {
	tools := tgTools(ctx)
	var out []Problem
	for _, p := range tgPairs(ctx) {
		if p.score < tgNearDuplicate {
			continue
		}
		if ctx.Precise() && !precisePairKept(ctx, &tools[p.left], &tools[p.right], tgNearDuplicate) {
			continue
		}
		l, r := tools[p.left].name, tools[p.right].name
		out = append(out, Problem{
			Tool:    l,
			Related: []string{r},
			Message: fmt.Sprintf("`%s` and `%s` share %d%% of their meaningful words -- their descriptions are near-identical.", l, r, compat.PyRound(p.score*100)),
			Suggestion: fmt.Sprintf("Rewrite one of them around what makes it different. If `%s` and `%s` really do the same thing, delete one; "+
				"if they do not, the first sentence of each should name the thing only that one handles. Two descriptions this close are "+
				"a coin flip at selection time, and the model has no way to know it guessed wrong.", l, r),
		})
	}
	if set := tgPairSetOf(ctx); set.total > len(set.pairs) {
		out = append(out, Problem{
			Message: fmt.Sprintf("Only the first %d of %d overlapping description pairs were compared in full; the tool surface is too uniform to list every pair.", len(set.pairs), set.total),
			Suggestion: "Thousands of tools with near-identical descriptions cannot be told apart by a model. Group them behind fewer tools " +
				"that take the distinguishing value as a parameter.",
		})
	}
	return out
}

// precisePairKept reports whether a confusable pair still counts under the
// default profile: measured on what is specific to each tool (boilerplate
// removed, still at least tgMinCompareWords words each), not between tools
// of opposite verbs, and not when either description names the other.
func precisePairKept(ctx *Context, l, r *tgTool, threshold float64) bool {
	if preciseVerbsDiffer(l.nameTokens, r.nameTokens) {
		return false
	}
	if l.lowered.MentionsName(r.mentionName) || r.lowered.MentionsName(l.mentionName) {
		return false
	}
	a, b := preciseSpecific(ctx, l), preciseSpecific(ctx, r)
	if len(a) < tgMinCompareWords || len(b) < tgMinCompareWords {
		return false
	}
	return text.Jaccard(a, b) >= threshold
}
