package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"

	"github.com/spf13/cobra"
)

// cpuProfile writes a pprof CPU profile of one command run when
// --cpuprofile is set (an operator's tool for finding where a sweep or a
// scan spends its time: `go tool pprof FILE`).
type cpuProfile struct {
	path string
	f    *os.File
}

// addCPUProfileFlag registers --cpuprofile on root and starts the profile
// before any command runs; the caller stops it once the command returns.
func addCPUProfileFlag(root *cobra.Command) *cpuProfile {
	p := &cpuProfile{}
	root.PersistentFlags().StringVar(&p.path, "cpuprofile", "", "write a CPU profile of this run to FILE (read it with go tool pprof)")
	root.PersistentPreRunE = func(*cobra.Command, []string) error { return p.start() }
	return p
}

func (p *cpuProfile) start() error {
	if p.path == "" {
		return nil
	}
	f, err := os.Create(p.path)
	if err != nil {
		return usageErr(fmt.Errorf("--cpuprofile: %w", err))
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		_ = f.Close()
		return usageErr(fmt.Errorf("--cpuprofile: %w", err))
	}
	p.f = f
	return nil
}

// stop ends a running profile and reports a failure to write it on stderr.
func (p *cpuProfile) stop(stderr io.Writer) {
	if p.f == nil {
		return
	}
	pprof.StopCPUProfile()
	if err := p.f.Close(); err != nil {
		fmt.Fprintln(stderr, "mcpgauge: --cpuprofile:", err)
	}
	p.f = nil
}
