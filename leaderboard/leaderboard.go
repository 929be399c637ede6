// Package leaderboard is the read side of mcpgauge: an HTTP JSON API over
// a store.Store (the leaderboard, a server's history, rug pulls, ecosystem
// reports) and a shields.io endpoint badge. It never writes scans. Every
// answer goes through Cached (ETag, CORS, errors never cached).
//
//	GET /api/leaderboard?by=PART&registry=SRC&status=STATUS&package_type=T&q=TEXT&limit=N&cursor=C
//	GET /api/servers/{name}/history
//	GET /api/servers/{name}/findings    the latest scan's findings
//	GET /api/servers/{name}/compliance  the latest scan's compliance results
//	GET /api/badge/{name}            shields.io endpoint JSON
//	GET /api/rugpulls?name=NAME&limit=N
//	GET /api/ecosystem?sweep=ID&name=NAME&limit=N
package leaderboard

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// MaxLimit bounds the limit a client may ask for.
const MaxLimit = 1000

// Row is one server in a leaderboard or history, as the API shows it.
type Row struct {
	Rank         int            `json:"rank,omitempty"`
	Name         string         `json:"name"`
	Version      string         `json:"version"`
	Status       schema.Status  `json:"status"`
	Reason       string         `json:"reason,omitempty"`
	Value        *float64       `json:"value,omitempty"`
	Scores       *schema.Scores `json:"scores,omitempty"`
	Sources      []string       `json:"sources,omitempty"`
	PackageType  string         `json:"package_type,omitempty"`
	Tools        int            `json:"tools"`
	TotalTokens  int            `json:"total_tokens"`
	Findings     int            `json:"findings"`
	ServerDigest string         `json:"server_digest,omitempty"`
	SweepID      string         `json:"sweep_id"`
	JobID        string         `json:"job_id"`
	ScannedAt    time.Time      `json:"scanned_at"`
}

// Board is the leaderboard response.
type Board struct {
	By       schema.ScorePart `json:"by"`
	Total    int              `json:"total"`
	Ranked   []Row            `json:"ranked"`
	Unranked []Row            `json:"unranked"`
	// Unscored are servers that could not be scanned: never given a score.
	Unscored []Row `json:"unscored"`
	// RankedTotal, UnrankedTotal and UnscoredTotal count each list over
	// every page.
	RankedTotal   int `json:"ranked_total"`
	UnrankedTotal int `json:"unranked_total"`
	UnscoredTotal int `json:"unscored_total"`
	// NextCursor fetches the next page of every list (absent on the last).
	NextCursor string `json:"next_cursor,omitempty"`
}

// RowOf converts a stored scan.
func RowOf(s store.Scan, ranked bool) Row {
	r := Row{Rank: s.Rank, Name: s.Name, Version: s.Version, Status: s.Status, Reason: s.Reason, Scores: s.Scores,
		Sources: s.Sources, PackageType: s.PackageType, Tools: s.ToolCount, TotalTokens: s.TotalTokens,
		Findings: s.FindingCount, ServerDigest: s.ServerDigest, SweepID: s.SweepID, JobID: s.JobID, ScannedAt: s.FinishedAt}
	if ranked {
		v := s.Value
		r.Value = &v
	}
	return r
}

// BoardOf converts a stored leaderboard.
func BoardOf(lb store.Leaderboard) Board {
	b := Board{By: lb.By, Total: lb.Total, Ranked: []Row{}, Unranked: []Row{}, Unscored: []Row{},
		RankedTotal: lb.RankedTotal, UnrankedTotal: lb.UnrankedTotal, UnscoredTotal: lb.UnscoredTotal}
	for _, s := range lb.Ranked {
		b.Ranked = append(b.Ranked, RowOf(s, true))
	}
	for _, s := range lb.Unranked {
		b.Unranked = append(b.Unranked, RowOf(s, false))
	}
	for _, s := range lb.Unscored {
		b.Unscored = append(b.Unscored, RowOf(s, false))
	}
	return b
}

// Handler serves the API over st, through Cached.
func Handler(st store.Store) http.Handler {
	mux := http.NewServeMux()
	Routes(mux, st)
	return Cached(mux)
}

// Routes registers the API's routes (under /api/) on mux, unwrapped, for a
// site that serves more than the API and wraps the whole.
func Routes(mux *http.ServeMux, st store.Store) {
	h := &handler{st: st}
	mux.HandleFunc("GET /api/leaderboard", h.leaderboard)
	mux.HandleFunc("GET /api/servers/{rest...}", h.server)
	mux.HandleFunc("GET /api/badge/{name...}", h.badge)
	mux.HandleFunc("GET /api/rugpulls", h.rugpulls)
	mux.HandleFunc("GET /api/ecosystem", h.ecosystem)
	mux.HandleFunc("GET "+ReceiptKeyPath, h.receiptKey)
	mux.HandleFunc("GET /api/receipts/{job}", h.jobReceipt)
}

type handler struct{ st store.Store }

type apiError struct {
	Error string `json:"error"`
}

// CacheSeconds is how long a client or proxy may keep a good answer.
const CacheSeconds = 60

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	if code < 400 {
		w.Header().Set("Cache-Control", "public, max-age="+strconv.Itoa(CacheSeconds))
	} else {
		w.Header().Set("Cache-Control", "no-store")
	}
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
}

func fail(w http.ResponseWriter, code int, err error) {
	writeJSON(w, code, apiError{Error: err.Error()})
}

func storeFail(w http.ResponseWriter, err error) {
	if errors.Is(err, store.ErrNotFound) {
		fail(w, http.StatusNotFound, err)
		return
	}
	fail(w, http.StatusInternalServerError, fmt.Errorf("store: %w", err))
}

func limitParam(r *http.Request) (int, error) {
	v := r.URL.Query().Get("limit")
	if v == "" {
		return store.DefaultLimit, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > MaxLimit {
		return 0, fmt.Errorf("limit %q: want a whole number from 1 to %d", v, MaxLimit)
	}
	return n, nil
}

// ParseQuery reads a leaderboard query from URL parameters.
func ParseQuery(r *http.Request) (store.LeaderboardQuery, error) {
	q := r.URL.Query()
	by, err := schema.ParseScorePart(q.Get("by"))
	if err != nil {
		return store.LeaderboardQuery{}, err
	}
	var st schema.Status
	if s := q.Get("status"); s != "" {
		if st, err = schema.ParseStatus(s); err != nil {
			return store.LeaderboardQuery{}, err
		}
	}
	limit, err := limitParam(r)
	if err != nil {
		return store.LeaderboardQuery{}, err
	}
	off, err := ParseCursor(q.Get("cursor"))
	if err != nil {
		return store.LeaderboardQuery{}, err
	}
	search := q.Get("q")
	if len(search) > MaxSearch {
		return store.LeaderboardQuery{}, fmt.Errorf("q: %d bytes is longer than %d", len(search), MaxSearch)
	}
	return store.LeaderboardQuery{By: by, Registry: q.Get("registry"), Status: st, PackageType: q.Get("package_type"),
		Search: search, Limit: limit, Offset: off}, nil
}

// MaxSearch bounds a name search, in bytes.
const MaxSearch = 200

// MaxOffset bounds how far a cursor may page (far beyond any registry).
const MaxOffset = 10_000_000

// Cursor is the opaque cursor of the page that starts at offset.
func Cursor(offset int) string {
	return base64.RawURLEncoding.EncodeToString([]byte("o:" + strconv.Itoa(offset)))
}

// ParseCursor returns the offset a cursor names ("" = 0), or an error
// for a cursor this server did not make.
func ParseCursor(c string) (int, error) {
	if c == "" {
		return 0, nil
	}
	bad := fmt.Errorf("cursor %.40q is not one this server made (use next_cursor from a previous page)", c)
	if len(c) > 40 {
		return 0, bad
	}
	raw, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return 0, bad
	}
	n, ok := strings.CutPrefix(string(raw), "o:")
	if !ok {
		return 0, bad
	}
	off, err := strconv.Atoi(n)
	if err != nil || off < 0 || off > MaxOffset {
		return 0, bad
	}
	return off, nil
}

// NextCursor is the cursor after a page of lb fetched with q, or "" when
// every list has ended.
func NextCursor(lb store.Leaderboard, q store.LeaderboardQuery) string {
	next := q.Offset + limitOr(q.Limit)
	if next >= max(lb.RankedTotal, lb.UnrankedTotal, lb.UnscoredTotal) {
		return ""
	}
	return Cursor(next)
}

func limitOr(n int) int {
	if n <= 0 {
		return store.DefaultLimit
	}
	return n
}

// requestTimeout bounds the store work of one request.
const requestTimeout = 30 * time.Second

// answer runs fetch under the request's deadline and writes its value as
// JSON, or its error through storeFail.
func answer[T any](w http.ResponseWriter, r *http.Request, fetch func(context.Context) (T, error)) {
	ctx, cancel := context.WithTimeout(r.Context(), requestTimeout)
	defer cancel()
	v, err := fetch(ctx)
	if err != nil {
		storeFail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

func (h *handler) leaderboard(w http.ResponseWriter, r *http.Request) {
	q, err := ParseQuery(r)
	if err != nil {
		fail(w, http.StatusBadRequest, err)
		return
	}
	answer(w, r, func(ctx context.Context) (Board, error) {
		lb, err := h.st.Leaderboard(ctx, q)
		b := BoardOf(lb)
		b.NextCursor = NextCursor(lb, q)
		return b, err
	})
}

// History is the history response.
type History struct {
	Name  string `json:"name"`
	Scans []Row  `json:"scans"`
}

// Latest is the latest scan of a server with its findings or compliance
// results (whichever the path asked for).
type Latest struct {
	Name       string                    `json:"name"`
	Scan       Row                       `json:"scan"`
	Findings   []schema.Finding          `json:"findings,omitempty"`
	Compliance []schema.ComplianceResult `json:"compliance,omitempty"`
}

func (h *handler) server(w http.ResponseWriter, r *http.Request) {
	rest := r.PathValue("rest")
	for _, part := range []string{"findings", "compliance"} {
		if name, ok := strings.CutSuffix(rest, "/"+part); ok && name != "" {
			answer(w, r, func(ctx context.Context) (Latest, error) {
				return h.latest(ctx, name, part)
			})
			return
		}
	}
	if name, ok := strings.CutSuffix(rest, "/receipt"); ok && name != "" {
		h.receipt(w, r, name)
		return
	}
	name, ok := strings.CutSuffix(rest, "/history")
	if !ok || name == "" {
		fail(w, http.StatusNotFound, fmt.Errorf("unknown path %q (want /api/servers/{name}/history, /findings, /compliance or /receipt)", r.URL.Path))
		return
	}
	answer(w, r, func(ctx context.Context) (History, error) {
		scans, err := h.st.History(ctx, name)
		if err == nil && len(scans) == 0 {
			err = noScans(name)
		}
		out := History{Name: name, Scans: []Row{}}
		for _, s := range scans {
			out.Scans = append(out.Scans, RowOf(s, false))
		}
		return out, err
	})
}

// latest reads the latest scan of name and, for part "findings" or
// "compliance", that part of its stored result.
func (h *handler) latest(ctx context.Context, name, part string) (Latest, error) {
	scans, err := h.st.History(ctx, name)
	if err != nil {
		return Latest{}, err
	}
	if len(scans) == 0 {
		return Latest{}, noScans(name)
	}
	out := Latest{Name: name, Scan: RowOf(scans[0], false)}
	switch part {
	case "findings":
		fs, err := h.st.Findings(ctx, scans[0].JobID)
		if err != nil {
			return Latest{}, err
		}
		out.Findings = append([]schema.Finding{}, fs...)
	default:
		res, err := h.st.Result(ctx, scans[0].JobID)
		if err != nil {
			return Latest{}, err
		}
		out.Compliance = append([]schema.ComplianceResult{}, res.Compliance...)
	}
	return out, nil
}

// noScans is the error for a server with no stored scan; it is a
// store.ErrNotFound, so storeFail answers 404.
type noScans string

func (n noScans) Error() string { return fmt.Sprintf("no scans of server %q", string(n)) }

func (noScans) Is(target error) bool { return target == store.ErrNotFound }

// Badge is a shields.io endpoint response
// (https://shields.io/badges/endpoint-badge).
type Badge struct {
	SchemaVersion int    `json:"schemaVersion"`
	Label         string `json:"label"`
	Message       string `json:"message"`
	Color         string `json:"color"`
	IsError       bool   `json:"isError,omitempty"`
	// CacheSeconds tells shields.io how long to keep the badge.
	CacheSeconds int `json:"cacheSeconds,omitempty"`
}

// BadgeCacheSeconds is the badge's cacheSeconds: scans change nightly.
const BadgeCacheSeconds = 3600

// BadgeFor returns the badge of a server's latest scan (nil: never scanned).
func BadgeFor(s *store.Scan) Badge {
	b := Badge{SchemaVersion: 1, Label: "mcpgauge", CacheSeconds: BadgeCacheSeconds}
	switch {
	case s == nil:
		b.Message, b.Color, b.IsError = "not scanned", "lightgrey", true
	case !schema.Scored(s.Status, s.Scores):
		b.Message, b.Color = strings.ReplaceAll(string(s.Status), "_", " "), "lightgrey"
	default:
		v := int(math.Round(s.Scores.MCPGauge))
		b.Message, b.Color = strconv.Itoa(v), score.BandOf(float64(v)).Color
	}
	return b
}

func (h *handler) badge(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	answer(w, r, func(ctx context.Context) (Badge, error) {
		scans, err := h.st.History(ctx, name) // newest first
		var latest *store.Scan
		if len(scans) > 0 {
			latest = &scans[0]
		}
		return BadgeFor(latest), err
	})
}

// RugPull is one rug pull as the API shows it.
type RugPull struct {
	Name    string   `json:"name"`
	Version string   `json:"version"`
	Before  Row      `json:"before"`
	After   Row      `json:"after"`
	Added   []string `json:"added"`
	Removed []string `json:"removed"`
	Changed []string `json:"changed"`
}

func (h *handler) rugpulls(w http.ResponseWriter, r *http.Request) {
	limit, err := limitParam(r)
	if err != nil {
		fail(w, http.StatusBadRequest, err)
		return
	}
	answer(w, r, func(ctx context.Context) ([]RugPull, error) {
		pulls, err := h.st.RugPulls(ctx, store.RugPullQuery{Name: r.URL.Query().Get("name"), Limit: limit})
		out := []RugPull{}
		for _, p := range pulls {
			out = append(out, RugPull{Name: p.Name, Version: p.Version, Before: RowOf(p.Before, false), After: RowOf(p.After, false),
				Added: nonNil(p.Added), Removed: nonNil(p.Removed), Changed: nonNil(p.Changed)})
		}
		return out, err
	})
}

// ecosystem serves the ecosystem reports of a sweep (?sweep=, default the
// latest with a pass; ?name= for one server; ?limit=), as stored.
func (h *handler) ecosystem(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit, err := limitParam(r)
	if err != nil {
		fail(w, http.StatusBadRequest, err)
		return
	}
	if id := q.Get("sweep"); id != "" {
		if err := schema.ValidSweepID(id); err != nil {
			fail(w, http.StatusBadRequest, err)
			return
		}
	}
	answer(w, r, func(ctx context.Context) ([]schema.EcosystemReport, error) {
		reps, err := h.st.Ecosystem(ctx, store.EcosystemQuery{SweepID: q.Get("sweep"), Name: q.Get("name"), Limit: limit})
		if reps == nil {
			reps = []schema.EcosystemReport{}
		}
		return reps, err
	})
}

func nonNil(ss []string) []string {
	if ss == nil {
		return []string{}
	}
	return ss
}
