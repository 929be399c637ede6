package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/internal/cpuprofile"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
)

// cpuProfile is --cpuprofile: a pprof CPU profile of one command run.
type cpuProfile struct {
	path string
	p    *cpuprofile.Profile
}

// addCPUProfileFlag registers --cpuprofile on root and starts the profile
// before any command runs; the caller stops it once the command returns.
func addCPUProfileFlag(root *cobra.Command) *cpuProfile {
	c := &cpuProfile{}
	root.PersistentFlags().StringVar(&c.path, "cpuprofile", "", "write a CPU profile of this run to FILE (read it with go tool pprof)")
	root.PersistentPreRunE = func(*cobra.Command, []string) (err error) {
		if c.path == "" {
			return nil
		}
		if c.p, err = cpuprofile.Start(c.path); err != nil {
			return errkind.AsUsage(fmt.Errorf("--cpuprofile: %w", err))
		}
		return nil
	}
	return c
}

// stop ends a running profile and reports a failure to write it on stderr.
func (c *cpuProfile) stop(stderr io.Writer) {
	if err := c.p.Stop(); err != nil {
		fmt.Fprintln(stderr, "mcpgauge: --cpuprofile:", err)
	}
}
