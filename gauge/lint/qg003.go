package lint

import (
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/qualitygate"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// qg003 is QG003 qg-verbose-description.
func qg003() Rule {
	return Rule{
		ID: "QG003", Name: "qg-verbose-description", Family: "Quality-gate",
		Summary: "The description is longer than 500 characters.",
		Default: Info, Scope: ScopeTool, Origin: OriginQualityGate,
		Revision: 1, Check: checkQG003,
	}
}

// qgManualLength is the description length (in UTF-16 units) past which
// the default profile reports QG003 at warning: a reference manual that
// belongs in a resource. Below it a long description is usually useful
// when-to-use guidance, and QG003 stays info.
const qgManualLength = 8000

// checkQG003 fires on a description longer than quality-gate's maximum
// (UTF-16 units), at warning past qgManualLength.
func checkQG003(ctx *Context) []Problem {
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if n := compat.JSLength(t.RawDescription); n > qualitygate.VerboseDescriptionMin {
			var sev Severity
			if n > qgManualLength {
				sev = Warning // a reference manual, not a description
			}
			out = append(out, Problem{Tool: t.Name, Severity: sev,
				Message:    fmt.Sprintf("The description of `%s` is %d characters long; quality-gate flags more than %d.", t.Name, n, qualitygate.VerboseDescriptionMin),
				Suggestion: "Keep the description to what a model needs to choose and call the tool; move long usage notes into parameter descriptions, a resource or the server instructions."})
		}
	}
	return out
}
