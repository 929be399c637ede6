package lint

import (
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// qg006 is QG006 qg-required-with-default.
func qg006() Rule {
	return Rule{
		ID: "QG006", Name: "qg-required-with-default", Family: "Quality-gate",
		Summary: "A required parameter declares a default, which can never apply.",
		Default: Warning, Scope: ScopeParameter, Origin: OriginQualityGate,
		Revision: 1, Check: checkQG006,
	}
}

// checkQG006 fires once per required parameter that declares a default,
// even a null one.
func checkQG006(ctx *Context) []Problem {
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		props := t.Params()
		seen := map[string]bool{}
		for _, r := range t.Required() {
			obj, _ := props[r].(map[string]any)
			if obj == nil || seen[r] {
				continue
			}
			seen[r] = true
			if d, ok := obj["default"]; ok {
				out = append(out, Problem{Tool: t.Name, Parameter: r,
					Message:    fmt.Sprintf("Parameter `%s` of `%s` is required but declares default %s.", r, t.Name, qgShort(d)),
					Suggestion: fmt.Sprintf("Either drop `%s` from required (so the default applies when it is omitted) or drop the default.", r)})
			}
		}
	}
	return out
}

// qgShort is v's compact JSON, shortened for a message.
func qgShort(v any) string {
	b, err := model.Canonical(v, model.Compact)
	if err != nil {
		return "(unprintable)"
	}
	return secSnippet(string(b))
}
