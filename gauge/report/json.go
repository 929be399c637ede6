package report

import (
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// FindingMap is a finding as toolgauge's canonical JSON has it (None fields
// dropped, empty lists kept), plus mcpgauge's optional "entity".
func FindingMap(f lint.Finding) map[string]any {
	related := make([]any, len(f.Related))
	for i, r := range f.Related {
		related[i] = r
	}
	m := map[string]any{
		"rule":       f.Rule,
		"severity":   f.Severity.String(),
		"message":    f.Message,
		"suggestion": f.Suggestion,
		"related":    related,
	}
	if f.Tool != "" {
		m["tool"] = f.Tool
	}
	if f.Parameter != "" {
		m["parameter"] = f.Parameter
	}
	if f.Entity != "" {
		m["entity"] = f.Entity
	}
	return m
}

// LintDoc is the lint JSON document: toolgauge's LintResult shape
// (findings, server, target, tool_count) plus schema_version.
func LintDoc(snap *model.Snapshot, fs []lint.Finding) map[string]any {
	list := make([]any, len(fs))
	for i, f := range fs {
		list[i] = FindingMap(f)
	}
	return map[string]any{
		"schema_version": LintSchemaVersion,
		"findings":       list,
		"server":         snap.Server.Map(),
		"target":         snap.Target,
		"tool_count":     len(snap.Tools),
	}
}

// LintJSON renders LintDoc canonically: sorted keys, 2-space indent,
// non-ASCII escaped, with a trailing newline.
func LintJSON(snap *model.Snapshot, fs []lint.Finding) []byte {
	return append(model.MustCanonical(LintDoc(snap, fs), model.Indent2), '\n')
}
