package coordinator_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/coordinator/sweeptest"
	"github.com/mcpgauge/mcpgauge/internal/netguard"
	"github.com/mcpgauge/mcpgauge/internal/testutil/loopport"
	"github.com/mcpgauge/mcpgauge/internal/testutil/natstest"
	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/worker"
)

// figures counts, over the named servers, those with a stored result in
// one of sweeps (stored), those with none (lost), and extra results of one
// server in one sweep (duplicated).
func figures(t *testing.T, st store.Store, names []string, sweeps ...string) (stored, lost, dup int) {
	t.Helper()
	ctx := context.Background()
	in := map[string]bool{}
	for _, s := range sweeps {
		in[s] = true
	}
	for _, name := range names {
		h, err := st.History(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		per := map[string]int{}
		for _, sc := range h {
			if in[sc.SweepID] {
				per[sc.SweepID+"\x00"+sc.Version]++
			}
		}
		if len(per) == 0 {
			lost++
			continue
		}
		stored++
		for _, n := range per {
			dup += n - 1
		}
	}
	return stored, lost, dup
}

// figuresAt opens the SQLite store under dir for figures.
func figuresAt(t *testing.T, dir string, names []string, sweeps ...string) (stored, lost, dup int) {
	t.Helper()
	st, err := store.Open(context.Background(), store.SQLiteURL(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	return figures(t, st, names, sweeps...)
}

func serverNames(servers []*sweeptest.Server) []string {
	var out []string
	for _, s := range servers {
		out = append(out, "io.test/"+s.Name)
	}
	return out
}

// freePort is a loopback port named before anything listens on it, taken
// from below the ephemeral range so that no ":0" listener of a parallel
// test and no client dialling it while it is down can hold it when the
// server binds (see loopport).
func freePort(t *testing.T) int { return loopport.Free(t) }

// TestReliabilityNATSRestart: the NATS server (a separate listening
// server, as in a deployment) is shut down and started again on the same
// store while a sweep's scans are in flight. The coordinator and worker
// reconnect; every job ends with exactly one stored result.
func TestReliabilityNATSRestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var fx []sweeptest.Fixture
	for i := 0; i < 6; i++ {
		fx = append(fx, sweeptest.Fixture{Name: fmt.Sprintf("io.test/n%d", i), Tools: sweeptest.Good()})
	}
	reg, servers := sweeptest.Registry(t, dir, fx...)
	for _, s := range servers {
		s.SetDelay(700 * time.Millisecond)
	}
	port := freePort(t)
	opts := natsbus.EmbeddedOptions{Dir: filepath.Join(dir, "nats"), Listen: true, Port: port}
	ns, err := natsbus.StartEmbedded(opts)
	if err != nil {
		t.Fatal(err)
	}
	var nsMu sync.Mutex
	t.Cleanup(func() { nsMu.Lock(); ns.Shutdown(); nsMu.Unlock() })
	nc, err := natsbus.Connect(ns.ClientURL(), "test")
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := natsbus.Setup(ctx, js, 20*time.Second); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(ctx, store.SQLiteURL(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c, err := coordinator.New(ctx, coordinator.Config{JS: js, Store: st, Sources: []registry.Source{registry.NewFile(reg)},
		ScannerVersion: "test", RuleSetDigest: "r1", BatchWait: 200 * time.Millisecond, SweepDeadline: 2 * time.Minute, Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		for ctx.Err() == nil {
			if sw, err := st.GetSweep(ctx, "nr1"); err == nil && sw.Results >= 1 {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		nsMu.Lock()
		defer nsMu.Unlock()
		ns.Shutdown()
		time.Sleep(2 * time.Second) // the outage itself, not an assertion
		ns2, err := natsbus.StartEmbedded(opts)
		if err != nil {
			t.Errorf("restart NATS: %v", err)
			return
		}
		ns = ns2
	}()
	p, err := tryWithWorker(t, ctx, c, js, remoteScanner(), "nr1")
	if err != nil {
		t.Fatal(err)
	}
	stored, lost, dup := figures(t, st, serverNames(servers), "nr1")
	if p.Status != store.SweepDone || p.Stragglers != 0 || lost != 0 || dup != 0 || stored != len(servers) {
		t.Fatalf("after a NATS restart: %+v; %d stored, %d lost, %d duplicated", p, stored, lost, dup)
	}
	sweeptest.Record(t, sweeptest.Row{Fault: "NATS restarted mid-sweep", Planned: int(p.Planned), Stored: stored, Lost: lost, Duplicated: dup})
}

// TestReliabilityMalformedRegistryPage: the second page of a registry
// listing is not JSON. The entries read so far are planned and scanned, and
// the operator is told the pull broke off.
func TestReliabilityMalformedRegistryPage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	reg, servers := threeServers(t, dir)
	page1, err := os.ReadFile(reg)
	if err != nil {
		t.Fatal(err)
	}
	page1 = []byte(strings.Replace(string(page1), `"count": 3`, `"count": 3, "nextCursor": "p2"`, 1))
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Query().Get("cursor") == "p2" {
			_, _ = w.Write([]byte(`{"servers": [{"server": {"name": "io.test/x", "version": `))
			return
		}
		_, _ = w.Write(page1)
	}))
	defer api.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	_, js, _ := natstest.Start(t, dir, time.Minute)
	st, err := store.Open(ctx, store.SQLiteURL(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	src := registry.NewOfficial(registry.Config{URL: api.URL, MaxRetries: 1})
	c, err := coordinator.New(ctx, coordinator.Config{JS: js, Store: st, Sources: []registry.Source{src},
		ScannerVersion: "test", RuleSetDigest: "r1", BatchWait: 200 * time.Millisecond, Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	p := runWithWorker(t, ctx, c, js, remoteScanner(), "mp1")
	stored, lost, dup := figures(t, st, serverNames(servers), "mp1")
	if p.Planned != 3 || stored != 3 || lost != 0 || dup != 0 {
		t.Fatalf("sweep over a broken listing: %+v; %d stored, %d lost, %d duplicated", p, stored, lost, dup)
	}
	var msg string
	for _, n := range c.Notices() {
		if strings.Contains(n, "pull failed after 3 entries") {
			msg = n
		}
	}
	if msg == "" {
		t.Fatalf("no notice says the registry pull broke off: %q", c.Notices())
	}
	sweeptest.Record(t, sweeptest.Row{Fault: "malformed registry page (page 2 of 2)", Planned: int(p.Planned), Stored: stored,
		Lost: lost, Duplicated: dup, Message: msg, Clear: true})
}

// TestReliabilityHostileEntries: registry entries whose names and
// identifiers carry path traversal, shell metacharacters and odd Unicode
// go through planning, the queue and the store like any other: each gets
// exactly one stored result with a true status, and nothing is written
// outside the test's directories.
func TestReliabilityHostileEntries(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	srv := sweeptest.Start("hostile", "1.0.0", sweeptest.Good())
	defer srv.Close()
	canary := filepath.Join(dir, "pwned")
	names := []string{
		"io.test/../../../../etc/passwd",
		"io.test/$(touch " + canary + ")",
		"io.test/a;touch " + canary + ";#",
		"io.test/`id`|sh",
		"io.test/\u202egnp.exe",
		"io.test/zero\u200bwidth\u0000nul",
		"io.test/\x1b]8;;http://evil\x07link\x1b]8;;\x07",
		"io.test/" + strings.Repeat("é", 300),
	}
	var entries []sweeptest.Entry
	for i, n := range names { // one endpoint each, so no two entries merge into one job
		entries = append(entries, sweeptest.Entry{Name: n, Version: "1.0.0", URL: fmt.Sprintf("%s?entry=%d", srv.URL(), i)})
	}
	// npm entries whose identifier and version are hostile: the scanner
	// here has no installer, so they must end unscanned with a reason.
	entries = append(entries,
		sweeptest.Entry{Name: "io.test/pkg-traversal", Version: "../../../../etc", Package: "../../../../etc/passwd"},
		sweeptest.Entry{Name: "io.test/pkg-shell", Version: "1.0.0", Package: "x; touch " + canary})
	reg := filepath.Join(dir, "registry.json")
	if err := sweeptest.WriteRegistry(reg, entries); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	_, js, _ := natstest.Start(t, dir, time.Minute)
	st, err := store.Open(ctx, store.SQLiteURL(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c, err := coordinator.New(ctx, coordinator.Config{JS: js, Store: st, Sources: []registry.Source{registry.NewFile(reg)},
		ScannerVersion: "test", RuleSetDigest: "r1", BatchWait: 200 * time.Millisecond, Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	sc := worker.EntryScanner{Options: worker.Options{AllowRemote: true, RemoteAllow: netguard.Loopback(), AllowUnsandboxed: true, Sandbox: worker.None{}, Deadline: 30 * time.Second}}
	p := runWithWorker(t, ctx, c, js, sc, "h1")
	lb, err := st.Leaderboard(ctx, store.LeaderboardQuery{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	rows := append(append(lb.Ranked, lb.Unranked...), lb.Unscored...)
	perName := map[string]int{}
	for _, r := range rows {
		perName[r.Name]++
		if r.Status != "ok" && r.Reason == "" {
			t.Errorf("%q: status %s with no reason", r.Name, r.Status)
		}
	}
	dup := 0
	for _, n := range perName {
		dup += n - 1
	}
	// Entries the registry layer refuses are not planned; every planned
	// job must have its one result.
	if int64(len(rows)) != p.Expected || p.Done != p.Expected || dup != 0 || p.Stragglers != 0 {
		t.Fatalf("hostile entries: %+v; %d stored rows, %d duplicated", p, len(rows), dup)
	}
	if _, err := os.Stat(canary); err == nil {
		t.Fatalf("a hostile entry ran a shell command: %s exists", canary)
	}
	refused := len(entries) - int(p.Planned)
	t.Logf("%d entries, %d planned, %d not planned, %d stored", len(entries), p.Planned, refused, len(rows))
	for _, r := range rows {
		t.Logf("  %q: %s %s", r.Name, r.Status, r.Reason)
	}
	sweeptest.Record(t, sweeptest.Row{Fault: fmt.Sprintf("hostile registry entries (%d: traversal, shell, odd Unicode; %d not planned)", len(entries), refused),
		Planned: int(p.Planned), Stored: len(rows), Lost: int(p.Expected) - len(rows), Duplicated: dup})
}
