package compliance

import (
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// The snapshot's lists, as the structural tests read them.

// snapshotList returns the snapshot's items of one list (tools, resources
// or prompts; the list is named like its capability) for the structural
// tests, or a non-nil result (skip or error) when there is nothing to check.
func snapshotList[T any](e *Env, list string, items func(*model.Snapshot) []T) ([]T, *Result) {
	var r Result
	if !e.capability(list) {
		r = capabilityMissing(list)
	} else if e.Snapshot == nil {
		r = errored("no snapshot")
	} else if got := items(e.Snapshot); len(got) > 0 {
		return got, nil
	} else if issue := listError(e.Snapshot, list); issue != "" {
		r = errored("%s/list failed: %s", list, issue)
	} else {
		r = skip("Server lists no %s", list)
	}
	return nil, &r
}

func snapshotTools(e *Env) ([]model.Tool, *Result) {
	return snapshotList(e, connect.ListTools, func(s *model.Snapshot) []model.Tool { return s.Tools })
}

// listError returns the detail of a list error recorded while the snapshot
// was read, or "".
func listError(s *model.Snapshot, list string) string {
	for _, is := range s.Issues {
		if is.List == list && is.Kind == connect.IssueError {
			return is.Detail
		}
	}
	return ""
}

func snapshotResources(e *Env) ([]model.Resource, *Result) {
	return snapshotList(e, connect.ListResources, func(s *model.Snapshot) []model.Resource { return s.Resources })
}

func snapshotPrompts(e *Env) ([]model.Prompt, *Result) {
	return snapshotList(e, connect.ListPrompts, func(s *model.Snapshot) []model.Prompt { return s.Prompts })
}
