// Package integration scans real published MCP servers, installed from the
// npm registry, with the gauge engine (no sandbox: these are the trusted
// reference servers), and checks concrete findings and the quality-gate
// score parts against that tool's published table.
package integration

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/scan"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/worker"
)

// refServer is one reference server, pinned near the April 2026 releases
// quality-gate's README measured, with the findings we expect.
type refServer struct {
	id, version string
	args        func(t *testing.T) []string
	// wantRules must each have at least one finding.
	wantRules []string
	// wantText must appear in some finding message.
	wantText string
	// qg are quality-gate's quality/efficiency/security points.
	qgQuality, qgEfficiency, qgSecurity int
}

func refServers() []refServer {
	return []refServer{
		{id: "@modelcontextprotocol/server-everything", version: "2026.1.26",
			wantRules: []string{"SEC010", "MCP041", "MCP020"}, wantText: "get-env",
			qgQuality: 23, qgEfficiency: 15, qgSecurity: 10},
		{id: "@modelcontextprotocol/server-memory", version: "2026.1.26",
			wantRules: []string{"QG001", "MCP020"}, wantText: "create_entities",
			qgQuality: 23, qgEfficiency: 15, qgSecurity: 20},
		{id: "@modelcontextprotocol/server-filesystem", version: "2026.1.14",
			args:      func(t *testing.T) []string { return []string{t.TempDir()} },
			wantRules: []string{"QG004", "QG005", "MCP020"}, wantText: "read_file",
			qgQuality: 11, qgEfficiency: 15, qgSecurity: 15},
		{id: "@modelcontextprotocol/server-sequential-thinking", version: "2025.12.18",
			wantRules: []string{"QG003"}, wantText: "sequentialthinking",
			qgQuality: 23, qgEfficiency: 15, qgSecurity: 20},
	}
}

func npmInstaller(t *testing.T) *worker.NPM {
	t.Helper()
	npm := &worker.NPM{Cache: filepath.Join(os.TempDir(), "mcpgauge-worker-test-cache")}
	if err := os.MkdirAll(npm.Cache, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := npm.Available(context.Background()); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("npm unavailable under CI: %v", err)
		}
		t.Skipf("npm unavailable: %v", err)
	}
	return npm
}

func TestReferenceServers(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("installs servers from the npm registry; skipped with -short")
	}
	npm := npmInstaller(t)
	for _, c := range refServers() {
		t.Run(c.id, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
			defer cancel()
			inst, err := npm.Install(ctx, registry.PlanPackage{RegistryType: "npm", Identifier: c.id, Version: c.version}, worker.InstallOptions{})
			if err != nil {
				t.Fatalf("install: %v", err)
			}
			args := append([]string(nil), inst.Args...)
			if c.args != nil {
				args = append(args, c.args(t)...)
			}
			target := &connect.Target{Transport: connect.TransportStdio, Command: inst.Command, Args: args,
				Display: "npx " + c.id + "@" + c.version}
			rep, err := scan.Run(ctx, target, scan.Options{Compliance: true, Connect: connect.Options{Timeout: 60 * time.Second}})
			if err != nil {
				t.Fatalf("scan: %v", err)
			}
			got := map[string]int{}
			text := false
			for _, f := range rep.Findings {
				got[f.Rule]++
				if strings.Contains(f.Message, c.wantText) || f.Tool == c.wantText {
					text = true
				}
				if f.Suggestion == "" {
					t.Errorf("%s finding without a suggestion", f.Rule)
				}
			}
			for _, r := range c.wantRules {
				if got[r] == 0 {
					t.Errorf("expected a %s finding; got %v", r, got)
				}
			}
			if !text {
				t.Errorf("no finding mentions %q", c.wantText)
			}
			cs := rep.Compliance.Summary
			if cs.Failed+cs.Errors > 0 {
				for _, r := range rep.Compliance.Results {
					if r.Status == "fail" || r.Status == "error" {
						t.Logf("compliance %s %s: %s", r.Status, r.ID, r.Message)
					}
				}
			}
			q := rep.QualityGate.Score
			t.Logf("%s@%s: mcpgauge %d (%v) | toolgauge health %d | quality-gate %d = compliance %d/40 quality %d/25 efficiency %d/15 security %d/20 | compliance %d passed %d failed %d skipped | %d tools, %d o200k tokens, %d findings",
				c.id, c.version, rep.Score.Overall, rep.Score.Parts, rep.Health.Overall, q.Score, q.ComplianceShown, q.Quality, q.Efficiency, q.Security,
				cs.Passed, cs.Failed, cs.Skipped, len(rep.Snapshot.Tools), rep.TotalTokens, len(rep.Findings))
			if q.Quality != c.qgQuality || q.Efficiency != c.qgEfficiency || q.Security != c.qgSecurity {
				t.Errorf("quality-gate parts %d/%d/%d, want %d/%d/%d (its README table)", q.Quality, q.Efficiency, q.Security, c.qgQuality, c.qgEfficiency, c.qgSecurity)
			}
			// Nothing runs a real tool in a default scan: tools-call-01 is skipped.
			for _, r := range rep.Compliance.Results {
				if r.ID == "tools-call-01" && r.Status != "skip" {
					t.Errorf("tools-call-01 ran in a default scan: %s", r.Status)
				}
			}
			if n := countSeverity(rep.Findings, lint.Error); n > 0 && rep.Score.Overall == 100 {
				t.Errorf("a server with %d errors cannot score 100", n)
			}
		})
	}
}

func countSeverity(fs []lint.Finding, s lint.Severity) int {
	n := 0
	for _, f := range fs {
		if f.Severity == s {
			n++
		}
	}
	return n
}
