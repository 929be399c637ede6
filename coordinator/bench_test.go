package coordinator_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

// synthSource serves n entries synthesised from the real registry crawl
// (each real entry repeated under new names), or plain npm entries when
// the crawl is absent.
type synthSource struct {
	base []registry.Server
	n    int
}

func (s synthSource) Name() string { return "synthetic" }

func (s synthSource) Pull(ctx context.Context, q registry.Query, fn func(registry.Server) error) error {
	for i := 0; i < s.n; i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		var e registry.Server
		if len(s.base) > 0 {
			e = s.base[i%len(s.base)]
			e.Packages = append([]registry.Package(nil), e.Packages...)
			for j := range e.Packages {
				e.Packages[j].Identifier += "-" + strconv.Itoa(i)
			}
			e.Remotes = append([]registry.Remote(nil), e.Remotes...)
			for j := range e.Remotes {
				e.Remotes[j].URL += "/" + strconv.Itoa(i)
			}
		} else {
			e = registry.Server{Version: "1.0.0", Status: registry.StatusActive,
				Packages: []registry.Package{{RegistryType: "npm", Identifier: "pkg-" + strconv.Itoa(i), Version: "1.0.0", Transport: registry.Transport{Type: "stdio"}}}}
		}
		e.Name = fmt.Sprintf("%s-%d", e.Name, i)
		if e.Name[0] == '-' {
			e.Name = "io.synthetic/s" + e.Name
		}
		e.Sources = []registry.Listing{{Source: "synthetic", Name: e.Name, Version: e.Version}}
		if err := fn(e); err != nil {
			return err
		}
	}
	return nil
}

// crawl reads the real registry crawl from ../shared/data/registry.
func crawl(tb testing.TB) []registry.Server {
	path := shareddata.Path(tb, "data", "registry", "official-v0-servers_2025-12-18T0842Z.json")
	var out []registry.Server
	if err := registry.NewFile(path).Pull(context.Background(), registry.Query{}, func(s registry.Server) error {
		out = append(out, s)
		return nil
	}); err != nil {
		tb.Fatal(err)
	}
	return out
}

type benchEnv struct {
	ns *natsbus.Embedded
	js jetstream.JetStream
	st store.Store
}

func newBenchEnv(b *testing.B, storeURL string) *benchEnv {
	b.Helper()
	ctx := context.Background()
	dir := b.TempDir()
	ns, err := natsbus.StartEmbedded(natsbus.EmbeddedOptions{Dir: filepath.Join(dir, "nats")})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(ns.Shutdown)
	nc, err := ns.Connect("bench")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(nc.Close)
	js, err := jetstream.New(nc, jetstream.WithPublishAsyncMaxPending(4096))
	if err != nil {
		b.Fatal(err)
	}
	if err := natsbus.Setup(ctx, js, time.Minute); err != nil {
		b.Fatal(err)
	}
	if storeURL == "" {
		storeURL = store.SQLiteURL(dir)
	}
	st, err := store.Open(ctx, storeURL)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	return &benchEnv{ns: ns, js: js, st: st}
}

func benchN(def int) int {
	if v, err := strconv.Atoi(os.Getenv("MCPGAUGE_BENCH_N")); err == nil && v > 0 {
		return v
	}
	return def
}

// BenchmarkPlanPublish plans and publishes a sweep of N entries
// synthesised from the real crawl (pull, normalise, dedupe, plan, scan-key
// lookup in KV, publish with Nats-Msg-Id). It reports jobs/s and the
// process's peak RSS (VmHWM).
func BenchmarkPlanPublish(b *testing.B) {
	n := benchN(100_000)
	base := crawl(b)
	env := newBenchEnv(b, "")
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		c, err := coordinator.New(ctx, coordinator.Config{JS: env.js, Store: env.st,
			Sources: []registry.Source{synthSource{base: base, n: n}}, AllVersions: true, ScannerVersion: "bench"})
		if err != nil {
			b.Fatal(err)
		}
		id := fmt.Sprintf("bench%d", i)
		if err := c.Start(ctx, id); err != nil {
			b.Fatal(err)
		}
		p, _ := c.Progress(ctx, id)
		if p.Published == 0 {
			b.Fatalf("nothing published: %+v", p)
		}
		b.ReportMetric(float64(p.Published), "jobs/op")
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "jobs/s")
	b.ReportMetric(peakRSSMB(), "peakRSS-MB")
}

// peakRSSMB is the process's peak resident set (VmHWM) in MB.
func peakRSSMB() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return float64(m.Sys) / (1 << 20)
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return float64(kb) / 1024
		}
	}
	return 0
}

// benchIngest plans a sweep of N entries, answers each job the way a
// worker would (a realistic result: 10 tools, 20 findings, the job's
// attempt token) on MCPGAUGE_RESULTS, and times the coordinator's ingest
// path: fetch in batches of 200, decode, validate and check against the
// plan, store, record scan keys, ack.
func benchIngest(b *testing.B, storeURL string) {
	n := benchN(100_000)
	ctx := context.Background()
	for b.Loop() {
		b.StopTimer()
		env := newBenchEnv(b, storeURL)
		sweep := fmt.Sprintf("ing%d", time.Now().UnixNano())
		c, err := coordinator.New(ctx, coordinator.Config{JS: env.js, Store: env.st, Sources: []registry.Source{synthSource{n: n}},
			AllVersions: true, ScannerVersion: "bench"})
		if err != nil {
			b.Fatal(err)
		}
		if err := c.Start(ctx, sweep); err != nil {
			b.Fatal(err)
		}
		answerJobs(b, ctx, env.js, n)
		ictx, cancel := context.WithCancel(ctx)
		cons, _ := env.js.Consumer(ctx, schema.ResultsStream, schema.IngestConsumer)
		b.StartTimer()
		done := make(chan struct{})
		go func() { _ = c.Ingest(ictx); close(done) }()
		for {
			info, err := cons.Info(ctx)
			if err == nil && info.NumPending == 0 && info.NumAckPending == 0 {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		b.StopTimer()
		cancel()
		<-done
		sw, err := env.st.GetSweep(ctx, sweep)
		if err == nil && sw.Results != int64(n) {
			b.Fatalf("stored %d results, want %d", sw.Results, n)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "results/s")
}

// answerJobs takes n jobs from the workers' consumer and publishes a
// realistic result for each.
func answerJobs(b *testing.B, ctx context.Context, js jetstream.JetStream, n int) {
	jobs, err := js.Consumer(ctx, schema.JobsStream, schema.WorkersConsumer)
	if err != nil {
		b.Fatal(err)
	}
	for got := 0; got < n; {
		batch, err := jobs.Fetch(500, jetstream.FetchMaxWait(5*time.Second))
		if err != nil {
			b.Fatal(err)
		}
		k := 0
		for m := range batch.Messages() {
			j, err := schema.DecodeJob(m.Data())
			if err != nil {
				b.Fatal(err)
			}
			r := storetest.Result(storetest.Spec{SweepID: j.SweepID, Name: j.Name, Version: j.Version,
				Score: float64(got % 100), ScanKey: j.ScanKey})
			r.Attempt = j.Attempt
			data, err := r.Encode()
			if err != nil {
				b.Fatal(err)
			}
			if _, err := js.PublishAsync(schema.ResultSubject(j.SweepID), data, jetstream.WithMsgID(r.JobID)); err != nil {
				b.Fatal(err)
			}
			_ = m.Ack()
			got, k = got+1, k+1
		}
		if k == 0 {
			b.Fatalf("no more jobs after %d of %d", got, n)
		}
	}
	select {
	case <-js.PublishAsyncComplete():
	case <-time.After(5 * time.Minute):
		b.Fatal("publishing results timed out")
	}
}

func BenchmarkIngestSQLite(b *testing.B) { benchIngest(b, "") }

func BenchmarkIngestClickHouse(b *testing.B) {
	u := os.Getenv("MCPGAUGE_TEST_CLICKHOUSE")
	if u == "" {
		b.Skip("MCPGAUGE_TEST_CLICKHOUSE is unset")
	}
	opts, err := clickhouse.ParseDSN(u)
	if err != nil {
		b.Fatal(err)
	}
	conn, err := clickhouse.Open(opts)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	db := fmt.Sprintf("bench_%d", time.Now().UnixNano())
	ctx := context.Background()
	if err := conn.Exec(ctx, "CREATE DATABASE "+db); err != nil {
		b.Fatal(err)
	}
	defer func() { _ = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+db) }()
	benchIngest(b, u[:strings.LastIndex(u, "/")+1]+db)
}
