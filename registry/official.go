package registry

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Official reads the official MCP registry API (GET /v0.1/servers) and any
// registry that serves the same API: the staging registry, PulseMCP's
// sub-registry (with an X-API-Key), ToolHive, Portkey.
type Official struct {
	name     string
	endpoint string
	pageSize int
	f        *fetcher
}

// NewOfficial returns a client for the official registry API at cfg.URL
// (default OfficialURL). A base URL with no path gets /v0.1/servers; one
// ending in /v0 or /v0.1 gets /servers; one ending in /servers is used as
// is. cfg.APIKey is sent as X-API-Key unless cfg.APIKeyHeader says
// otherwise.
func NewOfficial(cfg Config) *Official {
	base := strings.TrimRight(cfg.URL, "/")
	if base == "" {
		base = OfficialURL
	}
	name := SourceOfficial
	if u, err := url.Parse(base); err == nil && base != OfficialURL && u.Host != "" {
		name = SourceOfficial + "@" + u.Host
	}
	if cfg.Name != "" {
		name = cfg.Name
	}
	endpoint := base
	switch {
	case strings.HasSuffix(base, "/servers"):
	case strings.HasSuffix(base, "/v0"), strings.HasSuffix(base, "/v0.1"):
		endpoint = base + "/servers"
	default:
		endpoint = base + "/v0.1/servers"
	}
	ps := cfg.PageSize
	if ps <= 0 || ps > 100 {
		ps = 100
	}
	return &Official{name: name, endpoint: endpoint, pageSize: ps, f: newFetcher(name, cfg, "X-API-Key")}
}

// Name implements Source.
func (o *Official) Name() string { return o.name }

// Endpoint is the list URL the client pages through.
func (o *Official) Endpoint() string { return o.endpoint }

// Pull implements Source. It follows metadata.nextCursor until it is
// absent or a page is empty, and fails on a cursor seen before (a loop).
// With q.UpdatedSince it sends updated_since (the registry then includes
// deleted entries itself; include_deleted=false would be a 400); without
// it, include_deleted=true is sent only when q.IncludeDeleted.
func (o *Official) Pull(ctx context.Context, q Query, fn func(Server) error) error {
	lc := &limitCounter{limit: q.Limit, fn: fn}
	seen := map[string]bool{}
	cursor := ""
	for page := 1; ; page++ {
		u := o.pageURL(q, cursor)
		body, err := o.f.get(ctx, u, page, cursor)
		if err != nil {
			return err
		}
		doc, err := ParseOfficial(body, o.name)
		if err != nil {
			return &SourceError{Source: o.name, Page: page, Cursor: cursor, Err: fmt.Errorf("malformed page: %w", err)}
		}
		if !doc.IsPage {
			return &SourceError{Source: o.name, Page: page, Cursor: cursor, Err: errors.New(`malformed page: no "servers" array`)}
		}
		for _, s := range doc.Servers {
			if !q.UpdatedSince.IsZero() && !s.UpdatedAt.IsZero() && !s.UpdatedAt.After(q.UpdatedSince) {
				continue // defensive: the registry compares strictly already
			}
			if err := lc.send(s); err != nil {
				return endErr(err)
			}
		}
		if q.Progress != nil {
			q.Progress(Progress{Source: o.name, Page: page, Entries: lc.n, Total: -1})
		}
		if doc.NextCursor == "" || len(doc.Servers) == 0 {
			return nil
		}
		if seen[doc.NextCursor] || doc.NextCursor == cursor {
			return &SourceError{Source: o.name, Page: page, Cursor: cursor,
				Err: fmt.Errorf("cursor loop: next cursor %q was already requested", doc.NextCursor)}
		}
		seen[doc.NextCursor] = true
		cursor = doc.NextCursor
	}
}

func (o *Official) pageURL(q Query, cursor string) string {
	v := url.Values{}
	v.Set("limit", strconv.Itoa(o.pageSize))
	if cursor != "" {
		v.Set("cursor", cursor)
	}
	if q.Latest {
		v.Set("version", "latest")
	}
	if !q.UpdatedSince.IsZero() {
		v.Set("updated_since", q.UpdatedSince.UTC().Format(time.RFC3339Nano))
	} else if q.IncludeDeleted {
		v.Set("include_deleted", "true")
	}
	if q.Search != "" {
		v.Set("search", q.Search)
	}
	sep := "?"
	if strings.Contains(o.endpoint, "?") {
		sep = "&"
	}
	return o.endpoint + sep + v.Encode()
}

// Versions reads every version of one server (GET
// /v0.1/servers/{name}/versions, newest first, not paginated). After an
// incremental pull, read the versions of each name in the delta and
// normalise them together, so the latest decision sees all versions.
// includeDeleted asks for deleted versions too.
func (o *Official) Versions(ctx context.Context, name string, includeDeleted bool) ([]Server, error) {
	if name == "" {
		return nil, &SourceError{Source: o.name, Err: errors.New("versions: empty server name")}
	}
	u := strings.TrimSuffix(o.endpoint, "/servers") + "/servers/" + url.PathEscape(name) + "/versions"
	if includeDeleted {
		u += "?include_deleted=true"
	}
	body, err := o.f.get(ctx, u, 1, "")
	if err != nil {
		return nil, err
	}
	doc, err := ParseOfficial(body, o.name)
	if err != nil {
		return nil, &SourceError{Source: o.name, Page: 1, Err: fmt.Errorf("versions of %s: malformed response: %w", name, err)}
	}
	for _, s := range doc.Servers {
		if s.Name != name {
			return nil, &SourceError{Source: o.name, Page: 1, Err: fmt.Errorf("versions of %s: response lists %s", name, s.Name)}
		}
	}
	return doc.Servers, nil
}
