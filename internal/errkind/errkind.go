// Package errkind names the few outcomes a command's caller must tell apart
// (a bad option, a part that could not be reached, a missed gate), so that
// the packages a command calls can say which it was and the binary maps
// each to its exit code in one place.
package errkind

import "errors"

// Kind is an error's outcome as an exit code sees it.
type Kind int

// The kinds. Other is every error that names none of the others.
const (
	Other       Kind = iota
	Usage            // a flag, config value, target or input file that cannot work
	Unreachable      // a server, model backend, NATS or a store that could not be reached
	Threshold        // the work was done and a gate the user set was missed
	Expired          // a signed receipt whose validity has ended
)

// String names the kind.
func (k Kind) String() string {
	switch k {
	case Usage:
		return "usage"
	case Unreachable:
		return "unreachable"
	case Threshold:
		return "threshold"
	case Expired:
		return "expired"
	}
	return "other"
}

// Kinded is an error that knows its kind. Packages may declare their own
// error types with an ErrKind method; Of finds them through wrapping.
type Kinded interface {
	error
	ErrKind() Kind
}

// Error is an error of a given kind.
type Error struct {
	Kind Kind
	Err  error
}

// Error returns the wrapped error's message ("" when there is none: a
// missed gate whose report already said why).
func (e *Error) Error() string {
	if e.Err == nil {
		return ""
	}
	return e.Err.Error()
}

// Unwrap returns the wrapped error.
func (e *Error) Unwrap() error { return e.Err }

// ErrKind returns the kind.
func (e *Error) ErrKind() Kind { return e.Kind }

// Of returns the kind of the outermost Kinded error in err's chain, Other
// when there is none.
func Of(err error) Kind {
	var k Kinded
	if errors.As(err, &k) {
		return k.ErrKind()
	}
	return Other
}

// Wrap marks err as being of kind k; a nil err stays nil.
func Wrap(k Kind, err error) error {
	if err == nil {
		return nil
	}
	return &Error{Kind: k, Err: err}
}

// AsUsage marks err as a usage error; a nil err stays nil.
func AsUsage(err error) error { return Wrap(Usage, err) }

// AsUnreachable marks err as a part that could not be reached; a nil err
// stays nil.
func AsUnreachable(err error) error { return Wrap(Unreachable, err) }

// Missed reports a missed gate. msg may be empty when the report printed
// before it already says what was missed.
func Missed(msg string) error {
	var err error
	if msg != "" {
		err = errors.New(msg)
	}
	return &Error{Kind: Threshold, Err: err}
}
