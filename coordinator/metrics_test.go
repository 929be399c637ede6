package coordinator_test

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
	"github.com/mcpgauge/mcpgauge/worker"
)

// TestDashboardAndDocsNameRealMetrics checks that every mcpgauge_* metric
// the Grafana dashboard and docs/metrics.md name is one the coordinator or
// a worker registers, and that docs/metrics.md documents every one of them.
func TestDashboardAndDocsNameRealMetrics(t *testing.T) {
	t.Parallel()
	known := map[string]bool{}
	cm, wm := coordinator.NewMetrics(), worker.NewLoopMetrics()
	// Touch the vectors so Gather reports them.
	cm.ResultsIngested.WithLabelValues("ok")
	cm.QueuePending.WithLabelValues("workers")
	cm.QueueAckPending.WithLabelValues("workers")
	cm.RegistryPages.WithLabelValues("x")
	cm.RegistryEntries.WithLabelValues("x")
	cm.RegistryErrors.WithLabelValues("x")
	cm.SweepJobs.WithLabelValues("done")
	cm.SweepsFinished.WithLabelValues("complete")
	wm.Scans.WithLabelValues("ok")
	wm.ScanDuration.WithLabelValues("total")
	wm.CacheHits.WithLabelValues("eval")
	wm.CacheMisses.WithLabelValues("eval")
	wm.EvalCalls.WithLabelValues("m")
	wm.EvalTokens.WithLabelValues("m", "prompt")
	wm.EvalCost.WithLabelValues("m")
	wm.WatchPackageCache(worker.NewPackageCache(t.TempDir(), 0))
	for _, reg := range []func() ([]string, error){
		func() ([]string, error) { return names(cm.Registry.Gather()) },
		func() ([]string, error) { return names(wm.Registry.Gather()) },
	} {
		ns, err := reg()
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range ns {
			if strings.HasPrefix(n, "mcpgauge_") {
				known[n] = true
			}
		}
	}
	root := shareddata.RepoRoot(t)
	re := regexp.MustCompile(`mcpgauge_[a-z_]+`)
	for _, f := range []string{"deploy/grafana/mcpgauge.json", "docs/metrics.md"} {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllString(string(data), -1) {
			base := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(m, "_bucket"), "_sum"), "_count")
			if !known[base] {
				t.Errorf("%s names %s, which no process registers", f, m)
			}
		}
	}
	doc, err := os.ReadFile(filepath.Join(root, "docs/metrics.md"))
	if err != nil {
		t.Fatal(err)
	}
	var missing []string
	for n := range known {
		if !strings.Contains(string(doc), n) {
			missing = append(missing, n)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("docs/metrics.md does not document %v", missing)
	}
}

func names(mfs []*dto.MetricFamily, err error) ([]string, error) {
	var out []string
	for _, mf := range mfs {
		out = append(out, mf.GetName())
	}
	return out, err
}
