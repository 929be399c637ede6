package registry

import (
	"os"
	"testing"
)

// BenchmarkParseNormaliseDecember parses and normalises the 2,794-version
// December 2025 crawl (4.2 MB). The target is under 200 ms per run.
func BenchmarkParseNormaliseDecember(b *testing.B) {
	data, err := os.ReadFile(sharedData(b, crawlDec))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu0, ok := processCPU()
	for b.Loop() {
		doc, err := ParseOfficial(data, "bench")
		if err != nil {
			b.Fatal(err)
		}
		out, _ := Normalise(doc.Servers, NormaliseOptions{})
		if len(out) != 2794 {
			b.Fatalf("%d entries", len(out))
		}
	}
	if cpu1, ok2 := processCPU(); ok && ok2 {
		b.ReportMetric(float64((cpu1-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
	}
}

// BenchmarkPlanDedupeDecember plans and dedupes every December entry.
func BenchmarkPlanDedupeDecember(b *testing.B) {
	data, err := os.ReadFile(sharedData(b, crawlDec))
	if err != nil {
		b.Fatal(err)
	}
	doc, err := ParseOfficial(data, "bench")
	if err != nil {
		b.Fatal(err)
	}
	out, _ := Normalise(doc.Servers, NormaliseOptions{})
	b.ReportAllocs()
	for b.Loop() {
		if len(Dedupe(out)) == 0 {
			b.Fatal("no targets")
		}
	}
}
