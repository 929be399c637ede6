package compliance

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/schemacheck"
)

// specOutput01 is mcpgauge's spec-output-01: called tools' structuredContent conforms to their outputSchema.
func specOutput01() Test {
	return Test{
		ID:         "spec-output-01",
		Name:       "structuredContent conforms to outputSchema",
		Category:   CategoryTools,
		Severity:   High,
		SpecRef:    specURL(specRevision, "server/tools#structured-content"),
		Origin:     OriginMCPGauge,
		Needs:      []Need{NeedMain},
		Capability: "tools",
		Invokes:    true,
		Revision:   2,
		Run:        runSpecOutput01,
	}
}

func runSpecOutput01(ctx context.Context, e *Env) Result {
	cs := e.toolCalls(ctx)
	if cs.skipReason != "" {
		return skip("%s", cs.skipReason)
	}
	var bad, details, env []string
	checked, withSchema := 0, 0
	for _, c := range cs.calls {
		if c.OutputSchema == nil {
			continue
		}
		withSchema++
		switch {
		case c.NotCalled != "":
			details = append(details, fmt.Sprintf("%s: not called: %s", c.Tool, c.NotCalled))
			continue
		case c.Err != nil:
			if cause, yes := environmentCause(c.Err); yes {
				env = append(env, fmt.Sprintf("%s (%s)", c.Tool, cause))
			}
			details = append(details, fmt.Sprintf("%s: call failed: %v", c.Tool, c.Err))
			continue
		case c.Result == nil:
			continue
		case c.Result.IsError:
			details = append(details, fmt.Sprintf("%s: returned isError, so no structuredContent is required", c.Tool))
			continue
		}
		checked++
		if c.Result.StructuredContent == nil {
			bad = append(bad, fmt.Sprintf("%s: declares an outputSchema but returned no structuredContent", c.Tool))
			continue
		}
		sch, err := schemacheck.Compile(c.OutputSchema, false)
		if err != nil {
			details = append(details, fmt.Sprintf("%s: outputSchema does not compile (see spec-schema-02): %v", c.Tool, err))
			continue
		}
		raw, err := json.Marshal(c.Result.StructuredContent)
		if err != nil {
			bad = append(bad, fmt.Sprintf("%s: structuredContent cannot be encoded: %v", c.Tool, err))
			continue
		}
		if err := schemacheck.Validate(sch, raw); err != nil {
			bad = append(bad, fmt.Sprintf("%s: structuredContent %s does not conform: %v", c.Tool, clip(string(raw)), err))
			continue
		}
		details = append(details, fmt.Sprintf("%s: structuredContent conforms", c.Tool))
	}
	if withSchema == 0 {
		return skip("None of the %d tool(s) chosen for calling declares an outputSchema", len(cs.calls))
	}
	if len(bad) > 0 {
		return fail("%d tool result(s) break their outputSchema", len(bad)).with(append(bad, details...)...)
	}
	if checked == 0 && len(env) > 0 {
		return notTestable("the call(s) of tools with an outputSchema failed on a backend the scan cannot reach or has no credentials for: %s", strings.Join(env, ", ")).with(details...)
	}
	if checked == 0 {
		return skip("No successful call of a tool with an outputSchema to check").with(details...)
	}
	return pass("%d tool result(s) conform to their outputSchema", checked).with(details...)
}
