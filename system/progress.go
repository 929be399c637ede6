package system

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/internal/termsafe"
)

// reportProgress prints a live line on a terminal, log lines otherwise.
func reportProgress(ctx context.Context, c *coordinator.Coordinator, id string, w io.Writer, tty bool) {
	every := 30 * time.Second
	if tty {
		every = time.Second
	}
	start := time.Now()
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			if tty {
				fmt.Fprintln(w)
			}
			return
		case <-t.C:
		}
		p, err := c.Progress(ctx, id)
		if err != nil {
			continue
		}
		line := progressLine(p, time.Since(start))
		if tty {
			// The carriage return is ours; the line is numbers only.
			fmt.Fprintf(termsafe.Raw(w), "\r%-100s", termsafe.String(line))
		} else {
			fmt.Fprintln(w, line)
		}
	}
}

// progressLine renders done/total, rate, ETA and failures.
func progressLine(p coordinator.Progress, elapsed time.Duration) string {
	var b strings.Builder
	if p.Planning {
		fmt.Fprintf(&b, "planning: %d planned, %d skipped; ", p.Planned, p.Skipped)
	}
	fmt.Fprintf(&b, "%d/%d scanned", p.Done, p.Expected)
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(p.Done) / s
	}
	fmt.Fprintf(&b, ", %.2f/s", rate)
	if left := p.Expected - p.Done; left > 0 && rate > 0 && !p.Planning {
		fmt.Fprintf(&b, ", ETA %s", time.Duration(float64(left)/rate*float64(time.Second)).Round(time.Second))
	}
	fmt.Fprintf(&b, ", %d could not be scanned", p.Failed)
	if p.Skipped > 0 && !p.Planning {
		fmt.Fprintf(&b, ", %d unchanged", p.Skipped)
	}
	if p.Ecosystem {
		b.WriteString("; ecosystem pass running")
	}
	return b.String()
}
