// Command startrate measures how many real registry entries the worker can
// start and list: it takes up to -n credential-free npm stdio entries from an
// official registry crawl, installs and scans each in the bubblewrap sandbox
// (-concurrency at a time, -deadline each), and prints the status breakdown
// and the share that answered tools/list, next to the public anchor
// (automatelab: 359 of 922 npm packages, 39%, answered tools/list).
//
// It needs the npm registry and takes a while; it is not part of `go test`.
//
//	go run ./bench/startrate -n 100 -concurrency 3 -deadline 60s -out /tmp/startrate.jsonl
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/worker"
)

// anchorShare is automatelab's share of npm packages that answered
// tools/list (359/922, anchors.md §3.1).
const anchorShare = 359.0 / 922.0

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "startrate:", err)
		os.Exit(1)
	}
}

type line struct {
	Name       string        `json:"name"`
	Version    string        `json:"version"`
	Package    string        `json:"package"`
	Status     schema.Status `json:"status"`
	Reason     string        `json:"reason,omitempty"`
	Tools      int           `json:"tools"`
	InstallMS  int64         `json:"install_ms"`
	ConnectMS  int64         `json:"connect_ms"`
	WallMS     int64         `json:"wall_ms"`
	Cached     bool          `json:"cached"`
	Integrity  string        `json:"integrity,omitempty"`
	Skipped    []string      `json:"skipped_scripts,omitempty"`
	Placeholds []string      `json:"placeholders,omitempty"`
}

func run() error {
	data := flag.String("data", defaultData(), "official registry crawl (JSON)")
	n := flag.Int("n", 100, "entries to scan")
	conc := flag.Int("concurrency", 3, "scans at once")
	deadline := flag.Duration("deadline", 60*time.Second, "deadline of one scan (start, handshake, listing)")
	installTimeout := flag.Duration("install-timeout", 3*time.Minute, "deadline of one install")
	cache := flag.String("cache", filepath.Join(os.TempDir(), "mcpgauge-startrate-cache"), "package cache")
	out := flag.String("out", "", "write one JSON line per entry here")
	flag.Parse()
	if *n <= 0 || *conc <= 0 || *deadline <= 0 {
		return errors.New("-n, -concurrency and -deadline must be positive")
	}
	raw, err := os.ReadFile(*data)
	if err != nil {
		return err
	}
	doc, err := registry.ParseOfficial(raw, "file:"+*data)
	if err != nil {
		return err
	}
	entries, _ := registry.Normalise(doc.Servers, registry.NormaliseOptions{LatestOnly: true})
	type job struct {
		s    registry.Server
		plan registry.Plan
	}
	var jobs []job
	seen := map[string]bool{}
	for _, s := range entries {
		p := registry.PlanFor(s, registry.PlanOptions{})
		if p.Kind != registry.KindNPMStdio || !p.CredentialFree || seen[p.Package.Identifier] {
			continue
		}
		seen[p.Package.Identifier] = true
		jobs = append(jobs, job{s, p})
		if len(jobs) == *n {
			break
		}
	}
	if err := os.MkdirAll(*cache, 0o755); err != nil {
		return err
	}
	sb := worker.NewBwrap()
	if err := sb.Available(context.Background()); err != nil {
		return err
	}
	npm := &worker.NPM{Cache: *cache, Timeout: *installTimeout}
	opts := worker.Options{Sandbox: sb, Installers: []worker.Installer{npm}, Deadline: *deadline, InstallTimeout: *installTimeout,
		WorkerID: "startrate", ScannerVersion: "bench"}
	opts.Scan.Connect = connect.Options{Timeout: *deadline / 2}

	fmt.Fprintf(os.Stderr, "scanning %d credential-free npm stdio entries, %d at a time, %s each\n", len(jobs), *conc, *deadline)
	results := make([]line, len(jobs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, *conc)
	start := time.Now()
	for i, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			t0 := time.Now()
			ctx, cancel := context.WithTimeout(context.Background(), *installTimeout+*deadline+30*time.Second)
			o := worker.Scan(ctx, j.s, j.plan, opts)
			cancel()
			l := line{Name: j.s.Name, Version: j.s.Version, Package: j.plan.Package.Identifier + "@" + j.plan.Package.Version,
				Status: o.Result.Status, Reason: o.Result.Reason, InstallMS: o.Result.Timings.InstallMS,
				ConnectMS: o.Result.Timings.ConnectMS, WallMS: time.Since(t0).Milliseconds(), Placeholds: o.Result.Placeholders}
			if o.Result.Snapshot != nil {
				l.Tools = o.Result.Snapshot.Tools
			}
			if o.Install != nil {
				l.Cached, l.Integrity, l.Skipped = o.Install.Cached, o.Install.Integrity, o.Install.SkippedScripts
			}
			results[i] = l
			fmt.Fprintf(os.Stderr, "[%3d/%d] %-60s %-17s %s\n", i+1, len(jobs), l.Package, l.Status, clip(l.Reason, 120))
		}()
	}
	wg.Wait()
	wall := time.Since(start)
	if left := worker.SandboxProcesses(); len(left) > 0 {
		fmt.Fprintf(os.Stderr, "WARNING: %d sandbox processes still running\n", len(left))
	}
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		enc := json.NewEncoder(f)
		for _, l := range results {
			if err := enc.Encode(l); err != nil {
				return err
			}
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	summarise(results, wall, *conc)
	return nil
}

func summarise(rs []line, wall time.Duration, conc int) {
	counts := map[schema.Status]int{}
	tools := 0
	for _, r := range rs {
		counts[r.Status]++
		if r.Status == schema.StatusOK {
			tools += r.Tools
		}
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, string(k))
	}
	sort.Slice(keys, func(i, j int) bool { return counts[schema.Status(keys[i])] > counts[schema.Status(keys[j])] })
	fmt.Printf("| status | entries | share |\n|---|---:|---:|\n")
	for _, k := range keys {
		c := counts[schema.Status(k)]
		fmt.Printf("| %s | %d | %.0f%% |\n", k, c, 100*float64(c)/float64(len(rs)))
	}
	ok := counts[schema.StatusOK]
	fmt.Printf("\nreached tools/list: %d of %d (%.0f%%), %d tools; anchor (automatelab npm, 359/922): %.0f%%\n", ok, len(rs), 100*float64(ok)/float64(len(rs)), tools, 100*anchorShare)
	missing := 0
	for _, r := range rs {
		if r.Status == schema.StatusInstallFailed && (strings.Contains(r.Reason, "not found on the registry") || strings.Contains(r.Reason, "has no version")) {
			missing++
		}
	}
	if rest := len(rs) - missing; missing > 0 && rest > 0 {
		fmt.Printf("package or version missing from the reachable npm registry: %d; reached tools/list among the other %d: %d (%.0f%%)\n", missing, rest, ok, 100*float64(ok)/float64(rest))
	}
	fmt.Printf("wall time %s at concurrency %d: %.1f scans/min\n", wall.Round(time.Second), conc, float64(len(rs))/wall.Minutes())
}

func clip(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// defaultData finds ../shared/data/registry/... above the module root.
func defaultData() string {
	const crawl = "official-v0-servers_2025-12-18T0842Z.json"
	dir, _ := os.Getwd()
	root, err := shareddata.FindRepoRoot(dir)
	if err != nil {
		return crawl
	}
	return filepath.Join(root, "..", "shared", "data", "registry", crawl)
}
