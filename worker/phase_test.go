package worker_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/mcpgauge/mcpgauge/internal/testutil/natstest"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/worker"
)

// chattyScanner announces phases many times per scan.
type chattyScanner struct{ n int }

func (s chattyScanner) Scan(ctx context.Context, job schema.Job) schema.Result {
	for i := 0; i < s.n; i++ {
		worker.Enter(ctx, schema.PhaseChecking)
	}
	now := time.Now()
	return schema.Result{Status: schema.StatusStartFailed, Reason: "test", StartedAt: now, FinishedAt: now}
}

// TestPhaseAnnouncementsNeverHoldUpAScan: listeners that read nothing
// (a channel of one on another connection, a synchronous subscription on
// the worker's own connection) do not hold up the scan: its result is
// published and the loop reports it, while the listeners dropped what
// they could not take.
func TestPhaseAnnouncementsNeverHoldUpAScan(t *testing.T) {
	t.Parallel()
	ns := natstest.Run(t, natstest.Options{Dir: t.TempDir(), ScanDeadline: time.Minute})
	slow, err := ns.Connect("slow")
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	slow.SetErrorHandler(func(*nats.Conn, *nats.Subscription, error) {})
	ns.Conn.SetErrorHandler(func(*nats.Conn, *nats.Subscription, error) {})
	ch := make(chan *nats.Msg, 1)
	chSub, err := slow.ChanSubscribe(schema.PhasesSubjectPrefix+".>", ch)
	if err != nil {
		t.Fatal(err)
	}
	syncSub, err := ns.Conn.SubscribeSync(schema.PhasesSubjectPrefix + ".>")
	if err != nil {
		t.Fatal(err)
	}
	if err := syncSub.SetPendingLimits(1, -1); err != nil {
		t.Fatal(err)
	}
	if err := slow.Flush(); err != nil {
		t.Fatal(err)
	}
	publishJob(t, ns.JS, "chatty", "io.test/chatty")
	ctx, cancel := context.WithCancel(context.Background())
	var stats worker.LoopStats
	var wg sync.WaitGroup
	wg.Go(func() {
		stats, _ = worker.RunLoop(ctx, worker.LoopConfig{JS: ns.JS, Scanner: chattyScanner{n: 20000}, Slots: 1, FetchWait: 200 * time.Millisecond})
	})
	for resultCount(t, ns.JS) == 0 {
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	wg.Wait()
	if stats.Published != 1 {
		t.Fatalf("loop stats %+v, want the result published", stats)
	}
	if len(ch) != 1 {
		t.Fatalf("the channel listener holds %d announcements, want 1 (it reads nothing)", len(ch))
	}
	if d, _ := syncSub.Dropped(); d == 0 {
		t.Fatalf("the synchronous listener dropped nothing of 20000 announcements")
	}
	_ = chSub.Unsubscribe()
}
