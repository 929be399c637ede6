package system

import (
	"context"
	"fmt"
	"io"

	"github.com/mcpgauge/mcpgauge/worker"
)

// Sandbox names accepted by SandboxFor.
const (
	SandboxBwrap = "bwrap"
	SandboxNone  = "none"
)

// SandboxFor picks the sandbox servers are launched in. choice is
// SandboxBwrap, SandboxNone or "" for the default, and the default is
// one rule for every command: a server a registry entry names is
// untrusted and runs in bwrap; a command the user typed runs as it is.
// An unavailable bwrap is a usage error that says how to proceed. It also
// returns whether unsandboxed launches are allowed (worker.Options).
func SandboxFor(ctx context.Context, choice string, untrusted bool, log io.Writer) (worker.Sandbox, bool, error) {
	if choice == "" {
		choice = SandboxNone
		if untrusted {
			choice = SandboxBwrap
		}
	}
	switch choice {
	case SandboxBwrap:
		b := worker.NewBwrap()
		if err := b.Available(ctx); err != nil {
			if untrusted {
				return nil, false, usage(fmt.Errorf("the bwrap sandbox is not available: %v; fix that, or pass --sandbox none to run registry servers unsandboxed (trusted registries only)", err))
			}
			return nil, false, usage(fmt.Errorf("--sandbox bwrap: %w", err))
		}
		return b, false, nil
	case SandboxNone:
		return worker.None{Log: log}, true, nil
	default:
		return nil, false, usage(fmt.Errorf("--sandbox %q: want bwrap or none", choice))
	}
}
