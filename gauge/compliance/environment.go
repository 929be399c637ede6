package compliance

import (
	"errors"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Signs, in a server's error message, that a backend the server relies on
// failed in a way the scanner's environment explains: the sandbox has no
// network, or the scan holds no credentials for the backend. Lower case.
var (
	networkSigns = []string{"enotfound", "eai_again", "getaddrinfo", "econnrefused", "econnreset", "etimedout",
		"enetunreach", "ehostunreach", "no such host", "network is unreachable", "fetch failed",
		"name or service not known", "temporary failure in name resolution", "could not resolve host",
		"failed to establish a new connection", "max retries exceeded with url"}
	authSigns = []string{"401", "403", "unauthorized", "unauthorised", "forbidden", "invalid api key",
		"api key", "apikey", "api_key", "not authenticated", "authentication failed", "authentication required",
		"missing credentials", "invalid credentials", "access token", "invalid token", "bearer"}
)

// environmentCause reports whether err is the server answering with a
// JSON-RPC error that blames a backend the scan cannot reach (network) or
// has no credentials for (auth), and which of the two. Only an answer the
// server sent counts: a broken connection to the server itself, or a
// timeout, is the server's own failure.
func environmentCause(err error) (string, bool) {
	var we *jsonrpc.Error
	if !errors.As(err, &we) {
		return "", false
	}
	text := strings.ToLower(we.Message + " " + string(we.Data))
	for _, s := range networkSigns {
		if strings.Contains(text, s) {
			return "network", true
		}
	}
	for _, s := range authSigns {
		if strings.Contains(text, s) {
			return "auth", true
		}
	}
	return "", false
}
