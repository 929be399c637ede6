package coordinator

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/mcpgauge/mcpgauge/internal/buildinfo"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Metrics are the coordinator's Prometheus metrics (docs/metrics.md).
type Metrics struct {
	// Registry holds every metric below plus the Go and process collectors.
	Registry *prometheus.Registry
	// BuildInfo is mcpgauge_build_info; the command sets its version.
	BuildInfo *buildinfo.Info

	JobsPublished    prometheus.Counter
	JobsSkipped      prometheus.Counter
	PublishErrors    prometheus.Counter
	ResultsIngested  *prometheus.CounterVec // by status
	ResultsInvalid   prometheus.Counter
	ResultsRejected  *prometheus.CounterVec // by reason (RejectReasons)
	StoreWriteErrors prometheus.Counter
	StoreWriteTime   prometheus.Histogram
	IngestBatchSize  prometheus.Histogram
	QueuePending     *prometheus.GaugeVec // by consumer: workers (jobs), coordinator (results)
	QueueAckPending  *prometheus.GaugeVec
	RegistryPages    *prometheus.CounterVec // by source
	RegistryEntries  *prometheus.CounterVec // by source
	RegistryErrors   *prometheus.CounterVec // by source
	SweepJobs        *prometheus.GaugeVec   // by state: expected, done, failed, skipped
	SweepsFinished   *prometheus.CounterVec // by status
	GaveUp           prometheus.Counter
	Stragglers       prometheus.Counter
	// EcosystemReports counts servers measured by post-sweep ecosystem passes;
	// EcosystemSeconds times the passes; EcosystemCalls counts their live
	// model calls.
	EcosystemReports prometheus.Counter
	EcosystemSeconds prometheus.Histogram
	EcosystemCalls   prometheus.Counter
	// CacheFills counts what ingest wrote into the shared caches from the
	// cache sections of admitted results, by cache (eval, tools) and
	// outcome (written, present, refused).
	CacheFills *prometheus.CounterVec
}

// NewMetrics creates and registers the coordinator's metrics on a new registry.
func NewMetrics() *Metrics {
	r := prometheus.NewRegistry()
	r.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m := &Metrics{Registry: r,
		JobsPublished: prometheus.NewCounter(prometheus.CounterOpts{Name: "mcpgauge_jobs_published_total",
			Help: "Jobs published on the MCPGAUGE_JOBS stream (duplicates dropped by the stream not counted)."}),
		JobsSkipped: prometheus.NewCounter(prometheus.CounterOpts{Name: "mcpgauge_jobs_skipped_total",
			Help: "Planned entries skipped as unchanged (scan key seen within --rescan-after)."}),
		PublishErrors: prometheus.NewCounter(prometheus.CounterOpts{Name: "mcpgauge_job_publish_errors_total",
			Help: "Jobs that could not be published."}),
		ResultsIngested: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "mcpgauge_results_ingested_total",
			Help: "Results committed to the store, by scan status."}, []string{"status"}),
		ResultsInvalid: prometheus.NewCounter(prometheus.CounterOpts{Name: "mcpgauge_results_invalid_total",
			Help: "Result messages that could not be decoded or validated (terminated)."}),
		ResultsRejected: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "mcpgauge_results_rejected_total",
			Help: "Well-formed results refused (never stored or signed): not of a job the coordinator planned in a live sweep, or not the first for their job; by reason."}, []string{"reason"}),
		StoreWriteErrors: prometheus.NewCounter(prometheus.CounterOpts{Name: "mcpgauge_store_write_errors_total",
			Help: "Failed store writes (the batch is retried; nothing is acked before it commits)."}),
		StoreWriteTime: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "mcpgauge_store_write_seconds",
			Help: "Latency of one batch insert into the store.", Buckets: prometheus.ExponentialBuckets(0.001, 2, 15)}),
		IngestBatchSize: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "mcpgauge_ingest_batch_size",
			Help: "Results per ingest batch.", Buckets: []float64{1, 5, 10, 25, 50, 100, 200}}),
		QueuePending: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "mcpgauge_queue_pending",
			Help: "Messages not yet delivered to a consumer (workers: jobs; coordinator: results)."}, []string{"consumer"}),
		QueueAckPending: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "mcpgauge_queue_ack_pending",
			Help: "Messages delivered but not yet acknowledged (jobs being scanned)."}, []string{"consumer"}),
		RegistryPages: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "mcpgauge_registry_pages_total",
			Help: "Registry pages read, by source."}, []string{"source"}),
		RegistryEntries: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "mcpgauge_registry_entries_total",
			Help: "Registry entries read, by source."}, []string{"source"}),
		RegistryErrors: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "mcpgauge_registry_errors_total",
			Help: "Failed registry pulls, by source."}, []string{"source"}),
		SweepJobs: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "mcpgauge_sweep_jobs",
			Help: "Jobs of the current sweep by state (expected, done, failed, skipped)."}, []string{"state"}),
		SweepsFinished: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "mcpgauge_sweeps_finished_total",
			Help: "Sweeps finished, by how (complete, deadline)."}, []string{"how"}),
		GaveUp: prometheus.NewCounter(prometheus.CounterOpts{Name: "mcpgauge_jobs_gave_up_total",
			Help: "Jobs that exhausted MaxDeliver and were recorded as worker_error."}),
		Stragglers: prometheus.NewCounter(prometheus.CounterOpts{Name: "mcpgauge_jobs_deadline_total",
			Help: "Jobs without a result at the sweep deadline (recorded as worker_error, reason deadline)."}),
		EcosystemReports: prometheus.NewCounter(prometheus.CounterOpts{Name: "mcpgauge_ecosystem_reports_total",
			Help: "Servers measured by post-sweep ecosystem passes."}),
		EcosystemSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "mcpgauge_ecosystem_pass_seconds",
			Help: "Duration of one post-sweep ecosystem pass.", Buckets: prometheus.ExponentialBuckets(0.1, 3, 12)}),
		EcosystemCalls: prometheus.NewCounter(prometheus.CounterOpts{Name: "mcpgauge_ecosystem_model_calls_total",
			Help: "Live model calls made by ecosystem passes (cached answers not counted)."}),
		CacheFills: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "mcpgauge_cache_fills_total",
			Help: "Entries of admitted results' cache sections written to the shared caches (workers only read them), by cache and outcome."}, []string{"cache", "outcome"}),
	}
	r.MustRegister(m.JobsPublished, m.JobsSkipped, m.PublishErrors, m.ResultsIngested,
		m.ResultsInvalid, m.ResultsRejected, m.StoreWriteErrors, m.StoreWriteTime, m.IngestBatchSize, m.QueuePending, m.QueueAckPending,
		m.RegistryPages, m.RegistryEntries, m.RegistryErrors, m.SweepJobs, m.SweepsFinished, m.GaveUp, m.Stragglers,
		m.EcosystemReports, m.EcosystemSeconds, m.EcosystemCalls, m.CacheFills)
	m.BuildInfo = buildinfo.New(r)
	// Every label value known up front starts at zero, so a dashboard panel
	// shows 0 rather than nothing before the first event, and rate() sees
	// the first increment.
	for _, st := range schema.Statuses() {
		m.ResultsIngested.WithLabelValues(string(st))
	}
	for _, why := range RejectReasons() {
		m.ResultsRejected.WithLabelValues(string(why))
	}
	for _, cache := range []string{"eval", "tools"} {
		for _, outcome := range []string{fillWritten, fillPresent, fillRefused} {
			m.CacheFills.WithLabelValues(cache, outcome)
		}
	}
	for _, state := range []string{"expected", "done", "failed", "skipped"} {
		m.SweepJobs.WithLabelValues(state)
	}
	for _, how := range []string{"complete", "deadline"} {
		m.SweepsFinished.WithLabelValues(how)
	}
	return m
}

// InitSources starts the by-source registry counters at zero for the
// registries a coordinator pulls.
func (m *Metrics) InitSources(names ...string) {
	for _, n := range names {
		m.RegistryPages.WithLabelValues(n)
		m.RegistryEntries.WithLabelValues(n)
		m.RegistryErrors.WithLabelValues(n)
	}
}
