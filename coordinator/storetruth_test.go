package coordinator_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/coordinator/sweeptest"
	"github.com/mcpgauge/mcpgauge/internal/netguard"
	"github.com/mcpgauge/mcpgauge/internal/testutil/natstest"
	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/store/storetest"
	"github.com/mcpgauge/mcpgauge/worker"
)

func threeServers(t *testing.T, dir string) (string, []*sweeptest.Server) {
	return sweeptest.Registry(t, dir,
		sweeptest.Fixture{Name: "io.test/good", Tools: sweeptest.Good()},
		sweeptest.Fixture{Name: "io.test/poor", Tools: sweeptest.Poor()},
		sweeptest.Fixture{Name: "io.test/clone", Tools: sweeptest.Clone()})
}

func remoteScanner() worker.EntryScanner {
	return worker.EntryScanner{Options: worker.Options{AllowRemote: true, RemoteAllow: netguard.Loopback(), Deadline: time.Minute}}
}

func hasNotice(p coordinator.Progress, words ...string) bool {
	for _, n := range p.Notices {
		ok := true
		for _, w := range words {
			ok = ok && strings.Contains(n, w)
		}
		if ok {
			return true
		}
	}
	return false
}

// TestStoreLossIsRescanned: when the SQLite file is deleted or emptied
// after a sweep, KV still says every server was scanned. The next sweep
// must not skip them "as unchanged" (an empty leaderboard for a week): it
// says the store and KV disagree and scans what the store lacks.
func TestStoreLossIsRescanned(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		lose func(db string) error
	}{
		{"deleted", os.Remove},
		{"emptied", func(db string) error { return os.Truncate(db, 0) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			reg, _ := threeServers(t, dir)
			if p := embeddedSweep(t, dir, reg, "a1", coordinator.DefaultRescanAfter, remoteScanner()); p.Done != 3 {
				t.Fatalf("first sweep: %+v", p)
			}
			db := filepath.Join(dir, store.SQLiteFile)
			for _, f := range []string{db + "-wal", db + "-shm"} {
				_ = os.Remove(f)
			}
			if err := tc.lose(db); err != nil {
				t.Fatal(err)
			}
			p := embeddedSweep(t, dir, reg, "a2", coordinator.DefaultRescanAfter, remoteScanner())
			if p.Skipped != 0 || p.Expected != 3 || p.Done != 3 || p.StoreMissing != 3 {
				t.Fatalf("sweep after the store was %s: %+v; want all 3 scanned again, 3 counted as missing from the store", tc.name, p)
			}
			if !hasNotice(p, "store lacks 3 results", schema.ScansBucket) {
				t.Errorf("no notice tells the operator the store and KV disagree: %q", p.Notices)
			}
			assertBoard(t, dir, 3)
			stored, lost, dup := figuresAt(t, dir, []string{"io.test/good", "io.test/poor", "io.test/clone"}, "a2")
			if lost != 0 || dup != 0 {
				t.Fatalf("%d lost, %d duplicated", lost, dup)
			}
			sweeptest.Record(t, sweeptest.Row{Fault: "SQLite file " + tc.name + " after a sweep (KV still says scanned)", Planned: int(p.Planned),
				Stored: stored, Lost: lost, Duplicated: dup, Message: p.Notices[0], Clear: true})
		})
	}
}

// assertBoard checks that the SQLite store under dir ranks n servers.
func assertBoard(t *testing.T, dir string, n int) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, store.SQLiteURL(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lb, err := st.Leaderboard(ctx, store.LeaderboardQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if lb.Total != n {
		t.Errorf("leaderboard holds %d servers, want %d", lb.Total, n)
	}
}

// TestJetStreamLossIsReported: a sweep is running when the JetStream
// directory is deleted. The restarted coordinator marks that sweep failed
// with a notice (it can never finish: its jobs are gone) instead of
// leaving it running forever, and the next sweep takes the scans the store
// holds from the store instead of silently scanning everything again.
func TestJetStreamLossIsReported(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	reg, servers := threeServers(t, dir)
	if p := embeddedSweep(t, dir, reg, "j1", coordinator.DefaultRescanAfter, remoteScanner()); p.Done != 3 {
		t.Fatalf("first sweep: %+v", p)
	}
	// A second, forced sweep is planned and published, then the process dies
	// before any worker ran it.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	func() {
		_, js, stopNATS := natstest.Start(t, dir, time.Minute)
		defer stopNATS()
		st, err := store.Open(ctx, store.SQLiteURL(dir))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		c, err := coordinator.New(ctx, coordinator.Config{JS: js, Store: st, Sources: []registry.Source{registry.NewFile(reg)},
			RescanAfter: 0, ScannerVersion: "test", RuleSetDigest: "r1", Log: testLog(t)})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(ctx, "j2"); err != nil {
			t.Fatal(err)
		}
	}()
	if err := os.RemoveAll(filepath.Join(dir, "nats")); err != nil {
		t.Fatal(err)
	}
	hits := make([]int64, len(servers))
	for i, s := range servers {
		hits[i] = s.Hits()
	}
	p := embeddedSweep(t, dir, reg, "j3", coordinator.DefaultRescanAfter, remoteScanner())
	if p.Skipped != 3 || p.Expected != 0 || p.KVMissing != 3 {
		t.Fatalf("sweep after the JetStream directory was deleted: %+v; want the 3 stored scans taken from the store and skipped", p)
	}
	if !hasNotice(p, "lacked 3 scan keys the store holds") {
		t.Errorf("no notice says KV lost the scan keys: %q", p.Notices)
	}
	for i, s := range servers {
		if s.Hits() != hits[i] {
			t.Errorf("server %s was contacted %d times by a sweep with nothing to scan", s.Name, s.Hits()-hits[i])
		}
	}
	st, err := store.Open(ctx, store.SQLiteURL(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	sw, err := st.GetSweep(ctx, "j2")
	if err != nil {
		t.Fatal(err)
	}
	if sw.Status != store.SweepFailed || sw.FinishedAt.IsZero() {
		t.Errorf("the sweep whose JetStream state was lost is %s (finished %v), want failed", sw.Status, sw.FinishedAt)
	}
	stored, lost, dup := figures(t, st, serverNames(servers), "j1")
	sweeptest.Record(t, sweeptest.Row{Fault: "JetStream directory deleted with a sweep running", Planned: int(p.Planned),
		Stored: stored, Lost: lost, Duplicated: dup, Message: strings.Join(p.Notices, " "), Clear: true})
}

// TestJetStreamLossNotice: the coordinator that finds a running sweep
// unknown to NATS says so in its notices.
func TestJetStreamLossNotice(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx := context.Background()
	st, err := store.Open(ctx, store.SQLiteURL(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.BeginSweep(ctx, store.Sweep{ID: "lost1", Status: store.SweepRunning, ScannerVersion: "test"}); err != nil {
		t.Fatal(err)
	}
	_, js, _ := natstest.Start(t, dir, time.Minute)
	c, err := coordinator.New(ctx, coordinator.Config{JS: js, Store: st, Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	ns := c.Notices()
	if len(ns) != 1 || !strings.Contains(ns[0], "lost1") || !strings.Contains(ns[0], "JetStream") {
		t.Errorf("notices = %q, want one naming sweep lost1 and the lost JetStream state", ns)
	}
	sw, err := st.GetSweep(ctx, "lost1")
	if err != nil || sw.Status != store.SweepFailed {
		t.Errorf("lost sweep: %+v, %v; want failed", sw, err)
	}
}

// TestEmbeddedRestartReclaimsLeases: an embedded sweep killed mid-scan
// leaves its jobs leased to the dead process (AckWait = 2 × scan
// deadline). Restarted on the same data dir, ReclaimLeases hands them back
// at once, and the resumed sweep finishes without waiting for the leases.
func TestEmbeddedRestartReclaimsLeases(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	reg, servers := sweeptest.Registry(t, dir,
		sweeptest.Fixture{Name: "io.test/slow1", Tools: sweeptest.Good()},
		sweeptest.Fixture{Name: "io.test/slow2", Tools: sweeptest.Poor()})
	for _, s := range servers {
		s.SetDelay(time.Hour) // every scan hangs in tools/list
	}
	const scanDeadline = 10 * time.Minute // leases of 20 minutes
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cfg := func(js jetstream.JetStream, st store.Store) coordinator.Config {
		return coordinator.Config{JS: js, Store: st, Sources: []registry.Source{registry.NewFile(reg)},
			ScannerVersion: "test", RuleSetDigest: "r1", BatchWait: 200 * time.Millisecond, Log: testLog(t)}
	}
	// First run: both jobs are being scanned when the process "dies" (NATS
	// goes away under the worker; nothing is handed back).
	func() {
		_, js, stopNATS := natstest.Start(t, dir, scanDeadline)
		st, err := store.Open(ctx, store.SQLiteURL(dir))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		c, err := coordinator.New(ctx, cfg(js, st))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(ctx, "k1"); err != nil {
			t.Fatal(err)
		}
		loopCtx, stopLoop := context.WithCancel(ctx)
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = worker.RunLoop(loopCtx, worker.LoopConfig{JS: js, Scanner: remoteScanner(), Slots: 2,
				Heartbeat: time.Second, Grace: time.Millisecond, Log: testLog(t)})
		}()
		for servers[0].Lists() == 0 || servers[1].Lists() == 0 {
			if ctx.Err() != nil {
				t.Fatal("the scans never started")
			}
			time.Sleep(50 * time.Millisecond)
		}
		stopNATS() // the kill: the server goes first, the leases stay taken
		stopLoop()
		wg.Wait()
	}()
	for _, s := range servers {
		s.SetDelay(0)
	}
	_, js, stopNATS := natstest.Start(t, dir, scanDeadline)
	defer stopNATS()
	cons, err := js.Consumer(ctx, schema.JobsStream, schema.WorkersConsumer)
	if err != nil {
		t.Fatal(err)
	}
	info, err := cons.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.NumAckPending != 2 {
		t.Fatalf("after the kill %d jobs are leased, want the 2 in flight", info.NumAckPending)
	}
	n, err := natsbus.ReclaimLeases(ctx, js, scanDeadline)
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Errorf("reclaimed %d leases, want 2", n)
	}
	cons, err = js.Consumer(ctx, schema.JobsStream, schema.WorkersConsumer)
	if err != nil {
		t.Fatal(err)
	}
	if info, err = cons.Info(ctx); err != nil {
		t.Fatal(err)
	}
	if info.NumAckPending != 0 || info.NumPending != 2 {
		t.Fatalf("after reclaiming: %d leased, %d pending; want 0 and 2", info.NumAckPending, info.NumPending)
	}
	st, err := store.Open(ctx, store.SQLiteURL(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c, err := coordinator.New(ctx, cfg(js, st))
	if err != nil {
		t.Fatal(err)
	}
	p := runWithWorker(t, ctx, c, js, remoteScanner(), "k1")
	if p.Status != store.SweepDone || p.Done != 2 || p.Stragglers != 0 {
		t.Fatalf("resumed sweep: %+v, want done with both jobs", p)
	}
	stored, lost, dup := figures(t, st, serverNames(servers), "k1")
	if lost != 0 || dup != 0 {
		t.Fatalf("%d lost, %d duplicated", lost, dup)
	}
	sweeptest.Record(t, sweeptest.Row{Fault: "embedded sweep killed mid-scan and resumed (leases taken back at once)", Planned: int(p.Planned),
		Stored: stored, Lost: lost, Duplicated: dup, Message: fmt.Sprintf("took back %d job leases of an interrupted run", n), Clear: true})
}

// fillDisk writes a file into dir until the disk is full.
func fillDisk(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 4096)
	for {
		if _, err := f.Write(buf); err != nil {
			return path
		}
	}
}

// TestFullDiskEndsSweep: the data dir (embedded NATS and SQLite) fills up
// in the middle of a sweep. The coordinator retries the store a bounded
// number of times, then ends the sweep as failed with a message saying the
// disk is full, instead of retrying forever. Once space is freed, the next
// run stores the kept results and scans the rest: nothing is lost, nothing
// stored twice.
func TestFullDiskEndsSweep(t *testing.T) {
	t.Parallel()
	dir := storetest.MountTmpfs(t, "8m")
	var fx []sweeptest.Fixture
	for i := 0; i < 6; i++ {
		fx = append(fx, sweeptest.Fixture{Name: "io.test/full" + strconv.Itoa(i), Tools: sweeptest.Good()})
	}
	reg, servers := sweeptest.Registry(t, dir, fx...)
	for _, s := range servers {
		s.SetDelay(time.Second)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	open := func() (jetstream.JetStream, store.Store, *coordinator.Coordinator, func()) {
		_, js, stopNATS := natstest.Start(t, dir, time.Minute)
		st, err := store.Open(ctx, store.SQLiteURL(dir))
		if err != nil {
			t.Fatal(err)
		}
		c, err := coordinator.New(ctx, coordinator.Config{JS: js, Store: st, Sources: []registry.Source{registry.NewFile(reg)},
			ScannerVersion: "test", RuleSetDigest: "r1", BatchWait: 200 * time.Millisecond, SweepDeadline: 5 * time.Minute, WatchDirs: []string{dir}, Log: testLog(t)})
		if err != nil {
			t.Fatal(err)
		}
		return js, st, c, func() { st.Close(); stopNATS() }
	}
	js, _, c, closeAll := open()
	filled := make(chan string, 1)
	go func() {
		for servers[0].Lists()+servers[1].Lists() == 0 && ctx.Err() == nil {
			time.Sleep(20 * time.Millisecond)
		}
		filled <- fillDisk(t, dir)
	}()
	p, err := tryWithWorker(t, ctx, c, js, remoteScanner(), "full1")
	closeAll()
	filler := <-filled
	// Whichever notices first: SQLite (ErrFull) or the disk watch (JetStream
	// on a full disk stops acknowledging writes).
	if err == nil || !(errors.Is(err, store.ErrFull) || errors.Is(err, coordinator.ErrDiskFull)) || !strings.Contains(err.Error(), "disk") {
		t.Fatalf("sweep on a full disk ended with %v, want an error saying the disk is full", err)
	}
	t.Logf("sweep on a full disk: %v", err)
	if p.Status != store.SweepFailed {
		t.Errorf("sweep status %s, want failed", p.Status)
	}
	if !hasNotice(p, "full1 stopped", "disk") {
		t.Errorf("no notice says why the sweep stopped: %q", p.Notices)
	}
	// Free the space; the next run finishes the work.
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	for _, s := range servers {
		s.SetDelay(0)
	}
	js, st, c, closeAll := open()
	defer closeAll()
	p2 := runWithWorker(t, ctx, c, js, remoteScanner(), "full2")
	if p2.Status != store.SweepDone {
		t.Fatalf("sweep after freeing space: %+v", p2)
	}
	stored, lost, dup := figures(t, st, serverNames(servers), "full1", "full2")
	if lost != 0 || dup != 0 {
		t.Fatalf("after freeing space: %d stored, %d lost, %d duplicated", stored, lost, dup)
	}
	sweeptest.Record(t, sweeptest.Row{Fault: "full disk mid-sweep (8 MiB tmpfs data dir), then space freed and run again", Planned: int(p.Planned),
		Stored: stored, Lost: lost, Duplicated: dup, Message: err.Error(), Clear: true})
}
