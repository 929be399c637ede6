package worker

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"github.com/mcpgauge/mcpgauge/schema"
)

// phaseKey keys a job's phase announcer in a scan's context.
type phaseKey struct{}

// withPhases returns ctx carrying announce, which the scan calls as the
// job enters each phase (installing, starting, checking, evaluating).
func withPhases(ctx context.Context, announce func(schema.Phase)) context.Context {
	return context.WithValue(ctx, phaseKey{}, announce)
}

// Enter announces that the job scanned under ctx entered p. RunLoop
// gives each job's scan a ctx that publishes it (phases); under any other
// ctx (a local scan) Enter does nothing. A JobScanner other than
// EntryScanner may call it too.
func Enter(ctx context.Context, p schema.Phase) {
	if f, ok := ctx.Value(phaseKey{}).(func(schema.Phase)); ok {
		f(p)
	}
}

// phases returns the announcer of job on slot: each phase is published on
// core NATS (schema.PhaseSubject), fire and forget. The publish only
// buffers the message in the client; a failure (the connection is gone)
// is logged at debug level and never fails the scan.
func (l *loop) phases(job schema.Job, slot int) func(schema.Phase) {
	nc := l.cfg.JS.Conn()
	worker := l.cfg.WorkerID + "/" + strconv.Itoa(slot)
	return func(p schema.Phase) {
		if nc == nil {
			return
		}
		data, err := json.Marshal(schema.PhaseEvent{JobID: job.JobID, SweepID: job.SweepID, Name: job.Name,
			Version: job.Version, Phase: p, WorkerID: worker, At: time.Now()})
		if err == nil {
			err = nc.Publish(schema.PhaseSubject(job.SweepID), data)
		}
		if err != nil {
			l.cfg.Log.Debug("worker: announce phase", "job", job.JobID, "phase", p, "err", err)
		}
	}
}
