package registry

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/registry/registrytest"
)

// fakeClock is a Clock whose Sleep advances time at once.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	sleeps []time.Duration
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if d > 0 {
		c.now = c.now.Add(d)
		c.sleeps = append(c.sleeps, d)
	}
	return nil
}

func crawlRecords(t testing.TB, name string) []json.RawMessage {
	t.Helper()
	data, err := os.ReadFile(sharedData(t, name))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := registrytest.LoadRecords(data)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func startFake(t testing.TB, recs []json.RawMessage, opt registrytest.Options) *registrytest.Official {
	t.Helper()
	srv, err := registrytest.NewOfficial(recs, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv
}

// pullAll pulls everything, returning the entries read before any error.
func pullAll(t testing.TB, src Source, q Query) ([]Server, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var got []Server
	err := src.Pull(ctx, q, func(s Server) error {
		got = append(got, s)
		return nil
	})
	return got, err
}

func TestOfficialCrawlEveryEntryOnceWithinRateLimit(t *testing.T) {
	t.Parallel()
	recs := crawlRecords(t, crawlDec)
	clock := newFakeClock()
	// The server is stricter than production (3/s, burst 3) and fails the
	// fifth request once with a 500.
	srv := startFake(t, recs, registrytest.Options{
		Now: clock.Now, RatePerSecond: 3, Burst: 3,
		FailAt: map[int]int{5: http.StatusInternalServerError},
	})
	src := NewOfficial(Config{URL: srv.URL, Clock: clock})
	got, err := pullAll(t, src, Query{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2794 {
		t.Fatalf("got %d entries, want 2794", len(got))
	}
	keys := map[string]int{}
	for _, s := range got {
		keys[s.Key()]++
	}
	if len(keys) != 2794 {
		t.Errorf("%d distinct name@version, want 2794", len(keys))
	}
	for k, n := range srv.Served() {
		if n != 1 {
			t.Errorf("%s served %d times", k, n)
		}
	}
	reqs := srv.Requests()
	// 27 full pages, one of 94, one injected 500 retried.
	if len(reqs) != 29 {
		t.Errorf("%d requests, want 29", len(reqs))
	}
	for _, r := range reqs {
		if r.Status == http.StatusTooManyRequests {
			t.Errorf("request %d was rate limited: the client exceeded the limit", r.N)
		}
		if r.Query.Get("limit") != "100" {
			t.Errorf("request %d limit=%q, want 100", r.N, r.Query.Get("limit"))
		}
	}
	if reqs[4].Status != 500 || reqs[5].Query.Get("cursor") != reqs[4].Query.Get("cursor") {
		t.Errorf("the 500 was not retried with the same cursor: %+v / %+v", reqs[4], reqs[5])
	}
	// Client-side limit of 2/s: no three requests within one second.
	for i := 2; i < len(reqs); i++ {
		if d := reqs[i].At.Sub(reqs[i-2].At); d < time.Second {
			t.Errorf("requests %d..%d within %v", i-1, i+1, d)
		}
	}
}

func TestOfficialEmptyLastPage(t *testing.T) {
	t.Parallel()
	recs := crawlRecords(t, crawlDec)[:200]
	srv := startFake(t, recs, registrytest.Options{})
	var progress []Progress
	got, err := pullAll(t, NewOfficial(Config{URL: srv.URL, Clock: newFakeClock()}), Query{Progress: func(p Progress) { progress = append(progress, p) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 200 {
		t.Errorf("got %d entries, want 200", len(got))
	}
	if len(progress) != 3 || progress[2].Page != 3 || progress[2].Entries != 200 {
		t.Errorf("progress %+v, want three pages ending at 200 entries", progress)
	}
	reqs := srv.Requests()
	if len(reqs) != 3 || reqs[2].Entries != 0 {
		t.Errorf("want 3 requests ending with an empty page, got %+v", reqs)
	}
}

func TestOfficial429HonoursRetryAfter(t *testing.T) {
	t.Parallel()
	recs := crawlRecords(t, crawlDec)[:1000]
	for _, noRetryAfter := range []bool{false, true} {
		t.Run(fmt.Sprintf("noRetryAfter=%v", noRetryAfter), func(t *testing.T) {
			t.Parallel()
			clock := newFakeClock()
			srv := startFake(t, recs, registrytest.Options{Now: clock.Now, RatePerSecond: 0.5, Burst: 2, NoRetryAfter: noRetryAfter})
			// A client far faster than the server allows: it must back off.
			src := NewOfficial(Config{URL: srv.URL, Clock: clock, RequestsPerSecond: 1000, Burst: 1000})
			got, err := pullAll(t, src, Query{})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 1000 {
				t.Fatalf("got %d entries, want 1000", len(got))
			}
			for k, n := range srv.Served() {
				if n != 1 {
					t.Errorf("%s served %d times", k, n)
				}
			}
			reqs := srv.Requests()
			throttled := 0
			for i, r := range reqs {
				if r.Status != http.StatusTooManyRequests {
					continue
				}
				throttled++
				if i+1 >= len(reqs) {
					t.Fatal("pull ended on a 429")
				}
				want := r.RetryAfter
				if noRetryAfter {
					want = time.Second // the first backoff step
				}
				if next := reqs[i+1]; next.At.Sub(r.At) < want {
					t.Errorf("request %d came %v after a 429 that asked for %v", next.N, next.At.Sub(r.At), want)
				}
				if !noRetryAfter && r.RetryAfter <= 0 {
					t.Errorf("429 without Retry-After")
				}
			}
			if throttled == 0 {
				t.Error("the burst never hit the server's rate limit; the 429 path went untested")
			}
		})
	}
}

func TestOfficialMalformedPageKeepsEarlierEntries(t *testing.T) {
	t.Parallel()
	recs := crawlRecords(t, crawlDec)
	srv := startFake(t, recs, registrytest.Options{MalformedAt: map[int]bool{4: true}})
	src := NewOfficial(Config{URL: srv.URL, Clock: newFakeClock()})
	got, err := pullAll(t, src, Query{})
	if err == nil {
		t.Fatal("no error for a malformed page")
	}
	if len(got) != 300 {
		t.Errorf("kept %d entries before the malformed page, want 300", len(got))
	}
	var se *SourceError
	if !errors.As(err, &se) {
		t.Fatalf("error %T is not a *SourceError: %v", err, err)
	}
	if se.Page != 4 || se.Source != src.Name() || se.Cursor == "" {
		t.Errorf("error names page %d source %q cursor %q; want page 4, %q, a cursor", se.Page, se.Source, se.Cursor, src.Name())
	}
	for _, want := range []string{"registry official@127.0.0.1", "page 4", "malformed page", "unexpected end of JSON"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
	if n := len(srv.Requests()); n != 4 {
		t.Errorf("%d requests; a malformed page must not be refetched blindly (want 4)", n)
	}
}

func TestOfficialCursorLoop(t *testing.T) {
	t.Parallel()
	recs := crawlRecords(t, crawlDec)[:500]
	srv := startFake(t, recs, registrytest.Options{LoopCursor: true})
	got, err := pullAll(t, NewOfficial(Config{URL: srv.URL, Clock: newFakeClock()}), Query{})
	if err == nil || !strings.Contains(err.Error(), "cursor loop") {
		t.Fatalf("want a cursor loop error, got %v", err)
	}
	if len(got) != 200 {
		t.Errorf("read %d entries before detecting the loop, want 200", len(got))
	}
}

func TestOfficialServerErrorsBounded(t *testing.T) {
	t.Parallel()
	recs := crawlRecords(t, crawlDec)[:10]
	fail := map[int]int{}
	for i := 1; i <= 20; i++ {
		fail[i] = http.StatusServiceUnavailable
	}
	srv := startFake(t, recs, registrytest.Options{FailAt: fail})
	_, err := pullAll(t, NewOfficial(Config{URL: srv.URL, Clock: newFakeClock(), MaxRetries: 3}), Query{})
	var se *SourceError
	if !errors.As(err, &se) || se.Status != 503 || !strings.Contains(err.Error(), "giving up after 3 retries") {
		t.Fatalf("want a 503 SourceError after 3 retries, got %v", err)
	}
	if n := len(srv.Requests()); n != 4 {
		t.Errorf("%d requests, want 4 (1 + 3 retries)", n)
	}
}

func TestOfficialQueryParameters(t *testing.T) {
	t.Parallel()
	recs := crawlRecords(t, crawlDec)
	doc := loadDoc(t, crawlDec)
	since := time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC)
	wantSince, wantLatest := 0, 0
	for _, s := range doc.Servers {
		if s.UpdatedAt.After(since) {
			wantSince++
		}
		if s.RegistryLatest {
			wantLatest++
		}
	}
	tests := []struct {
		name  string
		q     Query
		want  int
		check func(t *testing.T, q map[string][]string)
	}{
		{"latest", Query{Latest: true}, wantLatest, func(t *testing.T, q map[string][]string) {
			if q["version"][0] != "latest" {
				t.Errorf("version=%v", q["version"])
			}
		}},
		{"updated_since", Query{UpdatedSince: since}, wantSince, func(t *testing.T, q map[string][]string) {
			if _, ok := q["include_deleted"]; ok {
				t.Errorf("include_deleted sent with updated_since: %v", q)
			}
			if q["updated_since"][0] != "2025-12-01T00:00:00Z" {
				t.Errorf("updated_since=%v", q["updated_since"])
			}
		}},
		{"limit", Query{Limit: 150}, 150, nil},
		{"search", Query{Search: "github"}, -1, func(t *testing.T, q map[string][]string) {
			if q["search"][0] != "github" {
				t.Errorf("search=%v", q["search"])
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := startFake(t, recs, registrytest.Options{})
			got, err := pullAll(t, NewOfficial(Config{URL: srv.URL, Clock: newFakeClock()}), tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if tc.want >= 0 && len(got) != tc.want {
				t.Errorf("got %d entries, want %d", len(got), tc.want)
			}
			if len(got) == 0 {
				t.Fatal("no entries")
			}
			if tc.check != nil {
				tc.check(t, srv.Requests()[0].Query)
			}
		})
	}
	if wantSince == 0 || wantSince == len(doc.Servers) {
		t.Fatalf("updated_since cut-off selects %d of %d; pick one inside the data", wantSince, len(doc.Servers))
	}
}

// synthetic builds wrapped records with the given statuses and update times.
func synthetic(n int, status func(i int) string) []json.RawMessage {
	base := time.Date(2025, 10, 1, 0, 0, 0, 0, time.UTC)
	var out []json.RawMessage
	for i := range n {
		rec := map[string]any{
			"server": map[string]any{"name": fmt.Sprintf("io.example/s%03d", i), "version": "1.0.0", "description": "x"},
			"_meta": map[string]any{officialMetaKey: map[string]any{
				"status": status(i), "isLatest": true,
				"publishedAt": base.Format(time.RFC3339Nano),
				"updatedAt":   base.Add(time.Duration(i) * time.Hour).Format(time.RFC3339Nano),
			}},
		}
		b, _ := json.Marshal(rec)
		out = append(out, b)
	}
	return out
}

func TestOfficialDeletedSemantics(t *testing.T) {
	t.Parallel()
	recs := synthetic(10, func(i int) string {
		if i%3 == 0 {
			return "deleted"
		}
		return "active"
	}) // deleted: 0, 3, 6, 9
	srv := startFake(t, recs, registrytest.Options{})
	src := NewOfficial(Config{URL: srv.URL, Clock: newFakeClock()})
	count := func(q Query) (all, deleted int) {
		got, err := pullAll(t, src, q)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range got {
			if s.Status == StatusDeleted {
				deleted++
			}
		}
		return len(got), deleted
	}
	if all, del := count(Query{}); all != 6 || del != 0 {
		t.Errorf("full pull: %d entries, %d deleted; want 6, 0", all, del)
	}
	if all, del := count(Query{IncludeDeleted: true}); all != 10 || del != 4 {
		t.Errorf("include_deleted: %d entries, %d deleted; want 10, 4", all, del)
	}
	// Strictly after hour 5: entries 6..9, of which 6 and 9 are deleted.
	since := time.Date(2025, 10, 1, 5, 0, 0, 0, time.UTC)
	if all, del := count(Query{UpdatedSince: since}); all != 4 || del != 2 {
		t.Errorf("updated_since: %d entries, %d deleted; want 4, 2", all, del)
	}
	out, rep := Normalise(mustPull(t, src, Query{UpdatedSince: since}), NormaliseOptions{})
	if len(out) != 2 || rep.Deleted != 2 {
		t.Errorf("Normalise kept %d, dropped %d deleted; want 2, 2", len(out), rep.Deleted)
	}
}

func mustPull(t *testing.T, src Source, q Query) []Server {
	t.Helper()
	got, err := pullAll(t, src, q)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestOfficialServesEveryShape(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		file string
		want int
	}{{crawlDec, 2794}, {crawlCamel, 789}, {crawlSnake, 548}} {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			srv := startFake(t, crawlRecords(t, tc.file), registrytest.Options{})
			got := mustPull(t, NewOfficial(Config{URL: srv.URL + "/v0", Clock: newFakeClock()}), Query{})
			if len(got) != tc.want {
				t.Errorf("got %d entries, want %d", len(got), tc.want)
			}
			if !strings.HasSuffix(srv.Requests()[0].Query.Encode(), "limit=100") {
				t.Errorf("first query %v", srv.Requests()[0].Query)
			}
		})
	}
}

func TestOfficialAPIKeyNeverInErrors(t *testing.T) {
	t.Parallel()
	recs := crawlRecords(t, crawlDec)[:5]
	srv := startFake(t, recs, registrytest.Options{APIKey: "right-key"})
	const secret = "sk-live-0123456789abcdef"
	_, err := pullAll(t, NewOfficial(Config{URL: srv.URL, APIKey: secret, Clock: newFakeClock()}), Query{})
	if err == nil {
		t.Fatal("wrong key accepted")
	}
	if strings.Contains(err.Error(), secret) || !strings.Contains(err.Error(), "HTTP 401") || !strings.Contains(err.Error(), "[redacted]") {
		t.Errorf("error %q: want HTTP 401 with the echoed key redacted", err)
	}
	got, err := pullAll(t, NewOfficial(Config{URL: srv.URL, APIKey: "right-key", Clock: newFakeClock()}), Query{})
	if err != nil || len(got) != 5 {
		t.Errorf("right key: %d entries, %v", len(got), err)
	}
}

func TestOfficialContextCancel(t *testing.T) {
	t.Parallel()
	srv := startFake(t, crawlRecords(t, crawlDec), registrytest.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	n := 0
	err := NewOfficial(Config{URL: srv.URL, Clock: newFakeClock()}).Pull(ctx, Query{}, func(Server) error {
		n++
		cancel()
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("want context.Canceled, got %v", err)
	}
	if n != 100 || len(srv.Requests()) != 1 {
		t.Errorf("read %d entries in %d requests after cancel; want 100 in 1", n, len(srv.Requests()))
	}
}

func TestOfficialEndpoint(t *testing.T) {
	t.Parallel()
	tests := []struct{ url, endpoint, name string }{
		{"", OfficialURL + "/v0.1/servers", "official"},
		{OfficialStagingURL, OfficialStagingURL + "/v0.1/servers", "official@staging.registry.modelcontextprotocol.io"},
		{"https://api.pulsemcp.com/", "https://api.pulsemcp.com/v0.1/servers", "official@api.pulsemcp.com"},
		{"https://x.example/registry/v0", "https://x.example/registry/v0/servers", "official@x.example"},
		{"https://x.example/v0.1/servers", "https://x.example/v0.1/servers", "official@x.example"},
	}
	for _, tc := range tests {
		o := NewOfficial(Config{URL: tc.url})
		if o.Endpoint() != tc.endpoint || o.Name() != tc.name {
			t.Errorf("URL %q: endpoint %q name %q; want %q %q", tc.url, o.Endpoint(), o.Name(), tc.endpoint, tc.name)
		}
	}
}

func TestOfficialVersions(t *testing.T) {
	t.Parallel()
	doc := loadDoc(t, crawlDec)
	want := map[string]int{}
	for _, s := range doc.Servers {
		want[s.Name]++
	}
	srv := startFake(t, crawlRecords(t, crawlDec), registrytest.Options{})
	o := NewOfficial(Config{URL: srv.URL, Clock: newFakeClock()})
	ctx := context.Background()
	// A name with several versions, among them the README's 1.0.0-over-0.2.0 case.
	name := "com.qualityclouds/mcp-server-qualityclouds"
	got, err := o.Versions(ctx, name, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != want[name] || len(got) < 2 {
		t.Fatalf("%d versions of %s, want %d", len(got), name, want[name])
	}
	for i := 1; i < len(got); i++ {
		if got[i].PublishedAt.After(got[i-1].PublishedAt) {
			t.Errorf("versions not newest first: %s after %s", got[i].Key(), got[i-1].Key())
		}
	}
	if q := srv.Requests()[0]; q.Status != 200 {
		t.Errorf("request %+v", q)
	}
	out, _ := Normalise(got, NormaliseOptions{})
	latest := 0
	for _, s := range out {
		if s.IsLatest {
			latest++
		}
	}
	if latest != 1 {
		t.Errorf("%d latest among the versions", latest)
	}
	_, err = o.Versions(ctx, "io.example/missing", false)
	var se *SourceError
	if !errors.As(err, &se) || se.Status != 404 {
		t.Errorf("unknown name: %v", err)
	}
	if _, err := o.Versions(ctx, "", false); err == nil {
		t.Error("empty name accepted")
	}
}
