package backend

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
)

// classify turns a provider or transport error into an eval.BackendError.
// parent is the caller's context: its cancellation is not retryable, while
// a per-request timeout is. A connection that could not be made at all (a
// refused port, a name that does not resolve, no route) is not retried
// either: without a network or a running server, waiting 28 s changes
// nothing, and the answers so far are cached for the next run.
func classify(parent context.Context, s Spec, err error) error {
	if err == nil {
		return nil
	}
	if parent.Err() != nil {
		return parent.Err()
	}
	provider, key := s.Provider, s.Key
	be := &eval.BackendError{Provider: provider}
	var ae *apiError
	switch {
	case errors.As(err, &ae):
		be.Status = ae.Status
		be.Msg = ae.Msg
		be.RetryAfter, be.HasRetryAfter = retryAfter(ae.Header, time.Now())
	default:
		var ne net.Error
		nc := noConnection(err)
		switch {
		case errors.Is(err, context.DeadlineExceeded):
			be.Msg, be.Retryable = "request timed out", true
		case nc != nil:
			be.Msg = fmt.Sprintf("cannot connect to %s (%v); check the network, or point --base-url at a reachable server", displayURL(s.BaseURL), nc)
		case errors.As(err, &ne):
			be.Msg, be.Retryable = "connection failed: "+ne.Error(), true
		default:
			be.Msg = err.Error()
			var opErr *net.OpError
			if errors.As(err, &opErr) || strings.Contains(be.Msg, "connection refused") || strings.Contains(be.Msg, "EOF") {
				be.Retryable = true
			}
		}
	}
	if be.Status != 0 {
		if be.Msg == "" {
			be.Msg = http.StatusText(be.Status)
		}
		switch {
		case be.Status == http.StatusUnauthorized || be.Status == http.StatusForbidden:
			be.Auth = true
		case be.Status == http.StatusTooManyRequests, be.Status == http.StatusRequestTimeout, be.Status >= 500:
			be.Retryable = true
		}
	}
	if key != "" {
		be.Msg = strings.ReplaceAll(be.Msg, key, "[redacted]")
	}
	// The wrapped error may print request details; keep it for errors.As
	// but never for display (BackendError.Error prints only Msg).
	be.Err = redacted{err}
	return be
}

// noConnection returns the dial error in err's chain (the connection was
// never made), or nil.
func noConnection(err error) error {
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return op
	}
	var dns *net.DNSError
	if errors.As(err, &dns) {
		return dns
	}
	return nil
}

// displayURL is u without any user information it carries.
func displayURL(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.User == nil {
		return u
	}
	p.User = nil
	return p.String()
}

// redacted hides an error's text while keeping it unwrappable.
type redacted struct{ err error }

func (r redacted) Error() string { return "provider error" }
func (r redacted) Unwrap() error { return r.err }

// retryAfter reads Retry-After (seconds or HTTP date) or retry-after-ms.
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 {
			return time.Duration(ms * float64(time.Millisecond)), true
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
		return time.Duration(s * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		d := t.Sub(now)
		if d < 0 {
			d = 0
		}
		return d, true
	}
	return 0, false
}
