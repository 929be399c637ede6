package qualitygate

import (
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// ClientView returns the tool list quality-gate's analyzers would see.
// quality-gate lists tools through the TypeScript MCP SDK, which validates
// every tools/list result against its Tool schema; if any tool fails, the
// call throws and quality-gate silently analyzes an empty list (spec B2). So
// one malformed tool makes the quality, security and efficiency analyzers
// report a perfect, empty server.
//
// The checks follow the SDK's Tool schema as far as it constrains the wire:
// inputSchema (and outputSchema when present) must be an object whose type is
// "object", properties must be an object, required an array of strings,
// title and description strings, annotations an object whose hints are
// booleans and whose title is a string. ClientView returns the tools
// unchanged when they pass, and nil with the first reason otherwise.
func ClientView(tools []model.Tool) ([]model.Tool, error) {
	for i := range tools {
		if err := sdkToolError(&tools[i]); err != nil {
			return nil, fmt.Errorf("tool #%d %q: %w", i, tools[i].Name, err)
		}
	}
	return tools, nil
}

func sdkToolError(t *model.Tool) error {
	v := toolJS(t)
	if n := v.get("name"); n == nil || n.kind != 's' {
		return fmt.Errorf("name is missing or not a string")
	}
	for _, k := range []string{"title", "description"} {
		if x := v.get(k); x != nil && x.kind != 's' {
			return fmt.Errorf("%s is not a string", k)
		}
	}
	in := v.get("inputSchema")
	if in == nil {
		return fmt.Errorf("inputSchema is missing")
	}
	if err := sdkObjectSchemaError(in); err != nil {
		return fmt.Errorf("inputSchema: %w", err)
	}
	if out := v.get("outputSchema"); out != nil {
		if err := sdkObjectSchemaError(out); err != nil {
			return fmt.Errorf("outputSchema: %w", err)
		}
	}
	if a := v.get("annotations"); a != nil {
		if a.kind != 'o' {
			return fmt.Errorf("annotations is not an object")
		}
		if x := a.get("title"); x != nil && x.kind != 's' {
			return fmt.Errorf("annotations.title is not a string")
		}
		for _, k := range []string{"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"} {
			if x := a.get(k); x != nil && x.kind != 't' && x.kind != 'f' {
				return fmt.Errorf("annotations.%s is not a boolean", k)
			}
		}
	}
	return nil
}

func sdkObjectSchemaError(s *jsValue) error {
	if s.kind != 'o' {
		return fmt.Errorf("not an object")
	}
	ty := s.get("type")
	if ty == nil || ty.kind != 's' || goString(ty.str) != "object" {
		return fmt.Errorf(`type is not "object"`)
	}
	if p := s.get("properties"); p != nil && p.kind != 'o' {
		return fmt.Errorf("properties is not an object")
	}
	if r := s.get("required"); r != nil {
		if r.kind != 'a' {
			return fmt.Errorf("required is not an array")
		}
		for _, e := range r.vals {
			if e.kind != 's' {
				return fmt.Errorf("required has a non-string entry")
			}
		}
	}
	return nil
}
