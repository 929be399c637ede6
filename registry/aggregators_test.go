package registry

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func fixtureItems(t testing.TB, name string) []json.RawMessage {
	t.Helper()
	var items []json.RawMessage
	if err := json.Unmarshal(fixture(t, name), &items); err != nil {
		t.Fatal(err)
	}
	return items
}

// replay is a test server that records request URLs.
type replay struct {
	*httptest.Server
	mu   sync.Mutex
	urls []string
}

func newReplay(t *testing.T, h func(w http.ResponseWriter, r *http.Request)) *replay {
	rp := &replay{}
	rp.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rp.mu.Lock()
		rp.urls = append(rp.urls, r.URL.String())
		rp.mu.Unlock()
		h(w, r)
	}))
	t.Cleanup(rp.Close)
	return rp
}

func (rp *replay) requests() []string {
	rp.mu.Lock()
	defer rp.mu.Unlock()
	return append([]string(nil), rp.urls...)
}

func intParam(r *http.Request, name string, def, lo, hi int) (int, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s must be %d..%d", name, lo, hi)
	}
	return n, nil
}

func byPlan(servers []Server) map[string]Plan {
	out := map[string]Plan{}
	for _, s := range servers {
		out[s.Name] = PlanFor(s, PlanOptions{})
	}
	return out
}

// pulseServer replays PulseMCP v0beta: offset paging, next link, total_count.
func pulseServer(t *testing.T) *replay {
	items := fixtureItems(t, "pulsemcp-v0beta-servers.json")
	return newReplay(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v0beta/servers" {
			http.NotFound(w, r)
			return
		}
		per, err1 := intParam(r, "count_per_page", 5000, 1, 5000)
		off, err2 := intParam(r, "offset", 0, 0, 1<<30)
		if err := errors.Join(err1, err2); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		end := min(off+per, len(items))
		page := items[min(off, len(items)):end]
		body := map[string]any{"servers": page, "total_count": len(items)}
		if end < len(items) {
			body["next"] = fmt.Sprintf("https://api.pulsemcp.com/v0beta/servers?count_per_page=%d&offset=%d", per, end)
		}
		writeTestJSON(w, body)
	})
}

func writeTestJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func TestPulseMCPSource(t *testing.T) {
	t.Parallel()
	srv := pulseServer(t)
	src, err := NewSource(SourcePulseMCP, Config{URL: srv.URL, PageSize: 2, Clock: newFakeClock()})
	if err != nil {
		t.Fatal(err)
	}
	got := mustPull(t, src, Query{})
	if len(got) != 5 || len(srv.requests()) != 3 {
		t.Fatalf("%d entries in %d requests, want 5 in 3", len(got), len(srv.requests()))
	}
	if !strings.Contains(srv.requests()[2], "offset=4") {
		t.Errorf("third request %q", srv.requests()[2])
	}
	plans := byPlan(got)
	checks := map[string]Kind{"acme-files": KindNPMStdio, "weather": KindPyPI, "closed": KindUnsupported}
	for name, kind := range checks {
		if plans[name].Kind != kind {
			t.Errorf("%s: plan %s, want %s", name, plans[name].Kind, kind)
		}
	}
	if plans["acme-files"].ScanID != "npm:@acme/files-mcp@latest" {
		t.Errorf("scan id %q", plans["acme-files"].ScanID)
	}
	if got[0].Sources[0].Source != SourcePulseMCP || got[0].Repository.URL != "https://github.com/acme/files-mcp" || got[0].Title != "Acme Files" {
		t.Errorf("entry %+v", got[0])
	}
}

// smitheryServer replays Smithery's /servers: page/pageSize with a
// pagination block, Bearer auth.
func smitheryServer(t *testing.T, key string) *replay {
	items := fixtureItems(t, "smithery-servers.json")
	return newReplay(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+key {
			w.WriteHeader(http.StatusUnauthorized)
			writeTestJSON(w, map[string]any{"error": "Unauthorized: bad token " + r.Header.Get("Authorization")})
			return
		}
		page, err1 := intParam(r, "page", 1, 1, 1<<20)
		size, err2 := intParam(r, "pageSize", 10, 1, 100)
		if err := errors.Join(err1, err2); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		start := min((page-1)*size, len(items))
		end := min(start+size, len(items))
		totalPages := (len(items) + size - 1) / size
		writeTestJSON(w, map[string]any{
			"servers":    items[start:end],
			"pagination": map[string]any{"currentPage": page, "pageSize": size, "totalPages": totalPages, "totalCount": len(items)},
		})
	})
}

func TestSmitherySource(t *testing.T) {
	t.Parallel()
	const key = "smithery-test-key-42"
	srv := smitheryServer(t, key)
	src := NewSmithery(Config{URL: srv.URL, APIKey: key, PageSize: 2, Clock: newFakeClock()})
	got := mustPull(t, src, Query{})
	if len(got) != 5 || len(srv.requests()) != 3 {
		t.Fatalf("%d entries in %d requests, want 5 in 3", len(got), len(srv.requests()))
	}
	plans := byPlan(got)
	acme := plans["@acme/files-mcp"]
	if acme.Kind != KindRemoteHTTP || acme.URL != "https://server.smithery.ai/@acme/files-mcp/mcp" || acme.CredentialFree {
		t.Errorf("@acme/files-mcp plan %+v", acme)
	}
	if plans["@x/custom"].URL != "https://custom.example/mcp" {
		t.Errorf("deploymentUrl ignored: %+v", plans["@x/custom"])
	}
	if plans["@local/only"].Kind != KindUnsupported {
		t.Errorf("@local/only plan %+v", plans["@local/only"])
	}
	want := map[string]time.Time{
		"@acme/files-mcp": time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC),
		"@local/only":     time.Date(2025, 6, 30, 12, 0, 0, 0, time.UTC),
		"@x/custom":       {},
	}
	for _, s := range got {
		if w, ok := want[s.Name]; ok && !s.PublishedAt.Equal(w) {
			t.Errorf("%s createdAt %v, want %v", s.Name, s.PublishedAt, w)
		}
	}

	_, err := pullAll(t, NewSmithery(Config{URL: srv.URL, APIKey: "wrong-secret-value", Clock: newFakeClock()}), Query{})
	var se *SourceError
	if !errors.As(err, &se) || se.Status != 401 || se.Source != SourceSmithery || se.Page != 1 {
		t.Fatalf("want a 401 SourceError on page 1, got %v", err)
	}
	if strings.Contains(err.Error(), "wrong-secret-value") {
		t.Errorf("API key leaked into the error: %v", err)
	}
}

// glamaServer replays Glama's /v1/servers: first/after with pageInfo.
func glamaServer(t *testing.T, loop bool) *replay {
	items := fixtureItems(t, "glama-servers.json")
	return newReplay(t, func(w http.ResponseWriter, r *http.Request) {
		first, err := intParam(r, "first", 10, 1, 100)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		start := 0
		if a := r.URL.Query().Get("after"); a != "" && !loop {
			b, err := base64.StdEncoding.DecodeString(a)
			if err != nil {
				http.Error(w, "bad cursor", http.StatusBadRequest)
				return
			}
			start, _ = strconv.Atoi(string(b))
		}
		end := min(start+first, len(items))
		writeTestJSON(w, map[string]any{
			"servers": items[start:end],
			"pageInfo": map[string]any{
				"endCursor":       base64.StdEncoding.EncodeToString([]byte(strconv.Itoa(end))),
				"hasNextPage":     end < len(items),
				"hasPreviousPage": start > 0,
				"startCursor":     base64.StdEncoding.EncodeToString([]byte(strconv.Itoa(start))),
			},
		})
	})
}

func TestGlamaSource(t *testing.T) {
	t.Parallel()
	srv := glamaServer(t, false)
	got := mustPull(t, NewGlama(Config{URL: srv.URL, PageSize: 2, Clock: newFakeClock()}), Query{})
	if len(got) != 3 || len(srv.requests()) != 2 {
		t.Fatalf("%d entries in %d requests, want 3 in 2", len(got), len(srv.requests()))
	}
	if got[1].Name != "stripe/agent-toolkit" || got[1].Repository.URL != "https://github.com/stripe/agent-toolkit" {
		t.Errorf("entry %+v", got[1])
	}
	env := got[1].Packages[0].EnvironmentVariables
	if len(env) != 1 || env[0].Name != "STRIPE_SECRET_KEY" || !env[0].IsRequired {
		t.Errorf("env %+v", env)
	}
	if p := PlanFor(got[1], PlanOptions{}); p.Kind != KindUnsupported || !strings.Contains(p.Reason, "glama") {
		t.Errorf("plan %+v", p)
	}

	loop := glamaServer(t, true)
	_, err := pullAll(t, NewGlama(Config{URL: loop.URL, PageSize: 2, Clock: newFakeClock()}), Query{})
	if err == nil || !strings.Contains(err.Error(), "cursor loop") {
		t.Errorf("want a cursor loop error, got %v", err)
	}
}

func TestDockerSource(t *testing.T) {
	t.Parallel()
	catalog := fixture(t, "docker-catalog.yaml")
	srv := newReplay(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/yaml")
		_, _ = w.Write(catalog)
	})
	viaHTTP := mustPull(t, NewDocker(Config{URL: srv.URL + "/mcp/catalog/v2/catalog.yaml", Clock: newFakeClock()}), Query{})
	viaFile := mustPull(t, NewDocker(Config{URL: filepath.Join("testdata", "docker-catalog.yaml")}), Query{})
	if len(viaHTTP) != 6 || len(viaFile) != 6 {
		t.Fatalf("%d entries over HTTP, %d from file; want 6", len(viaHTTP), len(viaFile))
	}
	plans := byPlan(viaHTTP)
	tests := []struct {
		name  string
		kind  Kind
		free  bool
		check func(p Plan) bool
	}{
		{"fetch", KindOCI, true, func(p Plan) bool {
			return p.Package.Identifier == "docker.io/mcp/fetch@sha256:ef9535a3f07249142f9ca5a6033d7024950afdb6dc05e98292794a23e9f5dfbe"
		}},
		{"github-official", KindOCI, false, func(p Plan) bool { return p.Env["GITHUB_PERSONAL_ACCESS_TOKEN"] == PlaceholderValue }},
		{"filesystem", KindOCI, true, func(p Plan) bool {
			return p.Env["LOG_LEVEL"] == "info" && p.Env["ALLOWED_PATHS"] == SandboxDirToken && len(p.Args) == 1 && p.Args[0] == "/project"
		}},
		{"linear-remote", KindRemoteSSE, false, func(p Plan) bool { return p.URL == "https://mcp.linear.app/sse" }},
		{"public-remote", KindRemoteHTTP, true, func(p Plan) bool { return p.Headers["X-Client"] == "mcpgauge" }},
		{"keyed-remote", KindRemoteHTTP, false, func(p Plan) bool { return len(p.Needs) > 0 }},
	}
	for _, tc := range tests {
		p := plans[tc.name]
		if p.Kind != tc.kind || p.CredentialFree != tc.free || !tc.check(p) {
			t.Errorf("%s: plan %+v; want kind %s credential-free %v", tc.name, p, tc.kind, tc.free)
		}
	}
}

// The same package listed by the official registry (with a version) and by
// PulseMCP (without one) becomes one scan target that remembers both.
func TestCrossRegistryDedupe(t *testing.T) {
	t.Parallel()
	pulse := mustPull(t, NewPulseMCP(Config{URL: pulseServer(t).URL, Clock: newFakeClock()}), Query{})
	smithery := mustPull(t, NewSmithery(Config{URL: smitheryServer(t, "k").URL, APIKey: "k", Clock: newFakeClock()}), Query{})
	official := []Server{
		{Name: "io.github.acme/files-mcp", Version: "1.4.0", Status: StatusActive,
			Packages: []Package{{RegistryType: "npm", Identifier: "@acme/files-mcp", Version: "1.4.0", Transport: Transport{Type: "stdio"}}},
			Sources:  []Listing{{Source: SourceOfficial, Name: "io.github.acme/files-mcp", Version: "1.4.0"}}},
		{Name: "ai.smithery/acme-files-mcp", Version: "1.0.0", Status: StatusActive,
			Remotes: []Remote{{Type: "streamable-http", URL: "https://server.smithery.ai/@acme/files-mcp/mcp"}},
			Sources: []Listing{{Source: SourceOfficial, Name: "ai.smithery/acme-files-mcp", Version: "1.0.0"}}},
	}
	all, _ := Normalise(append(append(official, pulse...), smithery...), NormaliseOptions{})
	targets := Dedupe(all)
	byID := map[string]Target{}
	for _, tg := range targets {
		byID[tg.ID] = tg
	}
	npm := byID["npm:@acme/files-mcp@1.4.0"]
	if len(npm.Server.Sources) != 2 || npm.Server.Sources[0].Source != SourceOfficial || npm.Server.Sources[1].Source != SourcePulseMCP {
		t.Errorf("npm target listings %+v", npm.Server.Sources)
	}
	// Smithery's listing of the remote sends an Authorization header the
	// official one does not: a different launch, so a target of its own.
	remote := byID["remote:https://server.smithery.ai/@acme/files-mcp/mcp"]
	if len(remote.Server.Sources) != 1 || remote.Server.Name != "ai.smithery/acme-files-mcp" || len(remote.Plan.Headers) != 0 {
		t.Errorf("remote target %+v", remote.Server)
	}
	withAuth := 0
	for _, tg := range targets {
		if strings.HasPrefix(tg.ID, "remote:https://server.smithery.ai/@acme/files-mcp/mcp#") && tg.Plan.Headers["Authorization"] != "" {
			withAuth++
		}
	}
	if withAuth != 1 {
		t.Errorf("%d targets for Smithery's listing with its Authorization header, want 1", withAuth)
	}
	if len(targets) != len(all)-1 {
		t.Errorf("%d targets from %d entries, want %d", len(targets), len(all), len(all)-1)
	}
}

func TestNewSource(t *testing.T) {
	t.Parallel()
	tests := []struct {
		spec, name string
		err        bool
	}{
		{"official", "official", false},
		{"file:///tmp/x.json", "file:/tmp/x.json", false},
		{"pulsemcp", "pulsemcp", false},
		{"smithery", "smithery", false},
		{"glama", "glama", false},
		{"docker", "docker", false},
		{"file://", "", true},
		{"mcp.so", "", true},
	}
	for _, tc := range tests {
		src, err := NewSource(tc.spec, Config{})
		if (err != nil) != tc.err {
			t.Errorf("%q: err %v", tc.spec, err)
			continue
		}
		if err == nil && src.Name() != tc.name {
			t.Errorf("%q: name %q, want %q", tc.spec, src.Name(), tc.name)
		}
	}
}
