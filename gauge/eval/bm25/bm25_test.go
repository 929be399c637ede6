package bm25_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/eval/bm25"
)

func TestTokenize(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"searchUsers by e-mail":          "search user mail",
		"get_user_profile(user_id)":      "user profile user id", // "get" is a stopword
		"The HTTPServer's 2 addresses":   "http server address",
		"Ünïcode splits words: café bar": "code split word caf bar",
	}
	for in, want := range cases {
		if got := strings.Join(bm25.Tokenize(in), " "); got != want {
			t.Errorf("Tokenize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSearchRanksTheMatchingDocument(t *testing.T) {
	t.Parallel()
	ix := bm25.New()
	docs := []struct{ id, text string }{
		{"search_users", "search_users Find people in the directory by name or email address."},
		{"search_orgs", "search_orgs Find organizations in the directory by name."},
		{"create_ticket", "create_ticket Open a support ticket for a user with a priority."},
		{"archive_ticket", "archive_ticket Archive a closed support ticket so it no longer shows up."},
		{"weather", "get_weather Current weather for a city."},
	}
	for _, d := range docs {
		ix.Add(d.id, d.text)
	}
	cases := []struct{ query, want string }{
		{"look up the person whose email is jane@example.com", "search_users"},
		{"which organizations are in our directory", "search_orgs"},
		{"open a ticket, it's urgent", "create_ticket"},
		{"what's the weather in Lisbon", "weather"},
	}
	for _, c := range cases {
		hits := ix.Search(c.query, 3)
		if len(hits) == 0 || hits[0].ID != c.want {
			t.Errorf("%q: top hits %v, want %s first", c.query, hits, c.want)
		}
		doc := -1
		for i := 0; i < ix.Len(); i++ {
			if ix.ID(i) == c.want {
				doc = i
			}
		}
		if r, top := ix.Rank(c.query, doc); r != 1 || ix.ID(top) != c.want {
			t.Errorf("%q: Rank = %d (top %d), want 1", c.query, r, top)
		}
	}
	if hits := ix.Search("zzzz qqqq", 5); len(hits) != 0 {
		t.Errorf("no shared term should give no hits, got %v", hits)
	}
	if r, top := ix.Rank("zzzz", 0); r != 0 || top != -1 {
		t.Errorf("Rank with no match = %d,%d", r, top)
	}
}

func TestRankAgreesWithSearch(t *testing.T) {
	t.Parallel()
	ix, queries := synthetic(2000, 50, 7)
	for _, q := range queries {
		all := ix.Search(q, 0)
		top5 := ix.Search(q, 5)
		for i := range top5 {
			if top5[i] != all[i] {
				t.Fatalf("top-k selection disagrees with full sort at %d for %q", i, q)
			}
		}
		for i, h := range all {
			if i > 30 {
				break
			}
			if r, _ := ix.Rank(q, h.Doc); r != i+1 {
				t.Fatalf("Rank(%q, %d) = %d, want %d", q, h.Doc, r, i+1)
			}
		}
	}
}

// synthetic builds n tools from a seeded vocabulary and q queries.
func synthetic(n, q int, seed uint64) (*bm25.Index, []string) {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	vocab := make([]string, 3000)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("w%x%c", i, 'a'+rune(i%26))
	}
	verbs := []string{"get", "list", "search", "create", "update", "delete", "export", "sync", "archive", "send"}
	word := func() string {
		// Zipf-like: low indexes are common.
		return vocab[int(float64(len(vocab))*r.Float64()*r.Float64())]
	}
	ix := bm25.New()
	for i := 0; i < n; i++ {
		var b strings.Builder
		fmt.Fprintf(&b, "%s_%s_%d ", verbs[r.IntN(len(verbs))], word(), i)
		for j := 0; j < 15+r.IntN(25); j++ {
			b.WriteString(word() + " ")
		}
		ix.Add(fmt.Sprintf("tool%d", i), b.String())
	}
	ix.Finish()
	queries := make([]string, q)
	for i := range queries {
		var b strings.Builder
		for j := 0; j < 6+r.IntN(10); j++ {
			b.WriteString(word() + " ")
		}
		queries[i] = b.String()
	}
	return ix, queries
}

// BenchmarkSearch20k: one prompt against 20,000 synthetic tools (top 5).
func BenchmarkSearch20k(b *testing.B) {
	ix, queries := synthetic(20000, 256, 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ix.Search(queries[i%len(queries)], 5)
	}
}

// BenchmarkRank20k: the rank of one document for one prompt among 20,000 tools.
func BenchmarkRank20k(b *testing.B) {
	ix, queries := synthetic(20000, 256, 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ix.Rank(queries[i%len(queries)], i%ix.Len())
	}
}

// TestRankFavour: an identical copy of the document does not beat it, a
// better match does, and AddTerms indexes exactly what Add does.
func TestRankFavour(t *testing.T) {
	t.Parallel()
	text := "search_books Search the library catalogue by title or author."
	ix := bm25.New()
	ix.Add("other/search_books", text)                          // 0: an identical copy, added first
	own := ix.AddTerms("own/search_books", bm25.Tokenize(text)) // 1
	ix.Add("weather", "get_weather Current weather for a city.")
	q := "search the catalogue for books by Dickens"
	if r, top := ix.Rank(q, own); r != 2 || top != 0 {
		t.Errorf("Rank = %d (top %d): ties go to the earlier document, want 2 (top 0)", r, top)
	}
	if r, top := ix.RankFavour(q, own); r != 1 || top != own {
		t.Errorf("RankFavour = %d (top %d), want 1 (top %d)", r, top, own)
	}
	better := ix.Add("better/find_books", "search_books search books catalogue catalogue books Dickens")
	if r, top := ix.RankFavour(q, own); r != 2 || top != better { // the tied copy still does not count
		t.Errorf("with a better match: RankFavour = %d (top %d), want 2 (top %d)", r, top, better)
	}
	if r, top := ix.RankFavour("zzzz", own); r != 0 || top != -1 {
		t.Errorf("no shared term: RankFavour = %d,%d", r, top)
	}
}
