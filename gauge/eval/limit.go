package eval

import (
	"context"
	"sync"
)

// Limiter caps the model calls in flight per model string across every
// Runner and Drafter that shares it (a sweep evaluating many servers
// against one model). The zero value is unusable; use NewLimiter.
type Limiter struct {
	perModel int
	mu       sync.Mutex
	slots    map[string]chan struct{}
}

// NewLimiter allows perModel calls at once for each model (at least 1).
func NewLimiter(perModel int) *Limiter {
	if perModel < 1 {
		perModel = 1
	}
	return &Limiter{perModel: perModel, slots: map[string]chan struct{}{}}
}

// Acquire waits for a slot for modelName; call release when the call ends.
func (l *Limiter) Acquire(ctx context.Context, modelName string) (release func(), err error) {
	l.mu.Lock()
	ch, ok := l.slots[modelName]
	if !ok {
		ch = make(chan struct{}, l.perModel)
		l.slots[modelName] = ch
	}
	l.mu.Unlock()
	select {
	case ch <- struct{}{}:
		return func() { <-ch }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Limited wraps a backend so every call holds a Limiter slot for its model.
type Limited struct {
	Backend Backend
	Limiter *Limiter
}

// Complete waits for a slot, then calls the backend.
func (l *Limited) Complete(ctx context.Context, req Request) (Completion, error) {
	release, err := l.Limiter.Acquire(ctx, req.Model)
	if err != nil {
		return Completion{}, err
	}
	defer release()
	return l.Backend.Complete(ctx, req)
}
