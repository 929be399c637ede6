// Package system composes the running system: the embedded sweep
// (RunSweep), the coordinator process (RunCoordinator) and the worker
// process (RunWorker). It owns, once, what those share: how NATS is
// reached (an embedded server, or a URL retried with a visible back-off),
// who sets up the streams (the sweep and the coordinator; workers bind),
// the start-up order, the coordinator's background loops and resume rule,
// the sandbox choice, the ops HTTP server, and the shutdown order.
//
// Its callers parse flags into the option structs here and map the
// returned errors to exit codes: a *UsageError is a bad option, an
// *UnreachableError a part (NATS, the store) that could not be reached.
package system

import "github.com/mcpgauge/mcpgauge/internal/errkind"

// UsageError is an option the caller gave that cannot work.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// ErrKind marks it a usage error for exit codes.
func (e *UsageError) ErrKind() errkind.Kind { return errkind.Usage }

// UnreachableError is a part of the system (NATS, the store) that could
// not be reached or set up.
type UnreachableError struct{ Err error }

func (e *UnreachableError) Error() string { return e.Err.Error() }
func (e *UnreachableError) Unwrap() error { return e.Err }

// ErrKind marks it unreachable for exit codes.
func (e *UnreachableError) ErrKind() errkind.Kind { return errkind.Unreachable }

func usage(err error) error       { return &UsageError{Err: err} }
func unreachable(err error) error { return &UnreachableError{Err: err} }
