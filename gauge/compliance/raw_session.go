package compliance

import "context"

// The raw probe session the tests that need raw JSON-RPC share.

// withRaw runs f on the Env's shared raw probe session, opening it on first
// use. A transport error drops the session so the next test reopens it.
func (e *Env) withRaw(ctx context.Context, f func(RawCaller) Result) Result {
	e.mu.Lock()
	r := e.raw
	e.mu.Unlock()
	if r == nil {
		var err error
		r, err = e.rawSession(ctx)
		if err != nil {
			return errored("%v", err)
		}
		e.mu.Lock()
		e.raw = r
		e.mu.Unlock()
	}
	res := f(r)
	if res.Status == StatusError {
		e.dropRaw()
	}
	return res
}

func (e *Env) dropRaw() {
	e.mu.Lock()
	r := e.raw
	e.raw = nil
	e.mu.Unlock()
	if r != nil {
		_ = r.Close()
	}
}

// Close closes the probe sessions the tests opened (not the main session).
// Run calls it when it finishes.
func (e *Env) Close() error {
	if e == nil {
		return nil
	}
	e.dropRaw()
	return nil
}
