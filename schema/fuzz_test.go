package schema

import (
	"testing"
	"time"
)

// Job and result messages arrive over NATS from any worker, and a result
// carries what a hostile server said; decoding must never panic, and what
// decodes must survive a round trip.

func fuzzSeedResult() []byte {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r := Result{SchemaVersion: Version, JobID: JobID("s1", "io.x/a", "1.0.0"), SweepID: "s1", Name: "io.x/a", Version: "1.0.0",
		Status: StatusWorkerError, Reason: "x", ScannerVersion: "t", WorkerID: "w", StartedAt: now, FinishedAt: now}
	b, _ := r.Encode()
	return b
}

// FuzzDecodeResult: any message decodes to a valid result or an error.
func FuzzDecodeResult(f *testing.F) {
	f.Add(fuzzSeedResult())
	for _, s := range []string{`{}`, `{"schema_version":1}`, `[`, `{"status":"ok","scores":{"mcpgauge":"NaN"}}`, "\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := DecodeResult(data)
		if err != nil {
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("DecodeResult accepted an invalid result: %v", err)
		}
		b, err := r.Encode()
		if err != nil {
			t.Fatalf("a decoded result does not encode: %v", err)
		}
		r2, err := DecodeResult(b)
		if err != nil {
			t.Fatalf("a re-encoded result does not decode: %v", err)
		}
		if r2.JobID != r.JobID || r2.Status != r.Status {
			t.Fatalf("round trip changed the result: %s/%s vs %s/%s", r.JobID, r.Status, r2.JobID, r2.Status)
		}
	})
}

// FuzzDecodeJob: any message decodes to a valid job or an error.
func FuzzDecodeJob(f *testing.F) {
	for _, s := range []string{`{}`, `{"schema_version": 99, "garbage": true}`, `{"schema_version":1,"job_id":"x","server":{}}`, `[`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		j, err := DecodeJob(data)
		if err != nil {
			return
		}
		if err := j.Validate(); err != nil {
			t.Fatalf("DecodeJob accepted an invalid job: %v", err)
		}
	})
}
