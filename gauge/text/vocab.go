package text

import (
	"bytes"
	"regexp"
	"unicode/utf8"
)

// Vocab names one of toolgauge's case-insensitive regex vocabularies.
//
// Python's `re` treats Unicode letters and digits as word characters for `\b`
// and Unicode spaces as `\s`, and folds a few non-ASCII letters onto ASCII
// ones under IGNORECASE (ı and İ onto i, ſ onto s, the Kelvin sign onto k).
// Go's regexp is ASCII-only for `\b` and `\s`. To reproduce Python exactly,
// the text is first mapped rune by rune onto an ASCII stand-in that preserves
// each of those classes (a non-ASCII word character becomes "0", which no
// pattern contains; a Python space becomes " "; any other non-ASCII rune
// becomes a control byte no pattern contains), matched with Go's
// leftmost-first regexp, and the match is then cut out of the original text.
type Vocab int

// The vocabularies.
const (
	// Placeholder matches text nobody came back and wrote: TODO, FIXME, TBD,
	// WIP, HACK, XXX+, PLACEHOLDER, CHANGEME, "lorem ipsum", "add this",
	// "no description", "coming soon", "<your ...>".
	Placeholder Vocab = iota
	// Disambiguation matches any steering phrase ("instead", "rather than",
	// "use this when", "not for", ...).
	Disambiguation
	// Example matches an example marker ("e.g. ", "for example", "such as",
	// `like "`, "examples:").
	Example
	// Enumeration matches prose listing accepted values ("one of", "either",
	// "must be '", "valid values", ...).
	Enumeration
	// DestructivePhrase matches "cannot be undone", "permanently",
	// "irreversibl...", "destroys all", ...
	DestructivePhrase
	// ReadOpening matches a description that opens with a reading verb
	// ("Returns", "Lists", "Looks up", ...).
	ReadOpening
)

// The compiled patterns: immutable, safe for concurrent use, never reassigned.
var vocabRE = [...]*regexp.Regexp{
	Placeholder: regexp.MustCompile(`(?i)\b(?:TODO|FIXME|TBD|WIP|HACK|XXX+|PLACEHOLDER|CHANGEME)\b` +
		`|\blorem\s+ipsum\b` +
		`|\b(?:describe|document|fill\s+in|add)\s+(?:this|me|here)\b` +
		`|\b(?:no|missing|insert)\s+description\b` +
		`|\bcoming\s+soon\b` +
		`|<(?:insert|your)[^>]*>`),
	Disambiguation: regexp.MustCompile(`(?i)\binstead\b|\brather\s+than\b|\bunlike\b|\bas\s+opposed\s+to\b` +
		`|\bprefer\b|\bin\s+preference\s+to\b` +
		`|\buse\s+this\s+(?:when|only|for|to|if)\b` +
		`|\bonly\s+(?:when|use|if|for)\b` +
		`|\bif\s+you\s+(?:need|want|have|are)\b` +
		`|\b(?:do\s+not|don't|never)\s+use\s+this\b` +
		`|\bnot\s+for\b|\bcheaper\b|\bfaster\s+than\b`),
	Example: regexp.MustCompile(`(?i)\be\.?\s?g\.?\s|\bfor\s+example\b|\bfor\s+instance\b|\bsuch\s+as\b` +
		"|\\blike\\s+['\"`]|\\bexamples?\\s*:"),
	Enumeration: regexp.MustCompile(`(?i)\bone\s+of\b|\beither\b|\bmust\s+be\s+(?:one\s+of|['"` + "`" + `])` +
		`|\bvalid\s+values\b|\ballowed\s+values\b|\bpossible\s+values\b`),
	DestructivePhrase: regexp.MustCompile(`(?i)\bcannot\s+be\s+undone\b|\bcan't\s+be\s+undone\b|\bno\s+undo\b` +
		`|\bpermanently\b|\birreversibl|\bunrecoverable\b|\bwithout\s+recovery\b` +
		`|\bdestroys?\s+(?:all|every)\b`),
	ReadOpening: regexp.MustCompile(`(?i)^\s*(?:returns?|retrieves?|reads?|lists?|finds?|searches|gets?|fetches` +
		`|looks\s+up|shows?|queries|exports?|counts?)\b`),
}

// vocabLiterals lists, per vocabulary, lowercase literals at least one of
// which every match contains once letters are lowercased and whitespace is
// folded to " ". A text containing none of them cannot match, so the regexp
// is skipped. nil means no prefilter.
func vocabLiterals(v Vocab) []string {
	switch v {
	case Placeholder:
		return []string{"todo", "fixme", "tbd", "wip", "hack", "xxx", "placeholder", "changeme", "lorem ",
			"describe ", "document ", "fill ", "add ", " description", "coming ", "<insert", "<your"}
	case Disambiguation:
		return []string{"instead", "rather ", "unlike", "opposed ", "prefer", "use ", "only ", "you ", "not ", "cheaper", "faster "}
	case Example:
		return []string{"eg ", "eg. ", "e.g ", "e.g. ", "e g ", "e g. ", "e. g ", "e. g. ", "for ", "such ", "like ", "example"}
	case Enumeration:
		return []string{"one ", "either", "must ", "values"}
	case DestructivePhrase:
		return []string{"undo", "permanently", "irreversibl", "unrecoverable", "recovery", "destroy"}
	}
	return nil
}

// mayMatch applies the literal prefilter to the mapped text.
func (v Vocab) mayMatch(mapped []byte) bool {
	lits := vocabLiterals(v)
	if lits == nil {
		return true
	}
	folded := make([]byte, len(mapped))
	for i, c := range mapped {
		switch {
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case c == '\t' || c == '\n' || c == '\f' || c == '\r':
			c = ' '
		}
		folded[i] = c
	}
	for _, l := range lits {
		if bytes.Contains(folded, []byte(l)) {
			return true
		}
	}
	return false
}

// String returns the vocabulary's upstream name (PLACEHOLDER, ...).
func (v Vocab) String() string {
	switch v {
	case Placeholder:
		return "PLACEHOLDER"
	case Disambiguation:
		return "DISAMBIGUATION"
	case Example:
		return "EXAMPLE"
	case Enumeration:
		return "ENUMERATION"
	case DestructivePhrase:
		return "DESTRUCTIVE_PHRASE"
	case ReadOpening:
		return "READ_OPENING"
	}
	return "UNKNOWN"
}

// pyASCII maps s rune by rune onto ASCII so that Go's ASCII `\b`, `\s` and
// (?i) behave as Python's Unicode ones do on the original. starts[k] is the
// byte offset in s of rune k, with starts[len] = len(s).
func pyASCII(s string) (mapped []byte, starts []int) {
	mapped = make([]byte, 0, len(s))
	starts = make([]int, 0, len(s)+1)
	for i, r := range s {
		starts = append(starts, i)
		var c byte
		switch {
		case r == '\v' || (r >= 0x1c && r <= 0x1f):
			c = ' '
		case r < utf8.RuneSelf:
			c = byte(r)
		case r == 0x130 || r == 0x131:
			c = 'i'
		case r == 0x17f:
			c = 's'
		case r == 0x212a:
			c = 'k'
		case IsPySpace(r):
			c = ' '
		case IsPyWord(r):
			c = '0'
		default:
			c = 0x01
		}
		mapped = append(mapped, c)
	}
	starts = append(starts, len(s))
	return mapped, starts
}

// Find returns the leftmost match of the vocabulary in s, as Python's
// re.search would report it, and whether there was one.
func (v Vocab) Find(s string) (string, bool) {
	if int(v) < 0 || int(v) >= len(vocabRE) {
		return "", false
	}
	mapped, starts := pyASCII(s)
	if !v.mayMatch(mapped) {
		return "", false
	}
	loc := vocabRE[v].FindIndex(mapped)
	if loc == nil {
		return "", false
	}
	return s[starts[loc[0]]:starts[loc[1]]], true
}

// Match reports whether the vocabulary matches anywhere in s (for
// ReadOpening: at the start, after optional whitespace).
func (v Vocab) Match(s string) bool {
	if int(v) < 0 || int(v) >= len(vocabRE) {
		return false
	}
	mapped, _ := pyASCII(s)
	return v.mayMatch(mapped) && vocabRE[v].Match(mapped)
}
