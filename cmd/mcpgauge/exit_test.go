package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/mcpgauge/mcpgauge/attest"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
	"github.com/mcpgauge/mcpgauge/system"
)

// TestExitFor covers the one mapping from an error to an exit code.
func TestExitFor(t *testing.T) {
	t.Parallel()
	base := errors.New("boom")
	for _, c := range []struct {
		name string
		err  error
		want int
	}{
		{"success", nil, exitOK},
		{"missed gate", errkind.Missed(""), exitThreshold},
		{"missed gate, wrapped", fmt.Errorf("ci: %w", errkind.Missed("score 40 < 70")), exitThreshold},
		{"usage", errkind.AsUsage(base), exitUsage},
		{"unreachable", errkind.AsUnreachable(base), exitConnect},
		{"system usage", &system.UsageError{Err: base}, exitUsage},
		{"system unreachable", fmt.Errorf("worker: %w", &system.UnreachableError{Err: base}), exitConnect},
		{"expired receipt", errkind.Wrap(errkind.Expired, attest.ErrExpired), exitExpired},
		{"cobra's own flag error", errors.New("unknown flag: --nope"), exitUsage},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := exitFor(c.err); got != c.want {
				t.Errorf("exitFor(%v) = %d, want %d", c.err, got, c.want)
			}
		})
	}
}
