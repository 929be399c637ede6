package lint

import (
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/qualitygate"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// qg002 is QG002 qg-short-description.
func qg002() Rule {
	return Rule{
		ID: "QG002", Name: "qg-short-description", Family: "Quality-gate",
		Summary: "The description is shorter than 20 characters.",
		Default: Info, Scope: ScopeTool, Origin: OriginQualityGate,
		Revision: 1, Check: checkQG002,
	}
}

// checkQG002 fires on a non-empty description shorter than quality-gate's
// minimum, counted as JavaScript counts (UTF-16 units, untrimmed).
func checkQG002(ctx *Context) []Problem {
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if n := compat.JSLength(t.RawDescription); n > 0 && n < qualitygate.ShortDescriptionMax {
			out = append(out, Problem{Tool: t.Name,
				Message:    fmt.Sprintf("The description of `%s` is %d characters long (%q); quality-gate wants at least %d.", t.Name, n, t.RawDescription, qualitygate.ShortDescriptionMax),
				Suggestion: "Say what the tool does, to what, and what it returns, in one or two full sentences."})
		}
	}
	return out
}
