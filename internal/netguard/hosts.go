package netguard

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/time/rate"
)

// Default politeness per remote host.
const (
	// DefaultHostConcurrency is how many scans may talk to one host at once.
	DefaultHostConcurrency = 2
	// DefaultHostRate is the requests per second sent to one host.
	DefaultHostRate = 5.0
)

// Hosts caps, per remote host name, the scans running at once
// (Acquire) and the requests sent per second (Wait), shared by every scan
// of one worker process.
type Hosts struct {
	conc  int
	limit rate.Limit
	burst int

	mu  sync.Mutex
	per map[string]*hostState
}

type hostState struct {
	sem chan struct{}
	lim *rate.Limiter
}

// NewHosts returns per-host limits: at most concurrency scans per host
// (<= 0: DefaultHostConcurrency) and perSecond requests per host (<= 0:
// DefaultHostRate), with a burst of the same size as the rate rounded up.
func NewHosts(concurrency int, perSecond float64) *Hosts {
	if concurrency <= 0 {
		concurrency = DefaultHostConcurrency
	}
	if perSecond <= 0 {
		perSecond = DefaultHostRate
	}
	burst := int(perSecond)
	if float64(burst) < perSecond {
		burst++
	}
	return &Hosts{conc: concurrency, limit: rate.Limit(perSecond), burst: max(burst, 1), per: map[string]*hostState{}}
}

func (h *Hosts) state(host string) *hostState {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.per[host]
	if s == nil {
		s = &hostState{sem: make(chan struct{}, h.conc), lim: rate.NewLimiter(h.limit, h.burst)}
		h.per[host] = s
	}
	return s
}

// Acquire waits for one of host's concurrency slots; call release when
// the scan is done with the host.
func (h *Hosts) Acquire(ctx context.Context, host string) (release func(), err error) {
	s := h.state(host)
	select {
	case s.sem <- struct{}{}:
		var once sync.Once
		return func() { once.Do(func() { <-s.sem }) }, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("waiting for a free connection slot to %s (%d scans of it at once): %w", host, h.conc, ctx.Err())
	}
}

// Wait blocks until host's rate allows one more request.
func (h *Hosts) Wait(ctx context.Context, host string) error {
	if err := h.state(host).lim.Wait(ctx); err != nil {
		return fmt.Errorf("pacing requests to %s: %w", host, err)
	}
	return nil
}
