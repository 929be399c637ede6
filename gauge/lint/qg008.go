package lint

import (
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/qualitygate"
)

// qg008 is QG008 qg-code-execution.
func qg008() Rule {
	return Rule{
		ID: "QG008", Name: "qg-code-execution", Family: "Quality-gate",
		Summary: "quality-gate's code-execution check, exactly (off by default; SEC011 supersedes it).",
		Default: Off, Scope: ScopeTool, Origin: OriginQualityGate,
		Revision: 1, Check: checkQG008,
	}
}

// checkQG008 is quality-gate's code-execution match on the name and
// parameter names, substring quirks and all.
func checkQG008(ctx *Context) []Problem {
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if qualitygate.IsCodeExecution(t.Name, t.ParamNames()) {
			out = append(out, Problem{Tool: t.Name,
				Message:    fmt.Sprintf("%q looks like a code-execution surface (quality-gate code-execution, warning).", t.Name),
				Suggestion: "Sandbox the execution, say so in the description and set destructiveHint: true."})
		}
	}
	return out
}
