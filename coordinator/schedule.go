package coordinator

import (
	"context"
	"fmt"
	"time"

	"github.com/robfig/cron/v3"
)

// ParseSchedule parses a standard five-field cron spec ("0 3 * * *") or a
// descriptor ("@daily", "@every 6h").
func ParseSchedule(spec string) (cron.Schedule, error) {
	p := cron.NewParser(cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow | cron.Descriptor)
	s, err := p.Parse(spec)
	if err != nil {
		return nil, fmt.Errorf("schedule %q: %w (want five cron fields, e.g. \"0 3 * * *\", or @daily / @every 6h)", spec, err)
	}
	return s, nil
}

// Schedule runs a sweep at every activation of the cron schedule until ctx
// ends. Each sweep's ID is SweepID(activation time), so a coordinator that
// restarts during a sweep resumes it rather than starting another; an
// activation while a sweep still runs is skipped (never two at once).
func (c *Coordinator) Schedule(ctx context.Context, sched cron.Schedule) error {
	next := sched.Next(c.cfg.Now())
	for {
		t := time.NewTimer(time.Until(next))
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		}
		running, err := c.Running(ctx)
		if err != nil {
			c.cfg.Log.Warn("schedule: list running sweeps", "err", err)
		}
		if len(running) > 0 {
			c.cfg.Log.Info("schedule: a sweep is still running; skipping this activation", "running", running, "at", next)
		} else {
			id := SweepID(next)
			if _, err := c.Run(ctx, id); err != nil {
				c.cfg.Log.Error("scheduled sweep failed", "sweep", id, "err", err)
			}
		}
		next = sched.Next(c.cfg.Now())
	}
}
