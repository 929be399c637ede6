package lint

import (
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// How a server writes its tool names, and which of its tools a name in
// prose most likely means. MCP017 and SRF011 read a name against this
// structure rather than against words: a name that is one of the server's
// tools under another prefix (wordpress_move_element beside
// respira_move_element), without its prefix (find_element) or shortened
// (get_widget_schema for respira_get_elementor_widget_schema) is a stale
// reference to that tool; a name written unlike all of the server's tools
// (linkUrl on a server of snake_case names, ct_template on a server whose
// every tool starts with respira_) that means none of them is a field, a
// key or a value, not a tool.

// toolShape is how a server writes its tool names.
type toolShape struct {
	// prefix is the first word at least shapeShare of the tools share
	// (three tools or more), lowercased and singular, when it is no verb
	// (get_* tools share a verb, not a namespace); "" when none does.
	prefix string
	// style is the separator style at least shapeShare of the
	// multi-word tool names share (shapeSnake, shapeKebab, shapeCamel),
	// or 0.
	style byte
	// tools are the tool names with their words, lowercased.
	tools []shapeTool
	// vocab holds every word of the tools, singular.
	vocab map[string]bool
	// owner holds the words of the server's own name (serverInfo name
	// and title), lowercased: the namespace a client or an older
	// release puts before its tools (gmail for gmail-mcp).
	owner map[string]bool
}

// shapeTool is one tool name split into words.
type shapeTool struct {
	name  string
	words []string
	// flat is words joined with no separator.
	flat string
	// sorted is the words in sorted order and seps the separators the
	// name uses, in order of first use: what reordered compares.
	sorted, seps string
}

// Separator styles of a name.
const (
	shapeSnake byte = '_'
	shapeKebab byte = '-'
	shapeCamel byte = 'c'
	shapeDot   byte = '.'
)

// shapeShare is the share of a server's tools that makes a prefix or a
// separator style the server's own (nine in ten: a server that mixes
// styles has none).
const shapeShare = 0.9

// serverToolShape returns the server's tool-name shape, built once per run.
func serverToolShape(ctx *Context) *toolShape {
	return ctx.Memo("tool.shape", func() any {
		s := &toolShape{vocab: map[string]bool{}, owner: map[string]bool{}}
		if ctx.Snap != nil {
			for _, w := range secIdentifierWords(ctx.Snap.Server.Name + " " + ctx.Snap.Server.Title) {
				s.owner[w] = true
			}
		}
		firsts := map[string]int{}
		styles := map[byte]int{}
		multi := 0
		for i := range ctx.Tools {
			name := ctx.Tools[i].Name
			words := secIdentifierWords(name)
			s.tools = append(s.tools, shapeTool{name: name, words: words, flat: strings.Join(words, ""), sorted: sortedWords(words), seps: nameSeps(name)})
			for _, w := range words {
				s.vocab[text.Singular(w)] = true
			}
			if len(words) < 2 {
				continue
			}
			multi++
			firsts[text.Singular(words[0])]++
			styles[nameStyle(name)]++
		}
		for p, n := range firsts {
			if n >= 3 && float64(n) >= shapeShare*float64(len(ctx.Tools)) && !unkVerbs[p] {
				s.prefix = p
			}
		}
		for st, n := range styles {
			if st != 0 && n >= 3 && float64(n) >= shapeShare*float64(multi) {
				s.style = st
			}
		}
		return s
	}).(*toolShape)
}

// nameStyle is the separator style of a multi-word name, or 0 when it
// mixes separators or has none; kebab-case is all lower case
// (TwilioApiV2010--CreateCall mixes styles).
func nameStyle(name string) byte {
	snake, kebab, dot := strings.Contains(name, "_"), strings.Contains(name, "-"), strings.Contains(name, ".")
	switch {
	case snake && !kebab && !dot:
		return shapeSnake
	case kebab && !snake && !dot && strings.ToLower(name) == name:
		return shapeKebab
	case dot && !snake && !kebab:
		return shapeDot
	case !snake && !kebab && !dot && strings.ToLower(name) != name:
		return shapeCamel
	}
	return 0
}

// shaped reports whether a name is written as the server writes its tools:
// in their separator style, if they keep one, and, when prefixed is set (a
// name no call verb introduces), with the prefix they share, if they share
// one. A text that calls a name ("by calling list_apps_on_device" beside
// mobile_* tools) may drop the prefix; a bare post_name beside respira_*
// tools is a field.
func (s *toolShape) shaped(name string, prefixed bool) bool {
	words := secIdentifierWords(name)
	if len(words) == 0 {
		return false
	}
	if prefixed && s.prefix != "" && text.Singular(words[0]) != s.prefix {
		return false
	}
	return s.style == 0 || nameStyle(name) == s.style
}

// resolve returns the one tool a name that is no tool most likely means,
// and whether there is one: the same words re-cased or re-separated
// (listFollowedProjects), the server's prefix missing (find_element for
// respira_find_element), another prefix in its place (wordpress_move_element
// or github.search for respira_move_element or gh_search: a stale
// namespace), or the tool's name shortened with its first and last words
// kept (get_widget_schema for get_elementor_widget_schema). A one-word
// remainder under another prefix counts only when call says the text calls
// the name as a tool.
func (s *toolShape) resolve(name string, call bool) (string, bool) {
	words := secIdentifierWords(name)
	if len(words) < 2 {
		return "", false
	}
	flat := strings.Join(words, "")
	for _, t := range s.tools {
		if t.flat == flat {
			return t.name, true
		}
	}
	if t, ok := s.ownerPrefixed(name); ok {
		return t, true
	}
	if s.prefix != "" && text.Singular(words[0]) != s.prefix {
		withPrefix := s.prefix + flat
		for _, t := range s.tools {
			if len(t.words) > 0 && text.Singular(t.words[0])+strings.Join(t.words[1:], "") == withPrefix {
				return t.name, true
			}
		}
	}
	if t, ok := s.reordered(name, words); ok {
		return t, true
	}
	if t, ok := s.restMatch(words, call); ok {
		return t, true
	}
	return s.shortened(words)
}

// reordered finds the one tool whose name has the same words as name, three
// or more, in another order and the same separators (MCP017 revision 28):
// lc_list_apps on a server whose tool is lc_apps_list is that tool's name
// with its verb moved, a stale or misremembered spelling. An API's dotted
// operation (`deployments.predictions.create` beside
// create_deployments_predictions) names the API, not a tool, and two tools
// with the same words leave it unresolved.
func (s *toolShape) reordered(name string, words []string) (string, bool) {
	if len(words) < 3 {
		return "", false
	}
	key, own := sortedWords(words), nameSeps(name)
	found := ""
	for _, t := range s.tools {
		if t.sorted != key || t.seps != own || slices.Equal(t.words, words) {
			continue
		}
		if found != "" {
			return "", false
		}
		found = t.name
	}
	return found, found != ""
}

// sortedWords joins a copy of words, sorted, with spaces.
func sortedWords(words []string) string {
	w := slices.Clone(words)
	slices.Sort(w)
	return strings.Join(w, " ")
}

// nameSeps returns the separators a name uses, each once, in order of
// first use.
func nameSeps(name string) string {
	var b []rune
	for _, c := range name {
		if strings.ContainsRune(famNameSeps, c) && !slices.Contains(b, c) {
			b = append(b, c)
		}
	}
	return string(b)
}

// ownerPrefixed finds the tool a name writes under the server's own name:
// the name ends with a tool's name exactly as the server lists it (two
// words or more), after a separator, and every word before it is a word
// of the server's name (gmail_threads_list on gmail-mcp, whose tool is
// threads_list; mcp_gmail_threads_list). The namespace is the one a
// client or an earlier release put before the tool, so the rest is that
// tool. A name under another product's prefix (github_create_issue beside
// create_issue on a mail server), a name that only shares a tool's words
// (ruflo-http-fetch, a User-Agent, beside http_fetch) and the server's own
// name over a one-word tool (just-bash beside bash) stay unresolved.
func (s *toolShape) ownerPrefixed(name string) (string, bool) {
	if len(s.owner) == 0 {
		return "", false
	}
	for _, t := range s.tools {
		if len(t.words) < 2 || len(name) <= len(t.name)+1 || !strings.HasSuffix(name, t.name) {
			continue
		}
		head := name[:len(name)-len(t.name)]
		if !strings.ContainsRune("_-.", rune(head[len(head)-1])) {
			continue
		}
		words := secIdentifierWords(head)
		own := 0
		for _, w := range words {
			if !s.owner[w] {
				own = -1
				break
			}
			if !ownerGeneric[w] {
				own++
			}
		}
		if own > 0 {
			return t.name, true
		}
	}
	return "", false
}

// ownerGeneric are words of a server's name that name no product: a
// prefix of them alone ("mcp_", "server_") is no namespace of this server.
var ownerGeneric = map[string]bool{"mcp": true, "server": true, "model": true, "context": true, "protocol": true}

// restMatch finds the tool whose words after its first are the name's
// words after its first, the first words differing: a name under another
// namespace. The name's first word must be no verb (get_user is no
// namespace of gh_user) and must be the prefix of no tool.
func (s *toolShape) restMatch(words []string, call bool) (string, bool) {
	if unkVerbs[words[0]] {
		return "", false
	}
	rest := strings.Join(words[1:], "")
	found := ""
	for _, t := range s.tools {
		if len(t.words) < 2 {
			continue
		}
		if t.words[0] == words[0] {
			return "", false // a prefix the server uses: no other namespace
		}
		// One word after the prefix (github.search for gh_search) is
		// too common a word to tell a namespace by: the text must call
		// the name, and one prefix must abbreviate the other.
		if len(words) == 2 && !(call && abbreviates(words[0], t.words[0])) {
			continue
		}
		if len(t.words) == len(words) && strings.Join(t.words[1:], "") == rest {
			if found != "" && found != t.name {
				return "", false
			}
			found = t.name
		}
	}
	return found, found != ""
}

// shortened finds the one tool whose words (after the server's prefix)
// hold the name's words in order, starting with the same verb and ending
// with the same word, with words left out between: get_widget_schema for
// respira_get_elementor_widget_schema.
func (s *toolShape) shortened(words []string) (string, bool) {
	if s.prefix != "" && text.Singular(words[0]) == s.prefix {
		words = words[1:]
	}
	if len(words) < 2 || !unkVerbs[words[0]] {
		return "", false
	}
	found := ""
	for _, t := range s.tools {
		tw := t.words
		if s.prefix != "" && len(tw) > 0 && text.Singular(tw[0]) == s.prefix {
			tw = tw[1:]
		}
		if len(tw) <= len(words) || tw[0] != words[0] || tw[len(tw)-1] != words[len(words)-1] || !subsequence(words, tw) {
			continue
		}
		if found != "" {
			return "", false
		}
		found = t.name
	}
	return found, found != ""
}

// subsequence reports whether every word of short appears in long, in order.
func subsequence(short, long []string) bool {
	j := 0
	for _, w := range long {
		if j < len(short) && w == short[j] {
			j++
		}
	}
	return j == len(short)
}

// abbreviates reports whether the shorter of two words abbreviates the
// longer: the same first letter, and its letters in order in the longer
// (gh and github, pg and postgres).
func abbreviates(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if a == "" || a[0] != b[0] {
		return false
	}
	j := 0
	for i := 0; i < len(b) && j < len(a); i++ {
		if b[i] == a[j] {
			j++
		}
	}
	return j == len(a)
}

// inVocabulary reports whether every word of a name after its first (the
// verb) is a word of one of the server's tools, singular or plural:
// get-activities beside get-all-activities.
func (s *toolShape) inVocabulary(name string) bool {
	words := secIdentifierWords(name)
	if len(words) < 2 {
		return false
	}
	for _, w := range words[1:] {
		if !s.vocab[text.Singular(w)] {
			return false
		}
	}
	return true
}
