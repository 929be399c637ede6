package registry

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestFileSource(t *testing.T) {
	t.Parallel()
	dec := sharedData(t, crawlDec)
	got := mustPull(t, NewFile(dec), Query{})
	if len(got) != 2794 {
		t.Fatalf("file: %d entries, want 2794", len(got))
	}

	// A directory holding the three shapes and an API page.
	dir := t.TempDir()
	for _, name := range []string{crawlCamel, crawlSnake} {
		data, err := os.ReadFile(sharedData(t, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	page := `{"servers":[{"server":{"name":"io.example/page","version":"1.0.0","description":"d"},"_meta":{"io.modelcontextprotocol.registry/official":{"status":"deprecated","publishedAt":"2025-12-01T00:00:00Z","updatedAt":"2025-12-02T00:00:00Z","isLatest":true}}}],"metadata":{"count":1}}`
	if err := os.WriteFile(filepath.Join(dir, "page.json"), []byte("\xef\xbb\xbf"+page), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	got = mustPull(t, NewFile(dir), Query{})
	if len(got) != 789+548+1 {
		t.Errorf("directory: %d entries, want %d", len(got), 789+548+1)
	}
	since := mustPull(t, NewFile(dir), Query{UpdatedSince: time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC)})
	if len(since) != 1 || since[0].Status != StatusDeprecated {
		t.Errorf("updated_since filter: %+v", since)
	}
	out, rep := Normalise(since, NormaliseOptions{})
	if !out[0].Deprecated || rep.Deprecated != 1 {
		t.Errorf("deprecated not flagged: %+v", out[0])
	}
	limited := mustPull(t, NewFile(dir), Query{Limit: 10})
	if len(limited) != 10 {
		t.Errorf("limit: %d entries", len(limited))
	}

	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`[{"server":{"name":"a/b"}},{"server":{"version":"1"}}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := pullAll(t, NewFile(bad), Query{})
	var se *SourceError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "record 1: server has no name") || !strings.Contains(err.Error(), "bad.json") {
		t.Errorf("want a SourceError naming the file and record 1, got %v", err)
	}
	if _, err := pullAll(t, NewFile(filepath.Join(t.TempDir(), "missing.json")), Query{}); err == nil {
		t.Error("missing file accepted")
	}
	if _, err := pullAll(t, NewFile(t.TempDir()), Query{}); err == nil || !strings.Contains(err.Error(), "no .json files") {
		t.Errorf("empty directory: %v", err)
	}
}

func TestParseOfficialErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"", "empty document"},
		{"\xef\xbb\xbf  ", "empty document"},
		{"null", "want a JSON object or array"},
		{`{"foo":1}`, `neither a "servers" array nor a server object`},
		{`[{"server":{"name":"a/b","version":"1"}}, 7]`, "decode record array"},
		{`{"servers":[{"server":{"name":""}}]}`, "record 0: server has no name"},
		{`{"servers":[{"server":{"name":"a/b"},"_meta":{"io.modelcontextprotocol.registry/official":{"publishedAt":"yesterday"}}}]}`, `time "yesterday": not a known timestamp format`},
	}
	for _, tc := range tests {
		_, err := ParseOfficial([]byte(tc.in), "t")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseOfficial(%q) error %v, want %q", tc.in, err, tc.want)
		}
	}
}

func TestParseOfficialTolerance(t *testing.T) {
	t.Parallel()
	in := `{"servers":[{"server":{"name":"a/b","version":"1","repository":{},
	  "packages":[{"registryType":"NPM","identifier":"x","version":1.5,
	    "environmentVariables":[{"name":"N","isRequired":"true","default":8080,"choices":["a",2]}]}]},
	  "_meta":{"io.modelcontextprotocol.registry/official":{"status":"Active","publishedAt":1700000000,"isLatest":"true"}}}],
	  "metadata":{"next_cursor":"a/b:1","count":1}}`
	doc, err := ParseOfficial([]byte(in), "t")
	if err != nil {
		t.Fatal(err)
	}
	s := doc.Servers[0]
	e := s.Packages[0].EnvironmentVariables[0]
	if doc.NextCursor != "a/b:1" || doc.Count != 1 || s.Status != StatusActive || !s.RegistryLatest ||
		s.Packages[0].RegistryType != "npm" || s.Packages[0].Version != "1.5" ||
		!e.IsRequired || e.Default != "8080" || len(e.Choices) != 2 || e.Choices[1] != "2" ||
		!s.PublishedAt.Equal(time.Unix(1700000000, 0)) {
		t.Errorf("tolerant decode got %+v / %+v", doc, s)
	}
}

func TestParseTime(t *testing.T) {
	t.Parallel()
	want := time.Date(2025, 9, 8, 23, 47, 9, 452138000, time.UTC)
	tests := []struct {
		in   string
		want time.Time
	}{
		{"2025-09-08T23:47:09.452138Z", want},
		{"2025-09-08T23:47:09.452138000Z", want},
		{"2025-09-09T01:47:09.452138+02:00", want},
		{"2025-09-08T23:47:09.452138", want},
		{"2025-09-08 23:47:09.452138+00", want},
		{"2025-09-08 23:47:09.452138Z", want},
		{"2025-09-08 23:47:09.452138 +0000 UTC", want},
		{"/Date(1757375229452)/", time.UnixMilli(1757375229452).UTC()},
		{"1757375229", time.Unix(1757375229, 0).UTC()},
		{"1757375229452", time.UnixMilli(1757375229452).UTC()},
		{"Mon, 08 Sep 2025 23:47:09 GMT", want.Truncate(time.Second)},
		{"2025-09-08", time.Date(2025, 9, 8, 0, 0, 0, 0, time.UTC)},
		{"", time.Time{}},
	}
	for _, tc := range tests {
		got, err := ParseTime(tc.in)
		if err != nil || !got.Equal(tc.want) {
			t.Errorf("ParseTime(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"yesterday", "2025-13-45", "/Date(x)/"} {
		if _, err := ParseTime(bad); err == nil {
			t.Errorf("ParseTime(%q) accepted", bad)
		}
	}
}

// TestFilePullStopsWhenCancelled: a pull of a large file stops at the next
// entry once its context ends, not after the whole file.
func TestFilePullStopsWhenCancelled(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(`{"servers":[`)
	const n = 5000
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"server":{"name":"io.example/s%d","version":"1.0.0","description":"d"}}`, i)
	}
	b.WriteString(`]}`)
	path := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	seen := 0
	err := NewFile(path).Pull(ctx, Query{}, func(Server) error {
		seen++
		if seen == 10 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Pull returned %v, want context.Canceled", err)
	}
	if seen != 10 {
		t.Errorf("%d entries after the cancel at 10, want none", seen-10)
	}
}
