package text

import (
	"strings"
	"unicode/utf8"

	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// Naming styles returned by NamingStyle.
const (
	StyleKebab          = "kebab-case"
	StyleScreamingSnake = "SCREAMING_SNAKE"
	StyleSnake          = "snake_case"
	StylePascal         = "PascalCase"
	StyleCamel          = "camelCase"
	// StyleFlat is a single lowercase word: it fits every convention, so it
	// is never counted as a style.
	StyleFlat = "flat"
)

func isASCIIUpper(b byte) bool { return b >= 'A' && b <= 'Z' }
func isASCIILower(b byte) bool { return b >= 'a' && b <= 'z' }

// IsASCIIDigit reports whether b is an ASCII digit, 0 to 9.
func IsASCIIDigit(b byte) bool { return b >= '0' && b <= '9' }

// IdentifierTokens splits a tool or parameter name into lowercase tokens:
// maximal matches, in order, of an uppercase run not followed by a lowercase
// letter, a capital followed by lowercase letters, a lowercase run, or a digit
// run (ASCII only). search_users, searchUsers and search-users all give
// [search users]; HTTPServer gives [http server]; ticket2 gives [ticket 2].
func IdentifierTokens(name string) []string {
	var out []string
	n := len(name)
	for i := 0; i < n; {
		c := name[i]
		j := i + 1
		switch {
		case isASCIIUpper(c):
			for j < n && isASCIIUpper(name[j]) {
				j++
			}
			if j < n && isASCIILower(name[j]) {
				if j-i >= 2 {
					// The run minus its last capital, which starts the next word.
					j--
				} else {
					// A single capital followed by lowercase letters.
					for j < n && isASCIILower(name[j]) {
						j++
					}
				}
			}
		case isASCIILower(c):
			for j < n && isASCIILower(name[j]) {
				j++
			}
		case IsASCIIDigit(c):
			for j < n && IsASCIIDigit(name[j]) {
				j++
			}
		default:
			i++
			continue
		}
		out = append(out, strings.ToLower(name[i:j]))
		i = j
	}
	return out
}

// NamingStyle classifies a tool name's convention: kebab-case if it contains
// "-", else (with "_") SCREAMING_SNAKE or snake_case, else PascalCase if the
// first character is uppercase, else camelCase if any character is, else flat.
func NamingStyle(name string) string {
	switch {
	case strings.Contains(name, "-"):
		return StyleKebab
	case strings.Contains(name, "_"):
		if compat.PyIsUpper(name) {
			return StyleScreamingSnake
		}
		return StyleSnake
	}
	if r, _ := utf8.DecodeRuneInString(name); name != "" && compat.PyIsUpperRune(r) {
		return StylePascal
	}
	for _, r := range name {
		if compat.PyIsUpperRune(r) {
			return StyleCamel
		}
	}
	return StyleFlat
}

// Singular is toolgauge's crude, deterministic singulariser, applied the same
// way on both sides of every comparison.
func Singular(word string) string {
	if has(neverSingular, word) || len(word) <= 3 {
		return word
	}
	if strings.HasSuffix(word, "ies") && len(word) > 4 {
		return word[:len(word)-3] + "y"
	}
	for _, suf := range []string{"ses", "xes", "zes", "ches", "shes"} {
		if strings.HasSuffix(word, suf) && len(word) > 4 {
			return word[:len(word)-2]
		}
	}
	if strings.HasSuffix(word, "ss") {
		return word
	}
	if strings.HasSuffix(word, "s") {
		return word[:len(word)-1]
	}
	return word
}

func isASCIIAlnum(b byte) bool { return isASCIIUpper(b) || isASCIILower(b) || IsASCIIDigit(b) }

// AllWords returns every maximal [A-Za-z0-9]+ run of s, lowercased,
// stopwords kept. Any other character (non-ASCII letters and apostrophes
// included) splits words.
func AllWords(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		if !isASCIIAlnum(s[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && isASCIIAlnum(s[j]) {
			j++
		}
		out = append(out, strings.ToLower(s[i:j]))
		i = j
	}
	return out
}

// ContentWords returns the meaningful words of s in order, duplicates kept:
// AllWords minus 1-character tokens, stopwords and all-digit tokens, each
// singularised.
func ContentWords(s string) []string {
	var out []string
	for _, w := range AllWords(s) {
		if len(w) > 1 && !IsStopword(w) && !IsDigits(w) {
			out = append(out, Singular(w))
		}
	}
	return out
}

// Bag is a set of words.
type Bag map[string]struct{}

// NewBag builds a Bag from words.
func NewBag(words []string) Bag {
	b := make(Bag, len(words))
	for _, w := range words {
		b[w] = struct{}{}
	}
	return b
}

// Has reports whether w is in the bag.
func (b Bag) Has(w string) bool {
	_, ok := b[w]
	return ok
}

// ContentBag is the set of ContentWords(s).
func ContentBag(s string) Bag { return NewBag(ContentWords(s)) }

// SubjectTokens are the name tokens that say what a tool operates on: the
// identifier tokens minus digit runs, bare verbs, empty nouns, fillers and
// 1-character tokens, each singularised. search_users gives [user].
func SubjectTokens(name string) []string {
	var out []string
	for _, t := range IdentifierTokens(name) {
		if IsDigits(t) || IsBareVerb(t) || IsEmptyNoun(t) || IsFiller(t) || len(t) <= 1 {
			continue
		}
		out = append(out, Singular(t))
	}
	return out
}

// Jaccard is |a∩b| / |a∪b|, and 0 when either set is empty.
func Jaccard(a, b Bag) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	small, large := a, b
	if len(small) > len(large) {
		small, large = large, small
	}
	inter := 0
	for w := range small {
		if large.Has(w) {
			inter++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

// TokenAppears reports whether a name token shows up in a bag of words:
// exactly, or (only for tokens of 4+ characters) when some word of 4+
// characters is a prefix of the token or the token is a prefix of it.
// organization matches organizations; org never matches organic.
func TokenAppears(token string, words Bag) bool {
	if words.Has(token) {
		return true
	}
	if len(token) < 4 {
		return false
	}
	for w := range words {
		if len(w) >= 4 && (strings.HasPrefix(w, token) || strings.HasPrefix(token, w)) {
			return true
		}
	}
	return false
}

// IsSubsetOfName reports whether text says nothing the name does not: it has
// at least one content word and every content word passes TokenAppears
// against the singularised identifier tokens of name (verbs included).
func IsSubsetOfName(text, name string) bool {
	words := ContentWords(text)
	if len(words) == 0 {
		return false
	}
	toks := IdentifierTokens(name)
	bag := make(Bag, len(toks))
	for _, t := range toks {
		bag[Singular(t)] = struct{}{}
	}
	for _, w := range words {
		if !TokenAppears(w, bag) {
			return false
		}
	}
	return true
}

// HasTerminalPunctuation reports whether s contains ".", "!" or "?" anywhere.
func HasTerminalPunctuation(s string) bool { return strings.ContainsAny(s, ".!?") }

// EstimateTokens is the crude chars/4 token estimate, rounded up, counting
// code points as Python's len does. Any non-empty string is at least 1.
func EstimateTokens(s string) int {
	n := utf8.RuneCountInString(s)
	return (n + 3) / 4
}

// Mentions reports whether text refers to the tool called name: a
// case-insensitive substring match of the full name, or, when the name has two
// or more identifier tokens, those tokens joined by any run of whitespace, "_"
// or "-", with (Unicode) word boundaries at both ends.
func Mentions(text, name string) bool { return Lower(text).Mentions(name) }

// Lowered is a text lowercased once (as Python's str.lower does) for
// repeated Mentions checks against many names.
type Lowered struct {
	s  string
	rs []rune
}

// Lower prepares text for Lowered.Mentions.
func Lower(text string) Lowered {
	l := compat.PyLower(text)
	return Lowered{s: l, rs: []rune(l)}
}

// String returns the lower-cased text.
func (l Lowered) String() string { return l.s }

// Mentions is Mentions(text, name) for the prepared text.
func (l Lowered) Mentions(name string) bool { return l.MentionsName(PrepareName(name)) }

// Name is a tool name prepared once (lowercased and tokenised) for repeated
// Mentions checks.
type Name struct {
	lower string
	toks  []string
}

// PrepareName prepares name for Lowered.MentionsName.
func PrepareName(name string) Name {
	return Name{lower: compat.PyLower(name), toks: IdentifierTokens(name)}
}

// MentionsName is Mentions(text, name) for a prepared text and name.
func (l Lowered) MentionsName(n Name) bool {
	if l.s == "" {
		return false
	}
	if strings.Contains(l.s, n.lower) {
		return true
	}
	toks := n.toks
	if len(toks) < 2 || !strings.Contains(l.s, toks[0]) {
		return false
	}
	rs := l.rs
	for start := range rs {
		if rs[start] != rune(toks[0][0]) || (start > 0 && compat.PyIsWord(rs[start-1])) {
			continue
		}
		if end, ok := matchJoined(rs, start, toks); ok {
			if end == len(rs) || !compat.PyIsWord(rs[end]) {
				return true
			}
		}
	}
	return false
}

// matchJoined matches toks at rs[start:] separated by runs of whitespace,
// "_" or "-", returning the end index. Tokens are ASCII letters or digits,
// disjoint from the separator class, so greedy matching is exact.
func matchJoined(rs []rune, start int, toks []string) (int, bool) {
	p := start
	for k, t := range toks {
		if k > 0 {
			q := p
			for q < len(rs) && (compat.PyIsSpace(rs[q]) || rs[q] == '_' || rs[q] == '-') {
				q++
			}
			if q == p {
				return 0, false
			}
			p = q
		}
		for i := 0; i < len(t); i++ {
			if p >= len(rs) || rs[p] != rune(t[i]) {
				return 0, false
			}
			p++
		}
	}
	return p, true
}

// CollapseSpace is " ".join(s.split()): whitespace runs become one space and
// the ends are trimmed.
func CollapseSpace(s string) string { return strings.Join(compat.PySplit(s), " ") }

// PyStrip is Python's str.strip() with no arguments.
func PyStrip(s string) string { return strings.TrimFunc(s, compat.PyIsSpace) }

// IsDigits reports whether s is one or more ASCII digits (a name token
// such as the 2 of get_data_v2, which says nothing about the tool).
func IsDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
