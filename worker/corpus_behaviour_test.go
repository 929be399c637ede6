package worker

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/behaviour"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
	"github.com/mcpgauge/mcpgauge/registry"
)

// corpusSample is every step-th npm server of the precision corpus
// (testdata/precision/*.json: package and version), by file name.
func corpusSample(t *testing.T, step int) []npmCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(shareddata.RepoRoot(t), "testdata", "precision", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	var out []npmCase
	for i, f := range files {
		if i%step != 0 {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c struct{ Package, Version string }
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, npmCase{id: c.Package, version: c.Version})
	}
	return out
}

// crawlEntries maps an npm identifier to its entry in the registry crawl
// of 2025-12-18 (the newest version listed), so the behaviour rules see the
// hosts the entry declares.
func crawlEntries(t *testing.T) map[string]registry.Server {
	t.Helper()
	path := os.Getenv("MCPGAUGE_CORPUS_CRAWL") // a worktree's ../shared may be elsewhere
	if path == "" {
		path = shareddata.Path(t, "data", "registry", "official-v0-servers_2025-12-18T0842Z.json")
	}
	out := map[string]registry.Server{}
	if err := registry.NewFile(path).Pull(context.Background(), registry.Query{}, func(s registry.Server) error {
		for _, p := range s.Packages {
			if p.RegistryType == "npm" {
				out[p.Identifier] = s
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCorpusBehaviour scans a sample of the precision corpus's npm servers
// (MCPGAUGE_CORPUS_BEHAVIOUR=step: every step-th capture; the crawl from
// MCPGAUGE_CORPUS_CRAWL or the shared data) in the sandbox
// with its sinkhole, each with its registry entry from the crawl where it
// has one (so BHV002 sees the declared hosts) and no credentials, and logs
// what each did at start-up and install, and its behaviour findings, as
// "corpus row:" lines: the table and the rules' precision in
// docs/benchmarks.md come from them. Real servers and the real registry:
// off unless asked for.
func TestCorpusBehaviour(t *testing.T) {
	step, _ := strconv.Atoi(os.Getenv("MCPGAUGE_CORPUS_BEHAVIOUR"))
	if step <= 0 {
		t.Skip("set MCPGAUGE_CORPUS_BEHAVIOUR=step to scan every step-th corpus server")
	}
	sb := requireBwrap(t)
	if os.Geteuid() != 0 {
		t.Skip("the network sinkhole needs a root worker")
	}
	npm := &NPM{Cache: filepath.Join(os.TempDir(), "worker-test-corpus-cache")}
	if err := os.MkdirAll(npm.Cache, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := npm.Available(context.Background()); err != nil {
		t.Skipf("npm unavailable: %v", err)
	}
	entries := crawlEntries(t)
	opts := Options{Sandbox: sb, Installers: []Installer{npm}, Deadline: 2 * time.Minute, InstallTimeout: 10 * time.Minute, WorkerID: "test", ScannerVersion: "test"}
	opts.Scan.Connect = connect.Options{Timeout: 60 * time.Second}
	for _, c := range corpusSample(t, step) {
		t.Run(c.id, func(t *testing.T) {
			s := npmServer(c.id, c.version)
			if e, ok := entries[c.id]; ok {
				s = e
				s.Version = c.version
				for i := range s.Packages {
					if s.Packages[i].Identifier == c.id {
						s.Packages[i].Version = c.version
					}
				}
			}
			plan := registry.PlanFor(s, registry.PlanOptions{})
			if plan.Kind != registry.KindNPMStdio {
				// The entry's npm package needs what a sweep does not give
				// (credentials): start the package itself, as a sweep of
				// the package would.
				s = npmServer(c.id, c.version)
				plan = registry.PlanFor(s, registry.PlanOptions{})
			}
			ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
			defer cancel()
			out := Scan(ctx, s, plan, opts)
			res := out.Result
			var bhv []string
			for _, f := range res.Findings {
				if strings.HasPrefix(f.Rule, "BHV") {
					bhv = append(bhv, f.Rule+"("+f.Severity+"): "+f.Message)
				}
			}
			t.Logf("corpus row: | %s@%s | %s | %s | declared %v | %s", c.id, c.version, res.Status, behaviourRow(res.Behaviour),
				behaviour.DeclaredHosts(s), strings.Join(bhv, " ;; "))
			noSandboxProcesses(t, c.id)
		})
	}
}
