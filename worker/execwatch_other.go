//go:build !linux

package worker

import "errors"

// execWatch hears execs from the kernel on Linux only; elsewhere the
// watch polls.
type execWatch struct{}

// execEvent is one exec the kernel reported (Linux only).
type execEvent struct {
	pid  int
	path string
	lost bool
}

func newExecWatch(int, int) (*execWatch, error) {
	return nil, errors.New("exec events are heard on Linux only")
}

func (*execWatch) covers(int) bool { return false }

func (*execWatch) start() <-chan execEvent { return nil }

func (*execWatch) stop() {}

func argv0Of(execEvent) (string, bool) { return "", false }

func (execEvent) device() uint64 { return 0 }
