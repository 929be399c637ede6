package compliance

import (
	"context"
	"fmt"
)

// specPagination02 is mcpgauge's spec-pagination-02: every list pages to its end cleanly.
func specPagination02() Test {
	return Test{
		ID:       "spec-pagination-02",
		Name:     "Lists paginate without cycles or duplicates",
		Category: CategoryPagination,
		Severity: Medium,
		SpecRef:  specURL(specRevision, "server/utilities/pagination"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedMain},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecPagination02,
	}
}

func runSpecPagination02(_ context.Context, e *Env) Result {
	if e.Snapshot == nil {
		return errored("no snapshot")
	}
	var bad []string
	for _, is := range e.Snapshot.Issues {
		if is.Kind == "error" && is.Page <= 1 {
			continue // a failing first page is the list tests' finding
		}
		s := fmt.Sprintf("%s: %s on page %d: %s", is.List, is.Kind, is.Page, is.Detail)
		if is.Subject != "" {
			s += " (" + is.Subject + ")"
		}
		bad = append(bad, s)
	}
	var pages []string
	for _, l := range []string{"tools", "resources", "resource_templates", "prompts"} {
		if n, ok := e.Snapshot.Pages[l]; ok {
			pages = append(pages, fmt.Sprintf("%s: %d page(s)", l, n))
		}
	}
	if len(bad) > 0 {
		return fail("%d pagination problem(s)", len(bad)).with(append(bad, pages...)...)
	}
	return pass("every list paginated to its end without cycles or duplicates").with(pages...)
}
