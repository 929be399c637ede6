package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// Run runs the conformance suite, its cases in parallel. open must return a
// fresh, empty, migrated store for each call (and arrange its cleanup with
// t.Cleanup), safe to call from parallel subtests.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []suiteCase{
		{"MigrateIsIdempotent", testMigrate},
		{"LeaderboardOrder", testLeaderboardOrder},
		{"LeaderboardFilters", testLeaderboardFilters},
		{"NotOKListedApart", testNotOK},
		{"LatestScanPerServer", testLatest},
		{"SelectionOnlyWhenEvalRan", testSelection},
		{"ComplianceNotMeasured", testComplianceNotMeasured},
		{"ScoreBreakdown", testScoreBreakdown},
		{"History", testHistory},
		{"RugPulls", testRugPulls},
		{"DuplicateInsertIdempotent", testDuplicates},
		{"LaterResultReplaces", testReplace},
		{"InvalidBatchRefused", testInvalid},
		{"ResultRoundTrip", testRoundTrip},
		{"SweepProgress", testSweeps},
		{"ScansByKey", testScansByKey},
	}
	tests = append(tests, ecosystemTests()...)
	tests = append(tests, receiptTests()...)
	tests = append(tests, boardTests()...)
	tests = append(tests, nameLinkTests()...)
	tests = append(tests, behaviourTests()...)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel() // each case has a fresh store of its own
			tc.fn(t, open(t))
		})
	}
}

// suiteCase is one named case of the conformance suite.
type suiteCase struct {
	name string
	fn   func(t *testing.T, s store.Store)
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return c
}

func at(day int) time.Time { return time.Date(2026, 11, day, 12, 0, 0, 0, time.UTC) }

func insert(t *testing.T, s store.Store, rs ...schema.Result) int {
	t.Helper()
	n, err := s.InsertResults(ctx(t), rs)
	if err != nil {
		t.Fatalf("InsertResults: %v", err)
	}
	return n
}

func leaderboard(t *testing.T, s store.Store, q store.LeaderboardQuery) store.Leaderboard {
	t.Helper()
	lb, err := s.Leaderboard(ctx(t), q)
	if err != nil {
		t.Fatalf("Leaderboard(%+v): %v", q, err)
	}
	return lb
}

func names(l []store.Scan) []string {
	out := []string{}
	for _, s := range l {
		out = append(out, s.Name)
	}
	return out
}

func wantNames(t *testing.T, what string, got []store.Scan, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	if g := names(got); !reflect.DeepEqual(g, want) {
		t.Errorf("%s = %v, want %v", what, g, want)
	}
}

func scores(total, compliance, design, security, efficiency, tg, qg float64, sel *float64) *schema.Scores {
	return &schema.Scores{ScoringVersion: "mcpgauge-score/1", MCPGauge: total, Compliance: new(compliance), Design: design,
		Security: security, Efficiency: efficiency, Selection: sel, ToolgaugeHealth: tg,
		QualityGate: schema.QualityGateScore{Score: new(qg), Compliance: new(qg * 0.4), Quality: qg * 0.25, Efficiency: qg * 0.15, Security: qg * 0.2}}
}

func ptr(v float64) *float64 { return &v }

func testMigrate(t *testing.T, s store.Store) {
	insert(t, s, Result(Spec{SweepID: "sw1", Name: "a", Version: "1"}))
	for i := 0; i < 2; i++ {
		if err := s.Migrate(ctx(t)); err != nil {
			t.Fatalf("Migrate run %d: %v", i+2, err)
		}
	}
	if h, err := s.History(ctx(t), "a"); err != nil || len(h) != 1 {
		t.Fatalf("after re-migrating, History = %d scans, %v; want 1", len(h), err)
	}
}

func testLeaderboardOrder(t *testing.T, s store.Store) {
	insert(t, s,
		Result(Spec{SweepID: "sw1", Name: "alpha", Version: "1", Scores: scores(70, 10, 90, 50, 60, 30, 80, ptr(40))}),
		Result(Spec{SweepID: "sw1", Name: "bravo", Version: "1", Scores: scores(90, 20, 10, 70, 50, 20, 70, ptr(50))}),
		Result(Spec{SweepID: "sw1", Name: "charlie", Version: "1", Scores: scores(80, 30, 50, 90, 40, 10, 60, ptr(60))}),
		Result(Spec{SweepID: "sw1", Name: "delta", Version: "1", Scores: scores(80, 40, 30, 10, 30, 40, 50, ptr(70))}),
	)
	cases := []struct {
		by   schema.ScorePart
		want []string
	}{
		{"", []string{"bravo", "charlie", "delta", "alpha"}}, // tie 80/80 broken by name
		{schema.PartCompliance, []string{"delta", "charlie", "bravo", "alpha"}},
		{schema.PartDesign, []string{"alpha", "charlie", "delta", "bravo"}},
		{schema.PartSecurity, []string{"charlie", "bravo", "alpha", "delta"}},
		{schema.PartEfficiency, []string{"alpha", "bravo", "charlie", "delta"}},
		{schema.PartSelection, []string{"delta", "charlie", "bravo", "alpha"}},
		{schema.PartToolgauge, []string{"delta", "alpha", "bravo", "charlie"}},
		{schema.PartQualityGate, []string{"alpha", "bravo", "charlie", "delta"}},
	}
	for _, c := range cases {
		lb := leaderboard(t, s, store.LeaderboardQuery{By: c.by})
		wantNames(t, "ranked by "+string(c.by), lb.Ranked, c.want...)
		for i, e := range lb.Ranked {
			if e.Rank != i+1 {
				t.Errorf("by %s: %s has rank %d, want %d", c.by, e.Name, e.Rank, i+1)
			}
			if v, _ := e.Scores.Part(lb.By); v != e.Value {
				t.Errorf("by %s: %s value %v, scores say %v", c.by, e.Name, e.Value, v)
			}
		}
	}
	lb := leaderboard(t, s, store.LeaderboardQuery{Limit: 2})
	wantNames(t, "limit 2", lb.Ranked, "bravo", "charlie")
	if lb.Total != 4 {
		t.Errorf("Total = %d, want 4 (before the limit)", lb.Total)
	}
	if _, err := s.Leaderboard(ctx(t), store.LeaderboardQuery{By: "speed"}); err == nil || !strings.Contains(err.Error(), "speed") {
		t.Errorf("unknown part: err = %v, want an error naming it", err)
	}
	if _, err := s.Leaderboard(ctx(t), store.LeaderboardQuery{Status: "meh"}); err == nil {
		t.Error("unknown status accepted")
	}
}

func testLeaderboardFilters(t *testing.T, s store.Store) {
	insert(t, s,
		Result(Spec{SweepID: "sw1", Name: "npm-official", Version: "1", Score: 90, Sources: []string{"official"}}),
		Result(Spec{SweepID: "sw1", Name: "npm-both", Version: "1", Score: 80, Sources: []string{"official", "smithery"}}),
		Result(Spec{SweepID: "sw1", Name: "pypi-smithery", Version: "1", Score: 70, Sources: []string{"smithery"}, PackageType: "pypi"}),
		Result(Spec{SweepID: "sw1", Name: "remote-glama", Version: "1", Score: 60, Sources: []string{"glama"}, PackageType: "remote"}),
		Result(Spec{SweepID: "sw1", Name: "npm-broken", Version: "1", Status: schema.StatusInstallFailed, Sources: []string{"official"}}),
		Result(Spec{SweepID: "sw1", Name: "pypi-timeout", Version: "1", Status: schema.StatusTimeout, Sources: []string{"smithery"}, PackageType: "pypi"}),
	)
	cases := []struct {
		q                store.LeaderboardQuery
		ranked, unscored []string
	}{
		{store.LeaderboardQuery{Registry: "official"}, []string{"npm-official", "npm-both"}, []string{"npm-broken"}},
		{store.LeaderboardQuery{Registry: "smithery"}, []string{"npm-both", "pypi-smithery"}, []string{"pypi-timeout"}},
		{store.LeaderboardQuery{PackageType: "pypi"}, []string{"pypi-smithery"}, []string{"pypi-timeout"}},
		{store.LeaderboardQuery{PackageType: "remote"}, []string{"remote-glama"}, nil},
		{store.LeaderboardQuery{Status: schema.StatusOK}, []string{"npm-official", "npm-both", "pypi-smithery", "remote-glama"}, nil},
		{store.LeaderboardQuery{Status: schema.StatusTimeout}, nil, []string{"pypi-timeout"}},
		{store.LeaderboardQuery{Registry: "official", PackageType: "npm", Status: schema.StatusInstallFailed}, nil, []string{"npm-broken"}},
		{store.LeaderboardQuery{Registry: "docker"}, nil, nil},
	}
	for _, c := range cases {
		lb := leaderboard(t, s, c.q)
		wantNames(t, "ranked", lb.Ranked, c.ranked...)
		wantNames(t, "unscored", lb.Unscored, c.unscored...)
		if lb.Total != len(c.ranked)+len(c.unscored) {
			t.Errorf("%+v: Total = %d, want %d", c.q, lb.Total, len(c.ranked)+len(c.unscored))
		}
	}
}

func testNotOK(t *testing.T, s store.Store) {
	var rs []schema.Result
	for i, st := range schema.Statuses()[1:] {
		rs = append(rs, Result(Spec{SweepID: "sw1", Name: "z-" + string(st), Version: "1", Status: st, FinishedAt: at(1 + i%3)}))
	}
	rs = append(rs, Result(Spec{SweepID: "sw1", Name: "good", Version: "1", Score: 1}))
	insert(t, s, rs...)
	lb := leaderboard(t, s, store.LeaderboardQuery{})
	wantNames(t, "ranked", lb.Ranked, "good")
	if len(lb.Unscored) != len(schema.Statuses())-1 {
		t.Fatalf("unscored = %v, want every non-ok status", names(lb.Unscored))
	}
	for i, e := range lb.Unscored {
		if e.Scores != nil || e.Value != 0 || e.Rank != 0 {
			t.Errorf("%s (%s) carries a score or rank: %+v", e.Name, e.Status, e)
		}
		if e.Status == schema.StatusOK || e.Reason == "" {
			t.Errorf("%s: status %q reason %q", e.Name, e.Status, e.Reason)
		}
		if i > 0 && lb.Unscored[i-1].Name > e.Name {
			t.Errorf("unscored not sorted by name: %v", names(lb.Unscored))
		}
	}
}

func testLatest(t *testing.T, s store.Store) {
	insert(t, s,
		Result(Spec{SweepID: "sw1", Name: "fell", Version: "1", Score: 90, FinishedAt: at(1)}),
		Result(Spec{SweepID: "sw2", Name: "fell", Version: "1", Score: 40, FinishedAt: at(2)}),
		Result(Spec{SweepID: "sw1", Name: "broke", Version: "1", Score: 95, FinishedAt: at(1)}),
		Result(Spec{SweepID: "sw2", Name: "broke", Version: "2", Status: schema.StatusCrashed, FinishedAt: at(2)}),
		Result(Spec{SweepID: "sw1", Name: "fixed", Version: "1", Status: schema.StatusTimeout, FinishedAt: at(1)}),
		Result(Spec{SweepID: "sw2", Name: "fixed", Version: "1", Score: 60, FinishedAt: at(2)}),
	)
	// An older scan inserted late must not displace the latest one.
	insert(t, s, Result(Spec{SweepID: "sw0", Name: "fell", Version: "0", Score: 99, FinishedAt: at(0 + 1).Add(-time.Hour)}))
	lb := leaderboard(t, s, store.LeaderboardQuery{})
	wantNames(t, "ranked", lb.Ranked, "fixed", "fell")
	wantNames(t, "unscored", lb.Unscored, "broke")
	for _, e := range lb.Ranked {
		if e.SweepID != "sw2" {
			t.Errorf("%s: leaderboard shows sweep %s, want the latest (sw2)", e.Name, e.SweepID)
		}
	}
	if lb.Ranked[1].Value != 40 || lb.Unscored[0].Version != "2" {
		t.Errorf("latest values wrong: %+v / %+v", lb.Ranked[1], lb.Unscored[0])
	}
	if lb.Total != 3 {
		t.Errorf("Total = %d, want 3 servers", lb.Total)
	}
}

func testSelection(t *testing.T, s store.Store) {
	insert(t, s,
		Result(Spec{SweepID: "sw1", Name: "evald", Version: "1", Scores: scores(50, 50, 50, 50, 50, 50, 50, ptr(75))}),
		Result(Spec{SweepID: "sw1", Name: "no-eval", Version: "1", Scores: scores(80, 80, 80, 80, 80, 80, 80, nil)}),
	)
	lb := leaderboard(t, s, store.LeaderboardQuery{By: schema.PartSelection})
	wantNames(t, "ranked by selection", lb.Ranked, "evald")
	wantNames(t, "unranked by selection", lb.Unranked, "no-eval")
	if lb.Unranked[0].Scores == nil || lb.Unranked[0].Scores.Selection != nil {
		t.Errorf("no-eval scores = %+v, want scores without selection", lb.Unranked[0].Scores)
	}
	lb = leaderboard(t, s, store.LeaderboardQuery{})
	wantNames(t, "ranked overall", lb.Ranked, "no-eval", "evald")
	if sel := lb.Ranked[1].Scores.Selection; sel == nil || *sel != 75 {
		t.Errorf("selection lost: %v", sel)
	}
}

// testComplianceNotMeasured: a scan whose compliance tests did not run
// (scan --no-check) stores its compliance part and quality-gate's total as
// not measured, and every read gives them back absent, never as 0; the
// leaderboard lists the scan apart when ranking by either.
func testComplianceNotMeasured(t *testing.T, s store.Store) {
	noCheck := Result(Spec{SweepID: "sw1", Name: "no-check", Version: "1", Scores: scores(70, 0, 70, 70, 70, 70, 70, nil)})
	noCheck.Compliance = nil
	noCheck.Scores.Compliance, noCheck.Scores.QualityGate.Score, noCheck.Scores.QualityGate.Compliance = nil, nil, nil
	checked := Result(Spec{SweepID: "sw1", Name: "checked", Version: "1", Scores: scores(60, 0, 60, 60, 60, 60, 0, nil)})
	insert(t, s, noCheck, checked)
	unmeasured := func(what string, sc *schema.Scores) {
		t.Helper()
		if sc == nil {
			t.Fatalf("%s: no scores", what)
		}
		if sc.Compliance != nil || sc.QualityGate.Score != nil || sc.QualityGate.Compliance != nil {
			t.Errorf("%s: compliance %v, quality-gate %v (compliance %v), want all absent", what,
				sc.Compliance, sc.QualityGate.Score, sc.QualityGate.Compliance)
		}
		if sc.QualityGate.Quality != 70*0.25 || sc.Design != 70 {
			t.Errorf("%s: measured parts lost: %+v", what, sc)
		}
	}
	got, err := s.Result(ctx(t), noCheck.JobID)
	if err != nil {
		t.Fatal(err)
	}
	unmeasured("Result", got.Scores)
	lb := leaderboard(t, s, store.LeaderboardQuery{})
	wantNames(t, "ranked overall", lb.Ranked, "no-check", "checked")
	unmeasured("Leaderboard", lb.Ranked[0].Scores)
	if c := lb.Ranked[1].Scores.Compliance; c == nil || *c != 0 {
		t.Errorf("a measured compliance of 0 reads back as %v, want 0", c)
	}
	for _, by := range []schema.ScorePart{schema.PartCompliance, schema.PartQualityGate} {
		lb = leaderboard(t, s, store.LeaderboardQuery{By: by})
		wantNames(t, "ranked by "+string(by), lb.Ranked, "checked")
		wantNames(t, "unranked by "+string(by), lb.Unranked, "no-check")
	}
	h, err := s.History(ctx(t), "no-check")
	if err != nil || len(h) != 1 {
		t.Fatalf("History = %d scans, %v", len(h), err)
	}
	unmeasured("History", h[0].Scores)
}

// testScoreBreakdown: the weights and the security cap a scanner reports
// come back from every read of the scan row; a result without weights (an
// older scanner's) reads back with none and claims no cap.
func testScoreBreakdown(t *testing.T, s store.Store) {
	capped := Result(Spec{SweepID: "sw1", Name: "capped", Version: "1", Score: 64, ScanKey: "k-capped"})
	capped.Scores.MCPGauge, capped.Scores.Capped = 50, true
	capped.Scores.Selection, capped.Eval = nil, nil
	capped.Scores.Weights = &schema.ScoreWeights{Compliance: 0.25 / 0.85, Design: 0.30 / 0.85, Security: 0.20 / 0.85, Efficiency: 0.10 / 0.85}
	older := Result(Spec{SweepID: "sw1", Name: "older", Version: "1", Score: 70, ScanKey: "k-older"})
	older.Scores.Weights, older.Scores.MCPGaugeUncapped = nil, 0
	insert(t, s, capped, older)
	check := func(what string, got *schema.Scores, want *schema.Scores) {
		t.Helper()
		if got == nil {
			t.Fatalf("%s: no scores", what)
		}
		if !reflect.DeepEqual(got.Weights, want.Weights) || got.Capped != want.Capped || got.MCPGaugeUncapped != want.MCPGaugeUncapped {
			t.Errorf("%s: weights %+v, capped %v, uncapped %v; want %+v, %v, %v", what, got.Weights, got.Capped, got.MCPGaugeUncapped,
				want.Weights, want.Capped, want.MCPGaugeUncapped)
		}
		if got.MCPGauge != want.MCPGauge || got.Design != want.Design {
			t.Errorf("%s: overall %v, design %v; want %v, %v", what, got.MCPGauge, got.Design, want.MCPGauge, want.Design)
		}
	}
	byKey, err := s.ScansByKey(ctx(t), []string{"k-capped", "k-older"})
	if err != nil {
		t.Fatal(err)
	}
	lb := leaderboard(t, s, store.LeaderboardQuery{})
	wantNames(t, "ranked", lb.Ranked, "older", "capped")
	for _, r := range []schema.Result{capped, older} {
		h, err := s.History(ctx(t), r.Name)
		if err != nil || len(h) != 1 {
			t.Fatalf("History(%s) = %d scans, %v", r.Name, len(h), err)
		}
		check("History "+r.Name, h[0].Scores, r.Scores)
		check("ScansByKey "+r.Name, byKey[r.ScanKey].Scores, r.Scores)
		for _, sc := range lb.Ranked {
			if sc.Name == r.Name {
				check("Leaderboard "+r.Name, sc.Scores, r.Scores)
			}
		}
		got, err := s.Result(ctx(t), r.JobID)
		if err != nil {
			t.Fatal(err)
		}
		check("Result "+r.Name, got.Scores, r.Scores)
	}
}

func testHistory(t *testing.T, s store.Store) {
	insert(t, s,
		Result(Spec{SweepID: "sw2", Name: "h", Version: "1.1", Score: 70, FinishedAt: at(2)}),
		Result(Spec{SweepID: "sw1", Name: "h", Version: "1.0", Score: 60, FinishedAt: at(1)}),
		Result(Spec{SweepID: "sw3", Name: "h", Version: "1.1", Status: schema.StatusTimeout, FinishedAt: at(3)}),
		Result(Spec{SweepID: "sw3", Name: "other", Version: "1", FinishedAt: at(3)}),
	)
	h, err := s.History(ctx(t), "h")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range h {
		got = append(got, e.SweepID+"/"+e.Version+"/"+string(e.Status))
	}
	want := []string{"sw3/1.1/timeout", "sw2/1.1/ok", "sw1/1.0/ok"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("History = %v, want %v", got, want)
	}
	if len(h) == 3 && (!h[0].FinishedAt.Equal(at(3)) || h[1].Scores == nil || h[1].Scores.MCPGauge != 70) {
		t.Errorf("history entry data wrong: %+v", h[1])
	}
	if h, err := s.History(ctx(t), "nobody"); err != nil || len(h) != 0 {
		t.Errorf("History(nobody) = %v, %v; want empty", h, err)
	}
}

func testRugPulls(t *testing.T, s store.Store) {
	tools := []string{"read", "write", "delete"}
	insert(t, s,
		// Same name and version, tool "write" redefined and "exfil" added in sweep 2.
		Result(Spec{SweepID: "sw1", Name: "sneaky", Version: "1.0", Tools: tools, FinishedAt: at(1)}),
		Result(Spec{SweepID: "sw2", Name: "sneaky", Version: "1.0", Tools: append(append([]string{}, tools...), "exfil"),
			Salt: "evil", SaltTools: []string{"write"}, FinishedAt: at(2)}),
		// Sweep 3: "delete" removed, the rest as in sweep 2.
		Result(Spec{SweepID: "sw3", Name: "sneaky", Version: "1.0", Tools: []string{"read", "write", "exfil"},
			Salt: "evil", SaltTools: []string{"write"}, FinishedAt: at(3)}),
		// A new version may change its tools: not a rug pull.
		Result(Spec{SweepID: "sw1", Name: "honest", Version: "1.0", Tools: tools, FinishedAt: at(1)}),
		Result(Spec{SweepID: "sw2", Name: "honest", Version: "2.0", Tools: tools, Salt: "v2", FinishedAt: at(2)}),
		// Rescanned unchanged: not a rug pull.
		Result(Spec{SweepID: "sw1", Name: "stable", Version: "1.0", Tools: tools, FinishedAt: at(1)}),
		Result(Spec{SweepID: "sw2", Name: "stable", Version: "1.0", Tools: tools, FinishedAt: at(2)}),
		// A failed scan between two identical ones is not a change either.
		Result(Spec{SweepID: "sw3", Name: "stable", Version: "1.0", Status: schema.StatusTimeout, FinishedAt: at(3)}),
	)
	rps, err := s.RugPulls(ctx(t), store.RugPullQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rps) != 2 {
		t.Fatalf("RugPulls = %d, want 2 (sw1→sw2 and sw2→sw3 of sneaky): %+v", len(rps), rps)
	}
	first, second := rps[0], rps[1]
	if first.Name != "sneaky" || first.Version != "1.0" || first.Before.SweepID != "sw1" || first.After.SweepID != "sw2" {
		t.Errorf("first rug pull = %s %s %s→%s", first.Name, first.Version, first.Before.SweepID, first.After.SweepID)
	}
	if !reflect.DeepEqual(first.Added, []string{"exfil"}) || !reflect.DeepEqual(first.Changed, []string{"write"}) || len(first.Removed) != 0 {
		t.Errorf("first rug pull tools: added %v changed %v removed %v; want [exfil] [write] []", first.Added, first.Changed, first.Removed)
	}
	if first.Before.ServerDigest == first.After.ServerDigest || first.Before.ServerDigest == "" {
		t.Errorf("digests not reported: %q → %q", first.Before.ServerDigest, first.After.ServerDigest)
	}
	if second.Before.SweepID != "sw2" || second.After.SweepID != "sw3" || !reflect.DeepEqual(second.Removed, []string{"delete"}) ||
		len(second.Added)+len(second.Changed) != 0 {
		t.Errorf("second rug pull: %s→%s added %v changed %v removed %v", second.Before.SweepID, second.After.SweepID, second.Added, second.Changed, second.Removed)
	}
	only, err := s.RugPulls(ctx(t), store.RugPullQuery{Name: "honest"})
	if err != nil || len(only) != 0 {
		t.Errorf("RugPulls(honest) = %+v, %v; want none", only, err)
	}
	lim, err := s.RugPulls(ctx(t), store.RugPullQuery{Name: "sneaky", Limit: 1})
	if err != nil || len(lim) != 1 {
		t.Errorf("RugPulls(sneaky, limit 1) = %d, %v; want 1", len(lim), err)
	}
}

func testDuplicates(t *testing.T, s store.Store) {
	a := Result(Spec{SweepID: "sw1", Name: "dup", Version: "1", Score: 70})
	b := Result(Spec{SweepID: "sw1", Name: "other", Version: "1", Score: 60})
	if n := insert(t, s, a, b, a); n != 2 {
		t.Errorf("first insert wrote %d, want 2 (the duplicate within the batch collapses)", n)
	}
	if n := insert(t, s, a, b); n != 0 {
		t.Errorf("re-insert wrote %d, want 0", n)
	}
	lb := leaderboard(t, s, store.LeaderboardQuery{})
	wantNames(t, "ranked", lb.Ranked, "dup", "other")
	if h, _ := s.History(ctx(t), "dup"); len(h) != 1 {
		t.Errorf("History(dup) has %d scans, want 1", len(h))
	}
	f, err := s.Findings(ctx(t), a.JobID)
	if err != nil || len(f) != len(a.Findings) {
		t.Errorf("Findings = %d, %v; want %d", len(f), err, len(a.Findings))
	}
	sw := beginSweep(t, s, "sw1")
	if sw.Results != 2 {
		t.Errorf("sweep results = %d, want 2", sw.Results)
	}
}

func testReplace(t *testing.T, s store.Store) {
	first := Result(Spec{SweepID: "sw1", Name: "retry", Version: "1", Status: schema.StatusWorkerError, FinishedAt: at(1)})
	second := Result(Spec{SweepID: "sw1", Name: "retry", Version: "1", Score: 77, Findings: 3, FinishedAt: at(1).Add(time.Minute)})
	insert(t, s, first)
	if n := insert(t, s, second); n != 1 {
		t.Fatalf("later result wrote %d, want 1", n)
	}
	if n := insert(t, s, first); n != 0 {
		t.Errorf("an earlier result replaced a later one (wrote %d)", n)
	}
	h, err := s.History(ctx(t), "retry")
	if err != nil || len(h) != 1 || h[0].Status != schema.StatusOK || h[0].Scores == nil || h[0].Scores.MCPGauge != 77 {
		t.Fatalf("History = %+v, %v; want the one later ok scan", h, err)
	}
	f, err := s.Findings(ctx(t), second.JobID)
	if err != nil || len(f) != 3 {
		t.Errorf("Findings = %d, %v; want the later result's 3", len(f), err)
	}
	tighter := Result(Spec{SweepID: "sw1", Name: "retry", Version: "1", Score: 78, Findings: -1, FinishedAt: at(1).Add(2 * time.Minute)})
	insert(t, s, tighter)
	if f, err := s.Findings(ctx(t), tighter.JobID); err != nil || len(f) != 0 {
		t.Errorf("after a finding-free result, Findings = %d, %v; want 0", len(f), err)
	}
}

func testInvalid(t *testing.T, s store.Store) {
	good := Result(Spec{SweepID: "sw1", Name: "good", Version: "1"})
	bad := Result(Spec{SweepID: "sw1", Name: "bad", Version: "1"})
	bad.Scores.Design = 250
	n, err := s.InsertResults(ctx(t), []schema.Result{good, bad})
	if err == nil || n != 0 || !strings.Contains(err.Error(), "result 1") || !strings.Contains(err.Error(), "scores.design") {
		t.Fatalf("InsertResults with an invalid result = %d, %v; want 0 and an error naming result 1 and scores.design", n, err)
	}
	if lb := leaderboard(t, s, store.LeaderboardQuery{}); lb.Total != 0 {
		t.Errorf("a refused batch left %d servers", lb.Total)
	}
	if n, err := s.InsertResults(ctx(t), nil); n != 0 || err != nil {
		t.Errorf("empty batch = %d, %v", n, err)
	}
}

func testRoundTrip(t *testing.T, s store.Store) {
	r := Result(Spec{SweepID: "sw1", Name: "io.github.x/round-trip", Version: "1.2.3-beta", Sources: []string{"official", "pulse"}})
	r.Placeholders = []string{"API_KEY"}
	r.Findings[0].Message = "quotes ' \" and ? and unicode ✓"
	insert(t, s, r)
	got, err := s.Result(ctx(t), r.JobID)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := r.Encode()
	have, _ := got.Encode()
	if string(want) != string(have) {
		t.Errorf("stored result differs:\n got %s\nwant %s", have, want)
	}
	f, err := s.Findings(ctx(t), r.JobID)
	if err != nil || len(f) != len(r.Findings) || f[0] != r.Findings[0] || f[len(f)-1] != r.Findings[len(f)-1] {
		t.Errorf("Findings round trip: %v (%d findings)", err, len(f))
	}
	if !reflect.DeepEqual(f, r.Findings) {
		t.Errorf("Findings = %+v, want every finding in result order %+v", f, r.Findings)
	}
	if _, err := s.Result(ctx(t), "missing"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Result(missing) err = %v, want ErrNotFound", err)
	}
}

func beginSweep(t *testing.T, s store.Store, id string) store.Sweep {
	t.Helper()
	sw, err := s.GetSweep(ctx(t), id)
	if errors.Is(err, store.ErrNotFound) {
		if err := s.BeginSweep(ctx(t), store.Sweep{ID: id, Registries: []string{"official"}, StartedAt: at(1)}); err != nil {
			t.Fatal(err)
		}
		sw, err = s.GetSweep(ctx(t), id)
	}
	if err != nil {
		t.Fatal(err)
	}
	return sw
}

func testSweeps(t *testing.T, s store.Store) {
	c := ctx(t)
	if err := s.BeginSweep(c, store.Sweep{ID: "sw-a", Registries: []string{"official", "pulse"}, ScannerVersion: "v1", StartedAt: at(1), Note: "nightly"}); err != nil {
		t.Fatal(err)
	}
	if err := s.BeginSweep(c, store.Sweep{ID: "sw-a"}); !errors.Is(err, store.ErrExists) {
		t.Errorf("second BeginSweep err = %v, want ErrExists", err)
	}
	if err := s.BeginSweep(c, store.Sweep{ID: "bad id"}); err == nil {
		t.Error("BeginSweep accepted a bad ID")
	}
	if err := s.BeginSweep(c, store.Sweep{ID: "sw-b", StartedAt: at(2)}); err != nil {
		t.Fatal(err)
	}
	if err := s.UpdateSweep(c, "sw-a", store.SweepProgress{Planned: 10, Published: 8, Skipped: 2}); err != nil {
		t.Fatal(err)
	}
	if err := s.UpdateSweep(c, "sw-a", store.SweepProgress{Planned: 10, Published: 9, Skipped: 1, Failed: 0}); err != nil {
		t.Fatal(err)
	}
	insert(t, s,
		Result(Spec{SweepID: "sw-a", Name: "one", Version: "1"}),
		Result(Spec{SweepID: "sw-a", Name: "two", Version: "1", Status: schema.StatusTimeout}),
		Result(Spec{SweepID: "sw-a", Name: "three", Version: "1", Status: schema.StatusTimeout}),
		Result(Spec{SweepID: "sw-b", Name: "one", Version: "1", FinishedAt: at(2)}),
	)
	sw, err := s.GetSweep(c, "sw-a")
	if err != nil {
		t.Fatal(err)
	}
	if sw.Status != store.SweepRunning || sw.Progress != (store.SweepProgress{Planned: 10, Published: 9, Skipped: 1}) ||
		!reflect.DeepEqual(sw.Registries, []string{"official", "pulse"}) || sw.Note != "nightly" || sw.ScannerVersion != "v1" ||
		!sw.StartedAt.Equal(at(1)) || !sw.FinishedAt.IsZero() {
		t.Errorf("running sweep = %+v", sw)
	}
	if sw.Results != 3 || sw.ByStatus[schema.StatusOK] != 1 || sw.ByStatus[schema.StatusTimeout] != 2 {
		t.Errorf("sweep results = %d %v, want 3 (1 ok, 2 timeout)", sw.Results, sw.ByStatus)
	}
	if one, _ := s.Result(c, schema.JobID("sw-a", "one", "1")); one.Scores == nil || sw.Scored != 1 || sw.MeanScore != one.Scores.MCPGauge {
		t.Errorf("sweep scored %d, mean %v; want the one ok scan's score", sw.Scored, sw.MeanScore)
	}
	if err := s.FinishSweep(c, "sw-a", store.SweepRunning, at(2)); err == nil {
		t.Error("FinishSweep accepted status running")
	}
	if err := s.FinishSweep(c, "sw-a", store.SweepDone, at(2)); err != nil {
		t.Fatal(err)
	}
	sw, err = s.GetSweep(c, "sw-a")
	if err != nil || sw.Status != store.SweepDone || !sw.FinishedAt.Equal(at(2)) || sw.Progress.Published != 9 {
		t.Errorf("finished sweep = %+v, %v", sw, err)
	}
	for _, f := range []func() error{
		func() error { _, err := s.GetSweep(c, "nope"); return err },
		func() error { return s.UpdateSweep(c, "nope", store.SweepProgress{}) },
		func() error { return s.FinishSweep(c, "nope", store.SweepDone, at(1)) },
	} {
		if err := f(); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unknown sweep: err = %v, want ErrNotFound", err)
		}
	}
	list, err := s.ListSweeps(c, 0)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, l := range list {
		ids = append(ids, l.ID)
	}
	if !reflect.DeepEqual(ids, []string{"sw-b", "sw-a"}) {
		t.Errorf("ListSweeps = %v, want [sw-b sw-a]", ids)
	}
	// A listed sweep is its stored record (without the result counts).
	sw.Results, sw.ByStatus, sw.Scored, sw.MeanScore = 0, nil, 0, 0
	if len(list) == 2 && !reflect.DeepEqual(list[1], sw) {
		t.Errorf("ListSweeps entry = %+v, want %+v", list[1], sw)
	}
}

func testScansByKey(t *testing.T, s store.Store) {
	insert(t, s,
		Result(Spec{SweepID: "sw1", Name: "k", Version: "1", ScanKey: "key-1", FinishedAt: at(1)}),
		Result(Spec{SweepID: "sw2", Name: "k", Version: "1", ScanKey: "key-1", FinishedAt: at(2), Status: schema.StatusTimeout}),
		Result(Spec{SweepID: "sw1", Name: "j", Version: "1", ScanKey: "key-2", FinishedAt: at(1)}),
	)
	got, err := s.ScansByKey(ctx(t), []string{"key-1", "key-2", "key-3"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got["key-1"].SweepID != "sw2" || got["key-1"].Status != schema.StatusTimeout || got["key-2"].Name != "j" {
		t.Errorf("ScansByKey = %+v", got)
	}
	if _, ok := got["key-3"]; ok {
		t.Error("unknown key reported")
	}
	// More keys than one IN list takes: the stored ones sit in different chunks.
	many := []string{"key-2"}
	for i := 0; i < 2500; i++ {
		many = append(many, fmt.Sprintf("absent-%04d", i))
	}
	many = append(many, "key-1")
	if got, err := s.ScansByKey(ctx(t), many); err != nil || len(got) != 2 || got["key-1"].SweepID != "sw2" || got["key-2"].Name != "j" {
		t.Errorf("ScansByKey(%d keys) = %+v, %v; want key-1 (sw2) and key-2", len(many), got, err)
	}
	if got, err := s.ScansByKey(ctx(t), nil); err != nil || len(got) != 0 {
		t.Errorf("ScansByKey(nil) = %v, %v", got, err)
	}
}
