package compat

// PyTruthy is Python's bool(v) for a value decoded from JSON with
// encoding/json (with or without UseNumber): JavaScript's Boolean (see
// JSTruthy), except that an empty list or dict is false.
func PyTruthy(v any) bool {
	switch x := v.(type) {
	case []any:
		return len(x) > 0
	case map[string]any:
		return len(x) > 0
	}
	return JSTruthy(v)
}
