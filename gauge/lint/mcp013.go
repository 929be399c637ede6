package lint

import (
	"fmt"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// mcp013 is MCP013 overlapping-descriptions.
func mcp013() Rule {
	return Rule{
		ID: "MCP013", Name: "overlapping-descriptions", Family: "Description",
		Summary: "Two tools' descriptions are near-identical.",
		Default: Warning, Toolgauge: Error, Scope: ScopePair, Origin: OriginToolgauge,
		Revision: 2, Check: checkMCP013,
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
		sev := Off
		if ctx.Precise() && preciseNamesTellApart(tools[p.left].nameTokens, tools[p.right].nameTokens) {
			// The names carry the difference (activate_plugin and
			// activate_theme): the same wording is polish, not a coin flip.
			sev = Info
		}
		out = append(out, Problem{
			Severity: sev,
			Tool:     l,
			Related:  []string{r},
			Message:  fmt.Sprintf("`%s` and `%s` share %d%% of their meaningful words -- their descriptions are near-identical.", l, r, compat.PyRound(p.score*100)),
			Suggestion: fmt.Sprintf("Rewrite one of them around what makes it different. If `%s` and `%s` really do the same thing, delete one; "+
				"if they do not, the first sentence of each should name the thing only that one handles. Two descriptions this close are "+
				"a coin flip at selection time, and the model has no way to know it guessed wrong.", l, r),
		})
	}
	if ctx.Precise() {
		for _, p := range preciseSameText(ctx) {
			l, r := tools[p[0]].name, tools[p[1]].name
			out = append(out, Problem{
				Tool:       l,
				Related:    []string{r},
				Message:    fmt.Sprintf("`%s` and `%s` have the same description and parameters: a model cannot tell them apart.", l, r),
				Suggestion: fmt.Sprintf("If `%s` and `%s` do the same thing, delete one; if not, say in each description what only that one does.", l, r),
			})
		}
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
// default profile: measured on what is specific to each tool (the
// sentences three or more tools share and the server's boilerplate words
// removed, still at least tgMinCompareWords words each) and on schemas that
// take mostly the same parameters; not between tools of opposite verbs, and
// not when either description names the other.
func precisePairKept(ctx *Context, l, r *tgTool, threshold float64) bool {
	if preciseVerbsDiffer(l.nameTokens, r.nameTokens) {
		return false
	}
	if l.lowered.MentionsName(r.mentionName) || r.lowered.MentionsName(l.mentionName) {
		return false
	}
	if !preciseSchemasAlike(l, r) {
		return false
	}
	a, b := preciseOwnBag(ctx, l), preciseOwnBag(ctx, r)
	if len(a) < tgMinCompareWords || len(b) < tgMinCompareWords {
		return false
	}
	return text.Jaccard(a, b) >= threshold
}

// preciseSchemasAlike reports whether two tools take mostly the same
// parameters: half or more of their parameter names in common, or neither
// takes any.
func preciseSchemasAlike(l, r *tgTool) bool {
	if len(l.params) == 0 && len(r.params) == 0 {
		return true
	}
	a, b := text.Bag{}, text.Bag{}
	for _, p := range l.params {
		a[strings.ToLower(p.name)] = struct{}{}
	}
	for _, p := range r.params {
		b[strings.ToLower(p.name)] = struct{}{}
	}
	return text.Jaccard(a, b) >= 0.5
}

// preciseSameText returns the pairs (i<j) of tools with the same non-empty
// description and the same parameters that the word measure leaves out
// (descriptions under tgMinCompareWords content words): two tools a model
// cannot tell apart at all.
func preciseSameText(ctx *Context) [][2]int {
	tools := tgTools(ctx)
	var out [][2]int
	for i := range tools {
		if len(tools[i].bagIDs) >= tgMinCompareWords || strings.TrimSpace(tools[i].desc) == "" {
			continue
		}
		for j := i + 1; j < len(tools); j++ {
			if strings.TrimSpace(tools[j].desc) != strings.TrimSpace(tools[i].desc) || !preciseSchemasAlike(&tools[i], &tools[j]) {
				continue
			}
			if preciseVerbsDiffer(tools[i].nameTokens, tools[j].nameTokens) {
				continue
			}
			out = append(out, [2]int{i, j})
		}
	}
	return out
}
