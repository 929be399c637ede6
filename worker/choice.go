package worker

import (
	"context"
	"fmt"
	"io"

	"github.com/mcpgauge/mcpgauge/internal/errkind"
	"github.com/mcpgauge/mcpgauge/internal/netguard"
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
// returns whether unsandboxed launches are allowed (Options).
func SandboxFor(ctx context.Context, choice string, untrusted bool, log io.Writer) (Sandbox, bool, error) {
	if choice == "" {
		choice = SandboxNone
		if untrusted {
			choice = SandboxBwrap
		}
	}
	switch choice {
	case SandboxBwrap:
		b := NewBwrap()
		if err := b.Available(ctx); err != nil {
			if untrusted {
				return nil, false, errkind.AsUsage(fmt.Errorf("the bwrap sandbox is not available: %v; fix that, or pass --sandbox none to run registry servers unsandboxed (trusted registries only)", err))
			}
			return nil, false, errkind.AsUsage(fmt.Errorf("--sandbox bwrap: %w", err))
		}
		return b, false, nil
	case SandboxNone:
		return None{Log: log}, true, nil
	default:
		return nil, false, errkind.AsUsage(fmt.Errorf("--sandbox %q: want bwrap or none", choice))
	}
}

// Remote is the address policy and per-host politeness for the remote
// endpoints registry entries list (config remote.*).
type Remote struct {
	// AllowCIDRs are ranges a registry endpoint may reach beyond public
	// addresses (--allow-remote-cidr).
	AllowCIDRs []string
	// HostConcurrency caps the scans of one host at once (0: the default).
	HostConcurrency int
	// HostRate caps the requests per second to one host (0: the default).
	HostRate float64
}

// Apply sets the policy on opts. A bad range is a usage error naming
// --allow-remote-cidr.
func (r Remote) Apply(opts *Options) error {
	allow, err := netguard.ParsePrefixes(r.AllowCIDRs)
	if err != nil {
		return errkind.AsUsage(fmt.Errorf("--allow-remote-cidr: %w", err))
	}
	opts.RemoteAllow = allow
	opts.Hosts = netguard.NewHosts(r.HostConcurrency, r.HostRate)
	return nil
}
