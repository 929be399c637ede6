package compliance_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
)

// scanTimeout bounds one whole compliance run in a test (a safety net
// against hangs, not a speed assertion).
const scanTimeout = 5 * time.Minute

// scanWith dials target (forcing protocol unless ""), reads its snapshot and runs the catalogue.
func scanWith(t *testing.T, target *connect.Target, protocol string, opts compliance.Options, ro compliance.RunOptions) compliance.Report {
	t.Helper()
	rep, _ := scanEnv(t, target, protocol, opts, ro)
	return rep
}

// scanEnv is scanWith that also returns the Env the run used.
func scanEnv(t *testing.T, target *connect.Target, protocol string, opts compliance.Options, ro compliance.RunOptions) (compliance.Report, *compliance.Env) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), scanTimeout)
	defer cancel()
	co := connect.Options{Timeout: 30 * time.Second, ProtocolVersion: protocol}
	sess, err := connect.Dial(ctx, target, co)
	if err != nil {
		t.Fatalf("dial %s: %v", target.Display, err)
	}
	defer sess.Close()
	snap, err := sess.Snapshot(ctx)
	if err != nil {
		t.Fatalf("snapshot %s: %v", target.Display, err)
	}
	opts.Connect = co
	env := compliance.NewEnv(target, sess, snap, opts)
	defer env.Close()
	return compliance.Run(ctx, env, ro), env
}

// stdioFixture builds a fixture and returns a target for it whose tool
// bodies write to a fresh marker file.
func stdioFixture(t *testing.T, name string) (*connect.Target, string) {
	t.Helper()
	return stdioFixtureTB(t, name)
}

func stdioFixtureTB(t testing.TB, name string) (*connect.Target, string) {
	t.Helper()
	bin := fixtures.Build(t, name)
	markerPath := filepath.Join(t.TempDir(), "marker")
	return &connect.Target{
		Transport: connect.TransportStdio,
		Command:   bin,
		Env:       map[string]string{fixtures.MarkerEnv: markerPath},
		Display:   name,
	}, markerPath
}

func byID(rep compliance.Report) map[string]compliance.TestResult {
	m := map[string]compliance.TestResult{}
	for _, r := range rep.Results {
		m[r.ID] = r
	}
	return m
}

// withStatus lists the IDs with one of the statuses, sorted.
func withStatus(rep compliance.Report, st ...compliance.Status) []string {
	var ids []string
	for _, r := range rep.Results {
		if slices.Contains(st, r.Status) {
			ids = append(ids, r.ID)
		}
	}
	sort.Strings(ids)
	return ids
}

func dump(rep compliance.Report) string {
	var b strings.Builder
	for _, r := range rep.Results {
		fmt.Fprintf(&b, "%-20s %-5s %6dms %s\n", r.ID, r.Status, r.DurationMS, r.Message)
		for _, d := range r.Details {
			fmt.Fprintf(&b, "%24s %s\n", "", d)
		}
	}
	return b.String()
}

func markerNames(t *testing.T, path string) []string {
	t.Helper()
	names, err := fixtures.ReadMarker(path)
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// fixtureCase is one compliance run against one fixture server.
type fixtureCase struct {
	name    string
	fixture string
	// protocol forces a revision on the main session ("" = auto, which
	// picks 2026-07-28 on go-sdk servers).
	protocol string
	calls    compliance.CallMode
	// wantFail is the exact set of failing test IDs.
	wantFail []string
	// wantPass must pass (beyond "not fail").
	wantPass []string
	// details: test ID → substrings its message+details must contain.
	details map[string][]string
	// modeDetails are details only one mode's report holds.
	modeDetails map[compliance.Mode]map[string][]string
	// messages are substrings of a result's one-line message (the part a
	// result document keeps).
	messages map[string][]string
	// wantMarker is the exact sorted set of tool bodies that must have run.
	wantMarker []string
	// probeMarks is how many times the nonexistent-tool probes reached a
	// tool body (only a server that accepts unknown tools records them).
	probeMarks int
}

func fixtureCases() []fixtureCase {
	qgClean := []string{"lifecycle-init-01", "lifecycle-init-02", "tools-list-01", "tools-list-02", "tools-list-03", "tools-list-04", "tools-call-02"}
	return []fixtureCase{
		{
			name: "careful default", fixture: "careful",
			wantPass: append(qgClean, "tools-call-03", "resources-list-01", "resources-list-02", "resources-list-03",
				"resources-read-01", "prompts-list-01", "prompts-list-02", "prompts-get-01", "spec-version-01",
				"spec-method-01", "spec-caps-01", "spec-caps-02", "spec-tools-01", "spec-schema-01", "spec-schema-02",
				"spec-stdio-01", "spec-pagination-01", "spec-pagination-02", "spec-bait-01"),
			details: map[string][]string{
				"tools-call-01":   {"calling real tools is off; use --call-tools readonly|all"},
				"spec-output-01":  {"calling real tools is off"},
				"spec-version-01": {"2026-07-28 via server/discover", "era: both"},
			},
			modeDetails: map[compliance.Mode]map[string][]string{
				compliance.ModeDeep:    {"spec-version-01": {"1900-01-01 via initialize", "2024-11-05 via initialize: 2024-11-05 (echoed)"}},
				compliance.ModeDefault: {"spec-version-01": {"2999-12-31 via server/discover: error -32022"}},
			},
		},
		{
			name: "careful readonly handshake", fixture: "careful", protocol: "2025-11-25", calls: compliance.CallReadOnly,
			wantPass: []string{"lifecycle-init-03", "spec-ping-01", "tools-call-01", "spec-output-01", "spec-caps-01"},
			details: map[string][]string{
				"tools-call-01":  {"search_books: ok", "get_book_details", "check_availability: ok"},
				"spec-output-01": {"search_books: structuredContent conforms"},
			},
			wantMarker: []string{"check_availability", "get_book_details", "search_books"},
		},
		{
			name: "careless default", fixture: "careless",
			wantFail: []string{"resources-list-03", "tools-call-03"},
			details: map[string][]string{
				"tools-call-03":     {"run"},
				"resources-list-03": {"file:///data.txt"},
			},
		},
		{
			name: "careless all", fixture: "careless", calls: compliance.CallAll,
			wantFail: []string{"resources-list-03", "spec-output-01", "tools-call-03"},
			wantPass: []string{"tools-call-01"},
			details: map[string][]string{
				"spec-output-01": {"get_status", "uptime_seconds"},
			},
			wantMarker: []string{"delete_records", "fetchUrl", "get_data", "get_env", "get_status", "get_user", "get_users", "old_search", "run"},
		},
		{
			name: "lying-caps handshake", fixture: "lying-caps", protocol: "2025-11-25",
			wantFail: []string{"prompts-list-01", "resources-list-01", "spec-caps-01"},
			details: map[string][]string{
				"spec-caps-01": {"resources declared", "prompts declared", "logging declared", "completions declared"},
			},
		},
		{
			name: "bait-switch", fixture: "bait-switch",
			wantFail: []string{"spec-bait-01"},
			details: map[string][]string{
				"spec-bait-01": {"sync_notes: listed for \"mcpgauge\", hidden from \"claude-code\"", "read_note: definition differs"},
			},
			messages: map[string][]string{"spec-bait-01": {"read_note", "sync_notes"}},
		},
		{
			// The initialize era: the second identity gets a server of its
			// own, whose initialize also carried the bogus revision.
			name: "bait-switch handshake", fixture: "bait-switch", protocol: "2025-11-25",
			wantFail: []string{"spec-bait-01"},
			details: map[string][]string{
				"spec-bait-01": {"sync_notes: listed for \"mcpgauge\", hidden from \"claude-code\"", "read_note: definition differs"},
			},
			modeDetails: map[compliance.Mode]map[string][]string{
				compliance.ModeDefault: {"spec-version-01": {"1900-01-01 via initialize: answered \"2025-11-25\"", "2025-11-25 via initialize: 2025-11-25 (echoed)"}},
			},
		},
		{
			name: "junk-stdout", fixture: "junk-stdout",
			wantFail: []string{"spec-stdio-01"},
			details: map[string][]string{
				"spec-stdio-01": {"non-MCP line(s) to stdout", "starting up"},
			},
		},
		{
			name: "loop-pagination", fixture: "loop-pagination",
			// The hand-rolled server also answers unknown tools with success
			// (and marks them: tools-call-02 and spec-tools-01 each reach it).
			wantFail:   []string{"spec-pagination-02", "spec-tools-01", "tools-call-02"},
			probeMarks: 2,
			wantPass:   []string{"spec-pagination-01", "spec-ping-01"},
			details: map[string][]string{
				"spec-pagination-02": {"cursor_cycle", "duplicate_name"},
				"spec-version-01":    {"handshake only"},
			},
		},
		{
			name: "stateless", fixture: "stateless",
			wantPass: append(qgClean, "spec-version-01", "spec-caps-01", "spec-method-01", "spec-pagination-01"),
			details: map[string][]string{
				"lifecycle-init-03": {"ping was removed"},
				"spec-version-01":   {"supportedVersions [2026-07-28]"},
			},
		},
	}
}

// TestComplianceAgainstFixtures runs every case in both modes: the
// verdicts must be the same (these fixtures have no revision-specific
// failure), and every result names the session it used.
func TestComplianceAgainstFixtures(t *testing.T) {
	t.Parallel()
	for _, tc := range fixtureCases() {
		for _, mode := range []compliance.Mode{compliance.ModeDefault, compliance.ModeDeep} {
			t.Run(tc.name+"/"+string(mode), func(t *testing.T) {
				t.Parallel()
				runFixtureCase(t, tc, mode)
			})
		}
	}
}

func runFixtureCase(t *testing.T, tc fixtureCase, mode compliance.Mode) {
	{
		{
			target, markerPath := stdioFixture(t, tc.fixture)
			rep := scanWith(t, target, tc.protocol, compliance.Options{CallTools: tc.calls, Mode: mode}, compliance.RunOptions{})
			defer func() {
				if t.Failed() {
					t.Logf("report:\n%s", dump(rep))
				}
			}()
			if errs := withStatus(rep, compliance.StatusError); tc.fixture != "lying-caps" && len(errs) > 0 {
				t.Errorf("tests with status error: %v", errs)
			}
			if got := withStatus(rep, compliance.StatusFail); !slices.Equal(got, tc.wantFail) {
				t.Errorf("failed tests %v, want %v", got, tc.wantFail)
			}
			res := byID(rep)
			for _, id := range tc.wantPass {
				if res[id].Status != compliance.StatusPass {
					t.Errorf("%s: %s %q, want pass", id, res[id].Status, res[id].Message)
				}
			}
			for id, subs := range tc.messages {
				for _, sub := range subs {
					if !strings.Contains(res[id].Message, sub) {
						t.Errorf("%s: message %q does not name %q", id, res[id].Message, sub)
					}
				}
			}
			for _, details := range []map[string][]string{tc.details, tc.modeDetails[mode]} {
				for id, subs := range details {
					text := res[id].Message + "\n" + strings.Join(res[id].Details, "\n")
					for _, sub := range subs {
						if !strings.Contains(text, sub) {
							t.Errorf("%s: %q not in %q", id, sub, text)
						}
					}
				}
			}
			for _, r := range rep.Results {
				if r.Status != compliance.StatusSkip && r.Session == "" {
					t.Errorf("%s: no session recorded", r.ID)
				}
			}
			var got []string
			probes := 0
			for _, n := range markerNames(t, markerPath) {
				if strings.HasPrefix(n, "__mcptest_nonexistent_tool_") {
					probes++
					continue
				}
				got = append(got, n)
			}
			sort.Strings(got)
			if probes != tc.probeMarks {
				t.Errorf("nonexistent-tool probes reached a tool body %d times, want %d", probes, tc.probeMarks)
			}
			if !slices.Equal(got, tc.wantMarker) {
				t.Errorf("tool bodies that ran: %v, want %v", got, tc.wantMarker)
			}
		}
	}
}

// TestHostileFixturesFinish runs the whole catalogue against the fixtures that crash or flood: every test must end with a
// status (no panic, no hang), and the crash must be reported.
func TestHostileFixturesFinish(t *testing.T) {
	t.Parallel()
	// many-tools lists 5000 tools; calling them all would only cost time.
	for name, calls := range map[string]compliance.CallMode{"crash-mid-list": compliance.CallAll, "many-tools": compliance.CallNone} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			target, _ := stdioFixture(t, name)
			ctx, cancel := context.WithTimeout(context.Background(), scanTimeout)
			defer cancel()
			co := connect.Options{Timeout: 10 * time.Second}
			sess, err := connect.Dial(ctx, target, co)
			if err != nil {
				t.Fatalf("dial: %v", err)
			}
			defer sess.Close()
			snap, err := sess.Snapshot(ctx)
			if snap == nil {
				t.Fatalf("snapshot: %v", err)
			}
			env := compliance.NewEnv(target, sess, snap, compliance.Options{CallTools: calls, Connect: co, Timeout: 10 * time.Second})
			rep := compliance.Run(ctx, env, compliance.RunOptions{Timeout: time.Minute})
			t.Logf("snapshot error: %v\n%s", err, dump(rep))
			for _, r := range rep.Results {
				if strings.Contains(r.Message, "panicked") || r.Status == "" {
					t.Errorf("%s: %s %q", r.ID, r.Status, r.Message)
				}
			}
			if name == "crash-mid-list" {
				// The server dies listing page 2; the walk records it.
				if r := byID(rep)["spec-pagination-02"]; r.Status != compliance.StatusFail || !strings.Contains(strings.Join(r.Details, "\n"), "error") {
					t.Errorf("spec-pagination-02: %s %q %v, want a failure naming the error", r.Status, r.Message, r.Details)
				}
			}
			if rep.Summary.Total != len(compliance.Catalogue()) {
				t.Errorf("%d results, want %d", rep.Summary.Total, len(compliance.Catalogue()))
			}
		})
	}
}
