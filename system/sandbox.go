package system

import (
	"context"
	"io"

	"github.com/mcpgauge/mcpgauge/worker"
)

// Sandbox names accepted by SandboxFor.
const (
	SandboxBwrap = worker.SandboxBwrap
	SandboxNone  = worker.SandboxNone
)

// SandboxFor is worker.SandboxFor: the one rule for the sandbox servers
// are launched in.
func SandboxFor(ctx context.Context, choice string, untrusted bool, log io.Writer) (worker.Sandbox, bool, error) {
	return worker.SandboxFor(ctx, choice, untrusted, log)
}
