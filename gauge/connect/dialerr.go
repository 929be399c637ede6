package connect

import (
	"context"
	"errors"
	"net"
	"syscall"
)

// DialKind says how a Dial failed. A caller (scan.Classify) tells the
// failures apart by it, never by the message.
type DialKind string

// Kinds of DialError.
const (
	// DialUsage: the target itself is unusable (none, an empty command,
	// an unknown transport).
	DialUsage DialKind = "usage"
	// DialSpawn: the server's process could not be started (no such
	// executable, not executable, a launcher that failed).
	DialSpawn DialKind = "spawn"
	// DialExited: the server's process exited before it answered.
	DialExited DialKind = "exited"
	// DialTimeout: no answer within the dial's deadline.
	DialTimeout DialKind = "timeout"
	// DialAborted: the caller cancelled the dial.
	DialAborted DialKind = "aborted"
	// DialHTTPStatus: an HTTP server answered with an error status
	// (DialError.Code).
	DialHTTPStatus DialKind = "http_status"
	// DialTransport: the network failed (refused, reset, no route, DNS).
	DialTransport DialKind = "transport"
	// DialProtocol: the server answered, but not with a usable handshake
	// (a flood, an oversized message, a JSON-RPC error, an unsupported
	// protocol revision, garbage).
	DialProtocol DialKind = "protocol"
)

// DialError is every error Dial (and DialRaw) returns: it wraps
// ErrConnect and its cause, and says what kind of failure it was. Its
// message is the one users always saw.
type DialError struct {
	// Kind is how the dial failed.
	Kind DialKind
	// Code is the HTTP status of a DialHTTPStatus failure (0 otherwise).
	Code int
	// Stderr is the tail of the server's own stderr (stdio servers that
	// started; "" otherwise). It is the server's words, not ours.
	Stderr string

	msg   string
	cause error
}

func (e *DialError) Error() string { return ErrConnect.Error() + ": " + e.msg }

// Unwrap gives ErrConnect and the cause (an *exec.ExitError of a server
// that exited, a launcher's error, ErrFlood, ErrTooLarge, a net error,
// context.DeadlineExceeded...).
func (e *DialError) Unwrap() []error { return []error{ErrConnect, e.cause} }

// Unauthorized reports whether the failure is an HTTP 401 or 403.
func (e *DialError) Unauthorized() bool {
	return e.Kind == DialHTTPStatus && (e.Code == 401 || e.Code == 403)
}

func dialErr(kind DialKind, msg string, cause error) *DialError {
	return &DialError{Kind: kind, msg: msg, cause: cause}
}

// startKind classifies a failure to start a process: the launcher's own
// failure, a context that ended, or the executable itself.
func startKind(err error) DialKind {
	switch {
	case errors.Is(err, context.Canceled):
		return DialAborted
	case errors.Is(err, context.DeadlineExceeded):
		return DialTimeout
	}
	return DialSpawn
}

// transportKind classifies a failed HTTP exchange by the typed error the
// round trip returned (the tripper keeps it, as the SDK flattens errors).
func transportKind(err error) (DialKind, bool) {
	var ne net.Error
	var oe *net.OpError
	var de *net.DNSError
	switch {
	case err == nil:
		return "", false
	case errors.As(err, &de), errors.As(err, &oe), errors.Is(err, syscall.ECONNREFUSED),
		errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.ENETUNREACH), errors.Is(err, syscall.EHOSTUNREACH):
		return DialTransport, true
	case errors.As(err, &ne) && ne.Timeout():
		return DialTimeout, true
	}
	return DialTransport, true
}

// NewDialError returns a DialError with the given kind, message (after
// "cannot connect to MCP server: ") and cause, for code that stands in for
// Dial (a fake transport, a test).
func NewDialError(kind DialKind, msg string, cause error) *DialError {
	return dialErr(kind, msg, cause)
}
