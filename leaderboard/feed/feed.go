// Package feed serves mcpgauge's results in the shape of the official MCP
// registry API (GET /v0.1/servers, its paging and its version routes), so a
// client written for the registry reads it unchanged. Each entry is a
// minimal server.json plus the registry's own _meta block, and carries our
// results under _meta[MetaKey]. docs/feed.md describes the shape.
package feed

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// MetaKey is the reverse-DNS _meta key our results live under.
const MetaKey = "io.github.mcpgauge/scan"

// OfficialMetaKey is the registry's own _meta key.
const OfficialMetaKey = "io.modelcontextprotocol.registry/official"

// ServerSchema is the server.json schema the entries declare.
const ServerSchema = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"

// Paging bounds, as the official registry's.
const (
	DefaultLimit = 30
	MaxLimit     = 100
)

// Page is one GET /v0.1/servers answer.
type Page struct {
	Servers  []Entry  `json:"servers"`
	Metadata Metadata `json:"metadata"`
}

// Metadata is a page's paging block.
type Metadata struct {
	NextCursor string `json:"nextCursor,omitempty"`
	Count      int    `json:"count"`
}

// Entry is one server version: {"server": server.json, "_meta": {...}}.
type Entry struct {
	Server Server `json:"server"`
	Meta   Meta   `json:"_meta"`
}

// Server is the minimal server.json of an entry.
type Server struct {
	Schema      string `json:"$schema"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Version     string `json:"version"`
	WebsiteURL  string `json:"websiteUrl,omitempty"`
}

// Meta holds the registry's block and ours.
type Meta struct {
	Official Official `json:"io.modelcontextprotocol.registry/official"`
	Scan     Scan     `json:"io.github.mcpgauge/scan"`
}

// Official is the registry's own metadata, as the registry writes it.
type Official struct {
	Status      string    `json:"status"`
	PublishedAt time.Time `json:"publishedAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
	IsLatest    bool      `json:"isLatest"`
}

// Scan is our result for the entry.
type Scan struct {
	// Status is the scan's outcome; only "ok" carries scores.
	Status schema.Status `json:"status"`
	Reason string        `json:"reason,omitempty"`
	// Score is the overall mcpgauge score; Scores has every part.
	Score          *float64       `json:"score,omitempty"`
	Scores         *schema.Scores `json:"scores,omitempty"`
	ScannerVersion string         `json:"scanner_version"`
	ScoringVersion string         `json:"scoring_version,omitempty"`
	ScannedAt      time.Time      `json:"scanned_at"`
	ServerDigest   string         `json:"server_digest,omitempty"`
	Tools          int            `json:"tools"`
	TotalTokens    int            `json:"total_tokens"`
	Findings       int            `json:"findings"`
	Sources        []string       `json:"sources,omitempty"`
	SweepID        string         `json:"sweep_id"`
	// Page is the server's page on the board; Badge its shields.io endpoint;
	// Receipt the signed receipt of the scan (404 when the board signs none;
	// docs/receipts.md).
	Page    string `json:"page"`
	Badge   string `json:"badge"`
	Receipt string `json:"receipt"`
	// Conflicts are other registries' listings of this name that disagree
	// with the one scanned here (another launch, or a version the name's
	// owner does not list): each is scanned and ranked apart, under the
	// name given. Aliases are names that launch the same way, scanned once
	// with this one (docs/registry.md#identity).
	Conflicts []Conflict `json:"conflicts,omitempty"`
	Aliases   []string   `json:"aliases,omitempty"`
}

// Conflict is one disagreeing listing of an entry's name.
type Conflict struct {
	// Name and Version are the other listing as the feed lists it.
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
	// Source is the registry whose listing disagrees; Reason says how.
	Source string `json:"source"`
	Reason string `json:"reason"`
	Page   string `json:"page"`
}

// Options configure the feed.
type Options struct {
	// BaseURL prefixes the page and badge links ("" = site-relative links).
	BaseURL string
}

// Routes registers the feed's routes on mux.
func Routes(mux *http.ServeMux, st store.Store, opts Options) {
	h := &handler{st: st, base: strings.TrimRight(opts.BaseURL, "/")}
	mux.HandleFunc("GET /v0.1/servers", h.list)
	mux.HandleFunc("GET /v0.1/servers/{rest...}", h.versions)
}

type handler struct {
	st   store.Store
	base string
}

const requestTimeout = 30 * time.Second

// EntryOf builds the entry of one stored scan.
func EntryOf(s store.Scan, latest bool, base string) Entry {
	e := Entry{
		Server: Server{Schema: ServerSchema, Name: s.Name, Version: s.Version, Description: describe(s),
			WebsiteURL: absolute(base, leaderboard.ServerPath(s.Name))},
		Meta: Meta{
			Official: Official{Status: "active", PublishedAt: s.FinishedAt, UpdatedAt: s.FinishedAt, IsLatest: latest},
			Scan: Scan{Status: s.Status, Reason: s.Reason, Scores: s.Scores, ScannerVersion: s.ScannerVersion,
				ScannedAt: s.FinishedAt, ServerDigest: s.ServerDigest, Tools: s.ToolCount, TotalTokens: s.TotalTokens,
				Findings: s.FindingCount, Sources: s.Sources, SweepID: s.SweepID,
				Page:    absolute(base, leaderboard.ServerPath(s.Name)),
				Badge:   absolute(base, "/api/badge/"+leaderboard.EscapeName(s.Name)),
				Receipt: absolute(base, leaderboard.JobReceiptPath(s.JobID))},
		},
	}
	if schema.Scored(s.Status, s.Scores) {
		v := s.Scores.MCPGauge
		e.Meta.Scan.Score = &v
		e.Meta.Scan.ScoringVersion = s.Scores.ScoringVersion
	} else {
		e.Meta.Scan.Scores = nil
	}
	return e
}

// withLinks adds the entry's conflicts and aliases from the store.
func (h *handler) withLinks(ctx context.Context, e *Entry) error {
	links, err := h.st.NameLinks(ctx, e.Server.Name)
	if err != nil {
		return err
	}
	for _, l := range links {
		if l.Kind == store.LinkConflict {
			e.Meta.Scan.Conflicts = append(e.Meta.Scan.Conflicts, Conflict{Name: l.OtherName, Version: l.OtherVersion,
				Source: l.Source, Reason: l.Reason, Page: absolute(h.base, leaderboard.ServerPath(l.OtherName))})
		} else {
			e.Meta.Scan.Aliases = append(e.Meta.Scan.Aliases, l.OtherName)
		}
	}
	return nil
}

func describe(s store.Scan) string {
	if s.Status == schema.StatusAuthRequired && schema.Scored(s.Status, s.Scores) {
		return fmt.Sprintf("mcpgauge score %.0f, %s", s.Scores.MCPGauge, schema.PreAuthNote)
	}
	if schema.Scored(s.Status, s.Scores) {
		return fmt.Sprintf("mcpgauge score %.0f: %d tools, %d tokens, %d findings", s.Scores.MCPGauge, s.ToolCount, s.TotalTokens, s.FindingCount)
	}
	return "not scanned by mcpgauge: " + strings.ReplaceAll(string(s.Status), "_", " ")
}

func absolute(base, path string) string { return base + path }

// cursor encodes the name a page ends at.
func cursor(name string) string { return base64.RawURLEncoding.EncodeToString([]byte(name)) }

func parseCursor(c string) (string, error) {
	if c == "" {
		return "", nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil || len(c) > 4096 {
		return "", fmt.Errorf("cursor %.40q is not one this feed made (use metadata.nextCursor)", c)
	}
	return string(raw), nil
}

// all returns the latest scan of every server, by name.
func (h *handler) all(ctx context.Context) ([]store.Scan, error) {
	lb, err := h.st.Leaderboard(ctx, store.LeaderboardQuery{Limit: 1 << 30})
	if err != nil {
		return nil, err
	}
	out := make([]store.Scan, 0, lb.Total)
	out = append(append(append(out, lb.Ranked...), lb.Unranked...), lb.Unscored...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

func (h *handler) list(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit := DefaultLimit
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxLimit {
			fail(w, http.StatusBadRequest, fmt.Errorf("limit %.40q: want a whole number from 1 to %d", v, MaxLimit))
			return
		}
		limit = n
	}
	after, err := parseCursor(q.Get("cursor"))
	if err != nil {
		fail(w, http.StatusBadRequest, err)
		return
	}
	var since time.Time
	if v := q.Get("updated_since"); v != "" {
		if since, err = time.Parse(time.RFC3339Nano, v); err != nil {
			fail(w, http.StatusBadRequest, fmt.Errorf("updated_since %.60q: want an RFC 3339 time", v))
			return
		}
	}
	if v := q.Get("version"); v != "" && v != "latest" {
		fail(w, http.StatusBadRequest, fmt.Errorf("version %.40q: only \"latest\" is supported on the list (use /v0.1/servers/{name}/versions)", v))
		return
	}
	search := strings.ToLower(q.Get("search"))
	ctx, cancel := context.WithTimeout(r.Context(), requestTimeout)
	defer cancel()
	scans, err := h.all(ctx)
	if err != nil {
		fail(w, http.StatusInternalServerError, fmt.Errorf("store: %w", err))
		return
	}
	page := Page{Servers: []Entry{}}
	for _, s := range scans {
		if s.Name <= after && after != "" {
			continue
		}
		if search != "" && !strings.Contains(strings.ToLower(s.Name), search) {
			continue
		}
		if !since.IsZero() && !s.FinishedAt.After(since) {
			continue
		}
		if len(page.Servers) == limit {
			page.Metadata.NextCursor = cursor(page.Servers[limit-1].Server.Name)
			break
		}
		page.Servers = append(page.Servers, EntryOf(s, true, h.base))
	}
	for i := range page.Servers {
		if err := h.withLinks(ctx, &page.Servers[i]); err != nil {
			fail(w, http.StatusInternalServerError, fmt.Errorf("store: %w", err))
			return
		}
	}
	page.Metadata.Count = len(page.Servers)
	writeJSON(w, http.StatusOK, page)
}

// versions serves /v0.1/servers/{name}/versions and
// /v0.1/servers/{name}/versions/{version} (the name path-escaped, as the
// registry's clients send it; "latest" names the latest version).
func (h *handler) versions(w http.ResponseWriter, r *http.Request) {
	rest := strings.TrimPrefix(r.URL.EscapedPath(), "/v0.1/servers/")
	var nameEsc, verEsc string
	list := false
	if n, ok := strings.CutSuffix(rest, "/versions"); ok {
		nameEsc, list = n, true
	} else if i := strings.LastIndex(rest, "/versions/"); i >= 0 {
		nameEsc, verEsc = rest[:i], rest[i+len("/versions/"):]
	} else {
		fail(w, http.StatusNotFound, errors.New("unknown path (want /v0.1/servers/{name}/versions[/{version}])"))
		return
	}
	name, err1 := url.PathUnescape(nameEsc)
	version, err2 := url.PathUnescape(verEsc)
	if err1 != nil || err2 != nil || name == "" || (!list && (version == "" || strings.Contains(verEsc, "/"))) {
		fail(w, http.StatusBadRequest, errors.New("malformed server name or version in the path"))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), requestTimeout)
	defer cancel()
	hist, err := h.st.History(ctx, name) // newest first
	if err != nil {
		fail(w, http.StatusInternalServerError, fmt.Errorf("store: %w", err))
		return
	}
	if len(hist) == 0 {
		fail(w, http.StatusNotFound, fmt.Errorf("server %q is not in the feed", name))
		return
	}
	// The latest scan of each version, newest version scan first.
	seen := map[string]bool{}
	var entries []Entry
	for i, s := range hist {
		if seen[s.Version] {
			continue
		}
		seen[s.Version] = true
		e := EntryOf(s, i == 0, h.base)
		if err := h.withLinks(ctx, &e); err != nil {
			fail(w, http.StatusInternalServerError, fmt.Errorf("store: %w", err))
			return
		}
		if !list && (version == s.Version || (version == "latest" && i == 0)) {
			writeJSON(w, http.StatusOK, e)
			return
		}
		entries = append(entries, e)
	}
	if !list {
		fail(w, http.StatusNotFound, fmt.Errorf("server %q has no scanned version %q", name, version))
		return
	}
	writeJSON(w, http.StatusOK, Page{Servers: entries, Metadata: Metadata{Count: len(entries)}})
}

type apiError struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	if code < 400 {
		w.Header().Set("Cache-Control", "public, max-age="+strconv.Itoa(leaderboard.CacheSeconds))
	}
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
}

func fail(w http.ResponseWriter, code int, err error) {
	writeJSON(w, code, apiError{Error: err.Error()})
}
