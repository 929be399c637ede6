package eval_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
)

// gateBackend blocks every call until released and tracks the peak of
// calls in flight per model.
type gateBackend struct {
	mu      sync.Mutex
	inside  map[string]int
	peak    map[string]int
	release chan struct{}
	// entered gets one token per call that got past the limiter.
	entered chan struct{}
	started atomic.Int64
}

func (g *gateBackend) Complete(ctx context.Context, req eval.Request) (eval.Completion, error) {
	g.mu.Lock()
	g.inside[req.Model]++
	if g.inside[req.Model] > g.peak[req.Model] {
		g.peak[req.Model] = g.inside[req.Model]
	}
	g.mu.Unlock()
	g.started.Add(1)
	g.entered <- struct{}{}
	select {
	case <-g.release:
	case <-ctx.Done():
	}
	g.mu.Lock()
	g.inside[req.Model]--
	g.mu.Unlock()
	return eval.Completion{}, ctx.Err()
}

func TestLimiterCapsCallsPerModel(t *testing.T) {
	t.Parallel()
	g := &gateBackend{inside: map[string]int{}, peak: map[string]int{}, release: make(chan struct{}), entered: make(chan struct{}, 12)}
	lim := eval.NewLimiter(2)
	b := &eval.Limited{Backend: g, Limiter: lim}
	var wg sync.WaitGroup
	for i := 0; i < 12; i++ {
		wg.Add(1)
		model := []string{"a", "b"}[i%2]
		go func() {
			defer wg.Done()
			_, _ = b.Complete(context.Background(), eval.Request{Model: model})
		}()
	}
	// Wait until both models have their two slots busy, then drain. The
	// deadline only keeps a broken limiter (fewer slots) from hanging the test.
	deadline := time.After(time.Minute)
	for i := 0; i < 4; i++ {
		select {
		case <-g.entered:
		case <-deadline:
			t.Fatalf("only %d of 4 calls got a slot (2 per model)", g.started.Load())
		}
	}
	close(g.release)
	wg.Wait()
	if g.peak["a"] != 2 || g.peak["b"] != 2 || g.started.Load() != 12 {
		t.Errorf("peaks %v after %d calls, want 2 per model and 12 calls", g.peak, g.started.Load())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	full := eval.NewLimiter(1)
	rel, _ := full.Acquire(context.Background(), "m")
	defer rel()
	if _, err := full.Acquire(ctx, "m"); err == nil {
		t.Error("Acquire on a full model with a cancelled context should fail")
	}
}
