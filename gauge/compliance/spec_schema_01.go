package compliance

import (
	"context"
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/schemacheck"
)

// specSchema01 is mcpgauge's spec-schema-01: every inputSchema compiles.
func specSchema01() Test {
	return Test{
		ID:         "spec-schema-01",
		Name:       "Tool input schemas are valid JSON Schema",
		Category:   CategorySchema,
		Severity:   High,
		SpecRef:    specURL(specRevision, "basic#json-schema-usage"),
		Origin:     OriginMCPGauge,
		Needs:      []Need{NeedMain},
		Capability: "tools",
		Invokes:    false,
		Revision:   1,
		Run:        runSpecSchema01,
	}
}

func runSpecSchema01(_ context.Context, e *Env) Result {
	tools, r := snapshotTools(e)
	if r != nil {
		return *r
	}
	var bad []string
	for _, t := range tools {
		if !t.HasInputSchema || len(t.RawInputSchema) == 0 {
			bad = append(bad, fmt.Sprintf("%s: no inputSchema", t.Name))
			continue
		}
		if _, err := schemacheck.Compile(t.RawInputSchema, false); err != nil {
			bad = append(bad, fmt.Sprintf("%s: %v", t.Name, err))
		}
	}
	if len(bad) > 0 {
		return fail("%d of %d tool input schema(s) are not valid JSON Schema", len(bad), len(tools)).with(bad...)
	}
	return pass("All %d tool input schema(s) compile as JSON Schema (2020-12 unless $schema says otherwise)", len(tools))
}
