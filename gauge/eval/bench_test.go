package eval_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	fixtures "github.com/mcpgauge/mcpgauge/gauge/eval/evaltest"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

func benchFixture(b *testing.B) (*model.Snapshot, *eval.Suite, string) {
	b.Helper()
	snap, suite, exp := loadFixture(b, "badserver")
	return snap, suite, exp.Eval.Model
}

// BenchmarkLiveCases: cases per second through the real OpenAI-compatible
// backend against a loopback stub that answers after a fixed 20 ms, at
// concurrency 1, 4 and 16 (59 badserver cases per op, cache empty).
func BenchmarkLiveCases(b *testing.B) {
	snap, suite, modelName := benchFixture(b)
	for _, conc := range []int{1, 4, 16} {
		b.Run(fmt.Sprintf("concurrency=%d", conc), func(b *testing.B) {
			_, backend := liveSetup(b, "badserver", modelName, snap, 20*time.Millisecond)
			start := time.Now()
			for i := 0; i < b.N; i++ {
				r := &eval.Runner{Backend: backend, Cache: eval.NewMemoryCache(), Model: modelName, Concurrency: conc}
				if _, err := r.Run(context.Background(), snap, suite); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N*len(suite.Cases))/time.Since(start).Seconds(), "cases/s")
		})
	}
}

// BenchmarkCacheHitPerCase: the cost of replaying one case from the cache
// (key, lookup, argument and schema checks, scoring share).
func BenchmarkCacheHitPerCase(b *testing.B) {
	snap, suite, modelName := benchFixture(b)
	cache, err := eval.OpenFileCache(fixtures.Path(b, "badserver", "responses.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	r := &eval.Runner{Cache: cache, Model: modelName, Offline: true, Schema: eval.NewSchemaChecker()}
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if _, err := r.Run(context.Background(), snap, suite); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N*len(suite.Cases)), "ns/case")
}
