package compliance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/schemacheck"
)

// specSchema02 is mcpgauge's spec-schema-02: every outputSchema compiles and describes an object.
func specSchema02() Test {
	return Test{
		ID:         "spec-schema-02",
		Name:       "Tool output schemas are valid JSON Schema",
		Category:   CategorySchema,
		Severity:   High,
		SpecRef:    specURL(specRevision, "server/tools#output-schema"),
		Origin:     OriginMCPGauge,
		Needs:      []Need{NeedMain},
		Capability: "tools",
		Invokes:    false,
		Revision:   1,
		Run:        runSpecSchema02,
	}
}

func runSpecSchema02(_ context.Context, e *Env) Result {
	tools, r := snapshotTools(e)
	if r != nil {
		return *r
	}
	var bad []string
	n := 0
	for _, t := range tools {
		if t.OutputSchema == nil {
			continue
		}
		n++
		raw, err := json.Marshal(t.OutputSchema)
		if err != nil {
			bad = append(bad, fmt.Sprintf("%s: %v", t.Name, err))
			continue
		}
		if _, err := schemacheck.Compile(raw, false); err != nil {
			bad = append(bad, fmt.Sprintf("%s: %v", t.Name, err))
			continue
		}
		if typ, _ := t.OutputSchema["type"].(string); typ != "object" {
			bad = append(bad, fmt.Sprintf("%s: outputSchema.type is %s; structuredContent is an object, so it must be \"object\"", t.Name, describeType(t.OutputSchema["type"])))
		}
	}
	if n == 0 {
		return skip("No tool declares an outputSchema")
	}
	if len(bad) > 0 {
		return fail("%d of %d tool output schema(s) are not valid", len(bad), n).with(bad...)
	}
	return pass("All %d tool output schema(s) compile as JSON Schema with type object", n)
}
