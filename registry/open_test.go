package registry

import (
	"strings"
	"testing"
)

// TestOpen: the key comes from the flag, else the source's own key (the
// official client takes PulseMCP's when its URL points there); bad input
// fails before anything is fetched, naming what was wrong.
func TestOpen(t *testing.T) {
	t.Parallel()
	keys := Keys{Smithery: "s", Glama: "g", PulseMCP: "p"}
	for _, tc := range []struct {
		s       Settings
		key     string
		name    string // the opened source's name; "" when Open fails
		wantErr string
	}{
		{Settings{Source: SourceSmithery, Keys: keys}, "s", "smithery", ""},
		{Settings{Source: SourceSmithery, Keys: keys, APIKey: "flag"}, "flag", "smithery", ""},
		{Settings{Source: SourceGlama, Keys: keys}, "g", "glama", ""},
		{Settings{Source: SourcePulseMCP, Keys: keys}, "p", "pulsemcp", ""},
		{Settings{Source: SourceOfficial, Keys: keys}, "", "official", ""},
		{Settings{Source: SourceOfficial, Keys: keys, URL: "https://api.PulseMCP.com"}, "p", "official", ""},
		{Settings{Source: SourceSmithery}, "", "", EnvSmitheryKey},
		{Settings{Source: SourceOfficial, URL: "ftp://example.com"}, "", "", "--url"},
		{Settings{Source: SourceDocker, URL: "/tmp/catalog.yaml"}, "", "docker", ""},
		{Settings{Source: "mcp.so"}, "", "", "unknown source"},
		{Settings{Source: "file://"}, "", "", "file://PATH"},
	} {
		if got := tc.s.Key(); got != tc.key {
			t.Errorf("%+v: Key() = %q, want %q", tc.s, got, tc.key)
		}
		src, err := Open(tc.s)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%+v: Open: %v, want an error naming %s", tc.s, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%+v: Open: %v", tc.s, err)
			continue
		}
		if !strings.HasPrefix(src.Name(), tc.name) {
			t.Errorf("%+v: source %q, want %s", tc.s, src.Name(), tc.name)
		}
	}
	srcs, err := OpenAll(nil, keys, "")
	if err != nil || len(srcs) != 1 || srcs[0].Name() != SourceOfficial {
		t.Errorf("OpenAll(nil) = %v, %v; want the official registry", srcs, err)
	}
	if _, err := OpenAll([]string{"file:///x.json", "smithery"}, Keys{}, ""); err == nil || !strings.Contains(err.Error(), "--registry smithery") {
		t.Errorf("OpenAll with a keyless smithery: %v, want an error naming --registry smithery", err)
	}
}
