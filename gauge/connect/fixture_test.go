package connect

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
)

// fixtureTarget builds a fixture server and returns a stdio target for it
// with a marker file; on cleanup it asserts that no tool body ran and that
// no process of that binary is left.
func fixtureTarget(t *testing.T, name string, args ...string) *Target {
	t.Helper()
	bin := fixtures.Build(t, name)
	markerPath := filepath.Join(t.TempDir(), "marker")
	t.Cleanup(func() {
		names, err := fixtures.ReadMarker(markerPath)
		if err != nil {
			t.Error(err)
		}
		if len(names) > 0 {
			t.Errorf("%s: tool bodies ran during dial/snapshot: %v", name, names)
		}
		if pids := running(bin, fixtures.MarkerEnv+"="+markerPath); len(pids) > 0 {
			for _, pid := range pids {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
			t.Errorf("%s: processes left behind: %v", name, pids)
		}
	})
	return &Target{Transport: TransportStdio, Command: bin, Args: args, Env: map[string]string{fixtures.MarkerEnv: markerPath}, Display: name}
}

// running lists live (non-zombie) processes whose executable is bin and
// whose environment holds envEntry (the test's own marker path, so that
// other test processes sharing the fixture binary are never counted).
func running(bin, envEntry string) []int {
	entries, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range entries {
		var pid int
		if _, err := fmt.Sscanf(e.Name(), "%d", &pid); err != nil {
			continue
		}
		exe, err := os.Readlink(filepath.Join("/proc", e.Name(), "exe"))
		if err != nil || exe != bin {
			continue
		}
		environ, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err != nil || !slices.Contains(strings.Split(string(environ), "\x00"), envEntry) {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		if i := strings.LastIndexByte(string(stat), ')'); i > 0 && i+2 < len(stat) && stat[i+2] == 'Z' {
			continue
		}
		pids = append(pids, pid)
	}
	return pids
}

func TestFixtureCareful(t *testing.T) {
	tg := fixtureTarget(t, "careful")
	s := dialOK(t, tg, testOpts())
	snap := snapshotOK(t, s)
	if len(snap.Tools) != 6 || len(snap.Resources) != 1 || len(snap.Templates) != 1 || len(snap.Prompts) != 1 {
		t.Errorf("careful: %d tools %d resources %d templates %d prompts", len(snap.Tools), len(snap.Resources), len(snap.Templates), len(snap.Prompts))
	}
	if len(snap.Issues) != 0 || s.NoiseCount() != 0 {
		t.Errorf("issues %+v noise %v", snap.Issues, s.Noise())
	}
	for _, tool := range snap.Tools {
		if tool.Annotations == nil || tool.OutputSchema == nil || !tool.HasInputSchema {
			t.Errorf("tool %s lost annotations/outputSchema/inputSchema: %s", tool.Name, tool.Raw)
		}
	}
	pgid := s.PGID()
	_ = s.Close()
	assertGroupGone(t, pgid)
}

func TestFixtureStateless(t *testing.T) {
	tg := fixtureTarget(t, "stateless")
	s := dialOK(t, tg, testOpts())
	if s.Era != model.EraStateless || s.ProtocolVersion != StatelessVersion {
		t.Fatalf("era %q version %q", s.Era, s.ProtocolVersion)
	}
	snap := snapshotOK(t, s)
	if got := strings.Join(toolNames(snap), ","); got != "convert_length,convert_temperature,list_units" {
		t.Errorf("tools = %s", got)
	}
	if len(snap.Issues) != 0 {
		t.Errorf("issues = %+v", snap.Issues)
	}
	// The fixture sets ttlMs, so the SDK answers a second walk from its
	// cache; the snapshot must still hold the raw pages.
	if _, ok := s.tap.page(methodToolsList, ""); !ok {
		t.Fatal("no raw page kept for tools/list")
	}
	again := snapshotOK(t, s)
	if len(again.Tools) != len(snap.Tools) {
		t.Fatalf("second snapshot has %d tools", len(again.Tools))
	}
	for i := range snap.Tools {
		if string(again.Tools[i].Raw) != string(snap.Tools[i].Raw) {
			t.Errorf("tool %d differs on the second walk:\n%s\n%s", i, snap.Tools[i].Raw, again.Tools[i].Raw)
		}
	}
}

func TestFixtureHangInit(t *testing.T) {
	tg := fixtureTarget(t, "hang-init")
	_, err := Dial(context.Background(), tg, Options{Timeout: 2 * time.Second})
	if !errors.Is(err, ErrConnect) {
		t.Fatalf("err = %v", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "no answer to initialize within 2s") || !strings.Contains(msg, "stderr: hang-init: reading requests") {
		t.Errorf("message = %q", msg)
	}
}

func TestFixtureFloodStdout(t *testing.T) {
	cases := []struct {
		mode, want string
		o          Options
	}{
		{"mixed", "server floods stdout", Options{Timeout: 60 * time.Second}},
		{"oneline", "a line longer than 4194304 bytes", Options{Timeout: 60 * time.Second, MaxStdoutLine: 4 << 20}},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			tg := fixtureTarget(t, "flood-stdout", "-mode", c.mode)
			_, err := Dial(context.Background(), tg, c.o)
			if !errors.Is(err, ErrConnect) || !errors.Is(err, ErrFlood) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v", err)
			}
		})
	}
}

func TestFixtureJunkStdout(t *testing.T) {
	tg := fixtureTarget(t, "junk-stdout")
	s := dialOK(t, tg, testOpts())
	snap := snapshotOK(t, s)
	if len(snap.Tools) != 3 {
		t.Errorf("tools = %v", toolNames(snap))
	}
	if s.NoiseCount() < 2 || len(s.Noise()) == 0 {
		t.Errorf("noise count %d lines %q", s.NoiseCount(), s.Noise())
	}
}

func TestFixtureCrashMidList(t *testing.T) {
	tg := fixtureTarget(t, "crash-mid-list")
	s := dialOK(t, tg, testOpts())
	snap := snapshotOK(t, s)
	if len(snap.Tools) != 2 || snap.Pages[ListTools] != 1 {
		t.Errorf("tools %v pages %v", toolNames(snap), snap.Pages)
	}
	errs := issuesOf(snap, IssueError)
	if len(errs) == 0 || errs[0].List != ListTools || errs[0].Page != 2 ||
		!strings.Contains(errs[0].Detail, "server exited (exit status 1)") || !strings.Contains(errs[0].Detail, "stderr: ") {
		t.Errorf("issues = %+v", snap.Issues)
	}
}

func TestFixtureManyTools(t *testing.T) {
	tg := fixtureTarget(t, "many-tools")
	s := dialOK(t, tg, testOpts())
	snap := snapshotOK(t, s)
	if len(snap.Tools) != 5000 || snap.Pages[ListTools] != 50 || len(snap.Issues) != 0 {
		t.Errorf("%d tools, %d pages, issues %+v", len(snap.Tools), snap.Pages[ListTools], snap.Issues)
	}
	if snap.Tools[0].Name != "part_stock_0001" || snap.Tools[4999].Name != "part_stock_5000" {
		t.Errorf("first %s last %s", snap.Tools[0].Name, snap.Tools[4999].Name)
	}
}

func TestFixtureLoopPagination(t *testing.T) {
	tg := fixtureTarget(t, "loop-pagination")
	s := dialOK(t, tg, testOpts())
	snap := snapshotOK(t, s)
	cyc := issuesOf(snap, IssueCursorCycle)
	if len(cyc) != 1 || cyc[0].List != ListTools {
		t.Fatalf("issues = %+v", snap.Issues)
	}
	names := strings.Join(toolNames(snap), ",")
	if !strings.HasPrefix(names, "alpha_one,alpha_two,beta_one,beta_two") {
		t.Errorf("tools = %s", names)
	}
}

func TestFixtureLyingCaps(t *testing.T) {
	tg := fixtureTarget(t, "lying-caps")
	s := dialOK(t, tg, testOpts())
	snap := snapshotOK(t, s)
	if got := strings.Join(toolNames(snap), ","); got != "get_weather" {
		t.Errorf("tools = %s", got)
	}
	lists := map[string]bool{}
	for _, i := range issuesOf(snap, IssueError) {
		if strings.Contains(i.Detail, "-32601") || strings.Contains(strings.ToLower(i.Detail), "method not found") {
			lists[i.List] = true
		}
	}
	for _, l := range []string{ListResources, ListTemplates, ListPrompts} {
		if !lists[l] {
			t.Errorf("no method-not-found issue for %s: %+v", l, snap.Issues)
		}
	}
}

func TestFixtureOverHTTP(t *testing.T) {
	cases := []struct {
		name, fixture, flag, kind, wantTransport string
		wantEra                                  model.Era
		tools                                    int
	}{
		{"careful streamable", "careful", "-http", HTTPAuto, HTTPStreamable, model.EraHandshake, 6},
		{"careful sse via fallback", "careful", "-sse", HTTPAuto, HTTPSSE, model.EraHandshake, 6},
		{"careful sse manifest", "careful", "-sse", HTTPSSE, HTTPSSE, model.EraHandshake, 6},
		{"stateless streamable", "stateless", "-http", HTTPAuto, HTTPStreamable, model.EraStateless, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			url := fixtures.StartHTTP(t, c.fixture, c.flag, "127.0.0.1:0")
			tg := &Target{Transport: TransportHTTP, URL: url, HTTPKind: c.kind, Display: url}
			s := dialOK(t, tg, testOpts())
			if s.Transport != c.wantTransport || s.Era != c.wantEra {
				t.Errorf("transport %q era %q", s.Transport, s.Era)
			}
			snap, err := s.Snapshot(context.Background())
			if err != nil || len(snap.Tools) != c.tools || len(snap.Issues) != 0 {
				t.Fatalf("snapshot: %v, %d tools, issues %+v", err, len(snap.Tools), snap.Issues)
			}
		})
	}
}

func TestFixtureBaitSwitchSeesClientName(t *testing.T) {
	count := func(name string) int {
		tg := fixtureTarget(t, "bait-switch")
		o := testOpts()
		o.ClientName = name
		o.ProtocolVersion = "2025-11-25" // the fixture reads clientInfo from initialize
		s := dialOK(t, tg, o)
		snap := snapshotOK(t, s)
		_ = s.Close()
		return len(snap.Tools)
	}
	benign, hostile := count("claude-code"), count("")
	if benign != 2 || hostile != 3 {
		t.Errorf("benign view %d tools, scanner view %d tools; want 2 and 3", benign, hostile)
	}
}
