package buildinfo

import (
	"runtime"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

func TestSetReplacesTheSeries(t *testing.T) {
	t.Parallel()
	r := prometheus.NewRegistry()
	i := New(r)
	if n := testutil.CollectAndCount(i.vec, "mcpgauge_build_info"); n != 1 {
		t.Fatalf("%d series after New, want 1", n)
	}
	i.Set("1.2.3")
	mfs, err := r.Gather()
	if err != nil {
		t.Fatal(err)
	}
	if len(mfs) != 1 || len(mfs[0].Metric) != 1 {
		t.Fatalf("gathered %v, want one series", mfs)
	}
	m := mfs[0].Metric[0]
	labels := map[string]string{}
	for _, l := range m.Label {
		labels[l.GetName()] = l.GetValue()
	}
	if labels["version"] != "1.2.3" || labels["goversion"] != runtime.Version() || m.GetGauge().GetValue() != 1 {
		t.Errorf("series = %v = %v, want version 1.2.3, goversion %s, value 1", labels, m.GetGauge().GetValue(), runtime.Version())
	}
}
