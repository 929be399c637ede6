package registry

import (
	"fmt"
	"os"
	"strconv"
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

// synthEntries returns n entries io.bench/sNNNNNN@1.0.0, each listed by
// an aggregator (no official listing: the representative entry is looked
// for all the way); with shared every one launches the same npm package
// (one target of n names), otherwise each its own.
func synthEntries(n int, shared bool) []Server {
	out := make([]Server, n)
	for i := range out {
		name := fmt.Sprintf("io.bench/s%06d", i)
		pkg := "shared-pkg"
		if !shared {
			pkg = fmt.Sprintf("pkg-%06d", i)
		}
		out[i] = Server{Name: name, Version: "1.0.0", Status: StatusActive, RegistryLatest: true,
			Sources:  []Listing{{Source: "bench", Name: name, Version: "1.0.0"}},
			Packages: []Package{{RegistryType: "npm", Identifier: pkg, Version: "1.0.0", Transport: Transport{Type: "stdio"}}}}
	}
	return out
}

// BenchmarkNormaliseDedupe normalises (latest only) and dedupes n
// synthetic entries (MCPGAUGE_BENCH_N, default 300,000) that all launch
// the same package (shared) or each their own (distinct): what a sweep's
// pull does after reading its sources. The target is under 10 s each.
func BenchmarkNormaliseDedupe(b *testing.B) {
	n := 300_000
	if v, err := strconv.Atoi(os.Getenv("MCPGAUGE_BENCH_N")); err == nil && v > 0 {
		n = v
	}
	for _, shared := range []bool{true, false} {
		name := "distinct"
		if shared {
			name = "shared"
		}
		b.Run(name, func(b *testing.B) {
			in := synthEntries(n, shared)
			want := n
			if shared {
				want = 1
			}
			cpu0, ok := processCPU()
			for b.Loop() {
				norm, _ := Normalise(in, NormaliseOptions{LatestOnly: true})
				if got := len(Dedupe(norm)); got != want {
					b.Fatalf("%d targets, want %d", got, want)
				}
			}
			if cpu1, ok2 := processCPU(); ok && ok2 {
				b.ReportMetric(float64((cpu1-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
			}
		})
	}
}
