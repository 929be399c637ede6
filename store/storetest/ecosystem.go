package storetest

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// EcosystemReport builds a valid, realistic ecosystem report: a three-point
// pool curve (the last point without a model run), drawn distractors, a model
// run with its in-pool accuracy and two captures.
func EcosystemReport(sweepID, name, version string, created time.Time) schema.EcosystemReport {
	drawn := []string{"io.github.other/files/read_file", "io.github.other/web/fetch", "io.github.third/db/query"}
	return schema.EcosystemReport{
		SchemaVersion: schema.Version, SweepID: sweepID, Name: name, Version: version,
		JobID: schema.JobID(sweepID, name, version), Seed: 0x9e3779b97f4a7c15,
		PoolServers: 812, PoolTools: 9731,
		Search: schema.Recall{At1: 7, At5: 9, Total: 12},
		Curve: []schema.EcosystemPoint{
			{Target: 10, PoolSize: 10, DrawDigest: hexSHA(name + "/10"), Search: schema.Recall{At1: 11, At5: 12, Total: 12},
				Model: &schema.Ratio{Correct: 12, Total: 12}},
			{Target: 100, PoolSize: 100, DrawDigest: hexSHA(name + "/100"), Search: schema.Recall{At1: 9, At5: 11, Total: 12},
				Model: &schema.Ratio{Correct: 10, Total: 12}},
			{Target: 1000, PoolSize: 1000, DrawDigest: hexSHA(name + "/1000"), Search: schema.Recall{At1: 7, At5: 10, Total: 12},
				ModelError: "budget exhausted"},
		},
		Distractors: len(drawn), Drawn: drawn, DrawDigest: hexSHA(strings.Join(drawn, "\n")),
		Model:  "claude-haiku-4-5",
		InPool: &schema.Ratio{Correct: 10, Total: 12},
		Captures: []schema.EcosystemCapture{
			{Method: schema.MethodSearch, Server: "io.github.other/files", Tool: "read_file", Victim: "open_document", Count: 3, Total: 4},
			{Method: schema.MethodModel, Server: "io.github.other/web", Tool: "fetch", Victim: "get_page", Count: 1, Total: 4},
		},
		Calls: 36, CostUSD: 0.0123, CreatedAt: created,
	}
}

func insertEco(t *testing.T, s store.Store, rs ...schema.EcosystemReport) int {
	t.Helper()
	n, err := s.InsertEcosystem(ctx(t), rs)
	if err != nil {
		t.Fatalf("InsertEcosystem: %v", err)
	}
	return n
}

func ecosystem(t *testing.T, s store.Store, q store.EcosystemQuery) []schema.EcosystemReport {
	t.Helper()
	got, err := s.Ecosystem(ctx(t), q)
	if err != nil {
		t.Fatalf("Ecosystem(%+v): %v", q, err)
	}
	if got == nil {
		t.Errorf("Ecosystem(%+v) = nil, want a (possibly empty) slice", q)
	}
	return got
}

// ecoIDs names reports as "sweep/name@version".
func ecoIDs(l []schema.EcosystemReport) []string {
	out := []string{}
	for _, r := range l {
		out = append(out, r.SweepID+"/"+r.Name+"@"+r.Version)
	}
	return out
}

func testEcosystemRoundTrip(t *testing.T, s store.Store) {
	full := EcosystemReport("sw1", "io.github.x/full", "1.2.3-beta", at(1).Add(123456789*time.Nanosecond))
	full.Seed = math.MaxUint64 - 6 // beyond float64 precision
	full.CostUSD = 0.1 + 0.2
	full.Captures[0].Victim = "quotes ' \" and ? and unicode ✓"
	// A model that did not run: no in-pool ratio, no curve, captures or draws.
	bare := schema.EcosystemReport{SchemaVersion: schema.Version, SweepID: "sw1", Name: "io.github.x/bare", Version: "0.1.0",
		JobID: schema.JobID("sw0", "io.github.x/bare", "0.1.0"), PoolServers: 2, PoolTools: 3,
		Search: schema.Recall{Total: 0}, ModelError: "no model configured", CreatedAt: at(1)}
	// A model that ran and got nothing right: a non-nil, zero in-pool ratio.
	zero := EcosystemReport("sw1", "io.github.x/zero", "2", at(1))
	zero.InPool = &schema.Ratio{Correct: 0, Total: 0}
	zero.Curve[0].Model = &schema.Ratio{}
	if n := insertEco(t, s, zero, full, bare); n != 3 {
		t.Fatalf("InsertEcosystem wrote %d, want 3", n)
	}
	got := ecosystem(t, s, store.EcosystemQuery{SweepID: "sw1"})
	want := []schema.EcosystemReport{bare, full, zero} // by name
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("stored reports differ (-want +got):\n%s", diff)
	}
	if got[0].InPool != nil || got[0].Curve != nil || got[0].Captures != nil || got[0].Drawn != nil {
		t.Errorf("bare report came back with a ratio or lists: %+v", got[0])
	}
	if got[2].InPool == nil || *got[2].InPool != (schema.Ratio{}) || got[2].Curve[0].Model == nil || got[2].Curve[2].Model != nil {
		t.Errorf("zero report lost its non-nil zero ratios: in-pool %v, curve %+v", got[2].InPool, got[2].Curve)
	}
	if got[1].Seed != full.Seed || !got[1].CreatedAt.Equal(full.CreatedAt) {
		t.Errorf("seed %d / created %s, want %d / %s", got[1].Seed, got[1].CreatedAt, full.Seed, full.CreatedAt)
	}
}

func testEcosystemIdempotent(t *testing.T, s store.Store) {
	report := func(name string, created time.Time, at1 int) schema.EcosystemReport {
		r := EcosystemReport("sw1", name, "1", created)
		r.Search.At1 = at1
		return r
	}
	steps := []struct {
		what  string
		batch []schema.EcosystemReport
		// written is what InsertEcosystem must return; at1 is then the
		// stored Search.At1 per name.
		written int
		at1     map[string]int
	}{
		{"first insert", []schema.EcosystemReport{report("a", at(1), 1), report("b", at(1), 1)}, 2, map[string]int{"a": 1, "b": 1}},
		{"same reports again", []schema.EcosystemReport{report("a", at(1), 1), report("b", at(1), 1)}, 0, map[string]int{"a": 1, "b": 1}},
		{"same time, other content", []schema.EcosystemReport{report("a", at(1), 5)}, 0, map[string]int{"a": 1, "b": 1}},
		{"later replaces", []schema.EcosystemReport{report("a", at(2), 2)}, 1, map[string]int{"a": 2, "b": 1}},
		{"earlier skipped", []schema.EcosystemReport{report("a", at(1).Add(time.Hour), 3)}, 0, map[string]int{"a": 2, "b": 1}},
		{"a nanosecond later replaces", []schema.EcosystemReport{report("a", at(2).Add(time.Nanosecond), 4)}, 1, map[string]int{"a": 4, "b": 1}},
		{"duplicates in a batch collapse to the latest",
			[]schema.EcosystemReport{report("b", at(3), 6), report("b", at(5), 7), report("b", at(4), 8), report("a", at(2), 9)},
			1, map[string]int{"a": 4, "b": 7}},
	}
	for _, st := range steps {
		if n := insertEco(t, s, st.batch...); n != st.written {
			t.Errorf("%s: wrote %d, want %d", st.what, n, st.written)
		}
		got := ecosystem(t, s, store.EcosystemQuery{SweepID: "sw1"})
		have := map[string]int{}
		for _, r := range got {
			have[r.Name] = r.Search.At1
		}
		if len(got) != len(st.at1) || !cmp.Equal(have, st.at1) {
			t.Errorf("%s: stored %v (%d reports), want At1 %v", st.what, ecoIDs(got), len(got), st.at1)
		}
	}
	if got := ecosystem(t, s, store.EcosystemQuery{SweepID: "sw1", Name: "b"}); len(got) != 1 || !got[0].CreatedAt.Equal(at(5)) {
		var created []time.Time
		for _, r := range got {
			created = append(created, r.CreatedAt)
		}
		t.Errorf("b after the batch: %v created %v, want one created on day 5", ecoIDs(got), created)
	}
}

func testEcosystemInvalid(t *testing.T, s store.Store) {
	cases := []struct {
		name  string
		spoil func(r *schema.EcosystemReport)
		want  string
	}{
		{"schema version", func(r *schema.EcosystemReport) { r.SchemaVersion = 99 }, "schema_version 99"},
		{"sweep ID", func(r *schema.EcosystemReport) { r.SweepID = "bad sweep" }, "sweep ID"},
		{"job ID", func(r *schema.EcosystemReport) { r.JobID = "" }, "job_id"},
		{"recall", func(r *schema.EcosystemReport) { r.Search = schema.Recall{At1: 5, At5: 3, Total: 9} }, "search recall"},
		{"in-pool", func(r *schema.EcosystemReport) { r.InPool = &schema.Ratio{Correct: 4, Total: 2} }, "in-pool accuracy"},
		{"no created_at", func(r *schema.EcosystemReport) { r.CreatedAt = time.Time{} }, "created_at"},
		{"created before 1970", func(r *schema.EcosystemReport) { r.CreatedAt = time.Date(1969, 1, 1, 0, 0, 0, 0, time.UTC) }, "outside 1970"},
		{"unencodable cost", func(r *schema.EcosystemReport) { r.CostUSD = math.NaN() }, "encode"},
	}
	for _, c := range cases {
		good := EcosystemReport("sw1", "good", "1", at(1))
		bad := EcosystemReport("sw1", "bad-"+strings.ReplaceAll(c.name, " ", "-"), "1", at(1))
		c.spoil(&bad)
		n, err := s.InsertEcosystem(ctx(t), []schema.EcosystemReport{good, bad})
		if err == nil || n != 0 {
			t.Errorf("%s: InsertEcosystem = %d, %v; want 0 and an error", c.name, n, err)
			continue
		}
		for _, w := range []string{"report 1", bad.Name, c.want} {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not mention %q", c.name, err, w)
			}
		}
	}
	if got := ecosystem(t, s, store.EcosystemQuery{}); len(got) != 0 {
		t.Errorf("refused batches left %v", ecoIDs(got))
	}
	if n, err := s.InsertEcosystem(ctx(t), nil); n != 0 || err != nil {
		t.Errorf("empty batch = %d, %v", n, err)
	}
}

func testEcosystemLatestSweep(t *testing.T, s store.Store) {
	if got := ecosystem(t, s, store.EcosystemQuery{}); len(got) != 0 {
		t.Fatalf("empty store: Ecosystem = %v", ecoIDs(got))
	}
	insertEco(t, s,
		EcosystemReport("sw-mid", "a", "1", at(2)),
		EcosystemReport("sw-new", "b", "1", at(3)),
		EcosystemReport("sw-new", "a", "1", at(3).Add(-time.Minute)),
		EcosystemReport("sw-old", "a", "1", at(1)),
		EcosystemReport("sw-old", "c", "1", at(1)),
	)
	cases := []struct {
		q    store.EcosystemQuery
		want []string
	}{
		{store.EcosystemQuery{}, []string{"sw-new/a@1", "sw-new/b@1"}},
		{store.EcosystemQuery{SweepID: "sw-old"}, []string{"sw-old/a@1", "sw-old/c@1"}},
		{store.EcosystemQuery{SweepID: "sw-mid"}, []string{"sw-mid/a@1"}},
		{store.EcosystemQuery{SweepID: "sw-unknown"}, []string{}},
		{store.EcosystemQuery{Name: "c"}, []string{}}, // c is not in the latest sweep
	}
	for _, c := range cases {
		if got := ecoIDs(ecosystem(t, s, c.q)); !cmp.Equal(got, c.want) {
			t.Errorf("Ecosystem(%+v) = %v, want %v", c.q, got, c.want)
		}
	}
	// A pass re-run over an old sweep makes it the most recent one.
	insertEco(t, s, EcosystemReport("sw-old", "c", "1", at(4)))
	if got := ecoIDs(ecosystem(t, s, store.EcosystemQuery{})); !cmp.Equal(got, []string{"sw-old/a@1", "sw-old/c@1"}) {
		t.Errorf("after re-running sw-old, Ecosystem = %v, want sw-old's reports", got)
	}
	if _, err := s.Ecosystem(ctx(t), store.EcosystemQuery{SweepID: "no spaces"}); err == nil || !strings.Contains(err.Error(), "sweep ID") {
		t.Errorf("malformed sweep ID: err = %v, want an error naming the sweep ID", err)
	}
}

func testEcosystemFilters(t *testing.T, s store.Store) {
	// Inserted out of order; read back by name, then version.
	insertEco(t, s,
		EcosystemReport("sw1", "zeta", "1", at(1)),
		EcosystemReport("sw1", "alpha", "2.0", at(1)),
		EcosystemReport("sw1", "mid", "1", at(1)),
		EcosystemReport("sw1", "alpha", "1.0", at(1)),
		EcosystemReport("sw2", "alpha", "3.0", at(1)),
	)
	cases := []struct {
		q    store.EcosystemQuery
		want []string
	}{
		{store.EcosystemQuery{SweepID: "sw1"}, []string{"sw1/alpha@1.0", "sw1/alpha@2.0", "sw1/mid@1", "sw1/zeta@1"}},
		{store.EcosystemQuery{SweepID: "sw1", Name: "alpha"}, []string{"sw1/alpha@1.0", "sw1/alpha@2.0"}},
		{store.EcosystemQuery{SweepID: "sw1", Name: "zeta"}, []string{"sw1/zeta@1"}},
		{store.EcosystemQuery{SweepID: "sw1", Name: "nobody"}, []string{}},
		{store.EcosystemQuery{SweepID: "sw1", Limit: 3}, []string{"sw1/alpha@1.0", "sw1/alpha@2.0", "sw1/mid@1"}},
		{store.EcosystemQuery{SweepID: "sw1", Limit: 1, Name: "alpha"}, []string{"sw1/alpha@1.0"}},
		{store.EcosystemQuery{SweepID: "sw1", Limit: 10}, []string{"sw1/alpha@1.0", "sw1/alpha@2.0", "sw1/mid@1", "sw1/zeta@1"}},
		{store.EcosystemQuery{SweepID: "sw1", Limit: -1}, []string{"sw1/alpha@1.0", "sw1/alpha@2.0", "sw1/mid@1", "sw1/zeta@1"}},
		{store.EcosystemQuery{SweepID: "sw2", Name: "alpha"}, []string{"sw2/alpha@3.0"}},
	}
	for _, c := range cases {
		if got := ecoIDs(ecosystem(t, s, c.q)); !cmp.Equal(got, c.want) {
			t.Errorf("Ecosystem(%+v) = %v, want %v", c.q, got, c.want)
		}
	}
}

func testEcosystemDeadline(t *testing.T, s store.Store) {
	insertEco(t, s, EcosystemReport("sw1", "a", "1", at(1)))
	expired, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	calls := []struct {
		name string
		call func() error
	}{
		{"InsertEcosystem", func() error {
			_, err := s.InsertEcosystem(expired, []schema.EcosystemReport{EcosystemReport("sw1", "b", "1", at(1))})
			return err
		}},
		{"Ecosystem", func() error { _, err := s.Ecosystem(expired, store.EcosystemQuery{SweepID: "sw1"}); return err }},
		{"Ecosystem (latest)", func() error { _, err := s.Ecosystem(expired, store.EcosystemQuery{}); return err }},
	}
	for _, c := range calls {
		if err := c.call(); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s with an expired deadline: err = %v, want context.DeadlineExceeded", c.name, err)
		}
	}
	if got := ecoIDs(ecosystem(t, s, store.EcosystemQuery{SweepID: "sw1"})); !cmp.Equal(got, []string{"sw1/a@1"}) {
		t.Errorf("after the expired insert, Ecosystem = %v, want only a", got)
	}
}

// ecosystemTests are the ecosystem report cases of the conformance suite.
func ecosystemTests() []suiteCase {
	return []suiteCase{
		{"EcosystemRoundTrip", testEcosystemRoundTrip},
		{"EcosystemIdempotent", testEcosystemIdempotent},
		{"EcosystemInvalidBatchRefused", testEcosystemInvalid},
		{"EcosystemLatestSweep", testEcosystemLatestSweep},
		{"EcosystemFilters", testEcosystemFilters},
		{"EcosystemDeadline", testEcosystemDeadline},
	}
}
