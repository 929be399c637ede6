package e2e

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/testutil/natstest"

	"github.com/mcpgauge/mcpgauge/coordinator/sweeptest"
	"github.com/mcpgauge/mcpgauge/gauge/eval/evaltest"
	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/schema"
)

// TestSweepEvalWithStubModel: an embedded sweep with a model configured runs
// the tool-selection eval on every ok scan and fills the selection part,
// then the ecosystem pass measures every server among the others and names
// the clone that takes good's prompts. A second sweep that rescans
// everything, and a third that skips everything as unchanged, make zero
// model calls, because the drafted suites, the answers and the tool
// definitions are shared in NATS KV; the third still measures all three
// servers from the carried-over scans, with the same draws.
func TestSweepEvalWithStubModel(t *testing.T) {
	t.Parallel()
	stub := &evaltest.WireStub{}
	model := httptest.NewServer(stub)
	defer model.Close()
	dir := t.TempDir()
	reg, _ := sweeptest.Registry(t, dir, sweeptest.Fixture{Name: "io.eval/good", Tools: sweeptest.Good()},
		sweeptest.Fixture{Name: "io.eval/poor", Tools: sweeptest.Poor()}, sweeptest.Fixture{Name: "io.eval/a-clone", Tools: sweeptest.Clone()})
	args := []string{"sweep", "--registry", "file://" + reg, "--data-dir", dir, "--sandbox", "none", "--allow-remote", "--allow-remote-cidr", "127.0.0.0/8",
		"--workers", "2", "--eval-model", "openai/stub", "--eval-base-url", model.URL + "/v1"}
	runStub(t, args...)
	first := stub.Calls()
	if first == 0 || stub.Drafts() == 0 {
		t.Fatalf("the first sweep made %d model calls (%d drafting); want both > 0", first, stub.Drafts())
	}
	out, _ := runStub(t, "leaderboard", "--data-dir", dir, "--by", "selection", "--json")
	var b leaderboard.Board
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(b.Ranked) != 3 {
		t.Fatalf("want all three servers ranked by selection, got %+v (unranked %+v)", b.Ranked, b.Unranked)
	}
	for _, r := range b.Ranked {
		if r.Value == nil || *r.Value <= 0 || *r.Value > 100 {
			t.Errorf("%s: selection %v, want a measured percentage", r.Name, r.Value)
		}
	}

	eco := ecosystemReports(t, dir)
	g, ok := eco["io.eval/good"]
	if len(eco) != 3 || !ok {
		t.Fatalf("ecosystem reports for %d servers (%v), want good, poor and a-clone", len(eco), keys(eco))
	}
	if g.PoolServers != 3 || g.PoolTools != 6 || g.Seed != 1 || len(g.Curve) != 3 {
		t.Errorf("good: pool %d servers / %d tools, seed %d, %d curve points; want 3 / 6, seed 1, 3 points", g.PoolServers, g.PoolTools, g.Seed, len(g.Curve))
	}
	if len(g.Drawn) != 4 || g.DrawDigest == "" {
		t.Errorf("good drew %q (digest %q), want all 4 tools of the other servers recorded", g.Drawn, g.DrawDigest)
	}
	if g.InPool == nil || g.InPool.Total == 0 || g.InPool.Correct >= g.InPool.Total {
		t.Errorf("good's accuracy among the other servers' tools is %+v; the clone should take some prompts", g.InPool)
	}
	methods := map[schema.EcosystemMethod]bool{}
	for _, c := range g.Captures {
		if c.Server != "io.eval/a-clone" || c.Tool != "search_books" {
			t.Errorf("unexpected capture %+v: only the clone competes with good", c)
		}
		if c.Victim == "search_books" {
			methods[c.Method] = true
		}
	}
	if !methods[schema.MethodModel] || !methods[schema.MethodSearch] {
		t.Errorf("good's captures %+v: want the clone named by both the model and tool search", g.Captures)
	}
	if g.Search.Total == 0 || g.Search.At1 >= g.Search.Total {
		t.Errorf("good's sweep-wide search recall %+v: want some prompts lost to the clone", g.Search)
	}
	text, _ := runStub(t, "ecosystem", "--data-dir", dir, "--name", "io.eval/good")
	if !strings.Contains(text, "io.eval/a-clone search_books captures") {
		t.Errorf("ecosystem text output does not name the capture:\n%s", text)
	}
	all, _ := runStub(t, "ecosystem", "--data-dir", dir)
	if !strings.Contains(all, "Over 3 servers' ") || !strings.Contains(all, "pool of 1000 tools: search") {
		t.Errorf("ecosystem output lacks the pooled summary:\n%s", all)
	}
	hist, _ := runStub(t, "history", "io.eval/good", "--data-dir", dir)
	if !strings.Contains(hist, "Ecosystem (sweep "+g.SweepID) || !strings.Contains(hist, "io.eval/a-clone search_books captures") {
		t.Errorf("history does not show the ecosystem report:\n%s", hist)
	}

	runStub(t, append(args, "--rescan-after", "0")...)
	if n := stub.Calls() - first; n != 0 {
		t.Fatalf("the second sweep rescanned unchanged servers and made %d model calls, want 0", n)
	}
	runStub(t, args...) // everything unchanged: every server skipped
	if n := stub.Calls() - first; n != 0 {
		t.Fatalf("the third sweep made %d model calls, want 0", n)
	}
	again := ecosystemReports(t, dir)
	g3 := again["io.eval/good"]
	if len(again) != 3 || g3.SweepID == g.SweepID {
		t.Fatalf("the skip-everything sweep measured %d servers (sweep %s, first %s); want all 3 in a new pass", len(again), g3.SweepID, g.SweepID)
	}
	if g3.Calls != 0 || g3.DrawDigest != g.DrawDigest || g3.InPool == nil {
		t.Fatalf("third pass: %d calls, draw %s (first %s), in-pool %+v; want 0 calls and the same draw", g3.Calls, g3.DrawDigest, g.DrawDigest, g3.InPool)
	}
	if *g3.InPool != *g.InPool || g3.Search != g.Search {
		t.Errorf("third pass measured in-pool %+v and search %+v, first %+v and %+v", *g3.InPool, g3.Search, *g.InPool, g.Search)
	}

	// A server whose stored tools are unreadable (or gone: scanned before
	// the tool store existed) drops out of the pass; the others are still
	// measured, without it.
	cloneDigest := ""
	for _, r := range b.Ranked {
		if r.Name == "io.eval/a-clone" {
			cloneDigest = r.ServerDigest
		}
	}
	if cloneDigest == "" {
		t.Fatal("no server digest for the clone in the leaderboard")
	}
	corruptToolList(t, dir, cloneDigest)
	before := stub.Calls()
	runStub(t, args...)
	if stub.Calls() == before {
		t.Error("the pools changed (the clone left) but the pass asked the model nothing new")
	}
	last := ecosystemReports(t, dir)
	g4, ok := last["io.eval/good"]
	if _, clone := last["io.eval/a-clone"]; len(last) != 2 || !ok || clone {
		t.Fatalf("with the clone's tools unreadable: reports for %v, want good and poor", keys(last))
	}
	if g4.PoolServers != 2 || g4.PoolTools != 5 || len(g4.Captures) != 0 {
		t.Errorf("good without the clone: pool %d servers / %d tools, captures %+v; want 2 / 5 and none", g4.PoolServers, g4.PoolTools, g4.Captures)
	}
}

// corruptToolList overwrites a server's tool list in KV mcpgauge-tools in
// the sweep's embedded NATS store with bytes that do not decode (no sweep
// may be running).
func corruptToolList(t *testing.T, dir, serverDigest string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, js, stop := natstest.Start(t, dir, 0)
	defer stop()
	kv, err := js.KeyValue(ctx, schema.ToolsBucket)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Put(ctx, schema.ServerToolsKey(serverDigest), []byte("{not json")); err != nil {
		t.Fatal(err)
	}
}

func ecosystemReports(t *testing.T, dir string) map[string]schema.EcosystemReport {
	t.Helper()
	out, _ := runStub(t, "ecosystem", "--data-dir", dir, "--json")
	var reps []schema.EcosystemReport
	if err := json.Unmarshal([]byte(out), &reps); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	m := map[string]schema.EcosystemReport{}
	for _, r := range reps {
		m[r.Name] = r
	}
	return m
}

func keys(m map[string]schema.EcosystemReport) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// runStub runs mcpgauge with the stub model's API key in its environment.
func runStub(t *testing.T, args ...string) (string, string) {
	t.Helper()
	return runCLIEnv(t, []string{"OPENAI_API_KEY=stub-key"}, args...)
}
