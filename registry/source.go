package registry

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/ctxsleep"
)

// Source names accepted by NewSource.
const (
	SourceOfficial = "official"
	SourcePulseMCP = "pulsemcp"
	SourceSmithery = "smithery"
	SourceGlama    = "glama"
	SourceDocker   = "docker"
	// SourceFilePrefix starts a file source spec: file://PATH.
	SourceFilePrefix = "file://"
)

// Default base URLs.
const (
	OfficialURL        = "https://registry.modelcontextprotocol.io"
	OfficialStagingURL = "https://staging.registry.modelcontextprotocol.io"
	PulseMCPURL        = "https://api.pulsemcp.com"
	SmitheryURL        = "https://api.smithery.ai"
	GlamaURL           = "https://glama.ai/api/mcp"
	DockerCatalogURL   = "https://desktop.docker.com/mcp/catalog/v2/catalog.yaml"
)

// Source streams registry entries.
type Source interface {
	// Name identifies the source in listings, errors and metrics, e.g.
	// "official", "official@staging.registry.modelcontextprotocol.io",
	// "file:/data/servers.json".
	Name() string
	// Pull calls fn for every entry matching q, in the source's order,
	// until the listing ends, fn returns an error, q.Limit entries were
	// sent, or ctx is done. Entries sent before a failure stay valid; the
	// failure is returned as a *SourceError (or fn's error unchanged).
	Pull(ctx context.Context, q Query, fn func(Server) error) error
}

// Query selects what a Source pulls. Sources that cannot filter on the
// server side filter locally.
type Query struct {
	// Latest asks for the registry's latest versions only (official:
	// version=latest). Normalise still decides latest itself.
	Latest bool
	// UpdatedSince asks for entries updated strictly after this time
	// (official: updated_since, which also includes deleted entries).
	UpdatedSince time.Time
	// IncludeDeleted asks for deleted entries on a full pull.
	IncludeDeleted bool
	// Search is a substring filter where the source supports it.
	Search string
	// Limit stops after this many entries (0 = no limit).
	Limit int
	// Progress, when set, is called after every page.
	Progress func(Progress)
}

// Progress reports a pull's advance after each page.
type Progress struct {
	Source  string
	Page    int
	Entries int
	// Total is the source's own count of entries when it gives one, else -1.
	Total int
}

// ErrStop may be returned by a Pull callback to end the pull early without
// an error.
var ErrStop = errors.New("stop pull")

// SourceError is a failed pull: which source, which page (1-based; 0 when
// not page-related) and why. Its text never contains an API key.
type SourceError struct {
	Source string
	Page   int
	// Cursor is the cursor or offset that page was requested with.
	Cursor string
	// Status is the HTTP status of the last response, 0 if none.
	Status int
	Err    error
}

// Error reads "registry <source>: page N (cursor \"c\"): HTTP 503: cause".
func (e *SourceError) Error() string {
	var b strings.Builder
	b.WriteString("registry ")
	b.WriteString(e.Source)
	if e.Page > 0 {
		fmt.Fprintf(&b, ": page %d", e.Page)
		if e.Cursor != "" {
			fmt.Fprintf(&b, " (cursor %q)", e.Cursor)
		}
	}
	if e.Status != 0 {
		fmt.Fprintf(&b, ": HTTP %d", e.Status)
	}
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	return b.String()
}

// Unwrap returns the cause.
func (e *SourceError) Unwrap() error { return e.Err }

// Config configures the HTTP sources. Zero values take the defaults.
type Config struct {
	// URL overrides the source's base URL (for official: the registry
	// root, e.g. the staging registry or https://api.pulsemcp.com).
	URL string
	// APIKey is sent as APIKeyHeader (Bearer for smithery and glama,
	// X-API-Key for official-API sub-registries such as PulseMCP's). It is
	// never logged or put in errors.
	APIKey string
	// APIKeyHeader overrides the header the key is sent in. "Authorization"
	// sends "Bearer <key>".
	APIKeyHeader string
	// HTTPClient defaults to a client with a 60 s timeout.
	HTTPClient *http.Client
	// UserAgent defaults to "mcpgauge-registry/1 (+https://github.com/mcpgauge/mcpgauge)".
	UserAgent string
	// RequestsPerSecond is the client-side rate limit (default 2); Burst
	// defaults to 1.
	RequestsPerSecond float64
	Burst             int
	// PageSize defaults to 100 (the official maximum).
	PageSize int
	// MaxRetries bounds retries of one page after 5xx or network errors
	// (default 3); Max429 bounds waits after 429 (default 10).
	MaxRetries int
	Max429     int
	// Clock defaults to the real clock; tests inject a fake one.
	Clock Clock
	// Name, for the official client, overrides the source's name (default:
	// official for OfficialURL, official@HOST otherwise). The name
	// "official" gives the source's records the official registry's
	// standing over verified namespaces (see Claim): give it only to a
	// mirror of the official registry you trust, or a test's fake.
	Name string
}

// DefaultUserAgent is sent when Config.UserAgent is empty.
const DefaultUserAgent = "mcpgauge-registry/1 (+https://github.com/mcpgauge/mcpgauge)"

// Clock is the time source for rate limiting and backoff.
type Clock interface {
	Now() time.Time
	// Sleep waits d or until ctx is done.
	Sleep(ctx context.Context, d time.Duration) error
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) Sleep(ctx context.Context, d time.Duration) error { return ctxsleep.Sleep(ctx, d) }

// NewSource builds a source from its spec: official, pulsemcp, smithery,
// glama, docker or file://PATH.
func NewSource(spec string, cfg Config) (Source, error) {
	switch {
	case spec == SourceOfficial:
		return NewOfficial(cfg), nil
	case strings.HasPrefix(spec, SourceFilePrefix):
		path := strings.TrimPrefix(spec, SourceFilePrefix)
		if path == "" {
			return nil, errors.New("file source needs a path: file://PATH")
		}
		return NewFile(path), nil
	case spec == SourcePulseMCP:
		return NewPulseMCP(cfg), nil
	case spec == SourceSmithery:
		return NewSmithery(cfg), nil
	case spec == SourceGlama:
		return NewGlama(cfg), nil
	case spec == SourceDocker:
		return NewDocker(cfg), nil
	}
	return nil, fmt.Errorf("unknown source %q (want official, file://PATH, pulsemcp, smithery, glama or docker)", spec)
}

// limitCounter wraps a callback to enforce Query.Limit and turn ErrStop
// into a clean end.
type limitCounter struct {
	limit int
	n     int
	fn    func(Server) error
}

var errLimitReached = errors.New("limit reached")

func (l *limitCounter) send(s Server) error {
	if err := l.fn(s); err != nil {
		return err
	}
	l.n++
	if l.limit > 0 && l.n >= l.limit {
		return errLimitReached
	}
	return nil
}

// endErr maps the internal stop signals to a clean end.
func endErr(err error) error {
	if errors.Is(err, errLimitReached) || errors.Is(err, ErrStop) {
		return nil
	}
	return err
}

// matchesLocal applies the parts of q a source could not apply server-side.
func matchesLocal(s Server, q Query) bool {
	if !q.UpdatedSince.IsZero() && !s.UpdatedAt.IsZero() && !s.UpdatedAt.After(q.UpdatedSince) {
		return false
	}
	if q.UpdatedSince.IsZero() && !q.IncludeDeleted && s.Status == StatusDeleted {
		return false
	}
	if q.Search != "" {
		term := strings.ToLower(q.Search)
		if !strings.Contains(strings.ToLower(s.Name), term) && !strings.Contains(strings.ToLower(s.Description), term) {
			return false
		}
	}
	return true
}
