package compat

import (
	"encoding/json"
	"math"
	"strings"
)

// PyNumberKind classifies a JSON number the way Python's json.loads does:
// integer text becomes an int, anything with a fraction or exponent a float.
func PyNumberKind(v any) (isNum, isInt bool, f float64) {
	switch x := v.(type) {
	case json.Number:
		s := x.String()
		g, _ := x.Float64()
		return true, !strings.ContainsAny(s, ".eE"), g
	case float64:
		return true, false, x
	case float32:
		return true, false, float64(x)
	case int:
		return true, true, float64(x)
	case int64:
		return true, true, float64(x)
	}
	return false, false, 0
}

// PyEqual compares two decoded JSON values as Python's == would
// (True == 1, 1 == 1.0).
func PyEqual(a, b any) bool {
	toNum := func(v any) (float64, bool) {
		if bv, ok := v.(bool); ok {
			if bv {
				return 1, true
			}
			return 0, true
		}
		isNum, _, f := PyNumberKind(v)
		return f, isNum
	}
	if fa, ok := toNum(a); ok {
		if fb, ok := toNum(b); ok {
			return fa == fb && !math.IsNaN(fa)
		}
		return false
	}
	switch x := a.(type) {
	case nil:
		return b == nil
	case string:
		y, ok := b.(string)
		return ok && x == y
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !PyEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !PyEqual(v, w) {
				return false
			}
		}
		return true
	}
	return false
}
