// Package registrytest serves registry data over HTTP with the official MCP
// registry API's documented behaviour, for tests of clients (the registry
// package, the coordinator) that must never contact a real registry.
package registrytest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Options shapes the fake registry's behaviour.
type Options struct {
	// Now is the server's clock (rate limiting, Retry-After); default
	// time.Now. Tests share a fake clock with the client.
	Now func() time.Time
	// RatePerSecond and Burst enable a per-server rate limit answered with
	// 429 and Retry-After; 0 disables it.
	RatePerSecond float64
	Burst         int
	// FailAt maps a request number (1-based, counting every request) to an
	// HTTP status to answer with instead (e.g. 500).
	FailAt map[int]int
	// MalformedAt lists request numbers answered 200 with a truncated body.
	MalformedAt map[int]bool
	// APIKey, when set, must arrive in APIKeyHeader (default X-API-Key);
	// otherwise the answer is 401 with a body that echoes what was sent (so
	// tests can check clients redact it).
	APIKey       string
	APIKeyHeader string
	// NoRetryAfter leaves Retry-After off 429 answers (as plain
	// ingress-nginx does).
	NoRetryAfter bool
	// LoopCursor makes the server ignore the cursor and return the first
	// page, with the same nextCursor, every time.
	LoopCursor bool
}

// Request is one request the fake served.
type Request struct {
	N       int
	At      time.Time
	Query   url.Values
	Status  int
	Entries int
	// RetryAfter is the Retry-After sent with a 429, if any.
	RetryAfter time.Duration
}

// Official is a running fake official registry. URL is its root; the list
// endpoint is URL + "/v0.1/servers" (and "/v0/servers").
type Official struct {
	*httptest.Server
	opt     Options
	records []record
	limiter *rate.Limiter

	mu       sync.Mutex
	requests []Request
	served   map[string]int
}

type record struct {
	raw       json.RawMessage
	name      string
	version   string
	status    string
	isLatest  bool
	updatedAt time.Time
	published time.Time
}

// Key is name@version.
func (r record) key() string { return r.name + "@" + r.version }

// LoadRecords splits a crawl dump (a JSON array of records in any shape,
// optionally with a BOM) into raw records.
func LoadRecords(data []byte) ([]json.RawMessage, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var out []json.RawMessage
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("records: %w", err)
	}
	return out, nil
}

type rawOfficial struct {
	Status         string `json:"status"`
	UpdatedAt      string `json:"updatedAt"`
	PublishedAt    string `json:"publishedAt"`
	PublishedSnake string `json:"published_at"`
	UpdatedAtSnake string `json:"updated_at"`
	IsLatest       bool   `json:"isLatest"`
	IsLatestSnake  bool   `json:"is_latest"`
}

type rawRec struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	Status  string `json:"status"`
	Server  *struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	} `json:"server"`
	Meta struct {
		Official *rawOfficial `json:"io.modelcontextprotocol.registry/official"`
	} `json:"_meta"`
}

// NewOfficial starts a fake registry serving records (in any of the
// official shapes). Call Close when done.
func NewOfficial(records []json.RawMessage, opt Options) (*Official, error) {
	o := &Official{opt: opt, served: map[string]int{}}
	if o.opt.Now == nil {
		o.opt.Now = time.Now
	}
	if o.opt.APIKeyHeader == "" {
		o.opt.APIKeyHeader = "X-API-Key"
	}
	if opt.RatePerSecond > 0 {
		o.limiter = rate.NewLimiter(rate.Limit(opt.RatePerSecond), max(opt.Burst, 1))
	}
	for i, raw := range records {
		var rr rawRec
		if err := json.Unmarshal(raw, &rr); err != nil {
			return nil, fmt.Errorf("record %d: %w", i, err)
		}
		r := record{raw: raw, name: rr.Name, version: rr.Version, status: rr.Status}
		if rr.Server != nil {
			r.name, r.version = rr.Server.Name, rr.Server.Version
		}
		if m := rr.Meta.Official; m != nil {
			if m.Status != "" {
				r.status = m.Status
			}
			r.isLatest = m.IsLatest || m.IsLatestSnake
			if ps := m.PublishedAt + m.PublishedSnake; ps != "" {
				t, err := time.Parse(time.RFC3339Nano, ps)
				if err != nil {
					return nil, fmt.Errorf("record %d: publishedAt: %w", i, err)
				}
				r.published = t
			}
			ts := m.UpdatedAt
			if ts == "" {
				ts = m.UpdatedAtSnake
			}
			if ts != "" {
				t, err := time.Parse(time.RFC3339Nano, ts)
				if err != nil {
					return nil, fmt.Errorf("record %d: updatedAt: %w", i, err)
				}
				r.updatedAt = t
			}
		}
		if r.name == "" {
			return nil, fmt.Errorf("record %d: no name", i)
		}
		if r.status == "" {
			r.status = "active"
		}
		o.records = append(o.records, r)
	}
	// ORDER BY server_name, version: plain string order, as the registry.
	sort.SliceStable(o.records, func(i, j int) bool {
		a, b := o.records[i], o.records[j]
		if a.name != b.name {
			return a.name < b.name
		}
		return a.version < b.version
	})
	o.Server = httptest.NewServer(http.HandlerFunc(o.handle))
	return o, nil
}

// Requests returns every request served so far.
func (o *Official) Requests() []Request {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]Request(nil), o.requests...)
}

// Served returns how many times each name@version was sent in a
// successful page.
func (o *Official) Served() map[string]int {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := make(map[string]int, len(o.served))
	for k, v := range o.served {
		out[k] = v
	}
	return out
}

func (o *Official) handle(w http.ResponseWriter, r *http.Request) {
	o.mu.Lock()
	defer o.mu.Unlock()
	now := o.opt.Now()
	req := Request{N: len(o.requests) + 1, At: now, Query: r.URL.Query()}
	status, entries := o.serve(w, r, req.N, now)
	req.Status, req.Entries = status, entries
	if ra := w.Header().Get("Retry-After"); ra != "" {
		if secs, err := strconv.Atoi(ra); err == nil {
			req.RetryAfter = time.Duration(secs) * time.Second
		}
	}
	o.requests = append(o.requests, req)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func problem(w http.ResponseWriter, status int, detail string) int {
	writeJSON(w, status, map[string]any{"title": http.StatusText(status), "status": status, "detail": detail})
	return status
}

func (o *Official) serve(w http.ResponseWriter, r *http.Request, n int, now time.Time) (int, int) {
	if !strings.HasSuffix(r.URL.Path, "/servers") && !strings.HasSuffix(r.URL.Path, "/versions") {
		return problem(w, http.StatusNotFound, "not found"), 0
	}
	if o.opt.APIKey != "" && r.Header.Get(o.opt.APIKeyHeader) != o.opt.APIKey {
		return problem(w, http.StatusUnauthorized, fmt.Sprintf("invalid API key %q", r.Header.Get(o.opt.APIKeyHeader))), 0
	}
	if o.limiter != nil && !o.limiter.AllowN(now, 1) {
		if !o.opt.NoRetryAfter {
			res := o.limiter.ReserveN(now, 1)
			wait := res.DelayFrom(now)
			res.CancelAt(now)
			secs := int(math.Ceil(wait.Seconds()))
			w.Header().Set("Retry-After", strconv.Itoa(max(secs, 1)))
		}
		return problem(w, http.StatusTooManyRequests, "rate limit exceeded"), 0
	}
	if code, ok := o.opt.FailAt[n]; ok {
		return problem(w, code, "injected failure"), 0
	}
	if strings.HasSuffix(r.URL.Path, "/versions") {
		return o.versions(w, r)
	}
	q := r.URL.Query()
	limit := 30
	if v := q.Get("limit"); v != "" {
		l, err := strconv.Atoi(v)
		if err != nil || l < 1 || l > 100 {
			return problem(w, http.StatusUnprocessableEntity, "limit must be an integer from 1 to 100"), 0
		}
		limit = l
	}
	var since time.Time
	if v := q.Get("updated_since"); v != "" {
		t, err := time.Parse(time.RFC3339Nano, v)
		if err != nil {
			return problem(w, http.StatusBadRequest, "Invalid updated_since format: expected RFC3339 timestamp"), 0
		}
		since = t
	}
	includeDeleted := false
	if v := q.Get("include_deleted"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return problem(w, http.StatusUnprocessableEntity, "include_deleted must be a boolean"), 0
		}
		if !b && !since.IsZero() {
			return problem(w, http.StatusBadRequest, "incremental sync requires deleted servers: include_deleted cannot be false with updated_since"), 0
		}
		includeDeleted = b
	}
	if !since.IsZero() {
		includeDeleted = true
	}
	curName, curVersion, hasCursor := "", "", false
	if c := q.Get("cursor"); c != "" && !o.opt.LoopCursor {
		hasCursor = true
		curName, curVersion, _ = strings.Cut(c, ":")
	}
	version := q.Get("version")
	search := strings.ToLower(q.Get("search"))
	var page []record
	for _, rec := range o.records {
		if hasCursor && (rec.name < curName || rec.name == curName && rec.version <= curVersion) {
			continue
		}
		if !includeDeleted && rec.status == "deleted" {
			continue
		}
		if !since.IsZero() && !rec.updatedAt.After(since) {
			continue
		}
		if version == "latest" && !rec.isLatest {
			continue
		}
		if version != "" && version != "latest" && rec.version != version {
			continue
		}
		if search != "" && !strings.Contains(strings.ToLower(rec.name), search) {
			continue
		}
		page = append(page, rec)
		if len(page) == limit {
			break
		}
	}
	if o.opt.MalformedAt[n] {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(`{"servers":[{"server":{"name":"io.example/truncated"`))
		return http.StatusOK, 0
	}
	servers := make([]json.RawMessage, len(page))
	for i, rec := range page {
		servers[i] = rec.raw
		o.served[rec.key()]++
	}
	meta := map[string]any{"count": len(page)}
	if len(page) == limit {
		last := page[len(page)-1]
		meta["nextCursor"] = last.name + ":" + last.version
		if o.opt.LoopCursor {
			meta["nextCursor"] = "loop:1"
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"servers": servers, "metadata": meta})
	return http.StatusOK, len(page)
}

// versions serves GET .../servers/{name}/versions: every version of one
// server, newest publication first, with only metadata.count; 404 when the
// name is unknown. The name arrives URL-encoded (%2F for the slash).
func (o *Official) versions(w http.ResponseWriter, r *http.Request) (int, int) {
	path := strings.TrimSuffix(r.URL.EscapedPath(), "/versions")
	i := strings.LastIndex(path, "/servers/")
	if i < 0 {
		return problem(w, http.StatusNotFound, "not found"), 0
	}
	name, err := url.PathUnescape(path[i+len("/servers/"):])
	if err != nil || strings.Contains(path[i+len("/servers/"):], "/") {
		return problem(w, http.StatusNotFound, "server name must be URL-encoded"), 0
	}
	includeDeleted := r.URL.Query().Get("include_deleted") == "true"
	var list []record
	for _, rec := range o.records {
		if rec.name == name && (includeDeleted || rec.status != "deleted") {
			list = append(list, rec)
		}
	}
	if len(list) == 0 {
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "Server not found"})
		return http.StatusNotFound, 0
	}
	sort.SliceStable(list, func(a, b int) bool { return list[a].published.After(list[b].published) })
	servers := make([]json.RawMessage, len(list))
	for k, rec := range list {
		servers[k] = rec.raw
	}
	writeJSON(w, http.StatusOK, map[string]any{"servers": servers, "metadata": map[string]any{"count": len(list)}})
	return http.StatusOK, len(list)
}
