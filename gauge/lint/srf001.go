package lint

import (
	"fmt"
	"strings"
)

// srf001 is SRF001 resource-missing-description.
func srf001() Rule {
	return Rule{
		ID: "SRF001", Name: "resource-missing-description", Family: "Resources & prompts",
		Summary: "A resource or resource template has no description.",
		Default: Warning, Scope: ScopeResource, Origin: OriginMcpgauge,
		Revision: 1, Check: checkSRF001,
	}
}

// checkSRF001 fires on a resource or resource template whose description
// is empty or blank.
func checkSRF001(ctx *Context) []Problem {
	var out []Problem
	for _, e := range resourceEntities(ctx, true) {
		if strings.TrimSpace(e.desc) == "" {
			out = append(out, Problem{Entity: e.entity,
				Message:    fmt.Sprintf("The %s `%s` (%s) has no description.", e.kind, e.name, e.id),
				Suggestion: "Add a description saying what the content is and when a model or user should read it; clients show it when choosing context to attach."})
		}
	}
	return out
}
