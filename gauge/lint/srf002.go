package lint

import (
	"fmt"
	"strings"
)

// srf002 is SRF002 resource-missing-mime-type.
func srf002() Rule {
	return Rule{
		ID: "SRF002", Name: "resource-missing-mime-type", Family: "Resources & prompts",
		Summary: "A resource or resource template does not declare its mimeType.",
		Default: Info, Scope: ScopeResource, Origin: OriginMcpgauge,
		Revision: 1, Check: checkSRF002,
	}
}

// checkSRF002 fires on a resource or resource template without a mimeType.
func checkSRF002(ctx *Context) []Problem {
	var out []Problem
	for _, e := range resourceEntities(ctx, true) {
		if strings.TrimSpace(e.mime) == "" {
			out = append(out, Problem{Entity: e.entity,
				Message:    fmt.Sprintf("The %s `%s` (%s) does not declare a mimeType.", e.kind, e.name, e.id),
				Suggestion: "Set mimeType (for example text/markdown, application/json, image/png) so clients know how to render or pass the content without reading it first."})
		}
	}
	return out
}
