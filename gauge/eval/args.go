package eval

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/mcpgauge/mcpgauge/gauge/schemacheck"
	"github.com/mcpgauge/mcpgauge/internal/compat"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// ArgCheck is toolgauge's argument verdict: parameter names, sorted.
type ArgCheck struct {
	MissingRequired []string
	Unknown         []string
	WrongType       []string
	BadEnum         []string
}

// OK reports whether all four lists are empty.
func (c ArgCheck) OK() bool {
	return len(c.MissingRequired)+len(c.Unknown)+len(c.WrongType)+len(c.BadEnum) == 0
}

// maxRejectDepth bounds the recursion of the per-argument check.
const maxRejectDepth = 6

const (
	verdictOK        = ""
	verdictWrongType = "wrong_type"
	verdictBadEnum   = "bad_enum"
)

// CheckArguments is toolgauge's deliberately partial argument checker (A9.4):
// missing required names, undeclared names (only when properties are
// declared and additionalProperties is false or absent), and per-argument
// type/enum/const checks through anyOf/oneOf, ignoring $ref.
func CheckArguments(schema map[string]any, args map[string]any) ArgCheck {
	var c ArgCheck
	props, _ := schema["properties"].(map[string]any)
	if req, ok := schema["required"].([]any); ok {
		seen := map[string]bool{}
		for _, r := range req {
			name := compat.PyStr(r)
			if _, present := args[name]; !present && !seen[name] {
				seen[name] = true
				c.MissingRequired = append(c.MissingRequired, name)
			}
		}
	}
	ap, hasAP := schema["additionalProperties"]
	extrasForbidden := !hasAP || ap == false
	if len(props) > 0 && extrasForbidden {
		for name := range args {
			if _, declared := props[name]; !declared {
				c.Unknown = append(c.Unknown, name)
			}
		}
	}
	for name, value := range args {
		sub, declared := props[name]
		if !declared {
			continue
		}
		subMap, ok := sub.(map[string]any)
		if !ok {
			continue
		}
		switch reject(subMap, value, 0) {
		case verdictWrongType:
			c.WrongType = append(c.WrongType, name)
		case verdictBadEnum:
			c.BadEnum = append(c.BadEnum, name)
		}
	}
	sort.Strings(c.MissingRequired)
	sort.Strings(c.Unknown)
	sort.Strings(c.WrongType)
	sort.Strings(c.BadEnum)
	return c
}

func reject(schema any, value any, depth int) string {
	if depth > maxRejectDepth {
		return verdictOK
	}
	s, ok := schema.(map[string]any)
	if !ok {
		return verdictOK
	}
	if _, ok := s["$ref"]; ok {
		return verdictOK
	}
	branches, _ := s["anyOf"].([]any)
	if len(branches) == 0 {
		branches, _ = s["oneOf"].([]any)
	}
	if len(branches) > 0 {
		sawObject, sawBadEnum := false, false
		for _, b := range branches {
			bm, ok := b.(map[string]any)
			if !ok {
				continue
			}
			sawObject = true
			switch reject(bm, value, depth+1) {
			case verdictOK:
				return verdictOK
			case verdictBadEnum:
				sawBadEnum = true
			}
		}
		if !sawObject {
			return verdictOK
		}
		if sawBadEnum {
			return verdictBadEnum
		}
		return verdictWrongType
	}
	if cv, ok := s["const"]; ok && !compat.PyEqual(value, cv) {
		return verdictBadEnum
	}
	if ev, ok := s["enum"].([]any); ok && len(ev) > 0 {
		found := false
		for _, e := range ev {
			if compat.PyEqual(value, e) {
				found = true
				break
			}
		}
		if !found {
			return verdictBadEnum
		}
	}
	if types, declared := model.SchemaTypes(s); declared {
		for _, t := range types {
			if typeFits(value, t) {
				return verdictOK
			}
		}
		return verdictWrongType
	}
	return verdictOK
}

func typeFits(v any, t string) bool {
	switch t {
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "integer":
		isNum, isInt, _ := compat.PyNumberKind(v)
		return isNum && isInt
	case "number":
		isNum, _, _ := compat.PyNumberKind(v)
		return isNum
	case "string":
		_, ok := v.(string)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "null":
		return v == nil
	default:
		return true
	}
}

// SchemaChecker validates arguments against full JSON Schema (draft
// 2020-12 unless the schema says otherwise), compiling each tool's input
// schema once. No remote references are fetched.
type SchemaChecker struct {
	mu       sync.Mutex
	compiled map[string]*jsonschema.Schema
	errs     map[string]error
}

// NewSchemaChecker returns an empty checker.
func NewSchemaChecker() *SchemaChecker {
	return &SchemaChecker{compiled: map[string]*jsonschema.Schema{}, errs: map[string]error{}}
}

// Check validates args against the tool's input schema. It returns the
// validation messages (nil when valid) or an error when the schema itself
// does not compile.
func (sc *SchemaChecker) Check(tool *model.Tool, args map[string]any) ([]string, error) {
	sch, err := sc.schema(tool)
	if err != nil {
		return nil, err
	}
	// The validator wants the numbers as json.Number or float64 values; a
	// round trip through canonical JSON normalises whatever the caller held.
	raw, err := model.Canonical(args, model.Compact)
	if err != nil {
		return nil, fmt.Errorf("arguments: %w", err)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
	if err != nil {
		return nil, fmt.Errorf("arguments: %w", err)
	}
	verr := sch.Validate(inst)
	if verr == nil {
		return nil, nil
	}
	ve, ok := verr.(*jsonschema.ValidationError)
	if !ok {
		return []string{verr.Error()}, nil
	}
	var msgs []string
	for _, line := range strings.Split(ve.Error(), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "jsonschema validation failed") {
			continue
		}
		msgs = append(msgs, strings.TrimPrefix(line, "- "))
	}
	if len(msgs) == 0 {
		msgs = []string{strings.TrimSpace(ve.Error())}
	}
	return msgs, nil
}

func (sc *SchemaChecker) schema(tool *model.Tool) (*jsonschema.Schema, error) {
	raw := model.MustCanonical(tool.InputSchema, model.Compact)
	key := tool.Name + "\x00" + string(raw)
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if s, ok := sc.compiled[key]; ok {
		return s, nil
	}
	if err, ok := sc.errs[key]; ok {
		return nil, err
	}
	s, err := schemacheck.Compile(raw, false)
	if err == nil {
		sc.compiled[key] = s
		return s, nil
	}
	err = fmt.Errorf("input schema of %s does not compile: %w", tool.Name, err)
	sc.errs[key] = err
	return nil, err
}
