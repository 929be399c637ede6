package scan

import "testing"

// TestRootCause: failures behind one refused method share a cause, so
// the score counts them once; other failures are their own cause, and
// spec-method-01, which asks for -32601, never shares one.
func TestRootCause(t *testing.T) {
	t.Parallel()
	cases := []struct{ id, msg, want string }{
		{"resources-list-01", "resources/list failed: Method not found", "method-not-found resources/list"},
		{"resources-read-01", "calling resources/list: jsonrpc error -32601", "method-not-found resources/list"},
		{"prompts-list-01", "Method not found (-32601) for prompts/list", "method-not-found prompts/list"},
		{"tools-call-01", "tool returned isError: true", ""},
		{"spec-method-01", "resources/list returned error -32601", ""},
	}
	for _, c := range cases {
		if got := rootCause(c.id, c.msg); got != c.want {
			t.Errorf("rootCause(%q, %q) = %q, want %q", c.id, c.msg, got, c.want)
		}
	}
}
