package leaderboard_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

func setup(t *testing.T) *httptest.Server {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite://"+filepath.Join(t.TempDir(), "lb.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	day := func(d int) time.Time { return time.Date(2026, 11, d, 0, 0, 0, 0, time.UTC) }
	rs := []schema.Result{
		storetest.Result(storetest.Spec{SweepID: "a", Name: "io.x/high", Version: "1.0.0", Score: 91, FinishedAt: day(1)}),
		storetest.Result(storetest.Spec{SweepID: "a", Name: "io.x/low", Version: "1.0.0", Score: 35, FinishedAt: day(1)}),
		storetest.Result(storetest.Spec{SweepID: "a", Name: "io.x/mid", Version: "2.0.0", Score: 70, FinishedAt: day(1)}),
		storetest.Result(storetest.Spec{SweepID: "a", Name: "io.x/broken", Version: "1.0.0", Status: schema.StatusStartFailed, FinishedAt: day(1)}),
		// A rug pull: same name and version, one tool changed.
		storetest.Result(storetest.Spec{SweepID: "b", Name: "io.x/mid", Version: "2.0.0", Score: 72, Salt: "x", SaltTools: []string{"tool_03"}, FinishedAt: day(2)}),
	}
	if _, err := st.InsertResults(ctx, rs); err != nil {
		t.Fatal(err)
	}
	if _, err := st.InsertEcosystem(ctx, []schema.EcosystemReport{
		storetest.EcosystemReport("s20261201T0300Z", "io.x/high", "1.0.0", day(1)),
		storetest.EcosystemReport("s20261202T0300Z", "io.x/high", "1.0.0", day(2)),
		storetest.EcosystemReport("s20261202T0300Z", "io.x/mid", "2.0.0", day(2)),
	}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(leaderboard.Handler(st))
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, url string, wantCode int, v any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != wantCode {
		t.Fatalf("GET %s: status %d, want %d", url, resp.StatusCode, wantCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}

func TestLeaderboardAPI(t *testing.T) {
	t.Parallel()
	srv := setup(t)
	var b leaderboard.Board
	get(t, srv.URL+"/api/leaderboard", 200, &b)
	var names []string
	for _, r := range b.Ranked {
		names = append(names, r.Name)
	}
	want := []string{"io.x/high", "io.x/mid", "io.x/low"}
	if len(names) != 3 || names[0] != want[0] || names[1] != want[1] || names[2] != want[2] {
		t.Fatalf("ranked = %v, want %v", names, want)
	}
	if b.Ranked[1].Value == nil || *b.Ranked[1].Value != 72 || b.Ranked[0].Rank != 1 {
		t.Errorf("mid row = %+v, want its latest score 72 and high ranked first", b.Ranked[1])
	}
	if len(b.Unscored) != 1 || b.Unscored[0].Name != "io.x/broken" || b.Unscored[0].Scores != nil || b.Unscored[0].Value != nil {
		t.Errorf("unscored = %+v, want io.x/broken without a score", b.Unscored)
	}
	get(t, srv.URL+"/api/leaderboard?limit=1", 200, &b)
	if len(b.Ranked) != 1 || b.Total != 4 {
		t.Errorf("limit=1: %d ranked, total %d; want 1 and 4", len(b.Ranked), b.Total)
	}

	var h leaderboard.History
	get(t, srv.URL+"/api/servers/io.x/mid/history", 200, &h)
	if h.Name != "io.x/mid" || len(h.Scans) != 2 || h.Scans[0].SweepID != "b" {
		t.Errorf("history = %+v, want two scans, newest (sweep b) first", h)
	}

	var pulls []leaderboard.RugPull
	get(t, srv.URL+"/api/rugpulls", 200, &pulls)
	if len(pulls) != 1 || pulls[0].Name != "io.x/mid" || len(pulls[0].Changed) != 1 || pulls[0].Changed[0] != "tool_03" {
		t.Errorf("rug pulls = %+v, want io.x/mid with tool_03 changed", pulls)
	}
}

func TestEcosystemAPI(t *testing.T) {
	t.Parallel()
	srv := setup(t)
	for _, tc := range []struct {
		query string
		want  []string // sweep/name of each report
	}{
		{"", []string{"s20261202T0300Z/io.x/high", "s20261202T0300Z/io.x/mid"}},
		{"?sweep=s20261201T0300Z", []string{"s20261201T0300Z/io.x/high"}},
		{"?name=io.x/mid", []string{"s20261202T0300Z/io.x/mid"}},
		{"?limit=1", []string{"s20261202T0300Z/io.x/high"}},
		{"?sweep=s20991231T0000Z", nil},
	} {
		var reps []schema.EcosystemReport
		get(t, srv.URL+"/api/ecosystem"+tc.query, 200, &reps)
		var got []string
		for _, r := range reps {
			got = append(got, r.SweepID+"/"+r.Name)
		}
		if len(got) != len(tc.want) || (len(got) > 0 && strings.Join(got, ",") != strings.Join(tc.want, ",")) {
			t.Errorf("/api/ecosystem%s = %v, want %v", tc.query, got, tc.want)
		}
	}
}

func TestBadges(t *testing.T) {
	t.Parallel()
	srv := setup(t)
	for _, tc := range []struct {
		name, message, color string
	}{
		{"io.x/high", "91", "brightgreen"},
		{"io.x/mid", "72", "yellowgreen"}, // the CLI badges' scale
		{"io.x/low", "35", "orange"},
		{"io.x/broken", "start failed", "lightgrey"},
		{"io.x/never", "not scanned", "lightgrey"},
	} {
		var b leaderboard.Badge
		get(t, srv.URL+"/api/badge/"+tc.name, 200, &b)
		if b.SchemaVersion != 1 || b.Label != "mcpgauge" || b.Message != tc.message || b.Color != tc.color {
			t.Errorf("badge %s = %+v, want %q in %s", tc.name, b, tc.message, tc.color)
		}
	}
}

func TestBadRequests(t *testing.T) {
	t.Parallel()
	srv := setup(t)
	for _, tc := range []struct {
		path string
		code int
		want string // in the error message
	}{
		{"/api/leaderboard?by=nonsense", 400, "nonsense"},
		{"/api/leaderboard?limit=0", 400, "limit"},
		{"/api/leaderboard?limit=abc", 400, "abc"},
		{"/api/leaderboard?status=fine", 400, "fine"},
		{"/api/servers/io.x/mid", 404, "/api/servers/io.x/mid"},
		{"/api/servers/io.x/unknown/history", 404, `no scans of server "io.x/unknown"`},
		{"/api/ecosystem?sweep=not%20a%20sweep", 400, "not a sweep"},
		{"/api/ecosystem?limit=0", 400, "limit"},
	} {
		var e struct {
			Error string `json:"error"`
		}
		get(t, srv.URL+tc.path, tc.code, &e)
		if e.Error == "" {
			t.Errorf("%s: no error message", tc.path)
		}
		if !strings.Contains(e.Error, tc.want) {
			t.Errorf("%s: error %q does not say %q", tc.path, e.Error, tc.want)
		}
	}
}
