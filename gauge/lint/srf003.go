package lint

import (
	"fmt"
	"strings"
)

// srf003 is SRF003 resource-name-restates-uri.
func srf003() Rule {
	return Rule{
		ID: "SRF003", Name: "resource-name-restates-uri", Family: "Resources & prompts",
		Summary: "A resource's name is just its URI.",
		Default: Info, Scope: ScopeResource, Origin: OriginMcpgauge,
		Revision: 1, Check: checkSRF003,
	}
}

// checkSRF003 fires on a resource whose name is its URI, with or without
// the scheme, ignoring case.
func checkSRF003(ctx *Context) []Problem {
	var out []Problem
	for _, e := range resourceEntities(ctx, false) {
		name := strings.TrimSpace(e.name)
		if name == "" {
			continue
		}
		noScheme := strings.TrimLeft(uriScheme.ReplaceAllString(e.id, ""), "/")
		if strings.EqualFold(name, e.id) || strings.EqualFold(name, noScheme) {
			out = append(out, Problem{Entity: e.entity,
				Message:    fmt.Sprintf("The name of resource %s only repeats its URI.", e.id),
				Suggestion: "Give the resource a human-readable name (\"Project README\", \"Orders table schema\"); the URI is already shown separately."})
		}
	}
	return out
}
