package storetest

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// HostileName is a server name made to break pages that do not escape:
// markup, a script, quotes, a path traversal and non-ASCII text.
const HostileName = `io.evil/<script>alert("x")</script>/../../etc/passwd?a=1&b='ü✓'`

// Sweep is a realistic two-sweep fixture for read-side tests: ranked
// servers with distinct parts, one without an eval (unranked by
// selection) whose scores carry no weights (an older scanner's), one that was never scannable, one that crashed on the second
// sweep, a rug pull (same version, changed tools), a hostile name, a
// very long name and a Unicode one. It returns the results in insertion
// order and the names of the ok servers of the latest sweep, best first.
func Sweep() (results []schema.Result, ranked []string) {
	day1 := time.Date(2026, 11, 1, 3, 0, 0, 0, time.UTC)
	day2 := day1.Add(24 * time.Hour)
	long := "io.github.long/" + strings.Repeat("very-long-name-", 40) + "end"
	add := func(s Spec) { results = append(results, Result(s)) }
	for i, sw := range []string{"nightly-20261101", "nightly-20261102"} {
		at := day1
		if i == 1 {
			at = day2
		}
		weather := Result(Spec{SweepID: sw, Name: "io.github.acme/weather", Version: "1.2.0", Score: float64(80 + 5*i), FinishedAt: at, Sources: []string{"official", "smithery"}})
		weather.Findings[0].Rule, weather.Findings[0].Family = "MCP002", "Naming" // a rule of the catalogue, as real scans have
		results = append(results, weather)
		add(Spec{SweepID: sw, Name: "io.github.acme/files", Version: "2.0.0", Score: 64, FinishedAt: at.Add(time.Minute), PackageType: "pypi",
			Tools: []string{"read_file", "write_file", "list_dir"}, Salt: map[int]string{0: "", 1: "poisoned"}[i], SaltTools: []string{"write_file"}})
		add(Spec{SweepID: sw, Name: "io.github.acme/needs-key", Version: "0.1.0", Status: schema.StatusNeedsCredentials, FinishedAt: at.Add(2 * time.Minute)})
		add(Spec{SweepID: sw, Name: HostileName, Version: "1.0.0", Score: 42, FinishedAt: at.Add(3 * time.Minute),
			Tools: []string{`<img src=x onerror=alert(1)>`, "ok_tool"}})
		add(Spec{SweepID: sw, Name: "io.github.café/日本語-サーバー", Version: "3.0.0", Score: 71, FinishedAt: at.Add(4 * time.Minute), Sources: []string{"glama"}, PackageType: "remote"})
		add(Spec{SweepID: sw, Name: long, Version: "1.0.0", Score: 55, FinishedAt: at.Add(5 * time.Minute)})
		noEval := Result(Spec{SweepID: sw, Name: "io.github.acme/lint-only", Version: "1.0.0", FinishedAt: at.Add(6 * time.Minute),
			Scores: &schema.Scores{ScoringVersion: "mcpgauge-score/v1", MCPGauge: 77, Compliance: new(90.0), Design: 70, Security: 80, Efficiency: 60, ToolgaugeHealth: 70,
				QualityGate: schema.QualityGateScore{Score: new(75.0), Compliance: new(30.0), Quality: 20, Efficiency: 10, Security: 15}}})
		results = append(results, noEval)
	}
	crash := Result(Spec{SweepID: "nightly-20261102", Name: "io.github.acme/flaky", Version: "0.9.0", Status: schema.StatusCrashed, FinishedAt: day2.Add(7 * time.Minute)})
	results = append(results, Result(Spec{SweepID: "nightly-20261101", Name: "io.github.acme/flaky", Version: "0.9.0", Score: 90, FinishedAt: day1.Add(7 * time.Minute)}), crash)
	return results, []string{"io.github.acme/weather", "io.github.acme/lint-only", "io.github.café/日本語-サーバー", "io.github.acme/files", long, HostileName}
}

func boardTests() []suiteCase {
	return []suiteCase{
		{"LeaderboardPaging", testPaging},
		{"LeaderboardSearch", testSearch},
		{"RulePrevalence", testRulePrevalence},
		{"LeaderboardRanksGradedAuth", testRanksGradedAuth},
	}
}

// testRanksGradedAuth: a remote server behind OAuth graded without
// credentials (auth_required with pre_auth scores) ranks among the scored
// servers by the mcpgauge score and compliance, is unranked by the parts it
// did not measure, and an auth_required scan without scores stays unscored.
func testRanksGradedAuth(t *testing.T, s store.Store) {
	graded := Result(Spec{SweepID: "sw1", Name: "io.example/behind-oauth", Version: "1", Status: schema.StatusAuthRequired, PackageType: "remote"})
	c := 85.0
	graded.Scores = &schema.Scores{ScoringVersion: "mcpgauge-score/test", MCPGauge: 85, MCPGaugeUncapped: 85, Compliance: &c,
		Weights: &schema.ScoreWeights{Compliance: 1}}
	graded.PreAuth = &schema.PreAuthGrade{Note: schema.PreAuthNote}
	insert(t, s, graded,
		Result(Spec{SweepID: "sw1", Name: "io.example/open-high", Version: "1", Score: 90, PackageType: "remote"}),
		Result(Spec{SweepID: "sw1", Name: "io.example/open-low", Version: "1", Score: 60, PackageType: "remote"}),
		Result(Spec{SweepID: "sw1", Name: "io.example/no-grade", Version: "1", Status: schema.StatusAuthRequired, PackageType: "remote"}))
	names := func(l []store.Scan) []string {
		var out []string
		for _, e := range l {
			out = append(out, e.Name)
		}
		return out
	}
	lb := leaderboard(t, s, store.LeaderboardQuery{PackageType: "remote"})
	if got := strings.Join(names(lb.Ranked), ","); got != "io.example/open-high,io.example/behind-oauth,io.example/open-low" {
		t.Errorf("ranked by mcpgauge: %s; want the graded auth_required server between the open ones", got)
	}
	if got := strings.Join(names(lb.Unscored), ","); got != "io.example/no-grade" {
		t.Errorf("unscored: %s, want only the auth_required scan without scores", got)
	}
	for _, part := range []schema.ScorePart{schema.PartDesign, schema.PartEfficiency} {
		lb = leaderboard(t, s, store.LeaderboardQuery{PackageType: "remote", By: part})
		if got := strings.Join(names(lb.Unranked), ","); got != "io.example/behind-oauth" {
			t.Errorf("by %s: unranked %s; want the server graded without credentials (it measured no %s)", part, got, part)
		}
	}
	lb = leaderboard(t, s, store.LeaderboardQuery{PackageType: "remote", By: schema.PartCompliance})
	if len(lb.Ranked) != 3 || lb.Ranked[1].Name != "io.example/behind-oauth" {
		t.Errorf("by compliance: ranked %v", names(lb.Ranked))
	}
}

func testPaging(t *testing.T, s store.Store) {
	var rs []schema.Result
	for i := range 7 {
		rs = append(rs, Result(Spec{SweepID: "sw1", Name: fmt.Sprintf("srv-%d", i), Version: "1", Score: float64(90 - i)}))
	}
	rs = append(rs, Result(Spec{SweepID: "sw1", Name: "broken-a", Version: "1", Status: schema.StatusTimeout}),
		Result(Spec{SweepID: "sw1", Name: "broken-b", Version: "1", Status: schema.StatusCrashed}))
	insert(t, s, rs...)
	var seen []string
	for off := 0; off < 10; off += 3 {
		lb := leaderboard(t, s, store.LeaderboardQuery{Limit: 3, Offset: off})
		if lb.RankedTotal != 7 || lb.UnscoredTotal != 2 || lb.Total != 9 {
			t.Fatalf("offset %d: totals ranked %d unscored %d all %d, want 7, 2, 9", off, lb.RankedTotal, lb.UnscoredTotal, lb.Total)
		}
		for i, e := range lb.Ranked {
			if e.Rank != off+i+1 {
				t.Errorf("offset %d: %s has rank %d, want %d (ranks are global)", off, e.Name, e.Rank, off+i+1)
			}
			seen = append(seen, e.Name)
		}
		if off == 0 {
			wantNames(t, "unscored page 1", lb.Unscored, "broken-a", "broken-b")
		} else if len(lb.Unscored) != 0 {
			t.Errorf("offset %d: unscored %v past its end", off, names(lb.Unscored))
		}
	}
	if want := "srv-0 srv-1 srv-2 srv-3 srv-4 srv-5 srv-6"; strings.Join(seen, " ") != want {
		t.Errorf("pages = %v, want %s once each", seen, want)
	}
	if lb := leaderboard(t, s, store.LeaderboardQuery{Offset: 1 << 40}); len(lb.Ranked)+len(lb.Unscored) != 0 || lb.Total != 9 {
		t.Errorf("huge offset: %d ranked, total %d; want an empty page of 9", len(lb.Ranked), lb.Total)
	}
	if _, err := s.Leaderboard(ctx(t), store.LeaderboardQuery{Offset: -1}); err == nil {
		t.Error("negative offset accepted")
	}
}

func testSearch(t *testing.T, s store.Store) {
	rs, _ := Sweep()
	insert(t, s, rs...)
	cases := []struct {
		search string
		want   int
	}{
		{"ACME", 5}, {"weather", 1}, {"日本語", 1}, {"<script>", 1}, {"no-such-server", 0}, {"", 8},
	}
	for _, c := range cases {
		lb := leaderboard(t, s, store.LeaderboardQuery{Search: c.search})
		if lb.Total != c.want {
			t.Errorf("search %q: %d servers, want %d", c.search, lb.Total, c.want)
		}
		for _, l := range [][]store.Scan{lb.Ranked, lb.Unranked, lb.Unscored} {
			for _, e := range l {
				if !strings.Contains(strings.ToLower(e.Name), strings.ToLower(c.search)) {
					t.Errorf("search %q kept %q", c.search, e.Name)
				}
			}
		}
	}
}

func testRulePrevalence(t *testing.T, s store.Store) {
	if got, err := s.RulePrevalence(ctx(t)); err != nil || len(got) != 0 {
		t.Fatalf("empty store: %v, %v; want none", got, err)
	}
	insert(t, s,
		Result(Spec{SweepID: "sw1", Name: "a", Version: "1", Findings: 3, FinishedAt: at(1)}), // MG100..MG102
		Result(Spec{SweepID: "sw1", Name: "b", Version: "1", Findings: 1, FinishedAt: at(1)}), // MG100
		// An older scan of b with more findings must not count.
		Result(Spec{SweepID: "sw0", Name: "b", Version: "0", Findings: 40, FinishedAt: at(0 + 1).Add(-time.Hour)}),
		Result(Spec{SweepID: "sw1", Name: "c", Version: "1", Findings: -1, FinishedAt: at(1)}),
		Result(Spec{SweepID: "sw1", Name: "d", Version: "1", Status: schema.StatusTimeout, FinishedAt: at(1)}),
	)
	got, err := s.RulePrevalence(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	want := []store.RuleCount{{Rule: "MG100", Servers: 2, Findings: 2}, {Rule: "MG101", Servers: 1, Findings: 1}, {Rule: "MG102", Servers: 1, Findings: 1}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("RulePrevalence = %v, want %v", got, want)
	}
}

// LoadSweep writes the Sweep fixture into st: its two sweeps as finished
// sweep records, every result, and an ecosystem report for the weather
// server on the second sweep. It returns Sweep's ranked names.
func LoadSweep(tb testing.TB, st store.Store) []string {
	tb.Helper()
	c := context.Background()
	results, ranked := Sweep()
	for i, id := range []string{"nightly-20261101", "nightly-20261102"} {
		start := time.Date(2026, 11, 1+i, 3, 0, 0, 0, time.UTC)
		if err := st.BeginSweep(c, store.Sweep{ID: id, Registries: []string{"official", "smithery"}, ScannerVersion: "mcpgauge/test", StartedAt: start}); err != nil {
			tb.Fatal(err)
		}
		if err := st.UpdateSweep(c, id, store.SweepProgress{Planned: 9, Published: 9}); err != nil {
			tb.Fatal(err)
		}
		if err := st.FinishSweep(c, id, store.SweepDone, start.Add(10*time.Minute)); err != nil {
			tb.Fatal(err)
		}
	}
	if _, err := st.InsertResults(c, results); err != nil {
		tb.Fatal(err)
	}
	eco := EcosystemReport("nightly-20261102", "io.github.acme/weather", "1.2.0", time.Date(2026, 11, 2, 4, 0, 0, 0, time.UTC))
	if _, err := st.InsertEcosystem(c, []schema.EcosystemReport{eco}); err != nil {
		tb.Fatal(err)
	}
	if _, err := st.InsertNameLinks(c, Links()); err != nil {
		tb.Fatal(err)
	}
	return ranked
}

// ConflictName is the name under which the sweep fixture's conflicting
// listing of io.github.acme/weather is stored (see Links).
const ConflictName = "smithery:io.github.acme/weather"

// Links are the sweep fixture's name links: another registry's
// disagreeing listing of io.github.acme/weather, and one of the hostile
// name, whose qualified name carries its markup.
func Links() []store.NameLink {
	at := time.Date(2026, 11, 2, 3, 0, 0, 0, time.UTC)
	return []store.NameLink{
		{SweepID: "nightly-20261102", Name: "io.github.acme/weather", Version: "1.2.0", Kind: store.LinkConflict,
			OtherName: ConflictName, OtherVersion: "1.2.0", Source: "smithery", Reason: "different launch", CreatedAt: at},
		{SweepID: "nightly-20261102", Name: HostileName, Version: "1.0.0", Kind: store.LinkConflict,
			OtherName: "smithery:" + HostileName, OtherVersion: "9.9.9", Source: "smithery", Reason: "version not listed by the owner", CreatedAt: at},
	}
}
