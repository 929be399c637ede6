package lint

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// OriginMcpgauge is the Origin of rules mcpgauge adds itself.
const OriginMcpgauge = "mcpgauge"

// OriginQualityGate is the Origin of rules ported from mcp-quality-gate.
const OriginQualityGate = "mcp-quality-gate"

// secSurface is one piece of text a model reads: a tool's description, a
// parameter's enum value, a prompt argument's description, the server
// instructions, ... Tool/Parameter/Entity say where it sits.
type secSurface struct {
	Tool      string
	Parameter string
	Entity    string
	// Field names the text ("description", "title", "enum value", ...).
	Field string
	Text  string
	// folded and starts are secFold(Text), computed once with the surface
	// list and shared by every pattern rule.
	folded string
	starts []int
}

// where renders the surface's location for a message.
func (s secSurface) where() string {
	switch {
	case s.Tool != "" && s.Parameter != "":
		return fmt.Sprintf("parameter `%s` %s of tool `%s`", s.Parameter, s.Field, s.Tool)
	case s.Tool != "":
		return fmt.Sprintf("%s of tool `%s`", s.Field, s.Tool)
	case s.Entity == "instructions":
		return "server instructions"
	case s.Parameter != "":
		return fmt.Sprintf("argument `%s` %s of %s", s.Parameter, s.Field, s.Entity)
	default:
		return fmt.Sprintf("%s of %s", s.Field, s.Entity)
	}
}

func (s secSurface) problem(msg, suggestion string) Problem {
	return Problem{Tool: s.Tool, Parameter: s.Parameter, Entity: s.Entity, Message: msg, Suggestion: suggestion}
}

// secSurfaces lists every text surface of the snapshot, computed once per run.
func secSurfaces(ctx *Context) []secSurface {
	return ctx.Memo("sec.surfaces", func() any {
		var out []secSurface
		add := func(s secSurface) {
			if strings.TrimSpace(s.Text) != "" {
				s.folded, s.starts = secFold(s.Text)
				out = append(out, s)
			}
		}
		for i := range ctx.Tools {
			t := &ctx.Tools[i]
			add(secSurface{Tool: t.Name, Field: "description", Text: t.RawDescription})
			add(secSurface{Tool: t.Name, Field: "title", Text: t.Title})
			if t.Annotations != nil && t.Annotations.Title != nil {
				add(secSurface{Tool: t.Name, Field: "annotations title", Text: *t.Annotations.Title})
			}
			props := t.Params()
			for _, name := range t.ParamNames() {
				secSchemaText(props[name], func(field, text string) {
					add(secSurface{Tool: t.Name, Parameter: name, Field: field, Text: text})
				}, 0)
			}
			// Schema-level text outside properties (description, title, $defs ...).
			for _, k := range secSortedKeys(t.InputSchema) {
				if k == "properties" {
					continue
				}
				secSchemaText(map[string]any{k: t.InputSchema[k]}, func(field, text string) {
					add(secSurface{Tool: t.Name, Field: "input schema " + field, Text: text})
				}, 0)
			}
		}
		if ins := ctx.Snap.Server.Instructions; ins != "" {
			add(secSurface{Entity: "instructions", Field: "text", Text: ins})
		}
		for _, r := range ctx.Snap.Resources {
			e := "resource:" + r.URI
			add(secSurface{Entity: e, Field: "name", Text: r.Name})
			add(secSurface{Entity: e, Field: "title", Text: r.Title})
			add(secSurface{Entity: e, Field: "description", Text: r.Description})
		}
		for _, r := range ctx.Snap.Templates {
			e := "template:" + r.URITemplate
			add(secSurface{Entity: e, Field: "name", Text: r.Name})
			add(secSurface{Entity: e, Field: "title", Text: r.Title})
			add(secSurface{Entity: e, Field: "description", Text: r.Description})
		}
		for _, p := range ctx.Snap.Prompts {
			e := "prompt:" + p.Name
			add(secSurface{Entity: e, Field: "title", Text: p.Title})
			add(secSurface{Entity: e, Field: "description", Text: p.Description})
			for _, a := range p.Arguments {
				add(secSurface{Entity: e, Parameter: a.Name, Field: "description", Text: a.Description})
				add(secSurface{Entity: e, Parameter: a.Name, Field: "title", Text: a.Title})
			}
		}
		return out
	}).([]secSurface)
}

// secTool is what the tool-level Security and Quality-gate rules read of a
// tool's name and description, computed once per run.
type secTool struct {
	words []string // secIdentifierWords(Name)
	desc  string   // secFold(RawDescription)
}

// secTools returns the secTool of every tool of ctx, in order.
func secTools(ctx *Context) []secTool {
	return ctx.Memo("sec.tools", func() any {
		out := make([]secTool, len(ctx.Tools))
		for i := range ctx.Tools {
			out[i].words = secIdentifierWords(ctx.Tools[i].Name)
			out[i].desc, _ = secFold(ctx.Tools[i].RawDescription)
		}
		return out
	}).([]secTool)
}

// secSortedKeys returns m's keys, sorted. It sizes the slice up front, which
// slices.Sorted(maps.Keys(m)) cannot: the schema walk calls it for every
// object of every schema, and growing the slice cost about 13k allocations a run
// on a 500-tool server.
func secSortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// secSchemaText walks a JSON Schema and reports every text a model may read:
// description and title strings, string enum/const/default/examples values.
func secSchemaText(v any, emit func(field, text string), depth int) {
	if depth > 32 {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		for _, k := range secSortedKeys(x) {
			val := x[k]
			switch k {
			case "description", "title":
				if s, ok := val.(string); ok {
					emit(k, s)
					continue
				}
			case "enum", "examples":
				if list, ok := val.([]any); ok {
					for _, e := range list {
						if s, ok := e.(string); ok {
							emit(strings.TrimSuffix(k, "s")+" value", s)
						}
					}
					continue
				}
			case "default", "const":
				if s, ok := val.(string); ok {
					emit(k+" value", s)
					continue
				}
			}
			secSchemaText(val, emit, depth+1)
		}
	case []any:
		for _, e := range x {
			secSchemaText(e, emit, depth+1)
		}
	}
}

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

// secMatch is a pattern hit with the matched original text.
type secMatch struct {
	what, text string
}

// secFind returns the first hit of any pattern in s.
func secFind(ctx *Context, s string, pats []secPattern) (secMatch, bool) {
	folded, starts := secFold(s)
	return secFindFolded(ctx, s, folded, starts, pats)
}

// secFindFolded is secFind for text already folded: folded, starts = secFold(s).
func secFindFolded(ctx *Context, s, folded string, starts []int, pats []secPattern) (secMatch, bool) {
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
			return secMatch{what: p.what, text: secSnippet(s[starts[loc[0]]:starts[loc[1]]])}, true
		}
	}
	return secMatch{}, false
}

func secIsOwnTool(ctx *Context, name string) bool {
	if ctx == nil {
		return false
	}
	name = strings.Trim(name, "`'\".,;:()")
	for i := range ctx.Tools {
		if strings.EqualFold(ctx.Tools[i].Name, name) {
			return true
		}
	}
	return false
}

// secSnippet shortens matched text for a message: whitespace collapsed,
// at most 80 runes.
func secSnippet(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > 80 {
		r := []rune(s)
		s = string(r[:77]) + "..."
	}
	return s
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
func secPhraseRuleWith(ps []secPattern, precise secPrecise, message func(s secSurface, m secMatch) string, suggestion string) func(*Context) []Problem {
	return func(ctx *Context) []Problem {
		var out []Problem
		for _, s := range secSurfaces(ctx) {
			m, ok := secFindFolded(ctx, s.Text, s.folded, s.starts, ps)
			if ctx.Precise() {
				if ok {
					m, ok = secFindInContext(ctx, s.Text, ps)
				}
				if !ok && len(precise.patterns) > 0 && secAnyAnchor(s.folded, precise.patterns) {
					m, ok = secFindInContext(ctx, s.Text, precise.patterns)
				}
				if ok && precise.keep != nil && !precise.keep(ctx, s, m) {
					ok = false
				}
				if !ok && precise.extra != nil {
					m, ok = precise.extra(s)
				}
			}
			if ok {
				out = append(out, s.problem(message(s, m), suggestion))
			}
		}
		return out
	}
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

// secRe compiles a pattern list; the patterns are constants, so a failure is
// a programming error caught by the tests.
func secRe(what string, ownTool int, exprs ...string) []secPattern {
	out := make([]secPattern, 0, len(exprs))
	for _, e := range exprs {
		out = append(out, secPattern{re: regexp.MustCompile(e), what: what, ownTool: ownTool, anchors: secAnchors(e)})
	}
	return out
}

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
