package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/coordinator/sweeptest"
	"github.com/mcpgauge/mcpgauge/natsbus"
)

// vmHWM is a process's peak resident set in MB.
func vmHWM(pid int) float64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return float64(kb) / 1024
		}
	}
	return -1
}

// benchSweep times a whole distributed sweep over n loopback MCP servers
// (go-sdk, streamable HTTP) with the given number of worker processes
// (2 slots each), a coordinator process and a SQLite store. It reports
// servers/s and the peak RSS of the worker and coordinator processes.
func benchSweep(b *testing.B, workers int) {
	n := 60
	if v, err := strconv.Atoi(os.Getenv("MCPGAUGE_BENCH_SERVERS")); err == nil && v > 0 {
		n = v
	}
	var entries []sweeptest.Entry
	for i := 0; i < n; i++ {
		tools := sweeptest.Good()
		if i%2 == 1 {
			tools = sweeptest.Poor()
		}
		s := sweeptest.Start(fmt.Sprintf("b%03d", i), "1.0.0", tools)
		b.Cleanup(s.Close)
		entries = append(entries, sweeptest.Entry{Name: "io.bench/" + s.Name, Version: "1.0.0", URL: s.URL()})
	}
	var workerRSS, coordRSS float64
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		dir := b.TempDir()
		reg := filepath.Join(dir, "registry.json")
		if err := sweeptest.WriteRegistry(reg, entries); err != nil {
			b.Fatal(err)
		}
		ns, err := natsbus.StartEmbedded(natsbus.EmbeddedOptions{Dir: filepath.Join(dir, "nats"), Listen: true})
		if err != nil {
			b.Fatal(err)
		}
		var ws []*proc
		for w := 0; w < workers; w++ {
			ws = append(ws, start(b, fmt.Sprintf("w%d", w), "worker", "--nats", ns.ClientURL(), "--slots", "2", "--sandbox", "none",
				"--allow-remote", "--allow-remote-cidr", "127.0.0.0/8", "--listen", "127.0.0.1:0", "--data-dir", filepath.Join(dir, fmt.Sprint("w", w))))
		}
		for _, w := range ws {
			w.listenAddr(b)
		}
		b.StartTimer()
		c := start(b, "coordinator", "coordinator", "--nats", ns.ClientURL(), "--store", "sqlite://"+filepath.Join(dir, "db.sqlite"),
			"--registry", "file://"+reg, "--run-now", "--once", "--sweep-id", fmt.Sprint("bench", i), "--compliance=false",
			"--listen", "127.0.0.1:0", "--data-dir", dir)
		select {
		case <-c.done:
		case <-time.After(10 * time.Minute):
			b.Fatal("sweep did not finish")
		}
		b.StopTimer()
		if !strings.Contains(c.output(), fmt.Sprintf("done=%d", n)) {
			b.Fatalf("sweep did not scan every server:\n%s", c.output())
		}
		coordRSS = max(coordRSS, float64(c.cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss)/1024)
		for _, w := range ws {
			workerRSS = max(workerRSS, vmHWM(w.cmd.Process.Pid))
			w.kill(syscall.SIGTERM)
		}
		ns.Shutdown()
		b.StartTimer()
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "servers/s")
	b.ReportMetric(workerRSS, "worker-peakRSS-MB")
	b.ReportMetric(coordRSS, "coordinator-peakRSS-MB")
}

func BenchmarkSweep1Worker(b *testing.B)  { benchSweep(b, 1) }
func BenchmarkSweep2Workers(b *testing.B) { benchSweep(b, 2) }

// synthRegistry writes n entries synthesised from the real registry crawl
// (each real record repeated under a new name and package identifier) into
// dir as pages of 500 entries, the way a registry API serves them.
func synthRegistry(tb testing.TB, dir string, n int) {
	wd, _ := os.Getwd()
	src := filepath.Join(wd, "..", "..", "..", "shared", "data", "registry", "official-v0-servers_2025-12-18T0842Z.json")
	data, err := os.ReadFile(src)
	if err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("registry crawl: %v", err)
		}
		tb.Skipf("registry crawl: %v", err)
	}
	data = []byte(strings.TrimPrefix(string(data), "\ufeff"))
	var recs []map[string]any
	if err := json.Unmarshal(data, &recs); err != nil {
		tb.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	const page = 500
	for start := 0; start < n; start += page {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("page-%05d.json", start/page)))
		if err != nil {
			tb.Fatal(err)
		}
		w := bufio.NewWriter(f)
		fmt.Fprint(w, `{"servers":[`)
		for i := start; i < min(n, start+page); i++ {
			if i > start {
				w.WriteString(",")
			}
			b, _ := json.Marshal(map[string]any{"server": renamed(recs[i%len(recs)], i), "_meta": recs[i%len(recs)]["_meta"]})
			w.Write(b)
		}
		fmt.Fprint(w, `]}`)
		if err := w.Flush(); err != nil {
			tb.Fatal(err)
		}
		f.Close()
	}
}

// renamed copies a record's server under a new name, with its packages
// and remotes made distinct.
func renamed(rec map[string]any, i int) map[string]any {
	srv, _ := rec["server"].(map[string]any)
	cp := map[string]any{}
	for k, v := range srv {
		cp[k] = v
	}
	cp["name"] = fmt.Sprintf("%v-%d", srv["name"], i)
	for _, key := range []string{"packages", "remotes"} {
		field := map[string]string{"packages": "identifier", "remotes": "url"}[key]
		list, ok := srv[key].([]any)
		if !ok {
			continue
		}
		var out []any
		for _, p := range list {
			if pm, ok := p.(map[string]any); ok {
				c := map[string]any{}
				for k, v := range pm {
					c[k] = v
				}
				c[field] = fmt.Sprintf("%v-%d", pm[field], i)
				out = append(out, c)
			}
		}
		cp[key] = out
	}
	return cp
}

// BenchmarkCoordinatorPlan70k runs the coordinator process on a registry
// file of 70,000 entries synthesised from the real crawl (every version
// planned) against an external NATS, and reports how long planning and
// publishing took and the process's peak RSS (target < 300 MB).
func BenchmarkCoordinatorPlan70k(b *testing.B) {
	n := 70_000
	dir := b.TempDir()
	reg := filepath.Join(dir, "registry")
	synthRegistry(b, reg, n)
	var rss float64
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		ns, err := natsbus.StartEmbedded(natsbus.EmbeddedOptions{Dir: filepath.Join(dir, fmt.Sprint("nats", i)), Listen: true})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		c := start(b, "coordinator", "coordinator", "--nats", ns.ClientURL(), "--store", "sqlite://"+filepath.Join(dir, fmt.Sprint("db", i)),
			"--registry", "file://"+reg, "--all-versions", "--run-now", "--sweep-id", fmt.Sprint("plan", i),
			"--listen", "127.0.0.1:0", "--data-dir", dir)
		addr := c.listenAddr(b)
		for {
			if strings.Contains(c.output(), "sweep planned") {
				break
			}
			select {
			case <-c.done:
				b.Fatalf("coordinator exited:\n%s", c.output())
			case <-time.After(100 * time.Millisecond):
			}
		}
		b.StopTimer()
		_ = addr
		rss = max(rss, vmHWM(c.cmd.Process.Pid))
		c.kill(syscall.SIGTERM)
		ns.Shutdown()
		b.StartTimer()
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "entries/s")
	b.ReportMetric(rss, "coordinator-peakRSS-MB")
}
