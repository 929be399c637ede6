package registry

import (
	"context"
	"errors"
	"strconv"
	"sync/atomic"
	"testing"
)

// stopAfter is a context whose Err turns to context.Canceled after its
// first n calls: a cancellation that arrives midway, at a known point,
// with no clock involved.
type stopAfter struct {
	context.Context
	n, calls atomic.Int64
}

func (c *stopAfter) Err() error {
	if c.calls.Add(1) > c.n.Load() {
		return context.Canceled
	}
	return nil
}

// TestDedupeContextStopsMidway: a context cancelled while a large input
// is being deduplicated stops DedupeContext at its next check, with
// ctx.Err() and no targets, well before the end of the input.
func TestDedupeContextStopsMidway(t *testing.T) {
	t.Parallel()
	const n = 100_000
	for _, shared := range []bool{true, false} {
		in := synthEntries(n, shared)
		ctx := &stopAfter{Context: context.Background()}
		ctx.n.Store(3)
		out, err := DedupeContext(ctx, in)
		if !errors.Is(err, context.Canceled) || out != nil {
			t.Fatalf("shared=%v: %d targets, err %v; want none and context.Canceled", shared, len(out), err)
		}
		if got := ctx.calls.Load(); got != 4 {
			t.Errorf("shared=%v: looked at the context %d times, want 4 (it stops at the first look after the cancel)", shared, got)
		}
	}
}

// TestDedupeSharedLaunchKeepsEveryName: 50,000 names launching one
// package make one target that keeps every name and listing once, in
// input order (the sets that make Dedupe linear lose nothing).
func TestDedupeSharedLaunchKeepsEveryName(t *testing.T) {
	t.Parallel()
	const n = 50_000
	in := synthEntries(n, true)
	in = append(in, in[:10]...) // the same entries listed twice
	out := Dedupe(in)
	if len(out) != 1 {
		t.Fatalf("%d targets, want 1", len(out))
	}
	tg := out[0]
	if len(tg.Names) != n || len(tg.Server.Sources) != n {
		t.Fatalf("%d names and %d listings, want %d of each", len(tg.Names), len(tg.Server.Sources), n)
	}
	for i, s := range in[:n] {
		if tg.Names[i] != s.Key() || tg.Server.Sources[i] != s.Sources[0] {
			t.Fatalf("name %d is %s (listing %+v), want %s", i, tg.Names[i], tg.Server.Sources[i], s.Key())
		}
	}
	if len(in[0].Sources) != 1 {
		t.Errorf("the input's first entry now has %d listings: Dedupe changed its input", len(in[0].Sources))
	}
}

// TestNormaliseManyListingsOfOneKey: one name@version listed under
// 50,000 source IDs keeps each listing once (the set, not a scan).
func TestNormaliseManyListingsOfOneKey(t *testing.T) {
	t.Parallel()
	const n = 50_000
	in := make([]Server, 0, n+1)
	for i := 0; i < n; i++ {
		s := ver("a/x", "1.0.0", 1, StatusActive)
		s.Sources[0].ID = string(rune('a'+i%26)) + strconv.Itoa(i)
		in = append(in, s)
	}
	in = append(in, in[0])
	out, _ := Normalise(in, NormaliseOptions{})
	if len(out) != 1 || len(out[0].Sources) != n {
		t.Fatalf("%d entries, %d listings; want 1 entry with %d", len(out), len(out[0].Sources), n)
	}
}
