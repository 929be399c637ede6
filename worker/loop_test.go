package worker_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/testutil/natstest"
	"github.com/mcpgauge/mcpgauge/internal/testutil/syncbuf"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/worker"
)

// slowScanner sleeps for d (or until ctx ends) and returns a failure
// result; it counts its calls.
type slowScanner struct {
	d     time.Duration
	calls atomic.Int64
}

func (s *slowScanner) Scan(ctx context.Context, job schema.Job) schema.Result {
	s.calls.Add(1)
	select {
	case <-time.After(s.d):
	case <-ctx.Done():
	}
	now := time.Now()
	return schema.Result{Status: schema.StatusStartFailed, Reason: "test", StartedAt: now, FinishedAt: now}
}

func setupJS(t *testing.T, scanDeadline time.Duration) jetstream.JetStream {
	t.Helper()
	_, js, _ := natstest.Start(t, t.TempDir(), scanDeadline)
	return js
}

func publishJob(t *testing.T, js jetstream.JetStream, sweep, name string) schema.Job {
	t.Helper()
	plan := json.RawMessage(`{"kind":"remote-http","url":"http://127.0.0.1:9/mcp","scanId":"remote:x"}`)
	key, err := schema.ScanKey(plan, "", "test", "")
	if err != nil {
		t.Fatal(err)
	}
	server, err := json.Marshal(map[string]string{"name": name, "version": "1.0.0"})
	if err != nil {
		t.Fatal(err)
	}
	j := schema.Job{SchemaVersion: schema.Version, SweepID: sweep, JobID: schema.JobID(sweep, name, "1.0.0"), Name: name,
		Version: "1.0.0", Server: server, Plan: plan,
		ScannerVersion: "test", ScanKey: key, CreatedAt: time.Now()}
	data, err := j.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := js.Publish(context.Background(), schema.JobSubject(sweep), data, jetstream.WithMsgID(j.JobID)); err != nil {
		t.Fatal(err)
	}
	return j
}

func resultCount(t *testing.T, js jetstream.JetStream) uint64 {
	s, err := js.Stream(context.Background(), schema.ResultsStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return info.State.Msgs
}

// TestHeartbeatKeepsLease: a scan three times longer than the lease
// (AckWait 1 s) is delivered once, because InProgress extends the lease.
func TestHeartbeatKeepsLease(t *testing.T) {
	js := setupJS(t, 500*time.Millisecond) // AckWait 1 s
	publishJob(t, js, "hb", "io.test/slow")
	sc := &slowScanner{d: 3 * time.Second}
	ctx, cancel := context.WithCancel(context.Background())
	var stats worker.LoopStats
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		stats, _ = worker.RunLoop(ctx, worker.LoopConfig{JS: js, Scanner: sc, Slots: 2, Heartbeat: 200 * time.Millisecond, FetchWait: 200 * time.Millisecond})
	}()
	for resultCount(t, js) == 0 {
		time.Sleep(100 * time.Millisecond)
	}
	cancel()
	wg.Wait()
	if sc.calls.Load() != 1 || stats.Published != 1 {
		t.Fatalf("scanner called %d times, %d published; want the job scanned once", sc.calls.Load(), stats.Published)
	}
}

// TestShutdownHandsBack: on shutdown a scan that outlasts Grace is
// cancelled and its job handed back; another worker then finishes it and
// only one result is published.
func TestShutdownHandsBack(t *testing.T) {
	js := setupJS(t, time.Minute)
	publishJob(t, js, "sd", "io.test/long")
	long := &slowScanner{d: time.Hour}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan worker.LoopStats)
	go func() {
		s, _ := worker.RunLoop(ctx, worker.LoopConfig{JS: js, Scanner: long, Slots: 1, Grace: 200 * time.Millisecond, FetchWait: 200 * time.Millisecond})
		done <- s
	}()
	for long.calls.Load() == 0 {
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	stats := <-done
	if stats.HandedBack != 1 || stats.Published != 0 {
		t.Fatalf("first worker: %+v, want the job handed back and nothing published", stats)
	}
	quick := &slowScanner{d: 0}
	ctx2, cancel2 := context.WithCancel(context.Background())
	go func() {
		s, _ := worker.RunLoop(ctx2, worker.LoopConfig{JS: js, Scanner: quick, Slots: 1, FetchWait: 200 * time.Millisecond})
		done <- s
	}()
	for resultCount(t, js) == 0 {
		time.Sleep(50 * time.Millisecond)
	}
	cancel2()
	stats = <-done
	if quick.calls.Load() != 1 || stats.Published != 1 || resultCount(t, js) != 1 {
		t.Fatalf("second worker: %+v, %d calls, %d results; want one scan and one result", stats, quick.calls.Load(), resultCount(t, js))
	}
}

// TestDuplicateResultDropped: a job scanned twice (redelivered after its
// result was published but before the ack) yields one result on the
// stream: the result's Nats-Msg-Id is the job ID.
func TestDuplicateResultDropped(t *testing.T) {
	js := setupJS(t, time.Minute)
	j := publishJob(t, js, "dup", "io.test/dup")
	now := time.Now()
	r := schema.Result{SchemaVersion: schema.Version, JobID: j.JobID, SweepID: j.SweepID, Name: j.Name, Version: j.Version,
		Status: schema.StatusStartFailed, Reason: "x", ScannerVersion: "test", WorkerID: "w", StartedAt: now, FinishedAt: now}
	data, err := r.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := js.Publish(context.Background(), schema.ResultSubject("dup"), data, jetstream.WithMsgID(j.JobID)); err != nil {
		t.Fatal(err)
	}
	sc := &slowScanner{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan worker.LoopStats)
	go func() {
		s, _ := worker.RunLoop(ctx, worker.LoopConfig{JS: js, Scanner: sc, Slots: 1, FetchWait: 200 * time.Millisecond})
		done <- s
	}()
	for sc.calls.Load() == 0 {
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	stats := <-done
	if stats.Published != 1 || resultCount(t, js) != 1 {
		t.Fatalf("%+v, %d results on the stream; want the second publish deduplicated", stats, resultCount(t, js))
	}
}

// TestOneLogLinePerScan: the worker logs one structured line per published
// scan (job, server, version, status, duration), and a hostile server name
// (a newline and an escape sequence) stays inside its quoted value.
func TestOneLogLinePerScan(t *testing.T) {
	t.Parallel()
	js := setupJS(t, 2*time.Second)
	hostile := "io.test/evil\nlevel=ERROR msg=forged \x1b[31m"
	job := publishJob(t, js, "logs", "io.test/plain")
	job2 := publishJob(t, js, "logs", hostile)
	var buf syncbuf.Buffer
	log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo}))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan worker.LoopStats)
	go func() {
		s, _ := worker.RunLoop(ctx, worker.LoopConfig{JS: js, Scanner: &slowScanner{}, Slots: 1, FetchWait: 200 * time.Millisecond, Log: log})
		done <- s
	}()
	for resultCount(t, js) < 2 {
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	if s := <-done; s.Published != 2 {
		t.Fatalf("%d published, want 2", s.Published)
	}
	var scanned []string
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		if strings.Contains(line, `msg="worker: scanned"`) {
			scanned = append(scanned, line)
		}
		if strings.Contains(line, "\x1b") || strings.HasPrefix(line, "level=ERROR msg=forged") {
			t.Errorf("a server's name reached the log raw: %q", line)
		}
	}
	if len(scanned) != 2 {
		t.Fatalf("%d scan lines, want one per scan:\n%s", len(scanned), buf.String())
	}
	for _, j := range []schema.Job{job, job2} {
		found := false
		for _, line := range scanned {
			if strings.Contains(line, "job="+j.JobID) && strings.Contains(line, "status=start_failed") &&
				strings.Contains(line, "seconds=") && strings.Contains(line, "version=1.0.0") {
				found = true
			}
		}
		if !found {
			t.Errorf("no scan line for job %s (%q):\n%s", j.JobID, j.Name, strings.Join(scanned, "\n"))
		}
	}
}
