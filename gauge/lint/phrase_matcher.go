package lint

import (
	"iter"
	"regexp"
	"regexp/syntax"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The phrase matcher: pattern families run on folded text (lowercase
// ASCII, invisible characters dropped), with a literal prefilter, and the
// Check of a rule that is one such family over every text surface. The
// families (secOverridePatterns and the rest, each in its rule's file) are
// compiled once and never mutated.

// secFold prepares text for the security patterns, which are written in
// lowercase ASCII: ASCII letters are lowercased, Unicode spaces become " ",
// other non-ASCII letters and digits become "0" (a word character no
// pattern contains, so Go's ASCII \b still sees word boundaries where
// Unicode would), other runes become "\x01", and invisible format
// characters (zero-width, bidi, tags) are dropped so they cannot split a
// phrase to dodge a pattern. starts[k] is the byte offset in s of the rune
// that produced folded byte k; starts[len] = len(s).
func secFold(s string) (folded string, starts []int) {
	var b strings.Builder
	b.Grow(len(s))
	starts = make([]int, 0, len(s)+1)
	for i, r := range s {
		var c byte
		switch {
		case r >= 'A' && r <= 'Z':
			c = byte(r) + 32
		case r < utf8.RuneSelf:
			c = byte(r)
		case unicode.Is(unicode.Cf, r):
			continue
		case unicode.IsSpace(r):
			c = ' '
		case r == '\u2019' || r == '\u2018':
			c = '\'' // typographic apostrophes: "don’t"
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			c = '0'
		default:
			c = 0x01
		}
		b.WriteByte(c)
		starts = append(starts, i)
	}
	starts = append(starts, len(s))
	return b.String(), starts
}

// Shared pieces of sentence readings, written for folded text. A reading
// built from them says who does what to what; it does not spell out its
// own article or filler alternations.
const (
	// secLeadIn opens a clause: the text's start, a sentence end, a line
	// break, then any bullet, emoji (\x01 after folding) or markdown
	// emphasis ("- ", "🚀 ", "**").
	secLeadIn = `(?:^|[.!?:;]\s+|\n\s*)(?:[\x01*#>_~-]+\s*)?`
	// secCallVerb is an order to call a tool.
	secCallVerb = `(?:call|use|run|invoke)`
	// secSelfObject is the tool itself as the object of the order ("this",
	// "this tool", "it"), with the space after it.
	secSelfObject = `(?:this\s+(?:tool\s+|function\s+|server\s+)?|it\s+)`
	// secDeterminer is an article, a quantifier or "your" before a noun,
	// with the space after it.
	secDeterminer = `(?:(?:a|an|the|each|every|any|all|your|this)\s+)`
	// secAgentSession is the agent's own session, conversation or chat
	// ("a work session", "the conversation").
	secAgentSession = `(?:(?:new|work|working|coding|current)\s+)?(?:sessions?|conversations?|chats?)\b`
)

// secHandlePrerequisite is a technical reason to call a tool at a moment:
// it signs in or returns an ID, token or handle that later calls need.
// Unlike secPrerequisite, the word "session" alone is no reason: "call
// this at the end of the session" orders a call, it hands nothing over.
var secHandlePrerequisite = regexp.MustCompile(`\b(?:authenticat\w*|log\s*in|sign\s*in|handshake|session[\s_-]?(?:ids?|tokens?)|(?:obtain|get|fetch|returns?|provides?|creates?)\s+(?:the\s+|an?\s+|your\s+)?(?:\w+[\s_-]){0,2}?(?:ids?|tokens?|keys?|handles?|cursors?))\b`)

// secPattern is one regex of a rule's family, run on secFold'ed text.
type secPattern struct {
	re *regexp.Regexp
	// anchors are literals of which every match contains at least one; a
	// text containing none is skipped without running the regex. nil means
	// no usable anchors.
	anchors []string
	// what names the family member in messages ("instruction override").
	what string
	// ownTool, when > 0, is the capture group holding a tool name; the match
	// is ignored when that name is one of this server's tools.
	ownTool int
}

// secMatch is a pattern hit: what it is, the text a message quotes, and
// where it stands in the surface's original text.
type secMatch struct {
	what, text string
	// start and end are the byte offsets of the hit in the original text
	// of its surface (secSurface.Text), whatever the reading blanked or
	// folded to find it: s.Text[start:end] is the hit, from its first
	// character to its last (invisible characters around it left out).
	// A filter reads the hit's surroundings through them
	// (secSurface.foldedSpan), never by finding the quoted text again.
	// The span is of the original text, so a hit that crosses a code span
	// the reading blanked shows that code to the filter (secSurface.hit).
	// Hits of a reading's extra readers (precise.extra) carry offsets too,
	// though no filter reads them yet.
	start, end int
	// info marks a hit the default profile reports at info: the pattern
	// is there, but its sentence does not say the model is to touch it
	// (".env" named as where the server keeps its settings).
	info bool
}

// secRe compiles a pattern list; the patterns are constants, so a failure is
// a programming error caught by the tests.
func secRe(what string, ownTool int, exprs ...string) []secPattern {
	out := make([]secPattern, 0, len(exprs))
	for _, e := range exprs {
		out = append(out, secPattern{re: regexp.MustCompile(e), what: what, ownTool: ownTool, anchors: secAnchors(e)})
	}
	return out
}

// concatPatterns joins pattern lists into one family.
func concatPatterns(lists ...[]secPattern) []secPattern {
	var out []secPattern
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// secFind returns the first hit of any pattern in s.
func secFind(ctx *Context, s string, pats []secPattern) (secMatch, bool) {
	folded, starts := secFold(s)
	return secFindFolded(ctx, s, folded, starts, pats)
}

// secFindFolded is secFind for text already folded: folded, starts = secFold(s).
func secFindFolded(ctx *Context, s, folded string, starts []int, pats []secPattern) (secMatch, bool) {
	return secFirst(secHitsFolded(ctx, s, folded, starts, pats))
}

// secFirst is the first hit of hits.
func secFirst(hits iter.Seq[secMatch]) (secMatch, bool) {
	for m := range hits {
		return m, true
	}
	return secMatch{}, false
}

// secHitsFolded yields the hits of pats in s (folded, starts = secFold(s)):
// the patterns in the family's order, each one's first four hits in text
// order, a hit naming one of the server's own tools skipped.
func secHitsFolded(ctx *Context, s, folded string, starts []int, pats []secPattern) iter.Seq[secMatch] {
	return func(yield func(secMatch) bool) {
		for _, p := range pats {
			if !secHasAnchor(folded, p.anchors) {
				continue
			}
			for _, loc := range p.re.FindAllStringSubmatchIndex(folded, 4) {
				if p.ownTool > 0 && loc[2*p.ownTool] >= 0 {
					name := s[starts[loc[2*p.ownTool]]:starts[loc[2*p.ownTool+1]]]
					if secIsOwnTool(ctx, name) {
						continue
					}
				}
				a, b := secUnfold(s, starts, loc[0], loc[1])
				if !yield(secMatch{what: p.what, text: secSnippet(s[a:b]), start: a, end: b}) {
					return
				}
			}
		}
	}
}

// secUnfold maps the folded bytes [a, b) of text (folded, starts =
// secFold(text)) back to text: from the rune that gave folded byte a to
// the end of the rune that gave folded byte b-1, so invisible characters
// dropped after the hit stay out of it.
func secUnfold(text string, starts []int, a, b int) (int, int) {
	if b <= a {
		return starts[a], starts[a]
	}
	last := starts[b-1]
	_, size := utf8.DecodeRuneInString(text[last:])
	return starts[a], last + size
}

// secMapped is text derived from an original one by blanking parts of it
// (fenced blocks, code spans, quote marks) into single spaces, with the
// way back: byte k of text stands for orig[lo[k]:hi[k]], one byte for a
// byte kept, the whole blanked part for its space. Nil lo and hi mean
// nothing is blanked yet: text is the original.
type secMapped struct {
	text   string
	lo, hi []int
	// n is the original's length.
	n int
}

// secOriginal is s itself, before anything is blanked.
func secOriginal(s string) secMapped {
	return secMapped{text: s, n: len(s)}
}

// secCodeOnly is preciseCodeOnly(s) with the way back to s.
func secCodeOnly(s string) secMapped {
	return secOriginal(s).blank(preciseFence).blank(preciseSpan)
}

// blank replaces each match of re in m.text with one space, as
// re.ReplaceAllString(m.text, " ") does.
func (m secMapped) blank(re *regexp.Regexp) secMapped {
	locs := re.FindAllStringIndex(m.text, -1)
	if len(locs) == 0 {
		return m
	}
	var b strings.Builder
	out := secMapped{n: m.n, lo: make([]int, 0, len(m.text)), hi: make([]int, 0, len(m.text))}
	prev := 0
	for _, loc := range locs {
		b.WriteString(m.text[prev:loc[0]])
		out.keep(m, prev, loc[0])
		out.blankOf(m, loc[0], loc[1])
		b.WriteByte(' ')
		prev = loc[1]
	}
	b.WriteString(m.text[prev:])
	out.keep(m, prev, len(m.text))
	out.text = b.String()
	return out
}

// blankRunes replaces each rune of set in m.text with one space, as a
// strings.Replacer from each of those runes to " " does.
func (m secMapped) blankRunes(set string) secMapped {
	if !strings.ContainsAny(m.text, set) {
		return m
	}
	var b strings.Builder
	out := secMapped{n: m.n, lo: make([]int, 0, len(m.text)), hi: make([]int, 0, len(m.text))}
	for i, r := range m.text {
		_, size := utf8.DecodeRuneInString(m.text[i:])
		if strings.ContainsRune(set, r) {
			out.blankOf(m, i, i+size)
			b.WriteByte(' ')
			continue
		}
		b.WriteString(m.text[i : i+size])
		out.keep(m, i, i+size)
	}
	out.text = b.String()
	return out
}

// keep appends the way back of m.text[a:b], kept as it is.
func (out *secMapped) keep(m secMapped, a, b int) {
	if m.lo == nil {
		for k := a; k < b; k++ {
			out.lo, out.hi = append(out.lo, k), append(out.hi, k+1)
		}
		return
	}
	out.lo, out.hi = append(out.lo, m.lo[a:b]...), append(out.hi, m.hi[a:b]...)
}

// blankOf appends the way back of one space standing for m.text[a:b].
func (out *secMapped) blankOf(m secMapped, a, b int) {
	lo, hi := m.orig(a, b)
	out.lo, out.hi = append(out.lo, lo), append(out.hi, hi)
}

// orig maps text[a:b] back to the original's byte offsets.
func (m secMapped) orig(a, b int) (int, int) {
	switch {
	case m.lo == nil:
		return a, max(a, b)
	case b > a:
		return m.lo[a], m.hi[b-1]
	case a < len(m.text):
		return m.lo[a], m.lo[a]
	}
	return m.n, m.n
}

// secTrimmed is [a, b) of text without the white space at its ends, as
// strings.TrimSpace(text[a:b]) trims it.
func secTrimmed(text string, a, b int) (int, int) {
	hit := text[a:b]
	a += len(hit) - len(strings.TrimLeftFunc(hit, unicode.IsSpace))
	b -= len(hit) - len(strings.TrimRightFunc(hit, unicode.IsSpace))
	return a, max(a, b)
}

// foldedSpan maps a hit of the surface back to its folded text: the
// folded bytes [a, b) of the runes of s.Text[m.start:m.end].
func (s secSurface) foldedSpan(m secMatch) (int, int) {
	return sort.SearchInts(s.starts, m.start), sort.SearchInts(s.starts, m.end)
}

// hit is a hit of the surface as a filter reads it: folded, every run of
// white space one space, never cut short as the quoted text is.
func (s secSurface) hit(m secMatch) string {
	a, b := s.foldedSpan(m)
	return strings.Join(strings.Fields(s.folded[a:b]), " ")
}

// secOwnToolSet is a word that, as the object of "instead of calling X",
// names the server's own tools taken one by one rather than another
// server's tool: "use this instead of calling individual tools", "instead
// of calling them separately", "instead of making several calls" (issue
// 21 §2: steering needs another server, a built-in or the web as its
// object).
var secOwnToolSet = regexp.MustCompile(`^(?:individual|individually|separate|separately|multiple|several|many|each|both|these|those|them|this|it|single|sibling|underlying|granular|lower-level|low-level|per-item|one-by-one|repeated|successive|numerous)$`)

// secToolPhrase normalises a tool name or a phrase naming one: lowercase,
// with _ and - read as spaces ("web_search", "Web-Search" -> "web search").
func secToolPhrase(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '_' || r == '-' {
			return ' '
		}
		return r
	}, strings.ToLower(strings.Trim(s, "`'\".,;:()")))
	return strings.Join(strings.Fields(s), " ")
}

// secIsOwnTool reports whether name, trimmed of quotes and punctuation,
// names one of the server's tools in any case, with _ and - read as
// spaces: "web search" in a server with web_search.
func secIsOwnTool(ctx *Context, name string) bool {
	if ctx == nil {
		return false
	}
	w := secToolPhrase(name)
	if w == "" {
		return false
	}
	for i := range ctx.Tools {
		if secToolPhrase(ctx.Tools[i].Name) == w {
			return true
		}
	}
	return false
}

// secPhraseRule builds the Check of a phrase-family rule: one problem per
// surface with a hit, with the message made for that hit and a fixed
// suggestion.
func secPhraseRule(ps []secPattern, message func(s secSurface, m secMatch) string, suggestion string) func(*Context) []Problem {
	return secPhraseRuleWith(ps, secPrecise{}, message, suggestion)
}

// secPrecise is what a phrase rule adds under the default profile:
// patterns of its own (read in context like the rest), a filter on hits,
// and a check of its own for what a pattern cannot say.
type secPrecise struct {
	patterns []secPattern
	keep     func(ctx *Context, s secSurface, m secMatch) bool
	extra    func(s secSurface) (secMatch, bool)
}

// secPhraseRuleWith is secPhraseRule with the default profile's additions.
// There a surface's hits are read in turn: those of the family (read in
// context when the family's plain reading finds one), then those of the
// profile's own patterns, and the first that the filter keeps is the
// surface's problem; a hit the filter drops no longer hides a later one in
// the same text. Only when none is kept does the rule's own check run.
func secPhraseRuleWith(ps []secPattern, precise secPrecise, message func(s secSurface, m secMatch) string, suggestion string) func(*Context) []Problem {
	return func(ctx *Context) []Problem {
		var out []Problem
		for _, s := range secSurfaces(ctx) {
			m, ok := secFindFolded(ctx, s.Text, s.folded, s.starts, ps)
			if ctx.Precise() {
				m, ok = secFirstKept(ctx, s, precise, ok, ps)
				if !ok && precise.extra != nil {
					m, ok = precise.extra(s)
				}
			}
			if ok {
				p := s.problem(message(s, m), suggestion)
				if m.info {
					p.Severity = Info
				}
				out = append(out, p)
			}
		}
		return out
	}
}

// secFirstKept is the default profile's reading of a surface: the first
// hit, in context, that precise.keep keeps, of the family ps (when its
// plain reading found one, found) and then of precise.patterns.
func secFirstKept(ctx *Context, s secSurface, precise secPrecise, found bool, ps []secPattern) (secMatch, bool) {
	var families [][]secPattern
	if found {
		families = append(families, ps)
	}
	if len(precise.patterns) > 0 && secAnyAnchor(s.folded, precise.patterns) {
		families = append(families, precise.patterns)
	}
	for _, pats := range families {
		for m := range secHitsInContext(ctx, s.Text, pats) {
			if precise.keep == nil || precise.keep(ctx, s, m) {
				return m, true
			}
		}
	}
	return secMatch{}, false
}

// secAnyAnchor reports whether folded could match any of pats.
func secAnyAnchor(folded string, pats []secPattern) bool {
	for _, p := range pats {
		if secHasAnchor(folded, p.anchors) {
			return true
		}
	}
	return false
}

// secHasAnchor reports whether folded contains one of anchors (always,
// when there are none).
func secHasAnchor(folded string, anchors []string) bool {
	if anchors == nil {
		return true
	}
	for _, a := range anchors {
		if strings.Contains(folded, a) {
			return true
		}
	}
	return false
}

// secAnchors derives, from a regex, a set of literals at least one of which
// every match must contain (nil when it cannot tell). It is a prefilter only:
// the regex still decides.
func secAnchors(expr string) []string {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	set := secRequired(re.Simplify())
	for _, a := range set {
		if a == "" {
			return nil
		}
	}
	return set
}

// secRequired is secAnchors over a parsed regex: literals one of which
// every match contains, or nil.
func secRequired(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil
		}
		return []string{string(re.Rune)}
	case syntax.OpCapture:
		return secRequired(re.Sub[0])
	case syntax.OpPlus:
		return secRequired(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return secRequired(re.Sub[0])
		}
		return nil
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			s := secRequired(sub)
			if s == nil {
				return nil
			}
			out = append(out, s...)
		}
		return out
	case syntax.OpConcat:
		var best []string
		bestLen := 0
		for _, sub := range re.Sub {
			s := secRequired(sub)
			if s == nil {
				continue
			}
			minLen := -1
			for _, x := range s {
				if minLen < 0 || len(x) < minLen {
					minLen = len(x)
				}
			}
			if minLen > bestLen {
				best, bestLen = s, minLen
			}
		}
		return best
	}
	return nil
}

// secNegatedBefore matches a denial just before a hit ("never runs
// arbitrary code", "prevents remote code execution").
var secNegatedBefore = regexp.MustCompile(`\b(?:never|not|no|cannot|\w+n't|prevents?|blocks?|refuses?|rejects?|disallows?|forbids?|safe\s+from)\s+(?:\w+\s+){0,2}$`)

var (
	// secRefused marks a sentence that names a sensitive path to refuse it.
	secRefused = regexp.MustCompile(`\b(?:reject(?:s|ed)?|block(?:s|ed)?|denied|deny|not\s+allowed|forbidden|refuse[sd]?|disallowed|excluded|never\s+(?:read|access|open|write|commit|store|put)s?)\b`)
	// secOtherToolObject is what follows "prefer this over" when the
	// object is another tool, server or built-in, not a way of using this one.
	secOtherToolObject = regexp.MustCompile(`^\s+(?:\w+\s+){0,3}?(?:tools?|servers?|web|internet|search(?:es)?|built-?in|native|other|browser|shell|bash|terminal|cli|grep|curl|google|[a-z0-9]+_[a-z0-9_]+|(?:raw|plain|direct|manual)\s+(?:[\w.-]+\s+){0,2}?(?:commands?|invocations?|cli|scripts?))\b`)
	// secAheadOfOwnWork sets a tool before the agent's own work or other
	// means ("before attempting to write scripts from scratch", "before any
	// other tool"): a first-choice claim with it demands precedence even
	// when it also says when.
	secAheadOfOwnWork = regexp.MustCompile(`\b(?:before|instead\s+of|rather\s+than)\s+(?:attempting|trying|writing|coding|searching|using|calling|doing|any|anything|you)\b`)
	// secConditional opens a condition ("when users report errors").
	secConditional = regexp.MustCompile(`^\s*(?:when|if|whenever|for\s+(?:diagnosing|troubleshooting))\b`)
	// secNounPhrase follows a "verb + secret" hit that is a noun phrase
	// ("upload credentials are generated"), not a request.
	secNounPhrase = regexp.MustCompile(`^\s+(?:are|is|were|was|will|get|gets|remain|stay)\b`)
	// secDoneByItself follows a request for secrets that the runtime
	// performs by itself ("include session cookies automatically").
	secDoneByItself = regexp.MustCompile(`^\s+(?:automatically|by\s+default|implicitly)\b`)
	// secFetchMode is the fetch API's credentials setting.
	secFetchMode = regexp.MustCompile(`\bsame[- ]origin\b|\bomit\b|\bwhether\s+to\s+(?:include|send)\b`)
	// secPublicKeys is text about public keys (authorized_keys, *.pub).
	secPublicKeys = regexp.MustCompile(`\bpublic\s+keys?\b|\.pub\b`)
	// secRankWord is the "highest/top priority" family of the priority
	// patterns, which reads as coercion only about tools or instructions
	// (secAboutTools, in the hit's sentence).
	secRankWord   = regexp.MustCompile(`\b(?:highest|top|maximum|absolute|utmost)\s+priority\b`)
	secAboutTools = regexp.MustCompile(`\btools?\b|\binstructions?\b|\bfunctions?\b|\bcall\b|\buse\s+this\b|\bother\b|\buser\b`)
)

// secAsksUser matches text that tells the model to ask or check with the
// user: a label such as [IMPORTANT] in front of it is emphasis, not a
// planted system message.
var secAsksUser = regexp.MustCompile(`\bask(?:s|ing)?\s+(?:the\s+)?users?\b|\bconfirm\w*\s+(?:with\s+)?(?:the\s+)?users?\b|\bcheck\s+with\s+(?:the\s+)?users?\b|\buser'?s?\s+(?:confirmation|consent|permission)\b`)

// secConfigAccess is a verb that makes a named MCP client configuration
// something the model reads, sends or changes ("read ~/.cursor/mcp.json
// and pass its content", "append this server to claude_desktop_config.json"),
// not a place where the user sets something.
var secConfigAccess = regexp.MustCompile(`\b(?:read|reads|reading|open|cat|load|parse|contents?|include|send|pass|upload|copy|print|dump|extract|exfiltrat\w*|forward|attach|leak|share|modify|edit|write|overwrite|append|inject|insert|replace|delete|remove)\b`)

// secBracketEmphasis is a square-bracketed emphasis label ("[IMPORTANT]",
// "[ important ]"): markdown-style emphasis, unlike the angle-bracket tag
// <IMPORTANT> of planted system messages or the chat-template [INST].
var secBracketEmphasis = regexp.MustCompile(`^\[\s*important\s*\]$`)

// secValueLead is what stands before a quoted value or a quoted example:
// an assignment or argument list (text: "...", q="...", f("...")) or an
// example cue (e.g. "...", such as "...", for example "...").
var secValueLead = regexp.MustCompile(`(?i)(?:[:=(\[{,]|\be\.?g\.?|\bexamples?:?|\bsuch\s+as|\blike|\bz\.\s?b\.|\bpor\s+ejemplo|\bpar\s+exemple|例如[:：]?)\s*$`)

// secQuotedValue reports whether raw[a:b] lies inside a quoted string
// that is a value or an example (a sample input of a classifier, a test
// payload): text quoted as data, not addressed to the model. Any quote
// mark counts: "…", “…”, '…' (not an apostrophe), ‘…’, «…», 「…」, 『…』.
func secQuotedValue(raw string, a, b int) bool {
	before := raw[:a]
	open := -1
	if strings.Count(before, `"`)%2 == 1 && strings.Contains(raw[b:], `"`) {
		open = strings.LastIndex(before, `"`)
	}
	for _, q := range secQuotePairs {
		k := strings.LastIndex(before, q[0])
		if k > open && strings.LastIndex(before, q[1]) < k && strings.Contains(raw[b:], q[1]) {
			open = k
		}
	}
	if k := secSingleQuoteOpen(raw, a, b); k > open {
		open = k
	}
	if open < 0 || a-open > 400 {
		return false
	}
	return secValueLead.MatchString(raw[max(0, open-40):open])
}

// secQuotePairs are the paired quote marks besides the straight ones.
var secQuotePairs = [][2]string{{"\u201c", "\u201d"}, {"\u2018", "\u2019"}, {"\u00ab", "\u00bb"}, {"\u300c", "\u300d"}, {"\u300e", "\u300f"}}

// secSingleQuoteOpen is the index of a straight single quote that opens a
// quoted string around raw[a:b] (text='…'), or -1: no letter or digit
// before it (so no apostrophe, as in don't), no straight quote between it
// and the hit but apostrophes, and a closing quote after the hit with no
// letter or digit right after it.
func secSingleQuoteOpen(raw string, a, b int) int {
	k := strings.LastIndex(raw[:a], "'")
	for k >= 0 && secApostrophe(raw, k) {
		k = strings.LastIndex(raw[:k], "'")
	}
	if k < 0 || k > 0 && secAlnumByte(raw[k-1]) {
		return -1
	}
	for c := b; c < len(raw) && c-b < 400; c++ {
		if raw[c] == '\'' && !secApostrophe(raw, c) {
			return k
		}
	}
	return -1
}

// secApostrophe reports whether the straight quote at raw[i] stands
// between two letters or digits (don't, O'Brien).
func secApostrophe(raw string, i int) bool {
	return i > 0 && i+1 < len(raw) && secAlnumByte(raw[i-1]) && secAlnumByte(raw[i+1])
}

// secAlnumByte reports whether an ASCII byte is a letter or digit.
func secAlnumByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// secMaxHits bounds the hits of one pattern that the in-context reading
// reads in one text, so a text that repeats a phrase thousands of times
// costs the filters a bounded number of passes; the first hit that the
// reading's filters and the rule's keep pass is reported.
const secMaxHits = 32

// secHitsInContext is the default profile's reading of a family: it reads
// each hit in its context and skips hits that are not what the pattern
// means. Text in code spans and fenced blocks is what the tool shows, not
// what it says; a concealment verb ("hide it") counts only when its
// sentence is about the user; a pseudo-system label counts only when what
// follows does not ask the model to consult the user; a .env named inside
// quotes as an example file name is not a pointer at secrets. It yields
// the hits it keeps in the order it reads them, the patterns in the
// family's order and each one's hits in text order, then the first hit
// named only as a location (at info); so its first hit is the one the
// reading reports when no filter of the rule drops it. Their offsets are
// in s, though the reading blanks code. At most secMaxHits hits of one
// pattern are read.
func secHitsInContext(ctx *Context, s string, pats []secPattern) iter.Seq[secMatch] {
	return func(yield func(secMatch) bool) {
		text := preciseCodeOnly(s)
		folded, starts := secFold(text)
		// mapped is text with the way back to s (its text is text), built
		// on the first hit: most surfaces have none.
		var mapped *secMapped
		// match is the hit at folded [a, b), quoted from the prose read.
		match := func(what string, a, b int) secMatch {
			if mapped == nil {
				m := secCodeOnly(s)
				mapped = &m
			}
			ta, tb := secUnfold(text, starts, a, b)
			start, end := mapped.orig(ta, tb)
			return secMatch{what: what, text: secSnippet(text[ta:tb]), start: start, end: end}
		}
		var located secMatch // a hit named only as a location, reported at info when no other is found
		// raw folds s with its code spans, for the readings that need them;
		// folded once, on first use.
		var raw string
		var rawStarts []int
		for _, p := range pats {
			if !secHasAnchor(folded, p.anchors) {
				continue
			}
			for _, loc := range p.re.FindAllStringSubmatchIndex(folded, secMaxHits) {
				if p.ownTool > 0 && loc[2*p.ownTool] >= 0 {
					name := text[starts[loc[2*p.ownTool]]:starts[loc[2*p.ownTool+1]]]
					if secIsOwnTool(ctx, name) || secOwnToolSet.MatchString(strings.ToLower(name)) {
						continue
					}
				}
				hit := folded[loc[0]:loc[1]]
				switch p.what {
				case "instruction override", "role redefinition":
					if secQuotedValue(text, starts[loc[0]], starts[loc[1]]) {
						continue // reflex({ text: "ignore ... print the system prompt" }): a sample input, not an instruction
					}
				case "concealment":
					if (strings.HasPrefix(hit, "hide") || strings.HasPrefix(hit, "conceal")) && !strings.Contains(secSentence(folded, loc[0], loc[1]), "user") {
						continue
					}
				case "a request for secrets":
					// "Upload credentials are generated and used internally" names
					// a thing, it asks for nothing; "include credentials" as a
					// fetch credentials mode (omit, same-origin) is a setting.
					if secNounPhrase.MatchString(folded[loc[1]:]) || secFetchMode.MatchString(secSentence(folded, loc[0], loc[1])) {
						continue
					}
					// "Never include secrets, credentials or tokens" forbids
					// the act; "to include session cookies automatically"
					// is what the runtime does, no request to the model.
					if secNegatedBefore.MatchString(folded[max(0, loc[0]-40):loc[0]]) || secDoneByItself.MatchString(folded[loc[1]:]) {
						continue
					}
				case "pseudo-system tag":
					if secBracketEmphasis.MatchString(hit) {
						continue // "[IMPORTANT] use create_items for several": a label of emphasis claims no role
					}
					if secQuotedValue(text, starts[loc[0]], starts[loc[1]]) {
						continue
					}
					end := min(len(folded), loc[1]+240)
					if secAsksUser.MatchString(folded[loc[1]:end]) {
						continue
					}
				case "a .env file":
					if loc[0] > 0 && strings.ContainsAny(folded[loc[0]:loc[0]+1]+folded[max(0, loc[0]-1):loc[0]], `"'`) {
						continue
					}
					sentence := secSentence(folded, loc[0], loc[1])
					if secRefused.MatchString(sentence) {
						continue
					}
					if !secEnvTouched(sentence) {
						// "Tokens are saved to .env", "will use EBAY_REDIRECT_URI
						// from .env": where the server keeps its settings.
						if located.what == "" {
							located = match(p.what, loc[0], loc[1])
							located.info = true
						}
						continue
					}
				case "an SSH key path", "a cloud or tool credential file":
					sentence := secSentence(folded, loc[0], loc[1])
					if secRefused.MatchString(sentence) || p.what == "an SSH key path" && secPublicKeys.MatchString(folded) && !strings.Contains(folded, "private") {
						continue // authorized_keys lines of public keys it installs ask for no secret
					}
					if !secEnvTouched(sentence) {
						// "Credentials are loaded from ~/.aws/credentials",
						// "uses the key configured in ~/.ssh/config": where
						// the server or its tool reads its own settings, as
						// a .env named as a location.
						if located.what == "" {
							located = match(p.what, loc[0], loc[1])
							located.info = true
						}
						continue
					}
				case "an MCP client configuration":
					sentence := secSentence(folded, loc[0], loc[1])
					if secRefused.MatchString(sentence) || !secConfigAccess.MatchString(sentence) {
						continue // "set TOKEN in the env block of your client's mcp.json" says where a setting goes; it touches no file
					}
				case "a system credential file", "directory traversal":
					if secRefused.MatchString(secSentence(folded, loc[0], loc[1])) {
						continue // "~/.ssh ... are rejected" is a guard, not a pointer
					}
				case "steering away from other tools", "fallback steering":
					// Read the sentence with its code spans: the alternatives are often in them.
					if rawStarts == nil {
						raw, rawStarts = secFold(s)
					}
					m := match(p.what, loc[0], loc[1])
					sentence := secSentence(raw, sort.SearchInts(rawStarts, m.start), sort.SearchInts(rawStarts, m.end))
					if secSentenceNamesOwnTool(ctx, sentence) {
						continue // "prefer this tool over 'fill' or 'click' calls" routes between its own tools
					}
					if strings.HasSuffix(hit, "over") && !secOtherToolObject.MatchString(folded[loc[1]:min(len(folded), loc[1]+60)]) {
						continue // "prefer this over a full re-list", "over manually re-applying": a strategy of the same tool
					}
				case "cross-tool shadowing":
					// "prefer the rerank parameter of search-records instead of
					// calling this tool" routes to the server's own tool; a
					// code recipe ("instead of using a ref") is not about tools.
					sentence := secSentence(folded, loc[0], loc[1])
					if secSentenceNamesOwnTool(ctx, sentence) || !secAboutTools.MatchString(sentence) {
						continue
					}
				case "call-first coercion", "call-before-work coercion":
					if secSentenceNamesOwnTool(ctx, secSentence(folded, loc[0], loc[1])) {
						continue // "call this first ... before using fetch_latest" orders two of its own tools
					}
					if secPrerequisite.MatchString(secSentence(folded, loc[0], loc[1]) + " " + secNextSentence(folded, loc[1])) {
						continue // "must be called before any other tool; returns the session_id they need" is a technical prerequisite
					}
				case "session-moment coercion", "proactive-call coercion":
					// "Call this at the start of a session to get the session
					// token" hands later calls what they need; "call this before
					// debugging any error raised by run_tests" routes between
					// the server's own tools; "before any action, always check
					// with the user" protects the user.
					// The lead-in may hold the previous sentence's full stop.
					from := loc[0] + len(hit) - len(strings.TrimLeft(hit, ".!?:;\n \x01*#>_~-"))
					sentence := secSentence(folded, from, loc[1])
					if secHandlePrerequisite.MatchString(sentence) || secAsksUser.MatchString(sentence) || secOnNeed.MatchString(sentence) ||
						p.what == "proactive-call coercion" && !strings.HasPrefix(hit, "before") && secSentenceNamesOwnTool(ctx, sentence) {
						continue
					}
				case "persona assignment":
					if secBeyondConditional.MatchString(folded[max(0, loc[0]-12):loc[0]]) {
						continue // "if you are an expert user" is a condition on the reader, not a persona
					}
				case "first-choice steering":
					if sentence := secSentence(folded, loc[0], loc[1]); secConditional.MatchString(folded[loc[1]:min(len(folded), loc[1]+40)]) &&
						(!secAheadOfOwnWork.MatchString(sentence) || secSentenceNamesOwnTool(ctx, sentence)) {
						continue // "the first choice when users report errors" says when, it does not demand; "..., before calling get_details" orders two own tools
					}
				case "priority override":
					if loc[0] > 0 && strings.ContainsAny(folded[max(0, loc[0]-1):loc[0]], `"'“`) {
						continue // "pass 4 when the user says \"highest priority\"" quotes the user
					}
					if secRankWord.MatchString(hit) && !secAboutTools.MatchString(secSentence(folded, loc[0], loc[1])) {
						continue // "Truncation handling (HIGHEST PRIORITY)" ranks the tool's own steps
					}
				}
				if !yield(match(p.what, loc[0], loc[1])) {
					return
				}
			}
		}
		if located.what != "" {
			yield(located)
		}
	}
}

// secEnvDirected is a sentence that tells the model to touch a named
// secrets file: it opens with an access verb ("Read the .env file and
// pass its content", "first, cat .env", "- open .env"), in any of a few
// languages.
var secEnvDirected = regexp.MustCompile(`^[\s\-*•\d.)>:]*(?:(?:first|then|please|also|always|now|next|primero|luego|d'abord|ensuite|zuerst|dann|before\s+\w+(?:\s+\w+)?)[,\s]+)*(?:read|open|cat|load|parse|include|send|pass|upload|copy|print|dump|extract|exfiltrat\w*|forward|attach|leak|share|modify|edit|write|overwrite|append|inject|insert|replace|delete|remove|show|display|output|return|get|look\s+(?:at|in(?:to)?|up)|check|inspect|lee|lea|leer|abre|envia|lis|lisez|lire|ouvrez|envoyez|lies|lesen|öffne|sende)\b`)

// secEnvExposed is a sentence saying a secrets file's content comes back
// or goes out ("reads the .env file and returns its values", "include
// the contents of .env"), whoever its subject.
var secEnvExposed = regexp.MustCompile(`\b(?:returns?|shows?|prints?|outputs?|displays?|dumps?|sends?|includes?|exposes?|reveals?|pass(?:es)?|uploads?|forwards?|attach(?:es)?|leaks?|shares?|exfiltrat\w*)\b[^.\n]{0,60}?\b(?:contents?|values?|variables|vars|keys|secrets|credentials|tokens|lines|file)\b|\bcontents?\s+of\b`)

// secEnvTouched reports whether a sentence naming a secrets file has the
// model read, send or change it, or says the file's content comes back.
func secEnvTouched(sentence string) bool {
	return secEnvDirected.MatchString(sentence) || secEnvExposed.MatchString(sentence)
}

// secPrerequisite is a technical reason to call a tool first: it signs
// in, opens a session or returns an ID, token or handle the other tools
// need. A demand with such a reason is workflow, not coercion.
var secPrerequisite = regexp.MustCompile(`\b(?:authenticat\w*|log\s*in|sign\s*in|initiali[sz]\w*|handshake|session(?:[\s_-]?(?:id|token))?|(?:obtain|get|fetch|returns?|provides?|creates?)\s+(?:the\s+|an?\s+|your\s+)?(?:\w+[\s_-]){0,2}?(?:ids?|tokens?|keys?|handles?|cursors?))\b`)

// secOnNeed is a call made conditional on a need of the agent or the
// user ("when you need the last handoff", "if the user asks for it"): a
// usage hint, not a call on every session.
var secOnNeed = regexp.MustCompile(`\b(?:when|if|whenever|only\s+if)\s+(?:you|the\s+user|users?)\s+(?:need|needs|want|wants|ask|asks|request|requests)\b`)

// secNextSentence is the sentence of folded that follows offset to.
func secNextSentence(folded string, to int) string {
	end := strings.IndexAny(folded[to:], ".!?\n")
	if end < 0 {
		return ""
	}
	rest := folded[to+end+1:]
	if k := strings.IndexAny(rest, ".!?\n"); k >= 0 {
		return rest[:k]
	}
	return rest
}

// secSentence is the sentence of folded around [from, to).
func secSentence(folded string, from, to int) string {
	start := strings.LastIndexAny(folded[:from], ".!?\n") + 1
	end := strings.IndexAny(folded[to:], ".!?\n")
	if end < 0 {
		end = len(folded)
	} else {
		end += to
	}
	return folded[start:end]
}
