package compliance

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode"

	"github.com/mcpgauge/mcpgauge/gauge/schemacheck"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// maxSchemaDepth bounds recursion through nested or self-referencing schemas.
const maxSchemaDepth = 12

// formatSamples are valid values for the string formats JSON Schema defines.
func formatSample(format string) (string, bool) {
	switch format {
	case "email", "idn-email":
		return "test@example.com", true
	case "uri", "iri", "url", "uri-reference", "iri-reference":
		return "https://example.com/", true
	case "uri-template":
		return "https://example.com/{id}", true
	case "date-time":
		return "2024-01-01T00:00:00Z", true
	case "date":
		return "2024-01-01", true
	case "time":
		return "00:00:00Z", true
	case "duration":
		return "P1D", true
	case "uuid":
		return "00000000-0000-4000-8000-000000000000", true
	case "ipv4":
		return "127.0.0.1", true
	case "ipv6":
		return "::1", true
	case "hostname", "idn-hostname":
		return "example.com", true
	case "json-pointer":
		return "/test", true
	case "relative-json-pointer":
		return "0", true
	case "regex":
		return ".*", true
	}
	return "", false
}

// GenerateArgs returns tool arguments that satisfy the tool's inputSchema,
// checked with the JSON Schema validator (formats asserted). It first tries
// the smallest object (required properties only), then one with every
// declared property, and reports an error when neither validates: such a tool
// is not called.
//
// Values: const, then the first enum value, then default, then the first
// example, then a value made
// from the type: strings honour format (email, uri, date-time, date, uuid,
// …), simple patterns, minLength and maxLength; numbers honour minimum,
// maximum, their exclusive forms and multipleOf; arrays get minItems items;
// objects recurse. Local $ref, allOf (merged) and anyOf/oneOf (first branch)
// are followed.
func GenerateArgs(inputSchema json.RawMessage) (map[string]any, error) {
	if len(inputSchema) == 0 || string(inputSchema) == "null" {
		return map[string]any{}, nil
	}
	doc, err := model.DecodeJSON(inputSchema)
	if err != nil {
		return nil, fmt.Errorf("inputSchema is not JSON: %w", err)
	}
	root, ok := doc.(map[string]any)
	if !ok {
		return nil, errors.New("inputSchema is not a JSON object")
	}
	sch, err := schemacheck.Compile(inputSchema, true)
	if err != nil {
		return nil, fmt.Errorf("inputSchema does not compile: %w", err)
	}
	var lastErr error
	for _, g := range []argGen{{root: root}, {root: root, all: true}, {root: root, plain: true}, {root: root, all: true, plain: true}} {
		v, err := g.value(root, 0)
		if err != nil {
			lastErr = err
			continue
		}
		obj, ok := v.(map[string]any)
		if !ok {
			obj = map[string]any{}
		}
		raw, err := json.Marshal(obj)
		if err != nil {
			lastErr = fmt.Errorf("encode arguments: %w", err)
			continue
		}
		if err := schemacheck.Validate(sch, raw); err != nil {
			lastErr = fmt.Errorf("generated arguments %s do not validate: %w", raw, err)
			continue
		}
		return obj, nil
	}
	return nil, lastErr
}

type argGen struct {
	root map[string]any
	// all includes optional properties too.
	all bool
	// plain ignores default and examples (which may not validate).
	plain bool
}

func (g argGen) value(s any, depth int) (any, error) {
	if depth > maxSchemaDepth {
		return nil, errors.New("schema nests too deeply")
	}
	m, ok := s.(map[string]any)
	if !ok {
		// true, {} or anything else: any value goes.
		return "test", nil
	}
	if ref, ok := m["$ref"].(string); ok {
		target, err := g.resolve(ref)
		if err != nil {
			return nil, err
		}
		merged := merge(target, without(m, "$ref"))
		return g.value(merged, depth+1)
	}
	if c, ok := m["const"]; ok {
		return c, nil
	}
	if e, ok := m["enum"].([]any); ok && len(e) > 0 {
		return e[0], nil
	}
	if d, ok := m["default"]; ok && !g.plain {
		return d, nil
	}
	if ex, ok := m["examples"].([]any); ok && len(ex) > 0 && !g.plain {
		return ex[0], nil
	}
	if all, ok := m["allOf"].([]any); ok && len(all) > 0 {
		merged := without(m, "allOf")
		for _, sub := range all {
			sm, ok := sub.(map[string]any)
			if !ok {
				continue
			}
			if ref, ok := sm["$ref"].(string); ok {
				target, err := g.resolve(ref)
				if err != nil {
					return nil, err
				}
				sm = merge(target, without(sm, "$ref"))
			}
			merged = merge(merged, sm)
		}
		return g.value(merged, depth+1)
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		if alts, ok := m[key].([]any); ok && len(alts) > 0 {
			// Prefer the first branch that is not plain null.
			pick := alts[0]
			for _, a := range alts {
				if am, ok := a.(map[string]any); !ok || am["type"] != "null" {
					pick = a
					break
				}
			}
			if pm, ok := pick.(map[string]any); ok {
				return g.value(merge(without(m, key), pm), depth+1)
			}
			return g.value(without(m, key), depth+1)
		}
	}
	switch schemaType(m) {
	case "null":
		return nil, nil
	case "boolean":
		return false, nil
	case "integer":
		return numberValue(m, true), nil
	case "number":
		return numberValue(m, false), nil
	case "string":
		return stringValue(m), nil
	case "array":
		return g.arrayValue(m, depth)
	case "object":
		return g.objectValue(m, depth)
	}
	return "test", nil
}

// schemaType picks the type to generate: the declared type (the first non-null
// one of a list), else one implied by the keywords present.
func schemaType(m map[string]any) string {
	switch t := m["type"].(type) {
	case string:
		return t
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok && s != "null" {
				return s
			}
		}
		if len(t) > 0 {
			return "null"
		}
	}
	switch {
	case has(m, "properties", "required", "additionalProperties", "patternProperties"):
		return "object"
	case has(m, "items", "prefixItems", "minItems"):
		return "array"
	case has(m, "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
		return "number"
	}
	return "string"
}

func has(m map[string]any, keys ...string) bool {
	for _, k := range keys {
		if _, ok := m[k]; ok {
			return true
		}
	}
	return false
}

func (g argGen) objectValue(m map[string]any, depth int) (any, error) {
	props, _ := m["properties"].(map[string]any)
	out := map[string]any{}
	var names []string
	if g.all {
		for name := range props {
			names = append(names, name)
		}
	}
	if req, ok := m["required"].([]any); ok {
		for _, r := range req {
			if name, ok := r.(string); ok {
				names = append(names, name)
			}
		}
	}
	for _, name := range names {
		if _, done := out[name]; done {
			continue
		}
		ps, ok := props[name]
		if !ok {
			ps = m["additionalProperties"]
			if b, isBool := ps.(bool); isBool && b {
				ps = nil
			}
		}
		v, err := g.value(ps, depth+1)
		if err != nil {
			return nil, fmt.Errorf("property %q: %w", name, err)
		}
		out[name] = v
	}
	return out, nil
}

func (g argGen) arrayValue(m map[string]any, depth int) (any, error) {
	n := intKeyword(m, "minItems", 0)
	out := []any{}
	prefix, _ := m["prefixItems"].([]any)
	for i := 0; i < n || i < len(prefix) && g.all; i++ {
		var item any
		if i < len(prefix) {
			item = prefix[i]
		} else {
			item = m["items"]
		}
		v, err := g.value(item, depth+1)
		if err != nil {
			return nil, fmt.Errorf("item %d: %w", i, err)
		}
		// Keep items distinct when uniqueItems asks for it and enum allows.
		if im, ok := item.(map[string]any); ok {
			if e, ok := im["enum"].([]any); ok && i < len(e) {
				v = e[i]
			}
		}
		out = append(out, v)
	}
	return out, nil
}

func intKeyword(m map[string]any, key string, def int) int {
	if f, ok := toFloat(m[key]); ok && f >= 0 && f < 1000 {
		return int(f)
	}
	return def
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case float64:
		return x, true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	}
	return 0, false
}

func numberValue(m map[string]any, integer bool) json.Number {
	step := 1.0
	if !integer {
		step = 0.5
	}
	lo, hasLo := toFloat(m["minimum"])
	if b, ok := m["exclusiveMinimum"].(bool); ok && b && hasLo {
		lo += step // draft-04 boolean form
	} else if x, ok := toFloat(m["exclusiveMinimum"]); ok && (!hasLo || x >= lo) {
		lo, hasLo = x+step, true
	}
	hi, hasHi := toFloat(m["maximum"])
	if b, ok := m["exclusiveMaximum"].(bool); ok && b && hasHi {
		hi -= step
	} else if x, ok := toFloat(m["exclusiveMaximum"]); ok && (!hasHi || x <= hi) {
		hi, hasHi = x-step, true
	}
	v := 0.0
	if hasLo && v < lo {
		v = lo
	}
	if hasHi && v > hi {
		v = hi
		if hasLo && v < lo {
			v = lo
		}
	}
	if integer {
		v = math.Ceil(v)
	}
	if mult, ok := toFloat(m["multipleOf"]); ok && mult > 0 {
		v = math.Ceil(v/mult) * mult
	}
	if integer || v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return json.Number(strconv.FormatInt(int64(v), 10))
	}
	return json.Number(new(big.Float).SetFloat64(v).Text('g', -1))
}

func stringValue(m map[string]any) string {
	minLen := intKeyword(m, "minLength", 0)
	maxLen := intKeyword(m, "maxLength", -1)
	if f, ok := m["format"].(string); ok {
		if v, ok := formatSample(f); ok {
			return v
		}
	}
	if p, ok := m["pattern"].(string); ok {
		if re, err := schemacheck.Regexp(p); err == nil {
			for _, stretch := range []int{0, 1, 2, minLen} {
				if v, ok := patternSample(p, stretch); ok && re.MatchString(v) && len([]rune(v)) >= minLen && (maxLen < 0 || len([]rune(v)) <= maxLen) {
					return v
				}
			}
			for _, v := range []string{"test", "a", "A", "0", "test-1", "Test_1"} {
				if re.MatchString(v) {
					return v
				}
			}
		}
	}
	v := "test"
	for len(v) < minLen {
		v += "x"
	}
	if maxLen >= 0 && len(v) > maxLen {
		v = v[:maxLen]
	}
	return v
}

// patternSample builds a string matching a simple regular expression by
// walking its syntax tree: first alternatives, the minimum repetition (plus
// stretch for unbounded ones), and a printable member of each class.
func patternSample(pattern string, stretch int) (string, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	if !writeSample(&b, re.Simplify(), stretch, 0) {
		return "", false
	}
	return b.String(), true
}

func writeSample(b *strings.Builder, re *syntax.Regexp, stretch, depth int) bool {
	if depth > 50 || b.Len() > 1000 {
		return false
	}
	switch re.Op {
	case syntax.OpLiteral:
		b.WriteString(string(re.Rune))
	case syntax.OpCharClass:
		r, ok := classSample(re.Rune)
		if !ok {
			return false
		}
		b.WriteRune(r)
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteRune('a')
	case syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpEmptyMatch:
	case syntax.OpCapture:
		return writeSample(b, re.Sub[0], stretch, depth+1)
	case syntax.OpStar:
		for range stretch {
			if !writeSample(b, re.Sub[0], stretch, depth+1) {
				return false
			}
		}
	case syntax.OpPlus:
		for range 1 + stretch {
			if !writeSample(b, re.Sub[0], stretch, depth+1) {
				return false
			}
		}
	case syntax.OpQuest:
	case syntax.OpRepeat:
		n := re.Min
		if re.Max == -1 || re.Min+stretch <= re.Max {
			n += stretch
		} else {
			n = re.Max
		}
		for range n {
			if !writeSample(b, re.Sub[0], stretch, depth+1) {
				return false
			}
		}
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if !writeSample(b, sub, stretch, depth+1) {
				return false
			}
		}
	case syntax.OpAlternate:
		return writeSample(b, re.Sub[0], stretch, depth+1)
	default:
		return false
	}
	return true
}

// classSample picks a printable rune from a character class, preferring a
// lowercase letter, then a digit, then anything printable.
func classSample(ranges []rune) (rune, bool) {
	for _, want := range []rune{'a', 'x', '0', 'A'} {
		for i := 0; i+1 < len(ranges); i += 2 {
			if ranges[i] <= want && want <= ranges[i+1] {
				return want, true
			}
		}
	}
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= ranges[i+1] && r-ranges[i] < 256; r++ {
			if unicode.IsPrint(r) && !unicode.IsSpace(r) {
				return r, true
			}
		}
	}
	return 0, false
}

// resolve follows a local JSON pointer reference ("#", "#/$defs/x",
// "#/definitions/x", …) within the root schema.
func (g argGen) resolve(ref string) (map[string]any, error) {
	if !strings.HasPrefix(ref, "#") {
		return nil, fmt.Errorf("reference %q is not local", ref)
	}
	var cur any = g.root
	ptr := strings.TrimPrefix(ref, "#")
	if ptr != "" {
		for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			switch c := cur.(type) {
			case map[string]any:
				cur = c[tok]
			case []any:
				i, err := strconv.Atoi(tok)
				if err != nil || i < 0 || i >= len(c) {
					return nil, fmt.Errorf("reference %q does not resolve", ref)
				}
				cur = c[i]
			default:
				return nil, fmt.Errorf("reference %q does not resolve", ref)
			}
		}
	}
	m, ok := cur.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("reference %q does not resolve to a schema object", ref)
	}
	return m, nil
}

// without returns a shallow copy of m without the named keys.
func without(m map[string]any, keys ...string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	for _, k := range keys {
		delete(out, k)
	}
	return out
}

// merge combines two schemas for generation: properties are united, required
// lists concatenated, and for other keys the first schema wins.
func merge(a, b map[string]any) map[string]any {
	out := without(a)
	for k, v := range b {
		switch k {
		case "properties":
			pa, _ := out[k].(map[string]any)
			pb, _ := v.(map[string]any)
			props := without(pa)
			for pk, pv := range pb {
				if _, ok := props[pk]; !ok {
					props[pk] = pv
				}
			}
			out[k] = props
		case "required":
			ra, _ := out[k].([]any)
			rb, _ := v.([]any)
			out[k] = append(append([]any{}, ra...), rb...)
		default:
			if _, ok := out[k]; !ok {
				out[k] = v
			}
		}
	}
	return out
}
