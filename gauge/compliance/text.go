package compliance

import (
	"fmt"
	"strings"
)

// Text helpers for result messages and details.

func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

// nameList joins up to n names, with a count of the rest.
func nameList(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}

func describeType(v any) string {
	if v == nil {
		return "missing"
	}
	return fmt.Sprintf("%v", v)
}
