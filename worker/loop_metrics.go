package worker

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/mcpgauge/mcpgauge/internal/buildinfo"
	"github.com/mcpgauge/mcpgauge/schema"
)

// LoopMetrics are a worker process's Prometheus metrics (docs/metrics.md).
type LoopMetrics struct {
	// Registry holds every metric below plus the Go and process collectors.
	Registry *prometheus.Registry
	// BuildInfo is mcpgauge_build_info; the command sets its version.
	BuildInfo *buildinfo.Info

	Scans         *prometheus.CounterVec   // by status
	ScanDuration  *prometheus.HistogramVec // by phase (install, start, connect, list, lint, compliance, eval, total)
	SlotsBusy     prometheus.Gauge
	Slots         prometheus.Gauge
	BadMessages   prometheus.Counter
	HandedBack    prometheus.Counter
	PublishErrors prometheus.Counter
	CacheHits     *prometheus.CounterVec // by cache
	CacheMisses   *prometheus.CounterVec // by cache
	EvalCalls     *prometheus.CounterVec // by model
	EvalTokens    *prometheus.CounterVec // by model, kind (prompt, completion)
	EvalCost      *prometheus.CounterVec // by model, USD
}

// WatchPackageCache adds the package cache's size and evictions
// (mcpgauge_package_cache_bytes, mcpgauge_package_cache_evictions_total)
// to m; pc nil adds nothing.
func (m *LoopMetrics) WatchPackageCache(pc *PackageCache) {
	if pc == nil {
		return
	}
	m.Registry.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "mcpgauge_package_cache_bytes",
			Help: "Size of the npm and PyPI package cache in bytes."}, func() float64 { return float64(pc.Size()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "mcpgauge_package_cache_evictions_total",
			Help: "Packages removed from the package cache to keep its size cap."}, func() float64 { return float64(pc.Evictions()) }),
	)
}

// NewLoopMetrics creates and registers a worker's metrics on a new registry.
func NewLoopMetrics() *LoopMetrics {
	r := prometheus.NewRegistry()
	r.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m := &LoopMetrics{Registry: r,
		Scans: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "mcpgauge_scans_total",
			Help: "Scans finished, by result status."}, []string{"status"}),
		ScanDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "mcpgauge_scan_duration_seconds",
			Help:    "Scan duration by phase (total is the whole job).",
			Buckets: []float64{0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300}}, []string{"phase"}),
		SlotsBusy: prometheus.NewGauge(prometheus.GaugeOpts{Name: "mcpgauge_worker_slots_busy",
			Help: "Slots currently scanning."}),
		Slots: prometheus.NewGauge(prometheus.GaugeOpts{Name: "mcpgauge_worker_slots",
			Help: "Slots configured."}),
		BadMessages: prometheus.NewCounter(prometheus.CounterOpts{Name: "mcpgauge_worker_bad_messages_total",
			Help: "Job messages that could not be decoded (terminated)."}),
		HandedBack: prometheus.NewCounter(prometheus.CounterOpts{Name: "mcpgauge_worker_jobs_handed_back_total",
			Help: "Jobs handed back (Nak) at shutdown."}),
		PublishErrors: prometheus.NewCounter(prometheus.CounterOpts{Name: "mcpgauge_worker_publish_errors_total",
			Help: "Results that could not be published (job handed back)."}),
		CacheHits: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "mcpgauge_cache_hits_total",
			Help: "Cache hits by cache (eval, npm, pypi, oci)."}, []string{"cache"}),
		CacheMisses: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "mcpgauge_cache_misses_total",
			Help: "Cache misses by cache (eval, npm, pypi, oci)."}, []string{"cache"}),
		EvalCalls: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "mcpgauge_eval_calls_total",
			Help: "Model calls made by the eval, by model."}, []string{"model"}),
		EvalTokens: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "mcpgauge_eval_tokens_total",
			Help: "Model tokens used by the eval, by model and kind."}, []string{"model", "kind"}),
		EvalCost: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "mcpgauge_eval_cost_usd_total",
			Help: "Model cost of the eval in USD, by model."}, []string{"model"}),
	}
	r.MustRegister(m.Scans, m.ScanDuration, m.SlotsBusy, m.Slots, m.BadMessages, m.HandedBack, m.PublishErrors,
		m.CacheHits, m.CacheMisses, m.EvalCalls, m.EvalTokens, m.EvalCost)
	m.BuildInfo = buildinfo.New(r)
	// Every label value known up front starts at zero, so a dashboard panel
	// shows 0 rather than nothing before the first event, and rate() sees
	// the first increment.
	for _, st := range schema.Statuses() {
		m.Scans.WithLabelValues(string(st))
	}
	for _, c := range []string{"npm", "pypi", "oci", "eval"} {
		m.CacheHits.WithLabelValues(c)
		m.CacheMisses.WithLabelValues(c)
	}
	for _, p := range ScanPhases() {
		m.ScanDuration.WithLabelValues(p)
	}
	return m
}

// ScanPhases lists the phase label values of mcpgauge_scan_duration_seconds.
func ScanPhases() []string {
	return []string{"install", "start", "connect", "list", "lint", "compliance", "eval", "total"}
}

// InitModel starts the eval counters at zero for model (the configured
// --eval-model).
func (m *LoopMetrics) InitModel(model string) {
	m.EvalCalls.WithLabelValues(model)
	m.EvalCost.WithLabelValues(model)
	for _, kind := range []string{"prompt", "completion"} {
		m.EvalTokens.WithLabelValues(model, kind)
	}
}

// observe records one finished scan.
func (m *LoopMetrics) observe(r schema.Result, total time.Duration) {
	m.Scans.WithLabelValues(string(r.Status)).Inc()
	m.ScanDuration.WithLabelValues("total").Observe(total.Seconds())
	t := r.Timings
	for _, p := range []struct {
		phase string
		ms    int64
	}{{"install", t.InstallMS}, {"start", t.StartMS}, {"connect", t.ConnectMS}, {"list", t.ListMS},
		{"lint", t.LintMS}, {"compliance", t.ComplianceMS}, {"eval", t.EvalMS}} {
		if p.ms > 0 {
			m.ScanDuration.WithLabelValues(p.phase).Observe(float64(p.ms) / 1000)
		}
	}
}
