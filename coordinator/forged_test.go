package coordinator_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/mcpgauge/mcpgauge/attest/attesttest"
	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/coordinator/sweeptest"
	"github.com/mcpgauge/mcpgauge/internal/testutil/natstest"
	"github.com/mcpgauge/mcpgauge/leaderboard/site"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

// forgedTTL is the receipts' validity in the forged-results test.
const forgedTTL = 48 * time.Hour

// genuineAt is when every genuine scan of the test finished; forged
// results finish an hour later (so a receipt shows which one it signed).
var genuineAt = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// TestForgedResultsAreRefused publishes forged results on the results
// stream, each the way an attacker on the bus would make one, between the
// genuine results of a live sweep: for a sweep that never existed, for a
// name the sweep never planned (with a real job's token, and with none),
// with a planned job's token and another scan key, with a planned job's
// ID and a made-up token, a replay of a job already answered, and a
// result with a valid token for a sweep that has ended. None reaches the
// store, a receipt, the board or the feed, each is counted under its
// reason, and the genuine results are all stored and signed. Run on
// SQLite and, with MCPGAUGE_TEST_CLICKHOUSE, on ClickHouse.
func TestForgedResultsAreRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		url  func(testing.TB) string
	}{
		{"sqlite", storetest.SQLiteURL},
		{"clickhouse", storetest.ClickHouseURL},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			forgedResults(t, storetest.Open(t, tc.url(t)))
		})
	}
}

// forgery is one forged result and the reason it must be refused for.
type forgery struct {
	what   string
	reason coordinator.RejectReason
	r      schema.Result
}

func forgedResults(t *testing.T, st store.Store) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	dir := t.TempDir()
	_, js, stopNATS := natstest.Start(t, dir, time.Minute)
	defer stopNATS()
	reg := abcRegistry(t, dir)
	m := coordinator.NewMetrics()
	c, err := coordinator.New(ctx, coordinator.Config{JS: js, Store: st, Sources: []registry.Source{registry.NewFile(reg)},
		ScannerVersion: "test", SweepDeadline: 5 * time.Minute, BatchWait: 100 * time.Millisecond, Metrics: m,
		Signer: attesttest.Signer(t), ReceiptTTL: forgedTTL, Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer runIngest(ctx, c)()

	// A sweep answered in full and ended.
	if err := c.Start(ctx, "closed"); err != nil {
		t.Fatal(err)
	}
	closed := pullJobs(t, ctx, js, 3)
	for _, j := range closed {
		publishResult(t, ctx, js, genuine(j), j.JobID)
	}
	if p, err := c.Wait(ctx, "closed"); err != nil || p.Status != store.SweepDone || p.Done != 3 {
		t.Fatalf("sweep closed: %+v, %v; want done with 3 results", p, err)
	}
	// The live sweep: b is answered first, a and c after the forgeries.
	if err := c.Start(ctx, "live"); err != nil {
		t.Fatal(err)
	}
	live := pullJobs(t, ctx, js, 3)
	a, b := live["io.test/a"], live["io.test/b"]
	publishResult(t, ctx, js, genuine(b), b.JobID)
	waitStored(t, ctx, st, b.JobID)

	renamed := func(j schema.Job, sweep, name string) schema.Result {
		r := forged(j, 0)
		r.SweepID, r.Name = sweep, name
		r.JobID = schema.JobID(sweep, name, r.Version)
		return r
	}
	forgeries := []forgery{
		{"a sweep that never existed", coordinator.RejectUnknownSweep, renamed(a, "nosuch", a.Name)},
		{"an unplanned name with a real job's token", coordinator.RejectUnplanned, renamed(a, "live", "io.evil/top")},
		{"an unplanned name with no token", coordinator.RejectUnplanned, func() schema.Result {
			r := renamed(a, "live", "io.evil/other")
			r.Attempt = ""
			return r
		}()},
		{"a planned job with another scan key", coordinator.RejectScanKey, func() schema.Result {
			r := forged(a, 1)
			r.ScanKey = strings.Repeat("ab", 32)
			return r
		}()},
		{"a planned job with a made-up token", coordinator.RejectAttempt, func() schema.Result {
			r := forged(a, 2)
			r.Attempt = strings.Repeat("0", schema.AttemptLength)
			return r
		}()},
		{"a replay of a job already answered", coordinator.RejectDuplicate, forged(b, 3)},
		{"a valid token after its sweep ended", coordinator.RejectSweepClosed, forged(closed["io.test/a"], 4)},
	}
	want := map[coordinator.RejectReason]float64{}
	for i, f := range forgeries {
		if err := f.r.Validate(); err != nil {
			t.Fatalf("%s: the forgery is not even well-formed: %v", f.what, err)
		}
		// A fresh message ID each: the stream's de-duplication is not
		// what stops them.
		publishResult(t, ctx, js, f.r, fmt.Sprintf("forged-%d", i))
		want[f.reason]++
	}
	waitDrained(t, ctx, js)
	for why, n := range want {
		if got := testutil.ToFloat64(m.ResultsRejected.WithLabelValues(string(why))); got != n {
			t.Errorf("after the forgeries, rejected{reason=%s} = %v, want %v (all: %v)", why, got, n, rejected(m))
		}
	}
	for _, j := range []schema.Job{a, live["io.test/c"]} {
		publishResult(t, ctx, js, genuine(j), j.JobID)
	}
	p, err := c.Wait(ctx, "live")
	if err != nil || p.Status != store.SweepDone || p.Done != 3 || p.Failed != 0 {
		t.Fatalf("sweep live: %+v, %v; want done with 3 ok results", p, err)
	}

	for _, why := range coordinator.RejectReasons() {
		if got := testutil.ToFloat64(m.ResultsRejected.WithLabelValues(string(why))); got != want[why] {
			t.Errorf("rejected{reason=%s} = %v, want %v", why, got, want[why])
		}
	}
	if got := testutil.ToFloat64(m.ResultsIngested.WithLabelValues("ok")); got != 6 {
		t.Errorf("ingested ok = %v, want the 6 genuine results", got)
	}
	// The store and the receipts hold only the genuine results.
	for _, f := range forgeries {
		got, err := st.Result(ctx, f.r.JobID)
		switch {
		case errors.Is(err, store.ErrNotFound):
			if _, err := st.Receipt(ctx, f.r.JobID); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("%s: a receipt was signed (%v)", f.what, err)
			}
			continue
		case err != nil:
			t.Fatal(err)
		}
		if got.WorkerID != "honest/0" || !got.FinishedAt.Equal(genuineAt) {
			t.Errorf("%s: the store holds the forged result (worker %q, finished %v)", f.what, got.WorkerID, got.FinishedAt)
		}
		rc, err := st.Receipt(ctx, f.r.JobID)
		if err != nil || !rc.ExpiresAt.Equal(genuineAt.Add(forgedTTL)) {
			t.Errorf("%s: receipt %+v, %v; want the genuine scan's (expiring %v)", f.what, rc.ExpiresAt, err, genuineAt.Add(forgedTTL))
		}
	}
	for _, n := range []string{"io.evil/top", "io.evil/other"} {
		if h, err := st.History(ctx, n); err != nil || len(h) != 0 {
			t.Errorf("history of %s: %d scans, %v; want none", n, len(h), err)
		}
	}
	// The board and the feed show the three genuine servers with their
	// genuine scores, and nothing forged.
	srv := httptest.NewServer(site.Handler(st, site.Options{}))
	defer srv.Close()
	var lb struct {
		Ranked []struct {
			Name   string `json:"name"`
			Scores struct {
				MCPGauge float64 `json:"mcpgauge"`
			} `json:"scores"`
		} `json:"ranked"`
	}
	board := get(t, srv.URL+"/api/leaderboard")
	if err := json.Unmarshal([]byte(board), &lb); err != nil {
		t.Fatalf("board: %v\n%s", err, board)
	}
	if len(lb.Ranked) != 3 {
		t.Fatalf("board ranks %d servers, want the 3 genuine ones:\n%s", len(lb.Ranked), board)
	}
	for _, row := range lb.Ranked {
		if row.Scores.MCPGauge != genuineScore {
			t.Errorf("board: %s scores %v, want the genuine %v", row.Name, row.Scores.MCPGauge, genuineScore)
		}
	}
	feed := get(t, srv.URL+"/v0.1/servers")
	for _, page := range []string{board, feed} {
		if strings.Contains(page, "io.evil") || !strings.Contains(page, "io.test/a") {
			t.Errorf("a forged name is served, or a genuine one is missing:\n%s", page)
		}
	}
}

// abcRegistry writes a registry file of io.test/a, b and c (unreachable
// remotes: no worker scans them here) and extra in dir and returns its
// path.
func abcRegistry(t *testing.T, dir string, extra ...sweeptest.Entry) string {
	t.Helper()
	reg := filepath.Join(dir, "registry.json")
	var entries []sweeptest.Entry
	for _, n := range []string{"a", "b", "c"} {
		entries = append(entries, sweeptest.Entry{Name: "io.test/" + n, Version: "1.0.0", URL: "http://127.0.0.1:9/mcp/" + n})
	}
	entries = append(entries, extra...)
	if err := sweeptest.WriteRegistry(reg, entries); err != nil {
		t.Fatal(err)
	}
	return reg
}

// genuineScore and forgedScore are the scores of the genuine and forged
// results.
const (
	genuineScore = 40
	forgedScore  = 99
)

// genuine is what an honest worker publishes for job j.
func genuine(j schema.Job) schema.Result {
	r := storetest.Result(storetest.Spec{SweepID: j.SweepID, Name: j.Name, Version: j.Version, ScanKey: j.ScanKey,
		Score: genuineScore, FinishedAt: genuineAt})
	r.Attempt, r.Sources, r.PackageType, r.RuleSetDigest = j.Attempt, j.Sources, j.PackageType, j.RuleSetDigest
	r.WorkerID = "honest/0"
	r.Artifact = &schema.Artifact{Type: "remote", URL: "http://127.0.0.1:9/mcp/" + j.Name[len("io.test/"):]}
	return r
}

// forged is job j's result as a forger would rather have it: the top
// score, an hour later than the genuine scan.
func forged(j schema.Job, n int) schema.Result {
	r := storetest.Result(storetest.Spec{SweepID: j.SweepID, Name: j.Name, Version: j.Version, ScanKey: j.ScanKey,
		Score: forgedScore, FinishedAt: genuineAt.Add(time.Hour)})
	r.Attempt = j.Attempt
	r.WorkerID = fmt.Sprintf("forger/%d", n)
	r.Artifact = &schema.Artifact{Type: "remote", URL: "http://evil.example/mcp"}
	return r
}

// pullJobs takes n jobs from the workers' consumer, as a worker would,
// acknowledging them; by name.
func pullJobs(t *testing.T, ctx context.Context, js jetstream.JetStream, n int) map[string]schema.Job {
	t.Helper()
	cons, err := js.Consumer(ctx, schema.JobsStream, schema.WorkersConsumer)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]schema.Job{}
	for len(out) < n && ctx.Err() == nil {
		batch, err := cons.Fetch(n-len(out), jetstream.FetchMaxWait(time.Second))
		if err != nil {
			t.Fatal(err)
		}
		for msg := range batch.Messages() {
			j, err := schema.DecodeJob(msg.Data())
			if err != nil {
				t.Fatal(err)
			}
			if j.Attempt == "" {
				t.Fatalf("job %s has no attempt token", j.Name)
			}
			out[j.Name] = j
			_ = msg.Ack()
		}
	}
	if len(out) != n {
		t.Fatalf("pulled %d jobs, want %d", len(out), n)
	}
	return out
}

func publishResult(t *testing.T, ctx context.Context, js jetstream.JetStream, r schema.Result, msgID string) {
	t.Helper()
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := js.Publish(ctx, schema.ResultSubject(r.SweepID), data, jetstream.WithMsgID(msgID)); err != nil {
		t.Fatal(err)
	}
}

// runIngest runs c's ingest until the returned stop is called (which
// waits for it to end).
func runIngest(ctx context.Context, c *coordinator.Coordinator) (stop func()) {
	ictx, stopIngest := context.WithCancel(ctx)
	ingested := make(chan struct{})
	go func() { _ = c.Ingest(ictx); close(ingested) }()
	return func() { stopIngest(); <-ingested }
}

// waitDrained waits until ingest has taken and settled every message on
// the results stream.
func waitDrained(t *testing.T, ctx context.Context, js jetstream.JetStream) {
	t.Helper()
	cons, err := js.Consumer(ctx, schema.ResultsStream, schema.IngestConsumer)
	if err != nil {
		t.Fatal(err)
	}
	for {
		if info, err := cons.Info(ctx); err == nil && info.NumPending == 0 && info.NumAckPending == 0 {
			return
		}
		if ctx.Err() != nil {
			t.Fatal("ingest never drained the results stream")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitStored waits until the store holds job's result.
func waitStored(t *testing.T, ctx context.Context, st store.Store, job string) {
	t.Helper()
	for {
		if _, err := st.Result(ctx, job); err == nil {
			return
		}
		if ctx.Err() != nil {
			t.Fatalf("result of job %s never stored", job)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func rejected(m *coordinator.Metrics) map[string]float64 {
	out := map[string]float64{}
	for _, why := range coordinator.RejectReasons() {
		out[string(why)] = testutil.ToFloat64(m.ResultsRejected.WithLabelValues(string(why)))
	}
	return out
}

func get(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d, %v", url, resp.StatusCode, err)
	}
	return string(b)
}

// TestPlanSurvivesRestart: the attempt key lives in KV mcpgauge-sweeps, so
// a coordinator restarted mid-sweep stores the genuine results of jobs its
// predecessor published, before and after it resumes the sweep, and
// refuses a replay of a job its predecessor already stored (first result
// wins, checked against the store, not memory), even when the job's
// result was also stored under an alias (a name sharing its launch).
func TestPlanSurvivesRestart(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	dir := t.TempDir()
	_, js, stopNATS := natstest.Start(t, dir, time.Minute)
	defer stopNATS()
	st := storetest.Open(t, storetest.SQLiteURL(t))
	// Listed after io.test/a, which is the job: io.test/z is its alias.
	reg := abcRegistry(t, dir, sweeptest.Entry{Name: "io.test/z", Version: "1.0.0", URL: "http://127.0.0.1:9/mcp/a"})
	open := func() (*coordinator.Coordinator, *coordinator.Metrics, func()) {
		m := coordinator.NewMetrics()
		c, err := coordinator.New(ctx, coordinator.Config{JS: js, Store: st, Sources: []registry.Source{registry.NewFile(reg)},
			ScannerVersion: "test", SweepDeadline: 5 * time.Minute, BatchWait: 100 * time.Millisecond, Metrics: m, Log: testLog(t)})
		if err != nil {
			t.Fatal(err)
		}
		ictx, stop := context.WithCancel(ctx)
		ended := make(chan struct{})
		go func() { _ = c.Ingest(ictx); close(ended) }()
		return c, m, func() { stop(); <-ended }
	}
	first, _, stopFirst := open()
	if err := first.Start(ctx, "rs"); err != nil {
		t.Fatal(err)
	}
	jobs := pullJobs(t, ctx, js, 3)
	a, b, c := jobs["io.test/a"], jobs["io.test/b"], jobs["io.test/c"]
	publishResult(t, ctx, js, genuine(a), a.JobID)
	waitStored(t, ctx, st, a.JobID)
	stopFirst()

	second, m, stopSecond := open()
	defer stopSecond()
	// Before the sweep is resumed: judged by its KV record.
	publishResult(t, ctx, js, forged(a, 1), "replay-a")
	publishResult(t, ctx, js, genuine(b), b.JobID)
	waitDrained(t, ctx, js)
	if ids, err := second.Resume(ctx); err != nil || len(ids) != 1 {
		t.Fatalf("resumed %v, %v; want sweep rs", ids, err)
	}
	publishResult(t, ctx, js, genuine(c), c.JobID)
	waitDrained(t, ctx, js)
	for {
		p, err := second.Progress(ctx, "rs")
		if err != nil {
			t.Fatal(err)
		}
		if p.Finished() {
			if p.Status != store.SweepDone || p.Done != 3 || p.Failed != 0 {
				t.Fatalf("sweep rs: %+v, want done with 3 ok results", p)
			}
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("sweep rs never finished: %+v", p)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if got := rejected(m); got[string(coordinator.RejectDuplicate)] != 1 || got[string(coordinator.RejectUnplanned)]+got[string(coordinator.RejectAttempt)] != 0 {
		t.Errorf("rejected after the restart: %v; want only the replay of a, as a duplicate", got)
	}
	for _, job := range []string{a.JobID, b.JobID, c.JobID, schema.JobID("rs", "io.test/z", "1.0.0")} {
		r, err := st.Result(ctx, job)
		if err != nil || r.WorkerID != "honest/0" {
			t.Errorf("%s: stored %q, %v; want the genuine result", r.Name, r.WorkerID, err)
		}
	}
}
