package compliance

import (
	"errors"
	"fmt"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// TestEnvironmentCause: only a JSON-RPC error the server sent, naming a
// network or auth failure of its backend, is the scanner's environment; a
// transport error or an ordinary tool error is the server's.
func TestEnvironmentCause(t *testing.T) {
	t.Parallel()
	rpc := func(msg string) error {
		return fmt.Errorf("calling \"tools/call\": %w", &jsonrpc.Error{Code: -32603, Message: msg})
	}
	cases := []struct {
		err   error
		cause string
	}{
		{rpc("request to https://api.x.invalid failed: getaddrinfo ENOTFOUND api.x.invalid"), "network"},
		{rpc("TypeError: fetch failed"), "network"},
		{rpc("dial tcp: lookup api.x.invalid: no such host"), "network"},
		{rpc("upstream answered 401 Unauthorized"), "auth"},
		{rpc("Invalid API key provided"), "auth"},
		{rpc("invalid arguments: symbol is required"), ""},
		{errors.New("connection closed: getaddrinfo ENOTFOUND"), ""}, // not an answer from the server
		{fmt.Errorf("wrapped: %w", errors.New("401 Unauthorized")), ""},
	}
	for _, c := range cases {
		got, ok := environmentCause(c.err)
		if got != c.cause || ok != (c.cause != "") {
			t.Errorf("environmentCause(%v) = %q, %v; want %q", c.err, got, ok, c.cause)
		}
	}
}
