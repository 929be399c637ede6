package compliance_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
)

func TestPlanTable(t *testing.T) {
	t.Parallel()
	cat := compliance.Catalogue()
	cases := []struct {
		name   string
		plan   compliance.Plan
		via    map[compliance.Need]compliance.Via
		starts int
	}{
		{"stateless stdio", compliance.Plan{Era: model.EraStateless, Stdio: true},
			map[compliance.Need]compliance.Via{compliance.NeedRaw: compliance.ViaMainWire, compliance.NeedIdentity: compliance.ViaMainMeta, compliance.NeedRevisions: compliance.ViaMainMeta}, 1},
		{"handshake stdio", compliance.Plan{Era: model.EraHandshake, Stdio: true},
			map[compliance.Need]compliance.Via{compliance.NeedRaw: compliance.ViaMainWire, compliance.NeedIdentity: compliance.ViaIdentity, compliance.NeedRevisions: compliance.ViaIdentity}, 2},
		{"stateless stdio deep", compliance.Plan{Era: model.EraStateless, Stdio: true, Mode: compliance.ModeDeep},
			map[compliance.Need]compliance.Via{compliance.NeedIdentity: compliance.ViaMainMeta, compliance.NeedRevisions: compliance.ViaPerRevision}, 7},
		{"handshake stdio deep", compliance.Plan{Era: model.EraHandshake, Stdio: true, Mode: compliance.ModeDeep},
			map[compliance.Need]compliance.Via{compliance.NeedIdentity: compliance.ViaIdentity, compliance.NeedRevisions: compliance.ViaPerRevision}, 8},
		{"handshake http", compliance.Plan{Era: model.EraHandshake},
			map[compliance.Need]compliance.Via{compliance.NeedRaw: compliance.ViaProbe, compliance.NeedIdentity: compliance.ViaIdentity}, 0},
		{"stateless http", compliance.Plan{Era: model.EraStateless},
			map[compliance.Need]compliance.Via{compliance.NeedRaw: compliance.ViaProbe, compliance.NeedIdentity: compliance.ViaMainMeta}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if v := tc.plan.Via(compliance.NeedMain); v != compliance.ViaMain {
				t.Errorf("main need met by %s", v)
			}
			for n, want := range tc.via {
				if got := tc.plan.Via(n); got != want {
					t.Errorf("%s: %s, want %s", n, got, want)
				}
			}
			if got := tc.plan.Starts(cat, 2); got != tc.starts {
				t.Errorf("predicted starts %d, want %d", got, tc.starts)
			}
		})
	}
	// Only the negotiation and identity tests cost a start.
	var onlyMain []compliance.Test
	for _, c := range cat {
		if c.ID != "spec-version-01" && c.ID != "spec-bait-01" {
			onlyMain = append(onlyMain, c)
		}
	}
	if n := (compliance.Plan{Era: model.EraHandshake, Stdio: true, Mode: compliance.ModeDeep}).Starts(onlyMain, 2); n != 1 {
		t.Errorf("without the negotiation and identity tests %d starts, want 1", n)
	}
	if _, err := compliance.ParseMode("shallow"); err == nil {
		t.Error("ParseMode accepted an unknown mode")
	}
	if m, err := compliance.ParseMode(" DEEP "); err != nil || m != compliance.ModeDeep {
		t.Errorf("ParseMode(DEEP) = %q, %v", m, err)
	}
}

// countingTarget runs the fixture through sh, which appends a line to a
// file for every start (and sleeps first when delay is set), so a test
// counts real server processes, independently of the code it checks.
func countingTarget(t *testing.T, fixture string, delay time.Duration) (*connect.Target, func() int) {
	t.Helper()
	bin := fixtures.Build(t, fixture)
	dir := t.TempDir()
	count := filepath.Join(dir, "starts")
	script := `echo start >> "$MCPGAUGE_TEST_STARTS"; `
	if delay > 0 {
		script += "sleep " + strings.TrimSuffix(delay.String(), "s") + "; "
	}
	script += `exec "$0"`
	tg := &connect.Target{
		Transport: connect.TransportStdio,
		Command:   "/bin/sh",
		Args:      []string{"-c", script, bin},
		Env:       map[string]string{"MCPGAUGE_TEST_STARTS": count, fixtures.MarkerEnv: filepath.Join(dir, "marker")},
		Display:   fixture,
	}
	return tg, func() int {
		b, err := os.ReadFile(count)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Count(string(b), "start")
	}
}

// TestServerStarts counts the server processes a whole compliance run
// starts, per era and mode: 1 for a stateless stdio server, at most 2 for
// an initialize-era one, and the deep mode's count, as the plan predicts.
func TestServerStarts(t *testing.T) {
	t.Parallel()
	cases := []struct {
		fixture, protocol string
		mode              compliance.Mode
		era               model.Era
		want              int
	}{
		{"stateless", "", compliance.ModeDefault, model.EraStateless, 1},
		{"careful", "", compliance.ModeDefault, model.EraStateless, 1},
		{"careful", "2025-11-25", compliance.ModeDefault, model.EraHandshake, 2},
		{"loop-pagination", "", compliance.ModeDefault, model.EraHandshake, 2},
		{"bait-switch", "2025-11-25", compliance.ModeDefault, model.EraHandshake, 2},
		{"stateless", "", compliance.ModeDeep, model.EraStateless, 7},
		// Both eras: ping and logging/setLevel of 2025-11-25 ride the deep
		// plan's 2025-11-25 session, at no extra start.
		{"careful", "", compliance.ModeDeep, model.EraStateless, 7},
		{"careful", "2025-11-25", compliance.ModeDeep, model.EraHandshake, 8},
	}
	for _, tc := range cases {
		t.Run(tc.fixture+"/"+tc.protocol+"/"+string(tc.mode), func(t *testing.T) {
			t.Parallel()
			tg, starts := countingTarget(t, tc.fixture, 0)
			rep, env := scanEnv(t, tg, tc.protocol, compliance.Options{Mode: tc.mode}, compliance.RunOptions{})
			if errs := withStatus(rep, compliance.StatusError); len(errs) > 0 {
				t.Errorf("tests with status error: %v\n%s", errs, dump(rep))
			}
			plan := compliance.Plan{Mode: tc.mode, Era: tc.era, Stdio: true}
			got := starts()
			if got != tc.want {
				t.Errorf("%d server starts, want %d", got, tc.want)
			}
			if p := plan.Starts(compliance.Catalogue(), 2); p != got {
				t.Errorf("plan predicts %d starts, the run made %d", p, got)
			}
			if n := env.Starts(); n != got-1 {
				t.Errorf("Env.Starts() = %d, want %d (every start but the main session's)", n, got-1)
			}
			res := byID(rep)
			if tc.fixture == "careful" && tc.protocol == "" && tc.mode == compliance.ModeDeep {
				for _, id := range []string{"spec-ping-01", "spec-logging-01"} {
					if r := res[id]; r.Status != compliance.StatusPass || !strings.Contains(r.Message, "in 2025-11-25") {
						t.Errorf("%s: %s %q, want a pass judged in 2025-11-25", id, r.Status, r.Message)
					}
				}
			}
			for id, want := range map[string]string{
				"spec-method-01":  string(compliance.ViaMainWire),
				"tools-list-01":   string(compliance.ViaMain),
				"spec-version-01": "main+" + string(plan.Via(compliance.NeedRevisions)),
				"spec-bait-01":    "main+" + string(plan.Via(compliance.NeedIdentity)),
			} {
				if res[id].Session != want {
					t.Errorf("%s: session %q, want %q", id, res[id].Session, want)
				}
			}
		})
	}
}

// TestSlowServerNegotiation: a server that takes 2.5 s to start is slow
// but correct. Each session has its own budget, opened before the test's
// deadline, so neither the negotiation test nor the identity test fails or
// times out, in either mode, even with a per-test deadline (3 s) shorter
// than all its starts together; the slow start is reported as a note.
// (The old negotiation test started six servers, one after another,
// inside one deadline.)
func TestSlowServerNegotiation(t *testing.T) {
	for _, mode := range []compliance.Mode{compliance.ModeDefault, compliance.ModeDeep} {
		t.Run(string(mode), func(t *testing.T) {
			tg, _ := countingTarget(t, "careful", 2500*time.Millisecond)
			rep, _ := scanEnv(t, tg, "2025-11-25", compliance.Options{Mode: mode, Timeout: 6 * time.Second},
				compliance.RunOptions{Timeout: 3 * time.Second, Only: []string{"spec-version-01", "spec-bait-01"}})
			res := byID(rep)
			for _, id := range []string{"spec-version-01", "spec-bait-01"} {
				if res[id].Status != compliance.StatusPass {
					t.Errorf("%s: %s %q, want pass\n%s", id, res[id].Status, res[id].Message, dump(rep))
				}
				if d := strings.Join(res[id].Details, "\n"); !strings.Contains(d, "slow start") {
					t.Errorf("%s: no slow-start note in %q", id, d)
				}
			}
		})
	}
}
