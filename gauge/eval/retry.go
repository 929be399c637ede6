package eval

import (
	"context"
	"errors"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/ctxsleep"
)

// RetryPolicy is toolgauge's runner retry: up to Attempts tries for
// retryable errors, waiting the provider's retry-after (capped at Cap) or
// else the next Backoff step.
type RetryPolicy struct {
	Attempts int
	Cap      time.Duration
	Backoff  []time.Duration
	// Sleep waits d or until ctx ends; nil uses a timer. Tests swap it in to
	// record the waits instead of sleeping.
	Sleep func(ctx context.Context, d time.Duration) error
}

// DefaultRetry is 4 attempts, waits 4, 8, 16 s, retry-after capped at 60 s.
func DefaultRetry() RetryPolicy {
	return RetryPolicy{Attempts: 4, Cap: 60 * time.Second, Backoff: []time.Duration{4 * time.Second, 8 * time.Second, 16 * time.Second}}
}

// Wait returns how long to wait before attempt n+1 after failure err on
// attempt n (n from 1).
func (p RetryPolicy) Wait(n int, err error) time.Duration {
	var be *BackendError
	if errors.As(err, &be) && be.HasRetryAfter {
		d := be.RetryAfter
		if d < 0 {
			d = 0
		}
		if p.Cap > 0 && d > p.Cap {
			d = p.Cap
		}
		return d
	}
	if len(p.Backoff) == 0 {
		return 0
	}
	i := n - 1
	if i >= len(p.Backoff) {
		i = len(p.Backoff) - 1
	}
	return p.Backoff[i]
}

// IsRetryable reports whether err is worth another attempt.
func IsRetryable(err error) bool {
	var be *BackendError
	if errors.As(err, &be) {
		return be.Retryable
	}
	return false
}

// Retrying wraps a backend with the policy.
type Retrying struct {
	Backend Backend
	Policy  RetryPolicy
	// OnRetry, when set, is told about every retry (attempt, wait, error).
	OnRetry func(attempt int, wait time.Duration, err error)
}

// Complete calls the backend, retrying retryable failures.
func (r *Retrying) Complete(ctx context.Context, req Request) (Completion, error) {
	attempts := r.Policy.Attempts
	if attempts < 1 {
		attempts = 1
	}
	sleep := r.Policy.Sleep
	if sleep == nil {
		sleep = ctxsleep.Sleep
	}
	var lastErr error
	for n := 1; n <= attempts; n++ {
		c, err := r.Backend.Complete(ctx, req)
		if err == nil {
			return c, nil
		}
		lastErr = err
		if !IsRetryable(err) || n == attempts || ctx.Err() != nil {
			break
		}
		wait := r.Policy.Wait(n, err)
		if r.OnRetry != nil {
			r.OnRetry(n, wait, err)
		}
		if err := sleep(ctx, wait); err != nil {
			return Completion{}, err
		}
	}
	return Completion{}, lastErr
}
