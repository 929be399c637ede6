package site_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/leaderboard/feed"
	"github.com/mcpgauge/mcpgauge/leaderboard/site"
	"github.com/mcpgauge/mcpgauge/leaderboard/web"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

// backend is a store kind the tests run over.
type backend struct {
	name string
	url  func(testing.TB) string
}

var backends = []backend{{"sqlite", storetest.SQLiteURL}, {"clickhouse", storetest.ClickHouseURL}}

// serve writes the sweep fixture (unless empty) into a fresh store of the
// backend and returns the site over the same store opened read-only.
func serve(t *testing.T, b backend, empty bool) http.Handler {
	t.Helper()
	u := b.url(t)
	w := storetest.Open(t, u)
	if !empty {
		storetest.LoadSweep(t, w)
	}
	ro, err := store.OpenReadOnly(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ro.Close() })
	return serveStore(ro)
}

func serveStore(st store.Store) http.Handler {
	return site.Handler(st, site.Options{BaseURL: "https://board.example", Rules: []web.Rule{
		{ID: "MCP002", Name: "tool-name-format", Family: "Naming", Summary: "Tool names are snake_case.", Default: "warning", Scope: "tool"},
		{ID: "SEC001", Name: "hidden-instructions", Family: "Security", Summary: "No hidden instructions.", Default: "error", Scope: "tool"},
	}})
}

// serveResults writes results into a fresh store of the backend and
// returns the site over the same store opened read-only.
func serveResults(t *testing.T, b backend, results ...schema.Result) http.Handler {
	t.Helper()
	u := b.url(t)
	w := storetest.Open(t, u)
	if _, err := w.InsertResults(context.Background(), results); err != nil {
		t.Fatal(err)
	}
	ro, err := store.OpenReadOnly(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ro.Close() })
	return serveStore(ro)
}

func get(h http.Handler, path string, hdr ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, "http://board.example"+path, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// unescaped finds markup of the fixture's hostile values that reached a
// page unescaped.
var unescaped = regexp.MustCompile(`<script>alert|<img src=x`)

func TestPages(t *testing.T) {
	t.Parallel()
	long := "io.github.long/" + strings.Repeat("very-long-name-", 40) + "end"
	cases := []struct {
		path     string
		code     int
		contains []string
	}{
		{"/", 200, []string{"io.github.acme/weather", "io.github.café/日本語-サーバー", "Not scanned", "needs credentials", "io.github.acme/flaky", "crashed",
			`<th class="num" title="compatibility scores: mcp-toolgauge&#39;s ci score`, "toolgauge and quality gate are compatibility scores"}},
		{"/?by=security&registry=smithery", 200, []string{"io.github.acme/weather", `aria-sort="descending">security`}},
		{"/?by=selection", 200, []string{"Scanned, without selection", "io.github.acme/lint-only"}},
		{"/?q=日本語", 200, []string{"io.github.café/日本語-サーバー", "1 servers match"}},
		{"/?status=crashed", 200, []string{"io.github.acme/flaky"}},
		{"/?q=" + url.QueryEscape("<script>"), 200, []string{"&lt;script&gt;"}},
		{"/?page=2", 200, []string{"page 2 of 1"}},
		{"/?page=99999999999999999999", 400, []string{"page"}},
		{"/?page=0", 400, nil},
		{"/?by=speed", 400, []string{"unknown score part"}},
		{"/?status=fine", 400, nil},
		{"/?q=" + strings.Repeat("x", 300), 400, nil},
		{"/servers/io.github.acme/weather", 200, []string{"How the score is made", `href="/rules/MCP002"`, "Naming", "lifecycle-init-01", "tool_00", `class="risk-read">read`, `class="risk-destructive">destructive`, "Score history", "Among the whole ecosystem", "io.github.other/<wbr>files", "img.shields.io/endpoint?url=https%3A%2F%2Fboard.example%2Fapi%2Fbadge%2Fio.github.acme%2Fweather",
			`id="conflicts"`, `href="/servers/smithery:io.github.acme/weather"`, "listed by smithery (different launch)",
			"toolgauge health · compatibility", "quality-gate · compatibility", "its compliance tests (/40) and its own analyzers (/60)"}},
		{"/servers/io.github.acme/files", 200, []string{"Rug pulls (1)", "write_file", "changed"}},
		{"/servers/io.github.acme/needs-key", 200, []string{"Not scanned:", "needs credentials", "simulated failure"}},
		{"/servers/io.github.acme/flaky", 200, []string{"crashed", "Score history"}},
		{leaderboard.ServerPath(storetest.HostileName), 200, []string{"&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;", "&lt;img src=x onerror=alert(1)&gt;"}},
		{"/server?name=" + url.QueryEscape(storetest.HostileName), 200, []string{"&lt;script&gt;"}},
		{leaderboard.ServerPath("io.github.café/日本語-サーバー"), 200, []string{"日本語-サーバー"}},
		{"/servers/" + long, 200, []string{"very-long-name-very-long"}},
		{"/servers/" + strings.Repeat("a", 5000), 400, nil},
		{"/servers/no.such/server", 404, []string{"No scan of a server named"}},
		{"/servers/%3Cscript%3Ealert(1)%3C%2Fscript%3E", 404, []string{"&lt;script&gt;"}},
		{"/server", 400, nil},
		{"/ecosystem", 200, []string{"Servers by status", "<svg", "MG100", "io.github.acme/files", "Start rate across sweeps", "Score across sweeps", `<div id="score-trend"><svg`}},
		{"/rules", 200, []string{"Lint rules"}},
		{"/rules/SEC001", 200, []string{"SEC001"}},
		{"/rules/" + url.PathEscape("<b>x</b>"), 404, []string{"&lt;b&gt;x&lt;/b&gt;"}},
		{"/sweeps", 200, []string{"nightly-20261101", "nightly-20261102", "10m0s"}},
		{"/no/such/page", 404, []string{"There is no page"}},
		{"/static/style.css", 200, []string{"--accent"}},
	}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			h := serve(t, b, false)
			for _, c := range cases {
				rec := get(h, c.path)
				body := rec.Body.String()
				if rec.Code != c.code {
					t.Errorf("GET %.80s: %d, want %d\n%.300s", c.path, rec.Code, c.code, body)
					continue
				}
				for _, s := range c.contains {
					if !strings.Contains(body, s) {
						t.Errorf("GET %.80s: body lacks %q", c.path, s)
					}
				}
				if m := unescaped.FindString(body); m != "" {
					t.Errorf("GET %.80s: unescaped markup %q in the page", c.path, m)
				}
				if strings.Contains(body, "<script") {
					t.Errorf("GET %.80s: the page carries a script; the board works without JavaScript", c.path)
				}
				if c.code >= 400 && rec.Header().Get("Cache-Control") != "no-store" {
					t.Errorf("GET %.80s: error answer has Cache-Control %q, want no-store", c.path, rec.Header().Get("Cache-Control"))
				}
			}
		})
	}
}

// TestNeverA500 throws hostile and huge request values at every route:
// each gets a clear 4xx (or a redirect the router makes), never a 5xx.
func TestNeverA500(t *testing.T) {
	t.Parallel()
	paths := []string{
		"/servers/../../etc/passwd", "/servers/..%2F..%2Fetc%2Fpasswd", "/servers/%2e%2e/%2e%2e/etc/passwd", "/servers/%00",
		"/servers/%ff%fe", "/servers//", "/rules/../../etc/passwd",
		"/api/leaderboard?limit=99999999999999999999", "/api/leaderboard?limit=-1", "/api/leaderboard?cursor=%25%25",
		"/api/leaderboard?cursor=" + leaderboard.Cursor(1<<62), "/api/leaderboard?cursor=AAAA",
		"/api/servers/" + strings.Repeat("x", 9000) + "/history", "/api/servers/x/unknown",
		"/api/ecosystem?sweep=../../x", "/api/rugpulls?limit=1e9",
		"/v0.1/servers?limit=0", "/v0.1/servers?limit=101", "/v0.1/servers?limit=1e99", "/v0.1/servers?cursor=***",
		"/v0.1/servers?updated_since=yesterday", "/v0.1/servers?version=1.0.0",
		"/v0.1/servers/%25ZZ/versions", "/v0.1/servers/x/versions/a%2Fb", "/v0.1/servers/x/nothing", "/v0.1/servers/no.such%2Fserver/versions/latest",
		"/?registry=" + strings.Repeat("r", 500), "/?page=-5", "/?page=1e3",
	}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			h := serve(t, b, false)
			for _, p := range paths {
				rec := get(h, p)
				if rec.Code < 300 || rec.Code >= 500 {
					t.Errorf("GET %.80s: %d, want a 3xx or 4xx\n%.200s", p, rec.Code, rec.Body.String())
				}
				if m := unescaped.FindString(rec.Body.String()); m != "" || strings.Contains(rec.Body.String(), "<script>") {
					t.Errorf("GET %.80s: unescaped markup in the answer", p)
				}
			}
		})
	}
}

func TestEmptyStore(t *testing.T) {
	t.Parallel()
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			h := serve(t, b, true)
			for path, want := range map[string]string{
				"/": "No ranked servers yet", "/ecosystem": "No data yet", "/sweeps": "No sweeps yet",
				"/v0.1/servers": `"servers": []`, "/api/leaderboard": `"total": 0`,
			} {
				rec := get(h, path)
				if rec.Code != 200 || !strings.Contains(rec.Body.String(), want) {
					t.Errorf("GET %s on an empty store: %d, want 200 with %q\n%.300s", path, rec.Code, want, rec.Body.String())
				}
			}
			if rec := get(h, "/servers/a/b"); rec.Code != 404 {
				t.Errorf("server page on an empty store: %d, want 404", rec.Code)
			}
		})
	}
}

func TestAPICachingAndPaging(t *testing.T) {
	t.Parallel()
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			h := serve(t, b, false)
			first := get(h, "/api/leaderboard?limit=2")
			etag := first.Header().Get("ETag")
			if first.Code != 200 || etag == "" || first.Header().Get("Access-Control-Allow-Origin") != "*" {
				t.Fatalf("leaderboard: %d, ETag %q, CORS %q", first.Code, etag, first.Header().Get("Access-Control-Allow-Origin"))
			}
			if rec := get(h, "/api/leaderboard?limit=2", "If-None-Match", etag); rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
				t.Errorf("If-None-Match: %d with %d bytes, want 304 and no body", rec.Code, rec.Body.Len())
			}
			if rec := get(h, "/api/leaderboard?limit=3", "If-None-Match", etag); rec.Code != 200 {
				t.Errorf("If-None-Match of another answer: %d, want 200", rec.Code)
			}
			// Page through the ranked list two at a time.
			var got []string
			next := "/api/leaderboard?limit=2"
			for pages := 0; next != "" && pages < 10; pages++ {
				var bd leaderboard.Board
				rec := get(h, next)
				if err := json.Unmarshal(rec.Body.Bytes(), &bd); err != nil || rec.Code != 200 {
					t.Fatalf("%s: %d %v", next, rec.Code, err)
				}
				for _, r := range bd.Ranked {
					got = append(got, r.Name)
				}
				next = ""
				if bd.NextCursor != "" {
					next = "/api/leaderboard?limit=2&cursor=" + bd.NextCursor
				}
			}
			_, ranked := storetest.Sweep()
			if strings.Join(got, "\n") != strings.Join(ranked, "\n") {
				t.Errorf("paged ranking = %q, want %q", got, ranked)
			}
			var lt leaderboard.Latest
			rec := get(h, "/api/servers/io.github.acme/weather/findings")
			if err := json.Unmarshal(rec.Body.Bytes(), &lt); err != nil || len(lt.Findings) != 20 || lt.Scan.SweepID != "nightly-20261102" {
				t.Errorf("findings: %d %v: %d findings of sweep %s, want the latest scan's 20", rec.Code, err, len(lt.Findings), lt.Scan.SweepID)
			}
			rec = get(h, "/api/servers/io.github.acme/weather/compliance")
			if err := json.Unmarshal(rec.Body.Bytes(), &lt); err != nil || len(lt.Compliance) != 4 {
				t.Errorf("compliance: %d %v: %d results, want 4", rec.Code, err, len(lt.Compliance))
			}
			var badge leaderboard.Badge
			rec = get(h, "/api/badge/io.github.acme/weather")
			if err := json.Unmarshal(rec.Body.Bytes(), &badge); err != nil || badge.CacheSeconds <= 0 || badge.Message != "85" {
				t.Errorf("badge: %+v %v, want message 85 and cacheSeconds", badge, err)
			}
			if rec := get(h, "/api/servers/nope/findings"); rec.Code != 404 || rec.Header().Get("Cache-Control") != "no-store" || rec.Header().Get("ETag") != "" {
				t.Errorf("missing server: %d, Cache-Control %q, ETag %q; want 404, no-store, none", rec.Code, rec.Header().Get("Cache-Control"), rec.Header().Get("ETag"))
			}
		})
	}
}

// TestFeedRoundTrip reads the feed back with the official registry client.
func TestFeedRoundTrip(t *testing.T) {
	t.Parallel()
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(serve(t, b, false))
			defer srv.Close()
			client := registry.NewOfficial(registry.Config{URL: srv.URL, PageSize: 3, RequestsPerSecond: 1000, Burst: 10})
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			var names []string
			pages := 0
			err := client.Pull(ctx, registry.Query{Latest: true, Progress: func(registry.Progress) { pages++ }}, func(s registry.Server) error {
				names = append(names, s.Name)
				if s.Version == "" || s.Description == "" || s.PublishedAt.IsZero() {
					t.Errorf("%s: version %q description %q published %v", s.Name, s.Version, s.Description, s.PublishedAt)
				}
				return nil
			})
			if err != nil {
				t.Fatalf("Pull: %v", err)
			}
			if len(names) != 8 || pages != 3 {
				t.Errorf("pulled %d servers in %d pages, want 8 in 3: %q", len(names), pages, names)
			}
			seen := map[string]bool{}
			for _, n := range names {
				if seen[n] {
					t.Errorf("%s pulled twice", n)
				}
				seen[n] = true
			}
			if !seen[storetest.HostileName] {
				t.Error("the hostile name did not survive the round trip")
			}
			vs, err := client.Versions(ctx, "io.github.acme/weather", false)
			if err != nil || len(vs) != 1 || vs[0].Version != "1.2.0" {
				t.Errorf("Versions = %+v, %v; want one, 1.2.0", vs, err)
			}
			// Our own block, read as a feed consumer would.
			resp, err := http.Get(srv.URL + "/v0.1/servers/" + url.PathEscape("io.github.acme/weather") + "/versions/latest")
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var e feed.Entry
			if err := json.NewDecoder(resp.Body).Decode(&e); err != nil {
				t.Fatal(err)
			}
			sc := e.Meta.Scan
			if sc.Score == nil || *sc.Score != 85 || sc.Status != "ok" || sc.Scores == nil || sc.ServerDigest == "" ||
				sc.Page != "https://board.example/servers/io.github.acme/weather" || sc.ScannerVersion == "" || sc.ScannedAt.IsZero() {
				t.Errorf("_meta[%s] = %+v", feed.MetaKey, sc)
			}
			if len(sc.Conflicts) != 1 || sc.Conflicts[0].Name != storetest.ConflictName || sc.Conflicts[0].Source != "smithery" ||
				sc.Conflicts[0].Page != "https://board.example/servers/"+storetest.ConflictName {
				t.Errorf("_meta[%s].conflicts = %+v, want the smithery listing scanned apart", feed.MetaKey, sc.Conflicts)
			}
			resp2, err := http.Get(srv.URL + "/v0.1/servers/" + url.PathEscape("io.github.acme/needs-key") + "/versions/0.1.0")
			if err != nil {
				t.Fatal(err)
			}
			defer resp2.Body.Close()
			var e2 feed.Entry
			if err := json.NewDecoder(resp2.Body).Decode(&e2); err != nil || e2.Meta.Scan.Score != nil || e2.Meta.Scan.Status != "needs_credentials" {
				t.Errorf("never-scannable server in the feed: %+v, %v; want a status and no score", e2.Meta.Scan, err)
			}
		})
	}
}

// TestGradedAuthServer: a remote server behind OAuth graded without
// credentials is ranked on the board with the note "graded without
// credentials", and its page shows the score, the note and the parts it did
// not measure, never "Not scanned".
func TestGradedAuthServer(t *testing.T) {
	t.Parallel()
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			graded := storetest.Result(storetest.Spec{SweepID: "sw1", Name: "io.example/behind-oauth", Version: "1", Status: schema.StatusAuthRequired, PackageType: "remote"})
			c := 85.0
			graded.Scores = &schema.Scores{ScoringVersion: "mcpgauge-score/test", MCPGauge: 85, MCPGaugeUncapped: 85, Compliance: &c,
				Weights: &schema.ScoreWeights{Compliance: 1}}
			graded.PreAuth = &schema.PreAuthGrade{Note: schema.PreAuthNote}
			graded.Compliance = []schema.ComplianceResult{{ID: "spec-auth-04", Status: "fail", Message: "code_challenge_methods_supported lacks S256"}}
			h := serveResults(t, b, graded, storetest.Result(storetest.Spec{SweepID: "sw1", Name: "io.example/open", Version: "1", Score: 70, PackageType: "remote"}))
			board := get(h, "/").Body.String()
			ranked, _, _ := strings.Cut(board, "Not scanned")
			if !strings.Contains(ranked, "io.example/behind-oauth") || !strings.Contains(ranked, "graded without credentials") {
				t.Errorf("board: the graded auth_required server is not ranked with its note:\n%s", ranked)
			}
			page := get(h, "/servers/io.example/behind-oauth").Body.String()
			for _, want := range []string{`id="preauth"`, "Behind authorization:", `id="overall">85<`, "not measured", "spec-auth-04"} {
				if !strings.Contains(page, want) {
					t.Errorf("server page lacks %q", want)
				}
			}
			if strings.Contains(page, "Not scanned:") {
				t.Error("server page says Not scanned for a graded server")
			}
		})
	}
}
