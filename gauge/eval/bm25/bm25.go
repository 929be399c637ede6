// Package bm25 is an Okapi BM25 index over short documents (tool names,
// descriptions and parameter text), used to measure tool-search
// findability without a model: given a user prompt, where does the tool
// it was meant for rank among a pool of tools?
package bm25

import (
	"math"
	"sort"
	"sync"
	"unicode"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Default BM25 parameters (Lucene's).
const (
	DefaultK1 = 1.2
	DefaultB  = 0.75
)

type posting struct {
	doc int32
	tf  float32
}

// Index is an in-memory BM25 index. Build it with Add, then Search; Add
// after Search is allowed (statistics are recomputed lazily). An Index is
// not safe for concurrent Add; concurrent Search calls are safe once built.
type Index struct {
	K1, B    float64
	ids      []string
	lens     []float32
	postings map[string][]posting
	totalLen float64
	idf      map[string]float64
	norm     []float64
	pool     sync.Pool
	dirty    bool
}

// scratch is a per-search dense score array plus the list of touched docs.
type scratch struct {
	score   []float64
	touched []int32
}

// New returns an empty index with the default parameters.
func New() *Index {
	return &Index{K1: DefaultK1, B: DefaultB, postings: map[string][]posting{}, dirty: true}
}

// Len is the number of documents.
func (ix *Index) Len() int { return len(ix.ids) }

// ID returns the id of document i.
func (ix *Index) ID(i int) string { return ix.ids[i] }

// Tokenize splits text into index terms: alphanumeric runs, each split
// into identifier tokens (snake_case, camelCase, digits), lowercased,
// stopwords and 1-character tokens dropped, singularised.
func Tokenize(s string) []string {
	var out []string
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		for _, t := range text.IdentifierTokens(s[start:end]) {
			if len(t) <= 1 || text.IsStopword(t) {
				continue
			}
			out = append(out, text.Singular(t))
		}
		start = -1
	}
	for i, r := range s {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
	}
	flush(len(s))
	return out
}

// Add indexes a document and returns its number.
func (ix *Index) Add(id, doc string) int { return ix.AddTerms(id, Tokenize(doc)) }

// AddTerms indexes a document already split by Tokenize and returns its
// number.
func (ix *Index) AddTerms(id string, terms []string) int { return ix.AddDoc(id, Count(terms)) }

// Doc is a document tokenized and counted once, to be added to many
// indexes cheaply.
type Doc struct {
	// Terms are the distinct terms, TF their counts (same order).
	Terms []string
	TF    []float32
	// Len is the number of terms with repeats.
	Len int
}

// Count turns Tokenize's output into a Doc.
func Count(terms []string) Doc {
	d := Doc{Len: len(terms)}
	at := make(map[string]int, len(terms))
	for _, t := range terms {
		if i, ok := at[t]; ok {
			d.TF[i]++
			continue
		}
		at[t] = len(d.Terms)
		d.Terms = append(d.Terms, t)
		d.TF = append(d.TF, 1)
	}
	return d
}

// AddDoc indexes a counted document and returns its number.
func (ix *Index) AddDoc(id string, d Doc) int {
	n := int32(len(ix.ids))
	ix.ids = append(ix.ids, id)
	for i, t := range d.Terms {
		ix.postings[t] = append(ix.postings[t], posting{doc: n, tf: d.TF[i]})
	}
	ix.lens = append(ix.lens, float32(d.Len))
	ix.totalLen += float64(d.Len)
	ix.dirty = true
	return int(n)
}

// Finish precomputes the statistics; Search calls it when needed, but
// calling it once after building makes concurrent searches safe.
func (ix *Index) Finish() {
	if !ix.dirty {
		return
	}
	n := float64(len(ix.ids))
	ix.idf = make(map[string]float64, len(ix.postings))
	for t, ps := range ix.postings {
		df := float64(len(ps))
		ix.idf[t] = math.Log(1 + (n-df+0.5)/(df+0.5))
	}
	avgdl := ix.totalLen / n
	if avgdl == 0 {
		avgdl = 1
	}
	ix.norm = make([]float64, len(ix.lens))
	for i, l := range ix.lens {
		ix.norm[i] = ix.K1 * (1 - ix.B + ix.B*float64(l)/avgdl)
	}
	size := len(ix.ids)
	ix.pool = sync.Pool{New: func() any { return &scratch{score: make([]float64, size)} }}
	ix.dirty = false
}

// Hit is one search result.
type Hit struct {
	Doc   int
	ID    string
	Score float64
}

// Search returns the k best documents for the query, best first; ties go
// to the earlier-added document. k <= 0 returns every matching document.
func (ix *Index) Search(query string, k int) []Hit {
	sc := ix.scores(query)
	if sc == nil {
		return nil
	}
	defer ix.release(sc)
	if len(sc.touched) == 0 {
		return nil
	}
	hits := make([]Hit, 0, min(len(sc.touched), max(k, 0)+1))
	if k <= 0 {
		hits = make([]Hit, 0, len(sc.touched))
	}
	less := func(a, b Hit) bool {
		if a.Score != b.Score {
			return a.Score > b.Score
		}
		return a.Doc < b.Doc
	}
	if k > 0 {
		// Partial selection: keep the k best with a small insertion buffer.
		top := hits
		for _, d := range sc.touched {
			h := Hit{Doc: int(d), Score: sc.score[d]}
			if len(top) < k {
				top = append(top, h)
				for i := len(top) - 1; i > 0 && less(top[i], top[i-1]); i-- {
					top[i], top[i-1] = top[i-1], top[i]
				}
				continue
			}
			if !less(h, top[k-1]) {
				continue
			}
			top[k-1] = h
			for i := k - 1; i > 0 && less(top[i], top[i-1]); i-- {
				top[i], top[i-1] = top[i-1], top[i]
			}
		}
		hits = top
	} else {
		for _, d := range sc.touched {
			hits = append(hits, Hit{Doc: int(d), Score: sc.score[d]})
		}
		sort.Slice(hits, func(i, j int) bool { return less(hits[i], hits[j]) })
	}
	for i := range hits {
		hits[i].ID = ix.ids[hits[i].Doc]
	}
	return hits
}

func (ix *Index) scores(query string) *scratch {
	ix.Finish()
	if len(ix.ids) == 0 {
		return nil
	}
	sc := ix.pool.Get().(*scratch)
	seen := map[string]bool{}
	for _, t := range Tokenize(query) {
		if seen[t] {
			continue
		}
		seen[t] = true
		ps := ix.postings[t]
		if len(ps) == 0 {
			continue
		}
		idf := ix.idf[t]
		k1 := ix.K1 + 1
		for _, p := range ps {
			tf := float64(p.tf)
			if sc.score[p.doc] == 0 {
				sc.touched = append(sc.touched, p.doc)
			}
			sc.score[p.doc] += idf * tf * k1 / (tf + ix.norm[p.doc])
		}
	}
	return sc
}

func (ix *Index) release(sc *scratch) {
	for _, d := range sc.touched {
		sc.score[d] = 0
	}
	sc.touched = sc.touched[:0]
	ix.pool.Put(sc)
}

// Rank is the 1-based rank of document doc for the query (ties broken as
// in Search), or 0 when the document shares no term with the query. It
// also returns the best-ranked document (-1 when nothing matched).
func (ix *Index) Rank(query string, doc int) (rank, top int) { return ix.rank(query, doc, false) }

// RankFavour is Rank with ties counted in the document's favour: its rank is
// 1 + the number of documents scoring strictly higher, and top is doc itself
// when no document beats it. Use it when the document is the one a prompt
// was written for and an identical copy elsewhere should not count as
// beating it.
func (ix *Index) RankFavour(query string, doc int) (rank, top int) { return ix.rank(query, doc, true) }

func (ix *Index) rank(query string, doc int, favour bool) (rank, top int) {
	sc := ix.scores(query)
	top = -1
	if sc == nil {
		return 0, top
	}
	defer ix.release(sc)
	var topScore float64
	for _, d := range sc.touched {
		s := sc.score[d]
		if top < 0 || s > topScore || (s == topScore && int(d) < top) {
			top, topScore = int(d), s
		}
	}
	if doc < 0 || doc >= len(sc.score) || sc.score[doc] == 0 {
		return 0, top
	}
	target := sc.score[doc]
	rank = 1
	for _, d := range sc.touched {
		s := sc.score[d]
		if s > target || (!favour && s == target && int(d) < doc) {
			rank++
		}
	}
	if favour && rank == 1 {
		top = doc
	}
	return rank, top
}
