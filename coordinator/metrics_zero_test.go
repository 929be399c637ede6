package coordinator_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/worker"
)

// TestLabelledCountersStartAtZero: before anything happens, every labelled
// counter the dashboard reads has a zero series for each label value known
// up front (a fresh process shows 0 on the board, not an empty panel), and
// both processes export mcpgauge_build_info.
func TestLabelledCountersStartAtZero(t *testing.T) {
	t.Parallel()
	cm, wm := coordinator.NewMetrics(), worker.NewLoopMetrics()
	cm.InitSources("official", "file:///r.json")
	wm.InitModel("openai/gpt-4o-mini")
	cm.BuildInfo.Set("9.9.9")
	series := map[string][]map[string]string{}
	for _, g := range []func() ([]*dto.MetricFamily, error){cm.Registry.Gather, wm.Registry.Gather} {
		mfs, err := g()
		if err != nil {
			t.Fatal(err)
		}
		for _, mf := range mfs {
			for _, m := range mf.Metric {
				l := map[string]string{}
				for _, p := range m.Label {
					l[p.GetName()] = p.GetValue()
				}
				if strings.HasPrefix(mf.GetName(), "mcpgauge_") && mf.GetType() == dto.MetricType_COUNTER && m.GetCounter().GetValue() != 0 {
					t.Errorf("%s%v starts at %v", mf.GetName(), l, m.GetCounter().GetValue())
				}
				series[mf.GetName()] = append(series[mf.GetName()], l)
			}
		}
	}
	statuses := func() []string {
		var s []string
		for _, st := range schema.Statuses() {
			s = append(s, string(st))
		}
		return s
	}()
	for _, tc := range []struct {
		metric, label string
		values        []string
	}{
		{"mcpgauge_results_ingested_total", "status", statuses},
		{"mcpgauge_scans_total", "status", statuses},
		{"mcpgauge_sweeps_finished_total", "how", []string{"complete", "deadline"}},
		{"mcpgauge_sweep_jobs", "state", []string{"expected", "done", "failed", "skipped"}},
		{"mcpgauge_registry_pages_total", "source", []string{"official", "file:///r.json"}},
		{"mcpgauge_registry_entries_total", "source", []string{"official", "file:///r.json"}},
		{"mcpgauge_registry_errors_total", "source", []string{"official", "file:///r.json"}},
		{"mcpgauge_cache_hits_total", "cache", []string{"npm", "pypi", "oci", "eval"}},
		{"mcpgauge_cache_misses_total", "cache", []string{"npm", "pypi", "oci", "eval"}},
		{"mcpgauge_scan_duration_seconds", "phase", worker.ScanPhases()},
		{"mcpgauge_eval_calls_total", "model", []string{"openai/gpt-4o-mini"}},
		{"mcpgauge_eval_cost_usd_total", "model", []string{"openai/gpt-4o-mini"}},
		{"mcpgauge_eval_tokens_total", "kind", []string{"prompt", "completion"}},
	} {
		have := map[string]bool{}
		for _, l := range series[tc.metric] {
			have[l[tc.label]] = true
		}
		for _, v := range tc.values {
			if !have[v] {
				t.Errorf("%s has no %s=%q series on a fresh process", tc.metric, tc.label, v)
			}
		}
	}
	bi := series["mcpgauge_build_info"]
	if len(bi) != 2 || bi[0]["version"] != "9.9.9" || bi[1]["version"] == "" {
		t.Errorf("mcpgauge_build_info series = %v, want one per process, the coordinator's at version 9.9.9", bi)
	}
	// Every labelled counter the dashboard reads is among the ones above.
	data, err := os.ReadFile(filepath.Join(shareddata.RepoRoot(t), "deploy/grafana/mcpgauge.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range regexp.MustCompile(`mcpgauge_[a-z_]+_total`).FindAllString(string(data), -1) {
		if len(series[name]) == 0 {
			t.Errorf("the dashboard reads %s, which has no series on a fresh process", name)
		}
	}
	if !strings.Contains(string(data), `"uid": "${datasource}"`) {
		t.Error("the dashboard does not take its datasource from the ${datasource} variable")
	}
}
