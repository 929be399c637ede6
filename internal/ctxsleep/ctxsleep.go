// Package ctxsleep waits for a duration or until a context ends, whichever
// comes first: the one sleep every retry and back-off loop uses.
package ctxsleep

import (
	"context"
	"time"
)

// Sleep waits d, or until ctx is done. It returns ctx.Err() when ctx ended
// first (or already had, even for d <= 0), and nil after a full wait.
func Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
