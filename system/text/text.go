// Package text renders what the running system's commands return for a
// terminal: a finished sweep's summary. Server-provided strings are made
// safe with termsafe by the renderers it calls.
package text

import (
	"fmt"
	"io"

	ecotext "github.com/mcpgauge/mcpgauge/ecosystem/text"
	"github.com/mcpgauge/mcpgauge/internal/termsafe"
	lbtext "github.com/mcpgauge/mcpgauge/leaderboard/text"
	"github.com/mcpgauge/mcpgauge/system"
)

// Sweep prints the sweep's summary line on stderr, then on stdout the top
// of the leaderboard and, when the pass ran, the ten servers hardest to
// find.
func Sweep(stdout, stderr io.Writer, res system.SweepResult) error {
	p := res.Progress
	fmt.Fprintf(stderr, "sweep %s %s: %d planned, %d skipped as unchanged, %d scanned, %d could not be scanned, %d missed the deadline\n",
		termsafe.String(res.ID), p.Status, p.Planned, p.Skipped, p.Done, p.Failed, p.Stragglers)
	if err := lbtext.Write(stdout, res.Leaderboard); err != nil {
		return err
	}
	if !res.EcosystemRan {
		return nil
	}
	fmt.Fprintln(stdout)
	return ecotext.Write(stdout, res.Ecosystem, 10, false)
}
