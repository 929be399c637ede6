package schema

import (
	"fmt"
	"time"
)

// NATS names (DESIGN §4). The settings are plain values rather than nats.go types
// so that schema stays free of client dependencies; StreamSpec, ConsumerSpec and
// BucketSpec name their jetstream.StreamConfig / ConsumerConfig / KeyValueConfig
// counterparts field by field.
const (
	// JobsStream is the work-queue stream of jobs.
	JobsStream = "MCPGAUGE_JOBS"
	// JobsSubjectPrefix prefixes every job subject; jobs go to JobSubject(sweep).
	JobsSubjectPrefix = "mcpgauge.jobs"
	// ResultsStream is the stream of results.
	ResultsStream = "MCPGAUGE_RESULTS"
	// ResultsSubjectPrefix prefixes every result subject (ResultSubject(sweep)).
	ResultsSubjectPrefix = "mcpgauge.results"
	// WorkersConsumer is the durable pull consumer the workers share.
	WorkersConsumer = "workers"
	// IngestConsumer is the coordinator's durable consumer on ResultsStream.
	IngestConsumer = "coordinator"
	// MsgIDHeader is the header that carries the job ID for de-duplication.
	MsgIDHeader = "Nats-Msg-Id"

	// EvalCacheBucket caches model answers (key = hash of model, prompt, tool digest).
	EvalCacheBucket = "mcpgauge-evalcache"
	// ScansBucket maps a scan key to the last result ID and time (incremental sweeps).
	ScansBucket = "mcpgauge-scans"
	// SweepsBucket holds sweep progress.
	SweepsBucket = "mcpgauge-sweeps"
	// SyncBucket holds per-registry updated_since marks.
	SyncBucket = "mcpgauge-sync"

	// DuplicateWindow is the jobs stream's de-duplication window.
	DuplicateWindow = 2 * time.Hour
	// MaxDeliver is how often a job is delivered before it is given up.
	MaxDeliver = 3
	// DefaultScanDeadline is the scan deadline assumed when none is configured.
	DefaultScanDeadline = 5 * time.Minute
)

// Retention and storage names, as in jetstream.RetentionPolicy / StorageType.
const (
	RetentionWorkQueue = "workqueue"
	RetentionLimits    = "limits"
	StorageFile        = "file"
	StorageMemory      = "memory"
	AckExplicit        = "explicit"
)

// JobSubject is the subject a sweep's jobs are published on.
func JobSubject(sweepID string) string { return JobsSubjectPrefix + "." + sweepID }

// ResultSubject is the subject a sweep's results are published on.
func ResultSubject(sweepID string) string { return ResultsSubjectPrefix + "." + sweepID }

// StreamSpec describes a JetStream stream (jetstream.StreamConfig: Name, Subjects,
// Retention, Storage, Duplicates, MaxAge).
type StreamSpec struct {
	Name       string
	Subjects   []string
	Retention  string // RetentionWorkQueue or RetentionLimits
	Storage    string // StorageFile or StorageMemory
	Duplicates time.Duration
	MaxAge     time.Duration // 0 = unlimited
}

// ConsumerSpec describes a durable pull consumer (jetstream.ConsumerConfig:
// Durable, AckPolicy, AckWait, MaxDeliver, FilterSubject).
type ConsumerSpec struct {
	Stream        string
	Durable       string
	AckPolicy     string // AckExplicit
	AckWait       time.Duration
	MaxDeliver    int
	FilterSubject string
}

// BucketSpec describes a key-value bucket (jetstream.KeyValueConfig: Bucket,
// History, TTL, Storage).
type BucketSpec struct {
	Bucket  string
	History int
	TTL     time.Duration // 0 = keep forever
	Storage string
	// MaxValueSize is the largest value, in bytes, a user writes to the
	// bucket; natsbus.KV refuses a larger one before sending it. It is not
	// part of the bucket's server config, so changing it reconfigures
	// nothing.
	MaxValueSize int
}

// JobsStreamSpec returns the jobs stream: work-queue retention, file storage and a
// duplicate window of DuplicateWindow (≥ 1 h).
func JobsStreamSpec() StreamSpec {
	return StreamSpec{Name: JobsStream, Subjects: []string{JobsSubjectPrefix + ".>"},
		Retention: RetentionWorkQueue, Storage: StorageFile, Duplicates: DuplicateWindow}
}

// ResultsStreamSpec returns the results stream: limits retention, file storage,
// results kept for 7 days (the coordinator acks each after the store commits it).
func ResultsStreamSpec() StreamSpec {
	return StreamSpec{Name: ResultsStream, Subjects: []string{ResultsSubjectPrefix + ".>"},
		Retention: RetentionLimits, Storage: StorageFile, Duplicates: DuplicateWindow,
		MaxAge: 7 * 24 * time.Hour}
}

// WorkersConsumerSpec returns the workers' consumer for a scan deadline
// (DefaultScanDeadline when deadline ≤ 0): explicit ack, AckWait = 2 × deadline,
// MaxDeliver = MaxDeliver.
func WorkersConsumerSpec(scanDeadline time.Duration) ConsumerSpec {
	if scanDeadline <= 0 {
		scanDeadline = DefaultScanDeadline
	}
	return ConsumerSpec{Stream: JobsStream, Durable: WorkersConsumer, AckPolicy: AckExplicit,
		AckWait: 2 * scanDeadline, MaxDeliver: MaxDeliver, FilterSubject: JobsSubjectPrefix + ".>"}
}

// IngestConsumerSpec returns the coordinator's consumer on the results stream.
// Store writes are quick, so AckWait is one minute and delivery is retried
// without limit (MaxDeliver -1): a result is never dropped before it is stored.
func IngestConsumerSpec() ConsumerSpec {
	return ConsumerSpec{Stream: ResultsStream, Durable: IngestConsumer, AckPolicy: AckExplicit,
		AckWait: time.Minute, MaxDeliver: -1, FilterSubject: ResultsSubjectPrefix + ".>"}
}

// BucketSpecs returns the five key-value buckets. The value caps sit at
// NATS's default max_payload (1 MiB) for the buckets whose values grow with
// what a server or a model returns (eval answers and suites, tool
// definitions, sweep records with their notices), and well above the
// largest record for the two that hold small fixed records.
func BucketSpecs() []BucketSpec {
	return []BucketSpec{
		{Bucket: EvalCacheBucket, History: 1, Storage: StorageFile, MaxValueSize: 1 << 20},
		{Bucket: ToolsBucket, History: 1, Storage: StorageFile, MaxValueSize: 1 << 20},
		{Bucket: ScansBucket, History: 1, Storage: StorageFile, MaxValueSize: 64 << 10},
		{Bucket: SweepsBucket, History: 5, Storage: StorageFile, MaxValueSize: 1 << 20},
		{Bucket: SyncBucket, History: 5, Storage: StorageFile, MaxValueSize: 4 << 10},
	}
}

// BucketSpecFor returns the spec of the bucket named name, and false when
// BucketSpecs has none.
func BucketSpecFor(name string) (BucketSpec, bool) {
	for _, b := range BucketSpecs() {
		if b.Bucket == name {
			return b, true
		}
	}
	return BucketSpec{}, false
}

// ScanRecord is the value stored under a scan key in ScansBucket.
type ScanRecord struct {
	JobID      string    `json:"job_id"`
	SweepID    string    `json:"sweep_id"`
	Status     Status    `json:"status"`
	FinishedAt time.Time `json:"finished_at"`
	// Name, Version and the two digests locate an ok scan's tools in
	// ToolsBucket for the post-sweep ecosystem pass (empty in records
	// written before it existed).
	Name            string `json:"name,omitempty"`
	Version         string `json:"version,omitempty"`
	ServerDigest    string `json:"server_digest,omitempty"`
	ToolgaugeDigest string `json:"toolgauge_digest,omitempty"`
	// Aliases are the other name@version keys the scan was stored under
	// (entries that launch the same way); a job whose aliases are not all
	// here is scanned again, not skipped, so every name gets its row.
	Aliases []string `json:"aliases,omitempty"`
}

// Validate checks a scan record.
func (s *ScanRecord) Validate() error {
	if s.JobID == "" || s.SweepID == "" || s.FinishedAt.IsZero() {
		return fmt.Errorf("invalid scan record: job_id, sweep_id and finished_at are required (got %q, %q, %v)", s.JobID, s.SweepID, s.FinishedAt)
	}
	if _, err := ParseStatus(string(s.Status)); err != nil {
		return fmt.Errorf("invalid scan record: %w", err)
	}
	return nil
}
