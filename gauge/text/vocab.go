package text

import (
	"bytes"
	"regexp"
	"unicode/utf8"

	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// Vocab names one of toolgauge's case-insensitive regex vocabularies.
//
// Python's `re` treats Unicode letters and digits as word characters for `\b`
// and Unicode spaces as `\s`, and folds a few non-ASCII letters onto ASCII
// ones under IGNORECASE (ı and İ onto i, ſ onto s, the Kelvin sign onto k).
// Go's regexp is ASCII-only for `\b` and `\s`. To reproduce Python exactly,
// the text is first mapped rune by rune onto a lowercase ASCII stand-in that
// preserves each of those classes (a non-ASCII word character becomes "0",
// which no pattern contains; a Python space becomes " "; any other non-ASCII
// rune becomes a control byte no pattern contains). Each top-level
// alternative of the pattern is then found by a literal scan and confirmed
// with an anchored Go regexp (leftmost start wins, ties go to the earlier
// alternative, as in Python's leftmost-first search), and the match is cut
// out of the original text.
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

// vocabAlt is one top-level alternative of a vocabulary, split out so that
// Go's regexp can run anchored at candidate positions found by a literal
// scan. lit is the lowercase literal every match of the alternative starts
// with; re matches the alternative anchored at that position (on ASCII
// lowercased text, so no (?i) is needed); wb says the alternative starts with
// `\b`, which is checked by hand on the byte before the candidate.
type vocabAlt struct {
	lit string
	re  *regexp.Regexp
	wb  bool
}

func alt(lit, pattern string, wb bool) vocabAlt {
	return vocabAlt{lit: lit, re: regexp.MustCompile(`^(?:` + pattern + `)`), wb: wb}
}

// vocabAlts lists each vocabulary's alternatives in the original order, so
// that "leftmost start, then first alternative" reproduces the whole
// pattern's leftmost-first match. ReadOpening is anchored and keeps its
// single regexp. Built once, never mutated; equivalence with vocabRE is
// property-tested.
var vocabAlts = [...][]vocabAlt{
	Placeholder: {
		alt("todo", `todo\b`, true), alt("fixme", `fixme\b`, true), alt("tbd", `tbd\b`, true),
		alt("wip", `wip\b`, true), alt("hack", `hack\b`, true), alt("xxx", `xxx+\b`, true),
		alt("placeholder", `placeholder\b`, true), alt("changeme", `changeme\b`, true),
		alt("lorem", `lorem\s+ipsum\b`, true),
		alt("describe", `describe\s+(?:this|me|here)\b`, true),
		alt("document", `document\s+(?:this|me|here)\b`, true),
		alt("fill", `fill\s+in\s+(?:this|me|here)\b`, true),
		alt("add", `add\s+(?:this|me|here)\b`, true),
		alt("no", `no\s+description\b`, true), alt("missing", `missing\s+description\b`, true),
		alt("insert", `insert\s+description\b`, true),
		alt("coming", `coming\s+soon\b`, true),
		alt("<insert", `<insert[^>]*>`, false), alt("<your", `<your[^>]*>`, false),
	},
	Disambiguation: {
		alt("instead", `instead\b`, true), alt("rather", `rather\s+than\b`, true),
		alt("unlike", `unlike\b`, true), alt("as", `as\s+opposed\s+to\b`, true),
		alt("prefer", `prefer\b`, true), alt("in", `in\s+preference\s+to\b`, true),
		alt("use", `use\s+this\s+(?:when|only|for|to|if)\b`, true),
		alt("only", `only\s+(?:when|use|if|for)\b`, true),
		alt("if", `if\s+you\s+(?:need|want|have|are)\b`, true),
		alt("do", `do\s+not\s+use\s+this\b`, true), alt("don't", `don't\s+use\s+this\b`, true),
		alt("never", `never\s+use\s+this\b`, true),
		alt("not", `not\s+for\b`, true), alt("cheaper", `cheaper\b`, true),
		alt("faster", `faster\s+than\b`, true),
	},
	Example: {
		alt("e", `e\.?\s?g\.?\s`, true), alt("for", `for\s+example\b`, true),
		alt("for", `for\s+instance\b`, true), alt("such", `such\s+as\b`, true),
		alt("like", "like\\s+['\"`]", true), alt("example", `examples?\s*:`, true),
	},
	Enumeration: {
		alt("one", `one\s+of\b`, true), alt("either", `either\b`, true),
		alt("must", "must\\s+be\\s+(?:one\\s+of|['\"`])", true),
		alt("valid", `valid\s+values\b`, true), alt("allowed", `allowed\s+values\b`, true),
		alt("possible", `possible\s+values\b`, true),
	},
	DestructivePhrase: {
		alt("cannot", `cannot\s+be\s+undone\b`, true), alt("can't", `can't\s+be\s+undone\b`, true),
		alt("no", `no\s+undo\b`, true), alt("permanently", `permanently\b`, true),
		alt("irreversibl", `irreversibl`, true), alt("unrecoverable", `unrecoverable\b`, true),
		alt("without", `without\s+recovery\b`, true), alt("destroy", `destroys?\s+(?:all|every)\b`, true),
	},
	ReadOpening: nil,
}

func isASCIIWordByte(c byte) bool { return isASCIIAlnum(c) || c == '_' }

// locate finds the vocabulary's leftmost-first match in the mapped
// (lowercase ASCII) text, returning rune-index bounds (mapped has one byte
// per rune). With first set it returns the first match found, which is
// enough for Match.
func (v Vocab) locate(mapped []byte, first bool) (int, int, bool) {
	alts := vocabAlts[v]
	if alts == nil {
		loc := vocabRE[v].FindIndex(mapped)
		if loc == nil {
			return 0, 0, false
		}
		return loc[0], loc[1], true
	}
	lower := mapped
	best, bestEnd := -1, 0
	for _, a := range alts {
		for from := 0; ; {
			i := bytes.Index(lower[from:], []byte(a.lit))
			if i < 0 {
				break
			}
			p := from + i
			if best >= 0 && p >= best {
				// An earlier alternative already matches at or before p.
				break
			}
			if !a.wb || p == 0 || !isASCIIWordByte(lower[p-1]) {
				if loc := a.re.FindIndex(lower[p:]); loc != nil {
					best, bestEnd = p, p+loc[1]
					if first {
						return best, bestEnd, true
					}
					break
				}
			}
			from = p + 1
		}
	}
	return best, bestEnd, best >= 0
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

// pyASCII maps s rune by rune onto lowercase ASCII so that Go's ASCII `\b`,
// `\s` and case-sensitive literals behave as Python's Unicode, IGNORECASE
// ones do on the original. When wantStarts is set and s is not pure ASCII,
// starts[k] is the byte offset in s of rune k, with starts[len] = len(s);
// a nil starts means rune k is byte k.
func pyASCII(s string, wantStarts bool) (mapped []byte, starts []int) {
	mapped = make([]byte, 0, len(s))
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if !ascii && wantStarts {
		starts = make([]int, 0, len(s)+1)
	}
	for i, r := range s {
		if starts != nil {
			starts = append(starts, i)
		}
		var c byte
		switch {
		case r == '\v' || (r >= 0x1c && r <= 0x1f):
			c = ' '
		case r >= 'A' && r <= 'Z':
			c = byte(r) + ('a' - 'A')
		case r < utf8.RuneSelf:
			c = byte(r)
		case r == 0x130 || r == 0x131:
			c = 'i'
		case r == 0x17f:
			c = 's'
		case r == 0x212a:
			c = 'k'
		case compat.PyIsSpace(r):
			c = ' '
		case compat.PyIsWord(r):
			c = '0'
		default:
			c = 0x01
		}
		mapped = append(mapped, c)
	}
	if starts != nil {
		starts = append(starts, len(s))
	}
	return mapped, starts
}

// Mapped is a text prepared once for several vocabulary searches: mapping
// it onto the lowercase ASCII stand-in (see Vocab) is the costly part of a
// search, so a caller that asks several vocabularies about one text maps it
// once with Map.
type Mapped struct {
	s      string
	mapped []byte
	starts []int
}

// Map prepares s for Vocab.FindIn and Vocab.MatchIn.
func Map(s string) Mapped {
	mapped, starts := pyASCII(s, true)
	return Mapped{s: s, mapped: mapped, starts: starts}
}

// Find returns the leftmost match of the vocabulary in s, as Python's
// re.search would report it, and whether there was one.
func (v Vocab) Find(s string) (string, bool) { return v.FindIn(Map(s)) }

// FindIn is Find on a text prepared with Map.
func (v Vocab) FindIn(m Mapped) (string, bool) {
	if int(v) < 0 || int(v) >= len(vocabRE) {
		return "", false
	}
	from, to, ok := v.locate(m.mapped, false)
	if !ok {
		return "", false
	}
	if m.starts == nil {
		return m.s[from:to], true
	}
	return m.s[m.starts[from]:m.starts[to]], true
}

// FindIndex returns the byte offsets in s of the leftmost match of the
// vocabulary, as Find would report it, and whether there was one.
func (v Vocab) FindIndex(s string) (start, end int, ok bool) {
	if int(v) < 0 || int(v) >= len(vocabRE) {
		return 0, 0, false
	}
	m := Map(s)
	from, to, ok := v.locate(m.mapped, false)
	if !ok {
		return 0, 0, false
	}
	if m.starts == nil {
		return from, to, true
	}
	return m.starts[from], m.starts[to], true
}

// Match reports whether the vocabulary matches anywhere in s (for
// ReadOpening: at the start, after optional whitespace).
func (v Vocab) Match(s string) bool {
	if int(v) < 0 || int(v) >= len(vocabRE) {
		return false
	}
	mapped, _ := pyASCII(s, false)
	_, _, ok := v.locate(mapped, true)
	return ok
}

// MatchIn is Match on a text prepared with Map.
func (v Vocab) MatchIn(m Mapped) bool {
	if int(v) < 0 || int(v) >= len(vocabRE) {
		return false
	}
	_, _, ok := v.locate(m.mapped, true)
	return ok
}
