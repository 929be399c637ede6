package system

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/mattn/go-runewidth"
	"github.com/nats-io/nats.go"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/internal/termsafe"
)

// progressReport is where the progress of one sweep goes.
type progressReport struct {
	// progress reads the sweep's progress.
	progress func(context.Context) (coordinator.Progress, error)
	w        io.Writer
	// tty draws one line redrawn in place; otherwise plain lines.
	tty bool
	// watch, when set, starts following the jobs in flight, which the
	// live line names; the returned func stops it.
	watch func() (*coordinator.InFlight, func())
	// width is the terminal's width in cells (0: unknown).
	width func() int
	// every is how often a line is drawn (default: a second on a
	// terminal, 30 s otherwise).
	every time.Duration
}

// sweepProgress is the report of sweep id that RunSweep runs on c: to
// o.Stderr, as wide as that terminal, naming the jobs in flight on b.
func sweepProgress(c *coordinator.Coordinator, id string, b *bus, o SweepOptions, log *slog.Logger) progressReport {
	return progressReport{w: o.Stderr, tty: o.Terminal,
		progress: func(ctx context.Context) (coordinator.Progress, error) { return c.Progress(ctx, id) },
		width:    func() int { return termsafe.Width(o.Stderr) },
		watch:    func() (*coordinator.InFlight, func()) { return watchInFlight(b, id, log) }}
}

// reportProgress prints a live line on a terminal, log lines otherwise.
func reportProgress(ctx context.Context, r progressReport) {
	every := r.every
	switch {
	case every > 0:
	case r.tty:
		every = time.Second
	default:
		every = 30 * time.Second
	}
	var inFlight *coordinator.InFlight
	if r.tty && r.watch != nil {
		f, stop := r.watch()
		defer stop()
		inFlight = f
	}
	start := time.Now()
	t := time.NewTicker(every)
	defer t.Stop()
	drawn := false
	for {
		select {
		case <-ctx.Done():
			if drawn {
				fmt.Fprintln(r.w)
			}
			return
		case <-t.C:
		}
		p, err := r.progress(ctx)
		if err != nil {
			continue
		}
		if !r.tty {
			fmt.Fprintln(r.w, progressLine(p, time.Since(start)))
			continue
		}
		var jobs []coordinator.InFlightJob
		if inFlight != nil {
			jobs = inFlight.Jobs()
		}
		width := 0
		if r.width != nil {
			width = r.width()
		}
		drawLine(r.w, fitLine(liveHead(p, time.Since(start)), jobs, width))
		drawn = true
	}
}

// drawLine redraws the live line: a carriage return, the line (fitLine
// escaped and fitted it) and an erase to the end of the line, written
// under any termsafe.Writer since the control bytes are ours.
func drawLine(w io.Writer, line string) {
	fmt.Fprintf(termsafe.Raw(w), "\r%s\x1b[K", line)
}

// defaultWidth is assumed when the terminal does not say its width.
const defaultWidth = 80

// minName is the fewest cells of a name cut short (with its "…").
const minName = 8

// fitLine is the live line: head (numbers only), then each job in flight
// as " · phase name@version" while they fit, the first that does not fit
// cut short with "…" if minName cells of its name are left, then " · +N more" for the
// rest; all cut to width-1 cells (0: defaultWidth) so the cursor never
// wraps. Names and versions are hostile: escaped (termsafe.String) first,
// then measured. An ambiguous-width character counts as wide, so the
// line never overflows a terminal that draws it wide.
func fitLine(head string, jobs []coordinator.InFlightJob, width int) string {
	cells := &runewidth.Condition{EastAsianWidth: true}
	if width <= 0 {
		width = defaultWidth
	}
	room := width - 1
	var b strings.Builder
	used := 0
	add := func(s string) {
		b.WriteString(s)
		used += cells.StringWidth(s)
	}
	more := func(n int) string {
		if n == 0 {
			return ""
		}
		return fmt.Sprintf(" · +%d more", n)
	}
	add(termsafe.String(head))
	for i, j := range jobs {
		prefix := " · " + string(j.Phase) + " "
		seg := prefix + termsafe.String(j.Name)
		if j.Version != "" {
			seg += "@" + termsafe.String(j.Version)
		}
		rest := more(len(jobs) - i - 1)
		if used+cells.StringWidth(seg)+cells.StringWidth(rest) <= room {
			add(seg)
			continue
		}
		if left := room - used - cells.StringWidth(rest); left >= cells.StringWidth(prefix)+minName {
			add(cells.Truncate(seg, left, "…"))
			add(rest)
		} else if all := more(len(jobs) - i); used+cells.StringWidth(all) <= room {
			add(all)
		}
		break
	}
	return cells.Truncate(b.String(), room, "")
}

// liveHead is progressLine made short for the live line, so the jobs in
// flight fit beside it.
func liveHead(p coordinator.Progress, elapsed time.Duration) string {
	return counts(p, elapsed, true)
}

// watchInFlight follows the sweep's jobs in flight on a connection of its
// own to b's server (embedded, or its URL with its credentials), whose
// error handler is quiet: a slow consumer drops announcements instead of
// printing nats.go's message over the live line. It returns nil when that
// connection fails; the line then shows numbers only.
func watchInFlight(b *bus, id string, log *slog.Logger) (*coordinator.InFlight, func()) {
	nc, err := b.connect("mcpgauge-progress")
	if err != nil {
		log.Warn("progress: jobs in flight not shown", "err", err)
		return nil, func() {}
	}
	nc.SetErrorHandler(func(*nats.Conn, *nats.Subscription, error) {})
	f, err := coordinator.WatchInFlight(nc, id, coordinator.InFlightOptions{})
	if err != nil {
		nc.Close()
		log.Warn("progress: jobs in flight not shown", "err", err)
		return nil, func() {}
	}
	return f, func() { _ = f.Close(); nc.Close() }
}

// progressLine renders done/total, rate, ETA and failures.
func progressLine(p coordinator.Progress, elapsed time.Duration) string {
	return counts(p, elapsed, false)
}

// counts renders a sweep's progress: done/total, rate, ETA, failures,
// unchanged servers and the ecosystem pass; short is the live line's
// wording (failures only when there are some).
func counts(p coordinator.Progress, elapsed time.Duration, short bool) string {
	var b strings.Builder
	switch {
	case p.Planning && short:
		fmt.Fprintf(&b, "planning %d, ", p.Planned)
	case p.Planning:
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
	switch {
	case short && p.Failed > 0:
		fmt.Fprintf(&b, ", %d failed", p.Failed)
	case !short:
		fmt.Fprintf(&b, ", %d could not be scanned", p.Failed)
	}
	if p.Skipped > 0 && !p.Planning {
		fmt.Fprintf(&b, ", %d unchanged", p.Skipped)
	}
	switch {
	case p.Ecosystem && short:
		b.WriteString(", ecosystem pass")
	case p.Ecosystem:
		b.WriteString("; ecosystem pass running")
	}
	return b.String()
}
