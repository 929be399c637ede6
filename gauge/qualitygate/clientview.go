package qualitygate

import (
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/compat"
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
	if n := v.Get("name"); n == nil || n.Kind != 's' {
		return fmt.Errorf("name is missing or not a string")
	}
	for _, k := range []string{"title", "description"} {
		if x := v.Get(k); x != nil && x.Kind != 's' {
			return fmt.Errorf("%s is not a string", k)
		}
	}
	in := v.Get("inputSchema")
	if in == nil {
		return fmt.Errorf("inputSchema is missing")
	}
	if err := sdkObjectSchemaError(in); err != nil {
		return fmt.Errorf("inputSchema: %w", err)
	}
	if out := v.Get("outputSchema"); out != nil {
		if err := sdkObjectSchemaError(out); err != nil {
			return fmt.Errorf("outputSchema: %w", err)
		}
	}
	if a := v.Get("annotations"); a != nil {
		if a.Kind != 'o' {
			return fmt.Errorf("annotations is not an object")
		}
		if x := a.Get("title"); x != nil && x.Kind != 's' {
			return fmt.Errorf("annotations.title is not a string")
		}
		for _, k := range []string{"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"} {
			if x := a.Get(k); x != nil && x.Kind != 't' && x.Kind != 'f' {
				return fmt.Errorf("annotations.%s is not a boolean", k)
			}
		}
	}
	return nil
}

func sdkObjectSchemaError(s *compat.JSValue) error {
	if s.Kind != 'o' {
		return fmt.Errorf("not an object")
	}
	ty := s.Get("type")
	if ty == nil || ty.Kind != 's' || goString(ty.Str) != "object" {
		return fmt.Errorf(`type is not "object"`)
	}
	if p := s.Get("properties"); p != nil && p.Kind != 'o' {
		return fmt.Errorf("properties is not an object")
	}
	if r := s.Get("required"); r != nil {
		if r.Kind != 'a' {
			return fmt.Errorf("required is not an array")
		}
		for _, e := range r.Vals {
			if e.Kind != 's' {
				return fmt.Errorf("required has a non-string entry")
			}
		}
	}
	return nil
}
