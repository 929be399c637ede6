package text

import (
	"reflect"
	"strings"
	"testing"
)

func TestIdentifierTokens(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want []string
	}{
		{"search_users", []string{"search", "users"}},
		{"searchUsers", []string{"search", "users"}},
		{"search-users", []string{"search", "users"}},
		{"HTTPServer", []string{"http", "server"}},
		{"ticket2", []string{"ticket", "2"}},
		{"doStuff", []string{"do", "stuff"}},
		{"getURL", []string{"get", "url"}},
		{"URLs", []string{"ur", "ls"}}, // upstream's regex: the run minus its last capital
		{"A", []string{"a"}},
		{"Ab", []string{"ab"}},
		{"ABé", []string{"ab"}}, // é is not [a-z], so the whole run stays
		{"v2API", []string{"v", "2", "api"}},
		{"__x__", []string{"x"}},
		{"", nil},
		{"日本", nil},
		{"caféBar", []string{"caf", "bar"}},
	}
	for _, c := range cases {
		if got := IdentifierTokens(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("IdentifierTokens(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestNamingStyle(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"search-users":  StyleKebab,
		"Search-Users":  StyleKebab,
		"SEARCH_USERS":  StyleScreamingSnake,
		"SEARCH_2":      StyleScreamingSnake,
		"search_users":  StyleSnake,
		"Search_Users":  StyleSnake,
		"_2_":           StyleSnake, // no cased character, so not SCREAMING
		"SearchUsers":   StylePascal,
		"Éclair":        StylePascal,
		"searchUsers":   StyleCamel,
		"searchÜsers":   StyleCamel,
		"search":        StyleFlat,
		"search2":       StyleFlat,
		"":              StyleFlat,
		"ÉCLAIR_ÉCLAIR": StyleScreamingSnake,
	}
	for in, want := range cases {
		if got := NamingStyle(in); got != want {
			t.Errorf("NamingStyle(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSingular(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"users": "user", "status": "status", "bus": "bus", "its": "its", "tickets": "ticket",
		"entries": "entry", "ties": "tie", "boxes": "box", "buses": "bus", "classes": "class",
		"churches": "church", "wishes": "wish", "class": "class", "ss": "ss", "was": "was",
		"news": "news", "orgs": "org", "data": "data", "analysis": "analysis", "xes": "xes",
		"quizzes": "quizz", "pies": "pie", "flies": "fly",
	}
	for in, want := range cases {
		if got := Singular(in); got != want {
			t.Errorf("Singular(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIsDigits(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]bool{"2": true, "0042": true, "": false, "v2": false, "٣": false, "1.5": false} {
		if got := IsDigits(in); got != want {
			t.Errorf("IsDigits(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestWordsAndBags(t *testing.T) {
	t.Parallel()
	s := "Searches the DB's 2 users' records—fast. Café isn't x42!"
	wantAll := []string{"searches", "the", "db", "s", "2", "users", "records", "fast", "caf", "isn", "t", "x42"}
	if got := AllWords(s); !reflect.DeepEqual(got, wantAll) {
		t.Errorf("AllWords = %q, want %q", got, wantAll)
	}
	wantContent := []string{"search", "db", "user", "record", "fast", "caf", "isn", "x42"}
	if got := ContentWords(s); !reflect.DeepEqual(got, wantContent) {
		t.Errorf("ContentWords = %q, want %q", got, wantContent)
	}
	if got := ContentWords("the user and the users"); !reflect.DeepEqual(got, []string{"user", "user"}) {
		t.Errorf("duplicates must be kept, got %q", got)
	}
	if got := len(ContentBag("the user and the users")); got != 1 {
		t.Errorf("bag size = %d, want 1", got)
	}
	if AllWords("") != nil || ContentWords("") != nil {
		t.Error("empty text must give no words")
	}
}

func TestListSizes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		list []string
		want int
	}{
		{"stopwords", Stopwords(), 114},
		{"bare verbs", BareVerbs(), 51},
		{"empty nouns", EmptyNouns(), 68},
		{"fillers", Fillers(), 9},
		{"enum-like", EnumLikeNames(), 38},
		{"date-like", DateLikeNames(), 13},
		{"date suffixes", DateSuffixes(), 4},
		{"email-like", EmailLikeNames(), 5},
		{"url-like", URLLikeNames(), 9},
		{"destructive verbs", DestructiveVerbs(), 16},
		{"read verbs", ReadVerbs(), 19},
	}
	for _, c := range cases {
		if len(c.list) != c.want {
			t.Errorf("%s: %d words, want %d", c.name, len(c.list), c.want)
		}
	}
	// A returned list is a copy: changing it must not change the table.
	l := Stopwords()
	l[0] = "zzz"
	if IsStopword("zzz") || !IsStopword("a") {
		t.Error("Stopwords() must return a fresh slice")
	}
}

func TestSubjectTokens(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want []string
	}{
		{"search_users", []string{"user"}},
		{"delete_all_tickets", []string{"ticket"}},
		{"get_data", nil},
		{"getUserProfile", []string{"user", "profile"}},
		{"list_v2_orgs", []string{"org"}},
		{"q", nil},
	}
	for _, c := range cases {
		if got := SubjectTokens(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("SubjectTokens(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestJaccard(t *testing.T) {
	t.Parallel()
	a := NewBag([]string{"a", "b", "c"})
	b := NewBag([]string{"b", "c", "d"})
	if got := Jaccard(a, b); got != 0.5 {
		t.Errorf("Jaccard = %v, want 0.5", got)
	}
	if got := Jaccard(a, Bag{}); got != 0 {
		t.Errorf("Jaccard with empty = %v", got)
	}
	if got := Jaccard(a, a); got != 1 {
		t.Errorf("Jaccard self = %v", got)
	}
}

func TestTokenAppears(t *testing.T) {
	t.Parallel()
	words := NewBag([]string{"organizations", "commenting", "organic", "user", "abc"})
	cases := map[string]bool{
		"organization": true, "comment": true, "org": false, "user": true, "users": true,
		"use": false, "abcd": false, "abc": true, "commentingly": true,
	}
	for tok, want := range cases {
		if got := TokenAppears(tok, words); got != want {
			t.Errorf("TokenAppears(%q) = %v, want %v", tok, got, want)
		}
	}
}

func TestIsSubsetOfName(t *testing.T) {
	t.Parallel()
	cases := []struct {
		text, name string
		want       bool
	}{
		{"Search.", "search", true},
		{"Get data.", "get_data", true},
		{"The limit", "limit", true},
		{"Maximum results to return", "limit", false},
		{"", "search", false},
		{"the a an", "search", false}, // no content words
		{"Searches users", "search_users", true},
		{"Searches users by email", "search_users", false},
		{"Search users.", "search_users", true},
		{"Organizations.", "list_organization", true},
	}
	for _, c := range cases {
		if got := IsSubsetOfName(c.text, c.name); got != c.want {
			t.Errorf("IsSubsetOfName(%q, %q) = %v, want %v", c.text, c.name, got, c.want)
		}
	}
}

func TestMentions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		text, name string
		want       bool
	}{
		{"Use `search_organizations` instead.", "search_organizations", true},
		{"use SEARCH_ORGANIZATIONS", "search_organizations", true},
		{"To look for companies, search organizations.", "search_organizations", true},
		{"search\t-_ organizations", "search_organizations", true},
		{"search\u00a0organizations", "search_organizations", true}, // NBSP is \s to Python
		{"research organizations", "search_organizations", false},
		{"search organizationsé", "search_organizations", false}, // é is a word char to Python
		{"éclair search organizations", "search_organizations", true},
		{"searchorganizations", "search_organizations", false},
		{"search-organization", "search_organizations", false},
		{"search", "search", true},
		{"research", "search", true}, // plain substring
		{"", "search", false},
		{"search users", "searchUsers", true},
		{"ticket 2", "ticket2", true},
		{"ticket 2x", "ticket2", false},
	}
	for _, c := range cases {
		if got := Mentions(c.text, c.name); got != c.want {
			t.Errorf("Mentions(%q, %q) = %v, want %v", c.text, c.name, got, c.want)
		}
	}
}

func TestEstimateTokens(t *testing.T) {
	t.Parallel()
	cases := map[string]int{"": 0, "a": 1, "abcd": 1, "abcde": 2, "ééééé": 2, strings.Repeat("x", 800): 200}
	for in, want := range cases {
		if got := EstimateTokens(in); got != want {
			t.Errorf("EstimateTokens(%q) = %d, want %d", in, got, want)
		}
	}
}

func TestPySpaceHelpers(t *testing.T) {
	t.Parallel()
	if got := CollapseSpace("  a\u00a0 b\n\x1c c\u2003"); got != "a b c" {
		t.Errorf("CollapseSpace = %q", got)
	}
	if got := PyStrip("\u3000 x \u0085"); got != "x" {
		t.Errorf("PyStrip = %q", got)
	}
	if !HasTerminalPunctuation("e.g") || HasTerminalPunctuation("no stop") {
		t.Error("HasTerminalPunctuation")
	}
}

func TestVocab(t *testing.T) {
	t.Parallel()
	cases := []struct {
		v     Vocab
		in    string
		match string // "" means no match
	}{
		{Placeholder, "TODO: describe", "TODO"},
		{Placeholder, "todo later", "todo"},
		{Placeholder, "TODOS", ""},
		{Placeholder, "ToDoé", ""},      // é is a word char to Python, so no boundary
		{Placeholder, "éTODO", ""},      // same on the left
		{Placeholder, "—TODO—", "TODO"}, // em dash is not a word char
		{Placeholder, "_TODO", ""},      // underscore is a word char
		{Placeholder, "XXXX marks", "XXXX"},
		{Placeholder, "XX marks", ""},
		{Placeholder, "a wip thing", "wip"},
		{Placeholder, "Lorem   Ipsum dolor", "Lorem   Ipsum"},
		{Placeholder, "add\u00a0this later", "add\u00a0this"},
		{Placeholder, "please fill in here", "fill in here"},
		{Placeholder, "No description.", "No description"},
		{Placeholder, "coming soon!", "coming soon"},
		{Placeholder, "Send to <your email here> now", "<your email here>"},
		{Placeholder, "", ""},
		{Placeholder, "A hack\u0131", ""}, // dotless i is a word char
		{Placeholder, "\u017fee TODO", "TODO"},
		{Placeholder, "ha\u212a", ""},
		{Placeholder, "HAK hac\u212a!", "hac\u212a"}, // Kelvin sign folds to k, like Python
		{Disambiguation, "Use this when you have an ID.", "Use this when"},
		{Disambiguation, "Prefer search_users.", "Prefer"},
		{Disambiguation, "preferred", ""},
		{Disambiguation, "Don't use this for orgs", "Don't use this"},
		{Disambiguation, "Don’t use this", ""}, // curly apostrophe is not in the pattern
		{Disambiguation, "not for bulk", "not for"},
		{Disambiguation, "notfor", ""},
		{Disambiguation, "instead", "instead"},
		{Disambiguation, "insteadé", ""},
		{Example, "e.g. usr_1", "e.g. "},
		{Example, "eg usr_1", "eg "},
		{Example, "e g x", "e g "},
		{Example, "e.g., x", ""},
		{Example, "ends with e.g.", ""},
		{Example, "e.g.\u00a0x", "e.g.\u00a0"},
		{Example, "the g x", ""},
		{Example, "For  example it", "For  example"},
		{Example, "such as 'a'", "such as"},
		{Example, "like \"x\"", "like \""},
		{Example, "like x", ""},
		{Example, "Examples : a", "Examples :"},
		{Example, "example x", ""},
		{Enumeration, "one of open, closed", "one of"},
		{Enumeration, "Either A or B", "Either"},
		{Enumeration, "must be 'open'", "must be '"},
		{Enumeration, "must be open", ""},
		{Enumeration, "Valid values: a", "Valid values"},
		{Enumeration, "someone of", ""},
		{DestructivePhrase, "This cannot be undone.", "cannot be undone"},
		{DestructivePhrase, "can't  be undone", "can't  be undone"},
		{DestructivePhrase, "Irreversibly removes", "Irreversibl"},
		{DestructivePhrase, "Destroys every row", "Destroys every"},
		{DestructivePhrase, "destroyed all", ""},
		{DestructivePhrase, "permanentlyé", ""},
		{ReadOpening, "Returns the user.", "Returns"},
		{ReadOpening, "  \n Lists tickets", "  \n Lists"},
		{ReadOpening, "\u2003Gets x", "\u2003Gets"},
		{ReadOpening, "Looks  up a user", "Looks  up"},
		{ReadOpening, "Listing tickets", ""},
		{ReadOpening, "Search users", ""},
		{ReadOpening, "It returns x", ""},
		{ReadOpening, "Returnsé", ""},
	}
	for _, c := range cases {
		got, ok := c.v.Find(c.in)
		if c.match == "" {
			if ok {
				t.Errorf("%s.Find(%q) = %q, want no match", c.v, c.in, got)
			}
		} else if !ok || got != c.match {
			t.Errorf("%s.Find(%q) = %q,%v, want %q", c.v, c.in, got, ok, c.match)
		}
		if c.v.Match(c.in) != (c.match != "") {
			t.Errorf("%s.Match(%q) disagrees with Find", c.v, c.in)
		}
		if i, j, ok2 := c.v.FindIndex(c.in); ok2 != ok || ok && c.in[i:j] != got {
			t.Errorf("%s.FindIndex(%q) = %d,%d,%v, disagrees with Find %q,%v", c.v, c.in, i, j, ok2, got, ok)
		}
	}
}

func TestVocabNames(t *testing.T) {
	t.Parallel()
	want := []string{"PLACEHOLDER", "DISAMBIGUATION", "EXAMPLE", "ENUMERATION", "DESTRUCTIVE_PHRASE", "READ_OPENING"}
	for i, w := range want {
		if got := Vocab(i).String(); got != w {
			t.Errorf("Vocab(%d) = %s, want %s", i, got, w)
		}
	}
	if Vocab(99).Match("TODO") {
		t.Error("unknown vocab must not match")
	}
}

func TestNamePredicates(t *testing.T) {
	t.Parallel()
	if !HasDateSuffix("created_AT") || !HasDateSuffix("due_on") || HasDateSuffix("button") || HasDateSuffix("at") {
		t.Error("HasDateSuffix")
	}
	if !IsGeneric("stuff") || !IsGeneric("v1") || IsGeneric("ticket") {
		t.Error("IsGeneric")
	}
	if IsDestructiveVerb("deletes") || !IsDestructiveVerb("delete") {
		t.Error("destructive verbs compare raw tokens")
	}
	if !IsReadVerb("status") || !IsEnumLikeName("urgency") || !IsDateLikeName("when") ||
		!IsEmailLikeName("recipient") || !IsURLLikeName("webhook") {
		t.Error("word list lookups")
	}
}

// TestVocabFastPathIsExact checks that the split, literal-scanned
// alternatives never change an answer: over many generated strings, Match and
// Find equal the whole transcribed pattern (vocabRE) run on the mapped text.
func TestVocabFastPathIsExact(t *testing.T) {
	t.Parallel()
	frags := []string{"TODO", "todo", "xxxx", "Lorem", "ipsum", "add", "this", "here", "no", "description", "coming", "soon",
		"<your", "<insert", ">", "instead", "rather", "than", "prefer", "use", "Use", "only", "when", "if", "you", "need",
		"don't", "do", "not", "for", "never", "cheaper", "faster", "e", "g", ".", "e.g.", "eg", "example", "Examples", ":",
		"such", "as", "like", "'", "\"", "`", "one", "of", "either", "must", "be", "valid", "values", "cannot", "undone",
		"undo", "permanently", "irreversibly", "unrecoverable", "without", "recovery", "destroys", "all", "every",
		"returns", "lists", "looks", "up", "é", "ı", "\u00a0", "\t", "\n", "\v", "_", ",", "-"}
	seps := []string{" ", "", "\u00a0", "\t", "\n", "\v", "é", "  ", "\u2003"}
	state := uint32(1)
	next := func(n int) int {
		state = state*1664525 + 1013904223
		return int(state>>8) % n
	}
	hits := map[Vocab]int{}
	for i := 0; i < 6000; i++ {
		var b strings.Builder
		for k := 0; k < 1+next(10); k++ {
			b.WriteString(frags[next(len(frags))])
			b.WriteString(seps[next(len(seps))])
		}
		s := b.String()
		mapped, starts := pyASCII(s, true)
		for v := Placeholder; v <= ReadOpening; v++ {
			want := ""
			loc := vocabRE[v].FindIndex(mapped)
			if loc != nil && starts == nil {
				want = s[loc[0]:loc[1]]
			} else if loc != nil {
				want = s[starts[loc[0]]:starts[loc[1]]]
			}
			if got := v.Match(s); got != (loc != nil) {
				t.Fatalf("%s.Match(%q) = %v, whole pattern %v", v, s, got, loc != nil)
			}
			if got, ok := v.Find(s); ok != (loc != nil) || got != want {
				t.Fatalf("%s.Find(%q) = %q,%v, whole pattern %q", v, s, got, ok, want)
			}
			if loc != nil {
				hits[v]++
			}
		}
	}
	for v := Placeholder; v <= ReadOpening; v++ {
		if hits[v] == 0 || hits[v] == 6000 {
			t.Errorf("%s matched %d of 6000 generated strings; the corpus does not exercise it", v, hits[v])
		}
	}
}
