package e2e

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/eval/evaltest"
	"github.com/mcpgauge/mcpgauge/store"
)

// TestDistributedCachesWithAuth: with authentication on as deployed
// (deploy/nats.conf: workers read the eval cache and write no bucket),
// a coordinator and a worker process run a sweep with the eval on; the
// coordinator fills the eval cache and the tool store from the results'
// cache sections, so its ecosystem pass finds every server's tools and
// drafted cases, and a second sweep that rescans everything makes no
// model call: the worker's reads hit the answers the coordinator wrote.
func TestDistributedCachesWithAuth(t *testing.T) {
	t.Parallel()
	stub := &evaltest.WireStub{}
	model := httptest.NewServer(stub)
	defer model.Close()
	c := newCluster(t, 3, 0)
	evalArgs := []string{"--eval-model", "stub", "--eval-base-url", model.URL + "/v1"}
	w := c.worker(t, "wcache", evalArgs...)
	wAddr := w.listenAddr(t)
	run := func(id string) {
		t.Helper()
		coord := c.coordinator(t, id, evalArgs...)
		select {
		case <-coord.done:
		case <-time.After(4 * time.Minute):
			t.Fatalf("coordinator did not finish sweep %s:\n%s", id, coord.output())
		}
		if code := coord.cmd.ProcessState.ExitCode(); code != 0 {
			t.Fatalf("coordinator exited %d:\n%s", code, coord.output())
		}
		sw := c.sweep(t, id)
		if n := int64(len(c.servers)); sw.Status != store.SweepDone || sw.ByStatus["ok"] != n {
			t.Fatalf("sweep %s: %s, %v; want done with %d ok results", id, sw.Status, sw.ByStatus, n)
		}
	}
	run("e2ecache1")
	first := stub.Calls()
	if first == 0 {
		t.Fatal("the first sweep made no model call")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	reps, err := c.st.Ecosystem(ctx, store.EcosystemQuery{SweepID: "e2ecache1"})
	if err != nil {
		t.Fatal(err)
	}
	if len(reps) != len(c.servers) {
		t.Fatalf("the ecosystem pass measured %d servers, want %d (tools and cases filled by the coordinator)", len(reps), len(c.servers))
	}
	for _, r := range reps {
		if r.InPool == nil || r.InPool.Total == 0 {
			t.Errorf("%s: measured without its drafted cases: %+v", r.Name, r.InPool)
		}
	}
	hits := metric(wAddr, `mcpgauge_cache_hits_total{cache="eval"}`)
	run("e2ecache2")
	if n := stub.Calls() - first; n != 0 {
		t.Errorf("the warm sweep made %d model calls, want 0", n)
	}
	if got := metric(wAddr, `mcpgauge_cache_hits_total{cache="eval"}`); got <= hits {
		t.Errorf("the worker's eval cache hits went from %v to %v over the warm sweep, want more", hits, got)
	}
}
