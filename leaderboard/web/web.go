// Package web is the board: server-rendered HTML pages over a store.Store
// (html/template, a small stylesheet of our own, SVG charts drawn in Go, no
// JavaScript). Every value that came from a registry, a server or a scan is
// escaped by html/template; the charts escape their labels themselves.
//
//	GET /                     the leaderboard (?by= ?registry= ?package_type= ?status= ?q= ?page=)
//	GET /servers/{name}       one server (also /server?name=NAME)
//	GET /ecosystem            what the last sweeps found across the registry
//	GET /rules, /rules/{id}   the lint rule catalogue
//	GET /sweeps               each sweep's counts, duration and throughput
package web

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static/style.css
var styleCSS []byte

// PageSize is the number of servers per board page.
const PageSize = 50

// MaxPage bounds ?page= (a page past the end is simply empty).
const MaxPage = 1_000_000

// Options configure the pages.
type Options struct {
	// BaseURL is the board's public URL, for the badge Markdown
	// ("" = http://HOST of the request).
	BaseURL string
	// Log receives render and store errors (nil: discarded).
	Log *slog.Logger
	// Rules is the lint rule catalogue the rule pages show and findings
	// link to (nil: no rule pages). The board does not import the linter:
	// whoever serves it passes the catalogue.
	Rules []Rule
}

// Rule is what the board shows of one lint rule.
type Rule struct {
	ID, Name, Family, Summary string
	// Default is the default profile's severity; Scope what findings
	// attach to; Origin the tool the rule comes from.
	Default, Scope, Origin string
	// Doc is the Markdown body of the rule's doc page.
	Doc string
}

// Routes registers the pages on mux (GET / catches every path no other
// route claims, answering 404 pages for unknown ones).
func Routes(mux *http.ServeMux, st store.Store, opts Options) {
	h := newHandler(st, opts)
	mux.HandleFunc("GET /{$}", h.board)
	mux.HandleFunc("GET /servers/{name...}", func(w http.ResponseWriter, r *http.Request) { h.server(w, r, r.PathValue("name")) })
	mux.HandleFunc("GET /server", func(w http.ResponseWriter, r *http.Request) { h.server(w, r, r.URL.Query().Get("name")) })
	mux.HandleFunc("GET /ecosystem", h.ecosystem)
	mux.HandleFunc("GET /rules", h.rulesIndex)
	mux.HandleFunc("GET /rules/{id}", h.rule)
	mux.HandleFunc("GET /sweeps", h.sweeps)
	mux.HandleFunc("GET /static/style.css", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=3600")
		_, _ = w.Write(styleCSS)
	})
	mux.HandleFunc("GET /", func(w http.ResponseWriter, r *http.Request) {
		h.fail(w, http.StatusNotFound, "There is no page at this address.")
	})
}

type handler struct {
	st    store.Store
	opts  Options
	tmpl  map[string]*template.Template
	rules map[string]Rule
}

var pages = []string{"board", "server", "ecosystem", "rules", "rule", "sweeps", "error"}

func newHandler(st store.Store, opts Options) *handler {
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
	}
	h := &handler{st: st, opts: opts, tmpl: map[string]*template.Template{}, rules: map[string]Rule{}}
	for _, r := range opts.Rules {
		h.rules[r.ID] = r
	}
	funcs := template.FuncMap{
		"serverPath":  leaderboard.ServerPath,
		"statusLabel": statusLabel,
		"partLabel":   partLabel,
		"partNote":    partNote,
		"part":        partValue,
		"preAuthNote": func() string { return schema.PreAuthNote },
		"score":       func(v float64) string { return trimFloat(v) },
		"scoreOpt":    scoreOpt,
		"join":        func(l []string) string { return strings.Join(l, ", ") },
		"date":        func(t time.Time) string { return t.UTC().Format("2006-01-02") },
		"datetime":    func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") },
		"clip":        clip,
		"short": func(s string) string {
			if len(s) > 12 {
				return s[:12]
			}
			return s
		},
		"story":     storyText,
		"wrapName":  wrapName,
		"codeSpans": codeSpans,
		"grade":     gradeOf,
		"scanGrade": scanGrade,
		"ruleKnown": func(id string) bool { _, ok := h.rules[id]; return ok },
		"ruleName":  func(id string) string { return h.rules[id].Name },
		"pct": func(n, of int) string {
			if of == 0 {
				return "–"
			}
			return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(of))
		},
	}
	for _, p := range pages {
		h.tmpl[p] = template.Must(template.New(p).Funcs(funcs).ParseFS(templateFS, "templates/layout.html", "templates/"+p+".html"))
	}
	return h
}

// scoreStory is the one score story's text (gauge/score), for the templates.
type scoreStory struct {
	Headline, CompatHeading, CompatWhy, ScoringDoc string
	ToolgaugeName, ToolgaugeMeasures               string
	QualityGateName, QualityGateMeasures           string
}

// storyText is the story the templates read through "story".
func storyText() scoreStory {
	return scoreStory{Headline: score.Headline, CompatHeading: score.CompatHeading, CompatWhy: score.CompatWhy, ScoringDoc: score.ScoringDoc,
		ToolgaugeName: score.ToolgaugeName, ToolgaugeMeasures: score.ToolgaugeMeasures,
		QualityGateName: score.QualityGateName, QualityGateMeasures: score.QualityGateMeasures}
}

// requestTimeout bounds the store work of one page.
const requestTimeout = 30 * time.Second

// render executes a page into a buffer first, so a failure mid-page is a
// clean 500 page rather than half a page.
func (h *handler) render(w http.ResponseWriter, page string, data any) {
	var buf bytes.Buffer
	if err := h.tmpl[page].ExecuteTemplate(&buf, page+".html", data); err != nil {
		h.opts.Log.Error("render", "page", page, "err", err)
		h.fail(w, http.StatusInternalServerError, "The page could not be rendered.")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age="+strconv.Itoa(leaderboard.CacheSeconds))
	_, _ = w.Write(buf.Bytes())
}

type errorPage struct {
	Title, Status, Message string
	Code                   int
}

func (h *handler) fail(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = h.tmpl["error"].ExecuteTemplate(w, "error.html", errorPage{Title: http.StatusText(code), Status: http.StatusText(code), Message: msg, Code: code})
}

func (h *handler) storeFail(w http.ResponseWriter, err error) {
	if errors.Is(err, store.ErrNotFound) {
		h.fail(w, http.StatusNotFound, "Not found.")
		return
	}
	h.opts.Log.Error("store", "err", err)
	h.fail(w, http.StatusInternalServerError, "The store could not answer; try again shortly.")
}

func statusLabel(s any) string {
	st := fmt.Sprint(s)
	switch schema.Status(st) {
	case schema.StatusOK:
		return "ok"
	case "":
		return "not scanned"
	}
	for _, known := range schema.Statuses() {
		if string(known) == st {
			return strings.ReplaceAll(st, "_", " ")
		}
	}
	return "not scanned (" + strings.ReplaceAll(st, "_", " ") + ")"
}

// partNote is the one line a compatibility score's column carries ("" for
// the mcpgauge score and its parts).
func partNote(p schema.ScorePart) string {
	switch p {
	case schema.PartToolgauge:
		return score.CompatHeading + ": " + score.ToolgaugeMeasures
	case schema.PartQualityGate:
		return score.CompatHeading + ": " + score.QualityGateMeasures
	}
	return ""
}

func partLabel(p schema.ScorePart) string {
	switch p {
	case schema.PartQualityGate:
		return "quality gate"
	case schema.PartMCPGauge:
		return "mcpgauge"
	}
	return string(p)
}

// scoreOpt prints a part that may not have been measured ("–" when absent).
func scoreOpt(v *float64) string {
	if v == nil {
		return "–"
	}
	return trimFloat(*v)
}

// partValue is a scan's part as the board prints it ("–" when absent).
func partValue(s store.Scan, p schema.ScorePart) string {
	v, ok := schema.RankValue(s.Status, s.Scores, p)
	if !ok {
		return "–"
	}
	return trimFloat(v)
}

// boardPage is the data of the board.
type boardPage struct {
	Title                              string
	Q                                  store.LeaderboardQuery
	By                                 schema.ScorePart
	Parts                              []schema.ScorePart
	Registries, PackageTypes, Statuses []string
	Ranked, Unranked, Unscored         []store.Scan
	Total, RankedTotal, UnrankedTotal  int
	UnscoredTotal                      int
	Filtered                           bool
	SortURL                            map[schema.ScorePart]string
	Page, Pages                        int
	PrevURL, NextURL                   string
}

func (h *handler) board(w http.ResponseWriter, r *http.Request) {
	v := r.URL.Query()
	q := store.LeaderboardQuery{Registry: v.Get("registry"), PackageType: v.Get("package_type"), Search: v.Get("q"), Limit: PageSize}
	var err error
	if q.By, err = schema.ParseScorePart(v.Get("by")); err != nil {
		h.fail(w, http.StatusBadRequest, err.Error())
		return
	}
	if s := v.Get("status"); s != "" {
		if q.Status, err = schema.ParseStatus(s); err != nil {
			h.fail(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	if len(q.Search) > leaderboard.MaxSearch || len(q.Registry) > 200 || len(q.PackageType) > 200 {
		h.fail(w, http.StatusBadRequest, "A search or filter value is too long.")
		return
	}
	page := 1
	if p := v.Get("page"); p != "" {
		if page, err = strconv.Atoi(p); err != nil || page < 1 || page > MaxPage {
			h.fail(w, http.StatusBadRequest, fmt.Sprintf("page %.40q: want a whole number from 1 to %d", p, MaxPage))
			return
		}
	}
	q.Offset = (page - 1) * PageSize
	ctx, cancel := context.WithTimeout(r.Context(), requestTimeout)
	defer cancel()
	lb, err := h.st.Leaderboard(ctx, q)
	if err != nil {
		h.storeFail(w, err)
		return
	}
	d := boardPage{Title: "Leaderboard", Q: q, By: lb.By, Parts: schema.ScoreParts(),
		Registries:   withCurrent([]string{"official", "pulsemcp", "smithery", "glama", "docker"}, q.Registry),
		PackageTypes: withCurrent([]string{"npm", "pypi", "oci", "remote"}, q.PackageType),
		Ranked:       lb.Ranked, Unranked: lb.Unranked, Unscored: lb.Unscored,
		Total: lb.Total, RankedTotal: lb.RankedTotal, UnrankedTotal: lb.UnrankedTotal, UnscoredTotal: lb.UnscoredTotal,
		Filtered: q.Registry != "" || q.PackageType != "" || q.Status != "" || q.Search != "",
		SortURL:  map[schema.ScorePart]string{}, Page: page}
	for _, l := range [][]store.Scan{lb.Ranked, lb.Unranked, lb.Unscored} {
		for _, s := range l {
			for _, src := range s.Sources {
				d.Registries = withCurrent(d.Registries, src)
			}
		}
	}
	for _, s := range schema.Statuses() {
		d.Statuses = append(d.Statuses, string(s))
	}
	for _, p := range d.Parts {
		d.SortURL[p] = boardURL(v, "by", string(p))
	}
	longest := max(lb.RankedTotal, lb.UnrankedTotal, lb.UnscoredTotal)
	d.Pages = max(1, (longest+PageSize-1)/PageSize)
	if page > 1 {
		d.PrevURL = boardURL(v, "page", strconv.Itoa(page-1))
	}
	if page < d.Pages {
		d.NextURL = boardURL(v, "page", strconv.Itoa(page+1))
	}
	h.render(w, "board", d)
}

// boardURL is the board with the request's parameters, key set to val
// (a new ranking starts at page 1).
func boardURL(v url.Values, key, val string) string {
	out := url.Values{}
	for _, k := range []string{"q", "by", "registry", "package_type", "status", "page"} {
		if x := v.Get(k); x != "" {
			out.Set(k, x)
		}
	}
	out.Set(key, val)
	if key == "by" {
		out.Del("page")
	}
	return "/?" + out.Encode()
}

func withCurrent(known []string, cur string) []string {
	if cur == "" {
		return known
	}
	for _, k := range known {
		if k == cur {
			return known
		}
	}
	return append(known, cur)
}
