package coordinator

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// RejectReason says why ingest refused a well-formed result: it is the
// reason label of mcpgauge_results_rejected_total. A refused result is
// never stored, signed, or counted in a sweep's progress.
type RejectReason string

// The reasons a result is refused. Forged results land in one of them:
// anyone on the bus can compute a job ID, but not the attempt token of a
// job the coordinator did not plan.
const (
	// RejectUnknownSweep: no sweep of that ID is recorded in KV
	// mcpgauge-sweeps.
	RejectUnknownSweep RejectReason = "unknown_sweep"
	// RejectSweepClosed: the result reached the results stream after its
	// sweep had ended.
	RejectSweepClosed RejectReason = "sweep_closed"
	// RejectUnplanned: the sweep planned no job with that ID and scan key
	// (a made-up name or version, or a token that does not verify for a
	// job the coordinator does not know as outstanding).
	RejectUnplanned RejectReason = "unplanned"
	// RejectScanKey: the result of an outstanding job names another scan
	// key than the job's (another launch).
	RejectScanKey RejectReason = "scan_key"
	// RejectAttempt: the result of an outstanding job carries another
	// attempt token than the one the job was published with.
	RejectAttempt RejectReason = "attempt"
	// RejectDuplicate: the job already has an accepted result (the first
	// one wins: a replay, a second worker's scan, a give-up or deadline
	// result after a real one).
	RejectDuplicate RejectReason = "duplicate"
)

// RejectReasons lists every RejectReason.
func RejectReasons() []RejectReason {
	return []RejectReason{RejectUnknownSweep, RejectSweepClosed, RejectUnplanned, RejectScanKey, RejectAttempt, RejectDuplicate}
}

// sweepKeyBytes is the size of a sweep's attempt key.
const sweepKeyBytes = 32

// newSweepKey returns a fresh random attempt key for a sweep.
func newSweepKey() ([]byte, error) {
	k := make([]byte, sweepKeyBytes)
	if _, err := rand.Read(k); err != nil {
		return nil, fmt.Errorf("sweep attempt key: %w", err)
	}
	return k, nil
}

// attemptToken is the attempt token of a job: HMAC-SHA256 under the
// sweep's key over the length-prefixed sweep ID, job ID and scan key,
// cut to schema.AttemptLength hex characters. The job ID binds the name
// and version, the scan key the launch plan, package version, scanner and
// rule set; only the coordinator, which keeps the key in KV
// mcpgauge-sweeps, can make one.
func attemptToken(key []byte, sweepID, jobID, scanKey string) string {
	m := hmac.New(sha256.New, key)
	var n [8]byte
	for _, f := range []string{"mcpgauge-attempt", sweepID, jobID, scanKey} {
		binary.BigEndian.PutUint64(n[:], uint64(len(f)))
		m.Write(n[:])
		m.Write([]byte(f))
	}
	return hex.EncodeToString(m.Sum(nil))[:schema.AttemptLength]
}

// sweepGate is what ingest needs to know of a sweep to judge its results.
type sweepGate struct {
	known      bool
	running    bool
	finishedAt time.Time
	key        []byte
	t          *tracker // nil when this coordinator does not track the sweep
}

// gate reads what ingest needs of sweep id: from its tracker, or from its
// record in KV mcpgauge-sweeps (a sweep running under this coordinator
// before it resumed it, or one that ended). An error means KV could not
// answer; an unknown sweep is not an error.
func (c *Coordinator) gate(ctx context.Context, id string) (sweepGate, error) {
	if t := c.tracker(id); t != nil {
		t.mu.Lock()
		g := sweepGate{known: true, running: t.p.Status == store.SweepRunning, finishedAt: t.p.FinishedAt, key: t.key, t: t}
		t.mu.Unlock()
		if g.key != nil {
			return g, nil
		}
	}
	rec, err := c.loadRecord(ctx, id)
	if errors.Is(err, natsbus.ErrNotFound) || errors.Is(err, errBadRecord) {
		return sweepGate{}, nil // an unreadable record vouches for nothing
	}
	if err != nil {
		return sweepGate{}, err
	}
	return sweepGate{known: true, running: rec.Status == store.SweepRunning, finishedAt: rec.FinishedAt,
		key: decodeSweepKey(rec.Key), t: c.tracker(id)}, nil
}

// admit judges one decoded result of message m against its sweep; ""
// accepts it. inBatch holds the job IDs accepted earlier in the batch.
func (c *Coordinator) admit(g sweepGate, m jetstream.Msg, r schema.Result, inBatch map[string]bool) RejectReason {
	if !g.known {
		return RejectUnknownSweep
	}
	if !g.running {
		// A result that reached the stream before the sweep ended (kept
		// there through a store fault, say) still counts; the stream's
		// timestamp is the server's, not the sender's.
		md, err := m.Metadata()
		if err != nil || g.finishedAt.IsZero() || md.Timestamp.After(g.finishedAt) {
			return RejectSweepClosed
		}
	}
	var meta *jobMeta
	done := false
	if g.t != nil {
		g.t.mu.Lock()
		done = g.t.resulted[r.JobID]
		meta = g.t.planned[r.JobID]
		g.t.mu.Unlock()
	}
	// The token first: a forgery names itself as one, not as a replay of
	// a finished job.
	want := attemptToken(g.key, r.SweepID, r.JobID, r.ScanKey)
	if len(g.key) == 0 || !hmac.Equal([]byte(want), []byte(r.Attempt)) {
		switch {
		case meta != nil && meta.scanKey != r.ScanKey:
			return RejectScanKey
		case meta != nil:
			return RejectAttempt
		}
		return RejectUnplanned
	}
	if inBatch[r.JobID] || done {
		return RejectDuplicate
	}
	return ""
}

// rejectLogPerMinute bounds the log lines about refused results; the rest
// are counted in the metric and summed up in one line a minute.
const rejectLogPerMinute = 20

// rejectLog rate-limits the log lines about refused results.
type rejectLog struct {
	mu           sync.Mutex
	window       time.Time
	logged, held int
}

// reject refuses the result of message m: counted by reason, logged
// within the rate bound, and terminated so it is never delivered again.
func (c *Coordinator) reject(m jetstream.Msg, r schema.Result, why RejectReason) {
	if mt := c.cfg.Metrics; mt != nil {
		mt.ResultsRejected.WithLabelValues(string(why)).Inc()
	}
	_ = m.TermWithReason("result refused: " + string(why))
	now := c.cfg.Now()
	l := &c.rejects
	l.mu.Lock()
	if now.Sub(l.window) >= time.Minute {
		if l.held > 0 {
			c.cfg.Log.Warn("ingest: more results refused than were logged", "not_logged", l.held, "since", l.window)
		}
		l.window, l.logged, l.held = now, 0, 0
	}
	show := l.logged < rejectLogPerMinute
	if show {
		l.logged++
	} else {
		l.held++
	}
	l.mu.Unlock()
	if show {
		c.cfg.Log.Warn("ingest: result refused", "reason", string(why), "sweep", r.SweepID, "job", r.JobID,
			"name", clipStr(r.Name, 100), "worker", clipStr(r.WorkerID, 100), "subject", clipStr(m.Subject(), 100))
	}
}
