package compat

import (
	"encoding/json"
	"strconv"
)

// JSTruthy is JavaScript's Boolean(v) for a value decoded from JSON with
// encoding/json (with or without UseNumber); nil is undefined or null and
// false, as are false, "" and 0, while every array and object is true.
func JSTruthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		return err != nil || f != 0
	case float64:
		return x != 0
	}
	return true
}
