package lint

import (
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Reading a tool's annotation hints (MCP040-MCP042): whether a hint is
// left unset, and whether the tool reads as a query.

// hintUnset reports whether the annotations are absent or the chosen hint is
// null. An explicit false is an answer, not a finding.
func hintUnset(t *tgTool, pick func(*model.Annotations) *bool) bool {
	return t.t.Annotations == nil || pick(t.t.Annotations) == nil
}

// annotationCheck reports every tool fires picks, with msg and sug
// formatted with the tool's name.
func annotationCheck(ctx *Context, fires func(t *tgTool) bool, msg, sug string) []Problem {
	var out []Problem
	tools := tgTools(ctx)
	for i := range tools {
		t := &tools[i]
		if !fires(t) {
			continue
		}
		out = append(out, Problem{
			Tool:       t.name,
			Message:    fmt.Sprintf(msg, t.name),
			Suggestion: fmt.Sprintf(sug, t.name),
		})
	}
	return out
}

// tgReadsLikeQuery: the first raw name token is a read verb, or the
// description opens with a reading verb.
func tgReadsLikeQuery(t *tgTool) bool {
	if len(t.nameTokens) > 0 && text.IsReadVerb(t.nameTokens[0]) {
		return true
	}
	return t.readOpening
}
