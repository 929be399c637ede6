package lint

import (
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/qualitygate"
)

// qg004 is QG004 qg-deprecated-tool.
func qg004() Rule {
	return Rule{
		ID: "QG004", Name: "qg-deprecated-tool", Family: "Quality-gate",
		Summary: "The description says the tool is deprecated or obsolete, yet it is still listed.",
		Default: Error, Scope: ScopeTool, Origin: OriginQualityGate,
		Revision: 1, Check: checkQG004,
	}
}

// checkQG004 fires where quality-gate's deprecation pattern matches the
// description; the default profile reads only its prose, not example XML
// or code.
func checkQG004(ctx *Context) []Problem {
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		desc := t.RawDescription
		if ctx.Precise() {
			desc = preciseProse(desc) // "deprecated" inside example XML or code is not the tool speaking
		}
		if qualitygate.IsDeprecated(desc) {
			out = append(out, Problem{Tool: t.Name,
				Message:    fmt.Sprintf("`%s` describes itself as deprecated or obsolete but is still listed.", t.Name),
				Suggestion: "Remove the tool from tools/list (or hide it behind an option); a model cannot tell it should avoid a listed tool, and every listed tool costs context."})
		}
	}
	return out
}
