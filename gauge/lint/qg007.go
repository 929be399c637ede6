package lint

import (
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/qualitygate"
)

// qg007 is QG007 qg-env-exposure.
func qg007() Rule {
	return Rule{
		ID: "QG007", Name: "qg-env-exposure", Family: "Quality-gate",
		Summary: "quality-gate's env-exposure check, exactly (off by default; SEC010 supersedes it).",
		Default: Off, Scope: ScopeTool, Origin: OriginQualityGate,
		Revision: 1, Check: checkQG007,
	}
}

// checkQG007 is quality-gate's env-exposure match on the name and
// description, substring quirks and all.
func checkQG007(ctx *Context) []Problem {
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if qualitygate.IsEnvExposure(t.Name, t.RawDescription) {
			out = append(out, Problem{Tool: t.Name,
				Message:    fmt.Sprintf("%q may expose environment variables — risk of leaking secrets (quality-gate env-exposure, critical).", t.Name),
				Suggestion: "Do not return environment variables; return an allow-list of non-secret settings instead."})
		}
	}
	return out
}
