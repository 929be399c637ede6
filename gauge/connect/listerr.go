package connect

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Kinds of ListError, named like the result statuses they become.
const (
	ListCrashed       = "crashed"
	ListTimeout       = "timeout"
	ListProtocolError = "protocol_error"
	ListTooLarge      = "too_large"
)

// ErrTooLarge marks a message or a listing that exceeded one of the
// scanner's caps (Options.MaxStdoutLine, MaxListBytes, MaxTools, MaxPages).
var ErrTooLarge = errors.New("over the size cap")

// ListError says why a snapshot's listing did not complete: the tools list
// stopped before its end (or a tool in it could not be read), or another
// list ended in a transport failure. A scan with a ListError is never
// scored: what was read is not the whole server.
type ListError struct {
	// Kind is ListCrashed, ListTimeout, ListProtocolError or ListTooLarge.
	Kind string
	// Phase is the request that failed, e.g. "tools/list page 2".
	Phase string
	// Detail is what went wrong, with the server's exit status if it died.
	Detail string
	// Items is how many items of the list were read before it stopped.
	Items int
	// BytesRead is the size of every list result read in the snapshot.
	BytesRead int64
	// Stderr is the server's stderr: its head and its tail (stdio only).
	Stderr string
	// Err is the failed call's error, when a call failed (with the HTTP
	// round trip's own error joined, when there was one), for errors.Is
	// and errors.As; nil for a failure found in what was read.
	Err error
}

func (e *ListError) Error() string {
	return "listing incomplete (" + e.Kind + "): " + e.Reason()
}

// Reason is one line: the phase, what went wrong, how much was read, and
// the head and tail of the server's stderr (so a crash's first line
// survives a long stack dump).
func (e *ListError) Reason() string {
	msg := fmt.Sprintf("%s: %s (after %d items, %d bytes of list results)", e.Phase, e.Detail, e.Items, e.BytesRead)
	if st := oneLine(e.Stderr); st != "" {
		msg += "; stderr: " + clipMiddle(st, 300)
	}
	return msg
}

// oneLine joins the non-empty lines of s with " | ".
func oneLine(s string) string {
	var parts []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, " | ")
}

// Unwrap lets errors.Is(err, ErrTooLarge) find the too_large kind, and
// errors.Is and errors.As the failed call's error.
func (e *ListError) Unwrap() []error {
	var errs []error
	if e.Kind == ListTooLarge {
		errs = append(errs, ErrTooLarge)
	}
	if e.Err != nil {
		errs = append(errs, e.Err)
	}
	return errs
}

// aborted is why the connection was aborted by us, if it was: a stdout
// flood or a line over the cap (stdio), a response body or SSE event over
// the cap (HTTP).
func (s *Session) aborted() error {
	if s.line != nil {
		if a := s.line.aborted(); a != nil {
			return a
		}
	}
	return s.tripper.aborted()
}

// failKind classifies a failed list call on s: the server died, the
// connection was aborted (flood or a message over the cap), no answer came
// in time, or the server answered with a JSON-RPC error (rpc true).
func (s *Session) failKind(err error) (kind string, rpc bool) {
	if a := s.aborted(); a != nil {
		if errors.Is(a, ErrTooLarge) {
			return ListTooLarge, false
		}
		return ListProtocolError, false
	}
	if s.proc != nil {
		s.proc.settle(s.line)
		if s.proc.exitStatus() != "" {
			return ListCrashed, false
		}
	}
	var re *replyError
	if errors.As(err, &re) {
		return ListProtocolError, true
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return ListTimeout, false
	case errors.Is(err, mcp.ErrConnectionClosed) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return ListCrashed, false
	}
	if s.tripper != nil {
		if terr := s.tripper.transportErr(); terr != nil {
			// The HTTP server went away mid-list (the SDK flattens the
			// error; the tripper kept its type).
			return ListCrashed, false
		}
	}
	return ListProtocolError, false
}

// replyError is a JSON-RPC error the server sent in answer to a list call.
type replyError struct {
	code    int64
	message string
}

func (e *replyError) Error() string { return fmt.Sprintf("error %d: %s", e.code, e.message) }
