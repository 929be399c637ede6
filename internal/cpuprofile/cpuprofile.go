// Package cpuprofile writes a pprof CPU profile of one run to a file (an
// operator's tool for finding where a sweep or a scan spends its time:
// `go tool pprof FILE`).
package cpuprofile

import (
	"fmt"
	"os"
	"runtime/pprof"
)

// Profile is a running CPU profile.
type Profile struct{ f *os.File }

// Start creates path and starts profiling into it. A process has one CPU
// profile at a time: a second Start before Stop fails.
func Start(path string) (*Profile, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		_ = f.Close()
		return nil, err
	}
	return &Profile{f: f}, nil
}

// Stop ends the profile and closes its file; a nil Profile, or one
// already stopped, is a no-op.
func (p *Profile) Stop() error {
	if p == nil || p.f == nil {
		return nil
	}
	pprof.StopCPUProfile()
	err := p.f.Close()
	p.f = nil
	if err != nil {
		return fmt.Errorf("cpu profile: %w", err)
	}
	return nil
}
