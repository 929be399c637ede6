package compliance_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/scan"
	"github.com/mcpgauge/mcpgauge/gauge/tokens"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
)

// cpuNow is the CPU (user + system) used so far by this process and by its
// children that have ended and been waited for: the scanner and every
// server process it started.
func cpuNow(b *testing.B) cpu {
	var self, kids syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &self); err != nil {
		b.Fatal(err)
	}
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids); err != nil {
		b.Fatal(err)
	}
	tv := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	return cpu{self: tv(self.Utime) + tv(self.Stime), kids: tv(kids.Utime) + tv(kids.Stime)}
}

// cpu is CPU time of the scanner (self) and of the server processes (kids).
type cpu struct{ self, kids time.Duration }

func (c cpu) sub(o cpu) cpu        { return cpu{c.self - o.self, c.kids - o.kids} }
func (c cpu) add(o cpu) cpu        { return cpu{c.self + o.self, c.kids + o.kids} }
func (c cpu) total() time.Duration { return c.self + c.kids }

// nodeMemoryServer finds @modelcontextprotocol/server-memory 2026.1.26:
// $MCPGAUGE_BENCH_NODE_SERVER, else the worker tests' npm cache (go test
// ./worker -run TestRealNPMServers installs it there).
func nodeMemoryServer(b *testing.B) string {
	if p := os.Getenv("MCPGAUGE_BENCH_NODE_SERVER"); p != "" {
		return p
	}
	m, _ := filepath.Glob(filepath.Join(os.TempDir(), "mcpgauge-worker-test-cache", "npm",
		"npm-modelcontextprotocol_server-memory-2026.1.26-*", "node_modules", "@modelcontextprotocol", "server-memory", "dist", "index.js"))
	if len(m) == 0 {
		b.Skip("server-memory not installed: run go test ./worker -run TestRealNPMServers once, or set MCPGAUGE_BENCH_NODE_SERVER")
	}
	return m[0]
}

// bareFloor is the floor a scan is measured against: a plain go-sdk
// client that spawns the server, initializes (or discovers) and lists its
// tools, then closes.
func bareFloor(ctx context.Context, b *testing.B, t *connect.Target) {
	cmd := exec.CommandContext(ctx, t.Command, t.Args...)
	cmd.Env = os.Environ()
	for k, v := range t.Env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "floor", Version: "0"}, nil)
	cs, err := c.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := cs.ListTools(ctx, nil); err != nil {
		b.Fatal(err)
	}
	if err := cs.Close(); err != nil {
		b.Logf("close: %v", err)
	}
}

// BenchmarkScanCost measures, side by side in one run, the CPU of a
// default full scan (lint, tokens and every compliance test, no tool
// calls) and of the bare floor, on a Node stdio server of the initialize
// era (server-memory) and on the stateless go-sdk fixture, and reports
// their ratio (targets: 2.0 and 1.2). The deep mode's CPU is reported too.
//
//	go test ./gauge/compliance -run '^$' -bench ScanCost -benchtime 10x
func BenchmarkScanCost(b *testing.B) {
	counter := tokens.New()
	for _, tc := range []struct {
		name   string
		target func(b *testing.B) *connect.Target
	}{
		{"node-memory", func(b *testing.B) *connect.Target {
			return &connect.Target{Transport: connect.TransportStdio, Command: "node", Args: []string{nodeMemoryServer(b)},
				Env: map[string]string{"MEMORY_FILE_PATH": filepath.Join(b.TempDir(), "memory.jsonl")}, Display: "server-memory"}
		}},
		{"stateless-fixture", func(b *testing.B) *connect.Target {
			return &connect.Target{Transport: connect.TransportStdio, Command: fixtures.Build(b, "stateless"), Display: "stateless"}
		}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			t := tc.target(b)
			ctx := context.Background()
			scanOnce := func(mode compliance.Mode) {
				rep, err := scan.Run(ctx, t, scan.Options{Connect: connect.Options{Timeout: 30 * time.Second},
					Compliance: true, ComplianceMode: mode, Tokens: counter})
				if err != nil {
					b.Fatal(err)
				}
				if rep.Compliance == nil || rep.Compliance.Summary.Errors > 0 {
					b.Fatalf("compliance errors: %+v", rep.Compliance)
				}
			}
			// Warm up caches (the token counter, the page cache) once.
			scanOnce(compliance.ModeDefault)
			bareFloor(ctx, b, t)
			var floor, full, deep cpu
			n := 0
			for b.Loop() {
				c0 := cpuNow(b)
				bareFloor(ctx, b, t)
				c1 := cpuNow(b)
				scanOnce(compliance.ModeDefault)
				c2 := cpuNow(b)
				scanOnce(compliance.ModeDeep)
				c3 := cpuNow(b)
				floor = floor.add(c1.sub(c0))
				full = full.add(c2.sub(c1))
				deep = deep.add(c3.sub(c2))
				n++
			}
			ms := func(d time.Duration) float64 { return float64(d) / float64(n) / float64(time.Millisecond) }
			b.ReportMetric(ms(floor.total()), "floor-cpu-ms/op")
			b.ReportMetric(ms(full.total()), "scan-cpu-ms/op")
			b.ReportMetric(ms(full.self), "scan-self-ms/op")
			b.ReportMetric(ms(full.kids), "scan-server-ms/op")
			b.ReportMetric(ms(deep.total()), "deep-cpu-ms/op")
			b.ReportMetric(float64(full.total())/float64(floor.total()), "scan/floor")
			b.ReportMetric(float64(deep.total())/float64(floor.total()), "deep/floor")
		})
	}
}
