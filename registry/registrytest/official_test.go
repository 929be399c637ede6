package registrytest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"
)

func records(n int) []json.RawMessage {
	var out []json.RawMessage
	for i := range n {
		status := "active"
		if i == 1 {
			status = "deleted"
		}
		out = append(out, json.RawMessage(fmt.Sprintf(
			`{"server":{"name":"io.example/s%d","version":"1.0.%d"},"_meta":{"io.modelcontextprotocol.registry/official":{"status":%q,"updatedAt":"2025-10-01T0%d:00:00Z","isLatest":%v}}}`,
			i, i, status, i, i%2 == 0)))
	}
	return out
}

type page struct {
	Servers  []json.RawMessage `json:"servers"`
	Metadata struct {
		NextCursor string `json:"nextCursor"`
		Count      int    `json:"count"`
	} `json:"metadata"`
}

func get(t *testing.T, url string) (int, page, http.Header) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var p page
	if resp.StatusCode == 200 {
		if err := json.Unmarshal(body, &p); err != nil {
			t.Fatalf("%s: %v", url, err)
		}
	}
	return resp.StatusCode, p, resp.Header
}

func TestFakeOfficialSemantics(t *testing.T) {
	t.Parallel()
	srv, err := NewOfficial(records(6), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	base := srv.URL + "/v0.1/servers"
	tests := []struct {
		query      string
		status     int
		n          int
		nextCursor string
	}{
		{"?limit=0", 422, 0, ""},
		{"?limit=101", 422, 0, ""},
		{"?limit=x", 422, 0, ""},
		{"?updated_since=yesterday", 400, 0, ""},
		{"?updated_since=2025-10-01T02:00:00Z&include_deleted=false", 400, 0, ""},
		{"?limit=5", 200, 5, "io.example/s5:1.0.5"},                            // full page (deleted s1 hidden)
		{"?limit=5&cursor=io.example/s5:1.0.5", 200, 0, ""},                    // empty last page
		{"?limit=2&cursor=io.example/s2:1.0.2", 200, 2, "io.example/s4:1.0.4"}, // after the cursor
		{"?updated_since=2025-10-01T02:00:00Z", 200, 3, ""},                    // strict >: s3..s5
		{"?updated_since=2025-10-01T00:00:00Z", 200, 5, ""},                    // includes deleted s1
		{"?include_deleted=true", 200, 6, ""},
		{"?version=latest", 200, 3, ""},
		{"?version=1.0.3", 200, 1, ""},
	}
	for _, tc := range tests {
		status, p, _ := get(t, base+tc.query)
		if status != tc.status || len(p.Servers) != tc.n || p.Metadata.NextCursor != tc.nextCursor {
			t.Errorf("%s: status %d, %d servers, cursor %q; want %d, %d, %q",
				tc.query, status, len(p.Servers), p.Metadata.NextCursor, tc.status, tc.n, tc.nextCursor)
		}
	}
}

func TestFakeOfficialRateLimit(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	srv, err := NewOfficial(records(3), Options{Now: clock, RatePerSecond: 1, Burst: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	var statuses []int
	for range 3 {
		status, _, h := get(t, srv.URL+"/v0/servers")
		statuses = append(statuses, status)
		if status == 429 && h.Get("Retry-After") != "1" {
			t.Errorf("Retry-After %q, want 1", h.Get("Retry-After"))
		}
	}
	if fmt.Sprint(statuses) != "[200 200 429]" {
		t.Errorf("statuses %v, want a burst of 2 then 429", statuses)
	}
	mu.Lock()
	now = now.Add(time.Second)
	mu.Unlock()
	if status, _, _ := get(t, srv.URL+"/v0/servers"); status != 200 {
		t.Errorf("after a second: %d", status)
	}
	if n := len(srv.Requests()); n != 4 {
		t.Errorf("%d requests recorded", n)
	}
}
