package registry

import (
	"fmt"
	"net/url"
	"strings"
)

// EnvSmitheryKey, EnvGlamaKey and EnvPulseMCPKey hold the registries' API
// keys (config keys smithery_api_key, glama_api_key, pulsemcp_api_key).
const (
	EnvSmitheryKey = "MCPGAUGE_SMITHERY_API_KEY"
	EnvGlamaKey    = "MCPGAUGE_GLAMA_API_KEY"
	EnvPulseMCPKey = "MCPGAUGE_PULSEMCP_API_KEY"
)

// Keys are the API keys of the registries that take one, from the
// environment or the config file.
type Keys struct{ Smithery, Glama, PulseMCP string }

// Settings say how to open one source: its spec, where it lives and how
// to authenticate, as the registry flags and the config have them.
type Settings struct {
	// Source is the spec: official, file://PATH, pulsemcp, smithery, glama
	// or docker.
	Source string
	// URL overrides the source's base URL (docker: a catalog URL or path).
	URL string
	// APIKey, when set, wins over Keys; APIKeyHeader is the header it is
	// sent in ("": the source's default).
	APIKey, APIKeyHeader string
	Keys                 Keys
	// RequestsPerSecond is the client-side rate limit (0: the default).
	RequestsPerSecond float64
	// UserAgent is sent with every request ("": DefaultUserAgent).
	UserAgent string
}

// Key is the API key the source is opened with: APIKey, else the source's
// key from Keys; for the official client, PulseMCP's when URL points there.
func (s Settings) Key() string {
	if s.APIKey != "" {
		return s.APIKey
	}
	switch s.Source {
	case SourceSmithery:
		return s.Keys.Smithery
	case SourceGlama:
		return s.Keys.Glama
	case SourcePulseMCP:
		return s.Keys.PulseMCP
	case SourceOfficial:
		if u, err := url.Parse(s.URL); err == nil && strings.Contains(strings.ToLower(u.Host), "pulsemcp") {
			return s.Keys.PulseMCP
		}
	}
	return ""
}

// Open checks the settings and opens the source. Its errors are the
// caller's input that cannot work (a bad URL, a missing key, an unknown
// source), never a network failure: nothing is fetched yet.
func Open(s Settings) (Source, error) {
	if s.URL != "" && !strings.HasPrefix(s.Source, SourceFilePrefix) {
		if u, err := url.Parse(s.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https" && s.Source != SourceDocker) {
			return nil, fmt.Errorf("--url %q: want an http(s) URL", s.URL)
		}
	}
	key := s.Key()
	if s.Source == SourceSmithery && key == "" {
		return nil, fmt.Errorf("smithery needs an API key: set $%s or --api-key", EnvSmitheryKey)
	}
	return NewSource(s.Source, Config{URL: s.URL, APIKey: key, APIKeyHeader: s.APIKeyHeader,
		RequestsPerSecond: s.RequestsPerSecond, UserAgent: s.UserAgent})
}

// OpenAll opens one source per spec (none: the official registry) with
// the default URLs and rate; an error names the spec that failed.
func OpenAll(specs []string, keys Keys, userAgent string) ([]Source, error) {
	if len(specs) == 0 {
		specs = []string{SourceOfficial}
	}
	out := make([]Source, 0, len(specs))
	for _, spec := range specs {
		src, err := Open(Settings{Source: spec, Keys: keys, RequestsPerSecond: 2, UserAgent: userAgent})
		if err != nil {
			return nil, fmt.Errorf("--registry %s: %w", spec, err)
		}
		out = append(out, src)
	}
	return out, nil
}

// Pulled is what one pull read, normalised.
type Pulled struct {
	// Source is the source's name.
	Source  string
	Entries []Server
	Report  NormaliseReport
	// Pages is the number of pages read.
	Pages int
	// Err is the source's failure, after which Entries are partial (nil:
	// the pull read everything it asked for).
	Err error
}
