package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

// cli runs the mcpgauge CLI in-process and returns exit code, stdout, stderr.
func cli(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

// leftovers lists running processes whose executable is bin and whose
// environment names this test's marker file: the fixture binaries are
// shared by every test process on the machine, so the marker tells this
// test's servers from other tests' that run at the same time.
func leftovers(t *testing.T, bin, marker string) []string {
	t.Helper()
	entries, _ := os.ReadDir("/proc")
	want := []byte(fixtures.MarkerEnv + "=" + marker + "\x00")
	var pids []string
	for _, e := range entries {
		exe, err := os.Readlink(filepath.Join("/proc", e.Name(), "exe"))
		if err != nil || exe != bin {
			continue
		}
		// The scan hands its whole environment to the server
		// (connect.Stdio), so a server of this test carries the marker.
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err == nil && bytes.Contains(append([]byte{0}, env...), append([]byte{0}, want...)) {
			pids = append(pids, e.Name())
		}
	}
	return pids
}

func TestLintGoldenThroughCLI(t *testing.T) {
	shareddata.Require(t) // skips once, here, without ../shared
	for _, c := range []struct {
		server string
		code   int
	}{{"badserver", exitThreshold}, {"goodserver", exitOK}} {
		t.Run(c.server, func(t *testing.T) {
			file := shareddata.Path(t, "data", "toolgauge-fixtures", c.server, "tools-list.json")
			var expected struct {
				Lint struct {
					Findings []map[string]any `json:"findings"`
				} `json:"lint"`
			}
			if err := json.Unmarshal(shareddata.Read(t, "data", "toolgauge-fixtures", c.server, "expected.json"), &expected); err != nil {
				t.Fatal(err)
			}
			// The toolgauge profile, chosen by flag or by the config key
			// lint.profile, reproduces toolgauge byte for byte.
			cfgPath := filepath.Join(t.TempDir(), "mcpgauge.yaml")
			if err := os.WriteFile(cfgPath, []byte("lint:\n  profile: toolgauge\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{{"--profile", "toolgauge"}, {"--config", cfgPath}} {
				lintGoldenCase(t, append([]string{"lint", "--tools-json", file, "--json"}, args...), c.code, expected.Lint.Findings)
			}
		})
	}
}

func lintGoldenCase(t *testing.T, args []string, wantCode int, want []map[string]any) {
	t.Helper()
	code, out, stderr := cli(t, args...)
	if code != wantCode {
		t.Fatalf("%v: exit %d, want %d (stderr %s)", args, code, wantCode, stderr)
	}
	var got struct {
		SchemaVersion string           `json:"schema_version"`
		Findings      []map[string]any `json:"findings"`
		ToolCount     int              `json:"tool_count"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.SchemaVersion == "" {
		t.Error("lint JSON lacks schema_version")
	}
	for _, f := range got.Findings {
		if s, _ := f["suggestion"].(string); s == "" {
			t.Errorf("finding without suggestion: %v", f)
		}
		delete(f, "suggestion")
	}
	if len(got.Findings) == 0 {
		got.Findings = nil
	}
	if len(want) == 0 {
		want = nil
	}
	if diff := cmp.Diff(want, got.Findings); diff != "" {
		t.Fatalf("%v differs from expected.json (-want +got):\n%s", args, diff)
	}
}

func TestLintOutputsAndExitCodes(t *testing.T) {
	bad := shareddata.Path(t, "data", "toolgauge-fixtures", "badserver", "tools-list.json")
	cases := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"terminal", []string{"lint", "--tools-json", bad}, exitThreshold, []string{"(server)\n  MCP004  warning", "hidden, -v to show", "Most common: "}},
		{"fail-on off", []string{"lint", "--tools-json", bad, "--fail-on", "off"}, exitOK, nil},
		{"sarif", []string{"lint", "--tools-json", bad, "--sarif"}, exitThreshold, []string{`"version": "2.1.0"`, `"mcpToolgaugeFinding/v1"`, `"id": "SEC001"`, `"id": "MCP052"`}},
		{"json and sarif", []string{"lint", "--tools-json", bad, "--json", "--sarif"}, exitUsage, nil},
		{"missing file", []string{"lint", "--tools-json", "/nonexistent.json"}, exitUsage, nil},
		{"no target", []string{"lint"}, exitUsage, nil},
		{"bad fail-on", []string{"lint", "--tools-json", bad, "--fail-on", "loud"}, exitUsage, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, stderr := cli(t, append(c.args, "--no-config")...)
			if code != c.code {
				t.Fatalf("exit %d, want %d\nstdout %s\nstderr %s", code, c.code, out, stderr)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q", w)
				}
			}
			if c.code == exitUsage && stderr == "" {
				t.Error("usage error without a message")
			}
		})
	}
}

func TestRuleOffDoesNotRun(t *testing.T) {
	bad := shareddata.Path(t, "data", "toolgauge-fixtures", "badserver", "tools-list.json")
	dir := t.TempDir()
	cfg := filepath.Join(dir, "mcpgauge.toml")
	if err := os.WriteFile(cfg, []byte("[lint.rules]\nMCP020 = \"off\"\nMCP013 = \"info\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, _ := cli(t, "lint", "--tools-json", bad, "--json", "--config", cfg)
	if strings.Contains(out, `"MCP020"`) {
		t.Error("MCP020 is off but reported")
	}
	if !strings.Contains(out, "\"rule\": \"MCP013\",\n      \"severity\": \"info\"") {
		t.Error("MCP013 severity override not applied")
	}
}

func TestScanCarefulIsReadOnly(t *testing.T) {
	bin := fixtures.Build(t, "careful")
	marker := filepath.Join(t.TempDir(), "marker")
	t.Setenv(fixtures.MarkerEnv, marker)
	code, out, stderr := cli(t, "scan", bin, "--json", "--no-config")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res struct {
		Status string `json:"status"`
		Scores struct {
			MCPGauge    float64 `json:"mcpgauge"`
			QualityGate struct {
				Score float64 `json:"score"`
			} `json:"quality_gate"`
		} `json:"scores"`
		Snapshot struct {
			Tools int    `json:"tools"`
			Era   string `json:"era"`
		} `json:"snapshot"`
		Compliance []struct{ ID, Status string } `json:"compliance"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Status != "ok" || res.Snapshot.Tools != 6 || res.Scores.MCPGauge < 95 {
		t.Fatalf("careful scan: %+v", res)
	}
	for _, c := range res.Compliance {
		if c.ID == "tools-call-01" && c.Status != "skip" {
			t.Errorf("tools-call-01 must be skipped by default, got %s", c.Status)
		}
	}
	if names, _ := fixtures.ReadMarker(marker); len(names) > 0 {
		t.Fatalf("a default scan ran tool bodies: %v", names)
	}
	if pids := leftovers(t, bin, marker); len(pids) > 0 {
		t.Fatalf("server processes left behind: %v", pids)
	}

	// readonly calls only tools annotated readOnlyHint.
	code, _, stderr = cli(t, "check", bin, "--call-tools", "readonly", "--no-config")
	if code != exitOK {
		t.Fatalf("check --call-tools readonly exit %d: %s", code, stderr)
	}
	names, _ := fixtures.ReadMarker(marker)
	if len(names) == 0 {
		t.Fatal("readonly mode called no tool")
	}
	for _, n := range names {
		if n == "place_hold" || n == "cancel_hold" || n == "renew_loan" {
			t.Errorf("readonly mode called the non-read-only tool %s", n)
		}
	}
}

func TestScanCarelessFindings(t *testing.T) {
	bin := fixtures.Build(t, "careless")
	code, out, stderr := cli(t, "scan", bin, "-v", "--no-config")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// Score v4 and v5 count four distinct risks: injection (an error, 40),
	// credentials and exfiltration (warnings, 20 each) and an execution
	// surface (5).
	for _, want := range []string{"security 15.0", "SEC001", "SEC006", "MCP010", "QG004", "quality-gate"} {
		if !strings.Contains(out, want) {
			t.Errorf("careless scan output lacks %q", want)
		}
	}
	code, _, _ = cli(t, "scan", bin, "--min-score", "90", "--no-config")
	if code != exitThreshold {
		t.Errorf("--min-score 90 on careless: exit %d, want 1", code)
	}
}

// TestHostileFixtures: every hostile server ends with a clear status and
// message within its deadline, with no panic and no process left behind.
func TestHostileFixtures(t *testing.T) {
	cases := []struct {
		name   string
		code   int
		status string
		want   string
	}{
		{"hang-init", exitConnect, "timeout", "no answer"},
		{"flood-stdout", exitConnect, "", "stdout"},
		{"crash-mid-list", exitConnect, "crashed", "tools/list page 2"},
		{"junk-stdout", exitOK, "ok", "spec-stdio-01"},
		{"many-tools", exitOK, "ok", `"tools": 5000`},
		{"lying-caps", exitOK, "ok", "spec-caps-01"},
		{"loop-pagination", exitOK, "ok", "spec-pagination-02"},
		{"bait-switch", exitOK, "ok", "spec-bait-01"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bin := fixtures.Build(t, c.name)
			marker := filepath.Join(t.TempDir(), "marker")
			t.Setenv(fixtures.MarkerEnv, marker)
			code, out, stderr := cli(t, "scan", bin, "--json", "--timeout", "5s", "--no-config")
			if code != c.code {
				t.Fatalf("exit %d, want %d\n%s\n%s", code, c.code, out, stderr)
			}
			var res struct {
				Status     string                                 `json:"status"`
				Reason     string                                 `json:"reason"`
				Compliance []struct{ ID, Status, Message string } `json:"compliance"`
			}
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatalf("scan --json must always print a result document: %v\n%s", err, out)
			}
			if c.status != "" && res.Status != c.status {
				t.Errorf("status %s, want %s (%s)", res.Status, c.status, res.Reason)
			}
			if res.Status != "ok" && res.Reason == "" {
				t.Error("failed scan without a reason")
			}
			if !strings.Contains(out+stderr, c.want) {
				t.Errorf("output lacks %q:\n%s\n%s", c.want, out, stderr)
			}
			if strings.HasPrefix(c.want, "spec-") {
				for _, r := range res.Compliance {
					if r.ID == c.want && r.Status != "fail" {
						t.Errorf("%s should fail on %s, got %s: %s", c.want, c.name, r.Status, r.Message)
					}
				}
			}
			if strings.Contains(stderr, "panic") && c.name != "crash-mid-list" {
				t.Errorf("panic in output: %s", stderr)
			}
			// loop-pagination answers any tool name, so our nonexistent-tool
			// probes show up in its marker; no real tool may.
			names, _ := fixtures.ReadMarker(marker)
			for _, n := range names {
				if !strings.HasPrefix(n, "__mcptest_nonexistent_tool_") {
					t.Errorf("tool body ran: %s", n)
				}
			}
			if pids := leftovers(t, bin, marker); len(pids) > 0 {
				t.Errorf("processes left behind: %v", pids)
			}
		})
	}
}

// TestScanInSandbox runs a local target through the worker's bubblewrap
// path, and checks the registry-entry flags' usage errors.
func TestScanInSandbox(t *testing.T) {
	bin := fixtures.Build(t, "careful")
	code, out, stderr := cli(t, "scan", "--sandbox", "bwrap", bin, "--json", "--no-config")
	if code == exitUsage && strings.Contains(stderr, "bwrap") && os.Getenv("CI") != "true" {
		t.Skipf("bubblewrap unavailable: %s", stderr)
	}
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res struct {
		Status   string `json:"status"`
		Snapshot struct {
			Tools int `json:"tools"`
		} `json:"snapshot"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if res.Status != "ok" || res.Snapshot.Tools != 6 {
		t.Fatalf("sandboxed scan: %+v", res)
	}
	if code, _, _ := cli(t, "scan", "--entry", "x.json", bin); code != exitUsage {
		t.Errorf("--entry with a TARGET: exit %d, want 2", code)
	}
	if code, _, _ := cli(t, "scan", "--entry", filepath.Join(t.TempDir(), "missing.json")); code != exitUsage {
		t.Errorf("--entry with a missing file: exit %d, want 2", code)
	}
}

// TestScanReplaysCommittedSuite: scan shows toolgauge's full health when a
// case suite and its cache exist (96 and 28 on the fixtures, as upstream).
func TestScanReplaysCommittedSuite(t *testing.T) {
	shareddata.Require(t) // skips once, here, without ../shared
	cases := []struct {
		server         string
		health         float64
		correct, total int
	}{{"goodserver", 96, 37, 40}, {"badserver", 28, 31, 56}}
	for _, c := range cases {
		t.Run(c.server, func(t *testing.T) {
			dir := shareddata.Path(t, "data", "toolgauge-fixtures", c.server)
			code, out, stderr := cli(t, "scan", "--json", "--no-config",
				"--tools-json", filepath.Join(dir, "tools-list.json"),
				"--cases", filepath.Join(dir, "cases.json"), "--cache", filepath.Join(dir, "responses.jsonl"))
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var res struct {
				Scores struct {
					ToolgaugeHealth float64  `json:"toolgauge_health"`
					Selection       *float64 `json:"selection"`
				} `json:"scores"`
				Eval struct {
					SelectionCorrect int `json:"selection_correct"`
					SelectionTotal   int `json:"selection_total"`
				} `json:"eval"`
			}
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatal(err)
			}
			if res.Scores.ToolgaugeHealth != c.health || res.Scores.Selection == nil {
				t.Errorf("health %v (selection %v), want %v", res.Scores.ToolgaugeHealth, res.Scores.Selection, c.health)
			}
			if res.Eval.SelectionCorrect != c.correct || res.Eval.SelectionTotal != c.total {
				t.Errorf("eval %d/%d, want %d/%d", res.Eval.SelectionCorrect, res.Eval.SelectionTotal, c.correct, c.total)
			}
		})
	}
}

// TestLeftoversFindsOnlyThisTestsProcesses: leftovers sees a running
// process of bin carrying the marker, and not one carrying another test's.
func TestLeftoversFindsOnlyThisTestsProcesses(t *testing.T) {
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep binary")
	}
	bin, err := filepath.EvalSymlinks(sleep)
	if err != nil {
		t.Fatal(err)
	}
	mine, other := filepath.Join(t.TempDir(), "marker"), filepath.Join(t.TempDir(), "marker")
	start := func(marker string) *exec.Cmd {
		c := exec.Command(bin, "30")
		c.Env = append(os.Environ(), fixtures.MarkerEnv+"="+marker)
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = c.Process.Kill(); _ = c.Wait() })
		// Start returns once the child is forked, maybe before it has
		// exec'd sleep: until then /proc/<pid>/exe is this test binary,
		// and leftovers (rightly) does not see it. Wait for the exec,
		// and for its environment: the kernel points exe at the new
		// binary before it lays out the new stack, so for a moment
		// /proc/<pid>/environ is still empty.
		proc := filepath.Join("/proc", strconv.Itoa(c.Process.Pid))
		for i := 0; i < 2000; i++ {
			got, _ := os.Readlink(filepath.Join(proc, "exe"))
			env, _ := os.ReadFile(filepath.Join(proc, "environ"))
			if got == bin && len(env) > 0 {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		return c
	}
	a, _ := start(mine), start(other)
	got := leftovers(t, bin, mine)
	if want := []string{strconv.Itoa(a.Process.Pid)}; !slices.Equal(got, want) {
		t.Errorf("leftovers = %v, want %v (only this test's process)", got, want)
	}
}
