package lint

import (
	"regexp"
	"strings"
)

// Tool references in prose: identifiers a text presents as tools (MCP017
// in descriptions, SRF011 in the instructions), and whether a sentence
// names one of the server's own tools.

var (
	srfIdentifier = regexp.MustCompile("`([A-Za-z_][A-Za-z0-9_.:/-]*)`|\\b([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]*)+)\\b")
	srfPrevWord   = regexp.MustCompile(`(?i)\b(call|calls|calling|use|uses|using|invoke|invokes|invoking|run|runs|running|via|with|the)\s+$`)
	srfNextWord   = regexp.MustCompile(`(?i)^(?:\(|\s+tools?\b)`)
)

// srfSpace is what Go's \s matches.
const srfSpace = " \t\n\f\r"

// srfWordBefore is srfPrevWord.FindStringSubmatch(before), run on a bounded
// tail so that checking every identifier of long instructions stays linear.
// A match is one of srfPrevWord's words (at most 10 bytes, counting the
// 3-byte Kelvin sign and 2-byte long s that (?i) folds onto k and s)
// followed by before's trailing whitespace, so the 17 bytes in front of that
// whitespace hold the word and the whole rune its \b looks at.
func srfWordBefore(before string) []string {
	t := len(strings.TrimRight(before, srfSpace))
	return srfPrevWord.FindStringSubmatch(before[max(0, t-17):])
}

// srfToolAfter is srfNextWord.MatchString(after) on a bounded head: a match
// is "(" or after's leading whitespace plus "tool"/"tools" (at most 6 bytes),
// and its closing \b looks at one more rune (at most 4 bytes).
func srfToolAfter(after string) bool {
	w := len(after) - len(strings.TrimLeft(after, srfSpace))
	return srfNextWord.MatchString(after[:min(len(after), w+16)])
}

// secSentenceNamesOwnTool reports whether the folded sentence names one of
// the server's tools as a word ('fill' or 'click' calls): steering between
// a server's own tools is routing advice, not shadowing. Tool names under
// three characters do not count.
func secSentenceNamesOwnTool(ctx *Context, sentence string) bool {
	tools := knownNames(ctx).tools
	for start := 0; start < len(sentence); {
		for start < len(sentence) && !secWordByte(sentence[start]) {
			start++
		}
		end := start
		for end < len(sentence) && secWordByte(sentence[end]) {
			end++
		}
		if end-start >= 3 && tools[sentence[start:end]] {
			return true
		}
		start = end
	}
	return false
}

// secWordByte reports whether c is part of a tool-name word.
func secWordByte(c byte) bool {
	return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}

// serverNames is what a server calls things, lowercased: the rules that
// read tool references in prose (MCP017 in descriptions, SRF011 in the
// instructions, the phrase rules' steering between own tools) ask it
// whether an identifier is the server's own.
type serverNames struct {
	// tools are the tool names.
	tools map[string]bool
	// own are the server's name, its tool names and their top-level
	// parameter names, its prompt names and their arguments, and the names
	// of its resources and resource templates.
	own map[string]bool
	// nested are the property names at any depth of the input schemas.
	nested map[string]bool
	// uris are the resource URIs.
	uris map[string]bool
}

// has reports whether name, in any case, is one of the server's own
// names; deep counts the property names nested in input schemas too (as
// MCP017 does), uris the resource URIs (as SRF011 does).
func (n *serverNames) has(name string, deep, uris bool) bool {
	k := strings.ToLower(name)
	return n.own[k] || deep && n.nested[k] || uris && n.uris[k]
}

// knownNames returns the server's names, built once per run.
func knownNames(ctx *Context) *serverNames {
	return ctx.Memo("known.names", func() any {
		n := &serverNames{
			tools:  map[string]bool{},
			own:    map[string]bool{strings.ToLower(ctx.Snap.Server.Name): true},
			nested: map[string]bool{},
			uris:   map[string]bool{},
		}
		var walk func(v any, depth int)
		walk = func(v any, depth int) {
			if depth > 32 {
				return
			}
			switch x := v.(type) {
			case map[string]any:
				if props, ok := x["properties"].(map[string]any); ok {
					for k := range props {
						n.nested[strings.ToLower(k)] = true
					}
				}
				// An action a tool takes by name (jira_workflow's
				// "get_transitions") is the server's own word too.
				if c, ok := x["const"].(string); ok {
					n.nested[strings.ToLower(c)] = true
				}
				if e, ok := x["enum"].([]any); ok {
					for _, v := range e {
						if sv, ok := v.(string); ok {
							n.nested[strings.ToLower(sv)] = true
						}
					}
				}
				for _, k := range secSortedKeys(x) {
					walk(x[k], depth+1)
				}
			case []any:
				for _, e := range x {
					walk(e, depth+1)
				}
			}
		}
		for i := range ctx.Tools {
			t := &ctx.Tools[i]
			n.tools[strings.ToLower(t.Name)] = true
			n.own[strings.ToLower(t.Name)] = true
			for _, p := range t.ParamNames() {
				n.own[strings.ToLower(p)] = true
			}
			walk(t.InputSchema, 0)
		}
		// A family prefix two or more tools share (extension_* tools:
		// "extension"), and the protocol's own methods as clients name them
		// (readResource), are no missing tools.
		prefixes := map[string]int{}
		for i := range ctx.Tools {
			if k := strings.IndexAny(ctx.Tools[i].Name, "_-"); k > 0 {
				prefixes[strings.ToLower(ctx.Tools[i].Name[:k])]++
			}
		}
		for p, c := range prefixes {
			if c >= 2 {
				n.own[p] = true
			}
		}
		for _, m := range protocolMethodNames {
			n.own[m] = true
		}
		for _, p := range ctx.Snap.Prompts {
			n.own[strings.ToLower(p.Name)] = true
			for _, a := range p.Arguments {
				n.own[strings.ToLower(a.Name)] = true
			}
		}
		for _, r := range ctx.Snap.Resources {
			n.own[strings.ToLower(r.Name)] = true
			n.uris[strings.ToLower(r.URI)] = true
		}
		for _, r := range ctx.Snap.Templates {
			n.own[strings.ToLower(r.Name)] = true
		}
		return n
	}).(*serverNames)
}

// protocolMethodNames are MCP's client methods as SDKs name them,
// lowercased: instructions that tell the agent to readResource or
// listTools name the protocol, not a tool.
var protocolMethodNames = []string{"readresource", "listresources", "listresourcetemplates", "listtools", "calltool", "listprompts", "getprompt", "subscriberesource", "complete", "setlogginglevel"}

var (
	// srfNotToolAfter follows an identifier that names an action, a
	// parameter or a field, not a tool ("use the get_create_metadata
	// action of jira_search", "with `resource` set to").
	// A noun of data or configuration after the name says what it is
	// ("Requires edit_others_posts capability", "the ct_template post
	// type", "the delete_post schema", "the read_user scope"), and so does
	// a value after a colon ("reviewDue: true", "status: 'open'").
	srfNotToolAfter = regexp.MustCompile(`(?i)^\s*(?:(?:action|command|operation|op|mode|method|subcommand|parameter|param|field|option|argument|arg|flag|setting|property|key|column|attribute|event|value|capability|permission|scope|role|privilege|schema|table|taxonomy|taxonomie|shortcode|hook|filter|variable|constant|macro|struct|enum|class|header|cookie|request|(?:post|content|data|field|record|block|object)\s+type)s?\b|capabilities\b|set\s+to\b|=[^=]|:\s*(?:true|false|null|-?\d|["'\[{]))`)
	// srfCodeBefore precedes a name called like a function inside code
	// ("public static void updateAccounts()", "obj.method()"), not a tool.
	srfCodeBefore = regexp.MustCompile(`(?:\b(?:void|function|def|func|fn|static|public|private|protected|async|await|int|string|bool|boolean|return|new)\s+|\.)$`)
	// srfHedgedAfter follows a reference the text itself says may be
	// missing ("your `bestpractices` tool if available").
	srfHedgedAfter = regexp.MustCompile(`(?i)^[^.!?\n]{0,40}?\b(?:if|when|where)\s+(?:it\s+is\s+|they\s+are\s+)?(?:available|present|enabled|installed|registered|configured|exposed|supported)\b`)
	// srfListIntro opens a list of tools ("Related tools: a, b and c",
	// "tools such as a or b", "Tools:\n- a\n- b").
	srfListIntro = regexp.MustCompile(`(?i)\btools?\s*(?:\([^)\n]{0,40}\)\s*)?(?::|such\s+as\b|like\b|including\b|include\b)[ \t]*`)
	// srfListItem is one item of an inline list: an identifier, in
	// backticks or not, and nothing else.
	srfListItem = regexp.MustCompile("^`?[A-Za-z][A-Za-z0-9_-]*`?$")
	// srfListSplit separates the items of an inline list.
	srfListSplit = regexp.MustCompile(`\s*(?:,|;|/|\band\b|\bor\b)\s*`)
	// srfBullet is a bullet line that starts with an identifier.
	srfBullet = regexp.MustCompile("^[ \t]*(?:[-*•]|\\d+[.)])[ \t]+(`?[A-Za-z][A-Za-z0-9_-]*`?)")
)

// srfNotTool reports whether the text after an identifier makes it an
// action, parameter or field rather than a tool.
func srfNotTool(after string) bool {
	return srfNotToolAfter.MatchString(after[:min(len(after), 40)])
}

// srfInCode reports whether the text before a name called like a function
// makes it code (a declaration or a method), not a tool.
func srfInCode(before string) bool {
	return srfCodeBefore.MatchString(before[max(0, len(before)-24):])
}

// srfCodeMember is code in prose: a member of an object or type called
// (`GDScript.new()`, `tree.get_nodes()`, a call's result called again:
// `get_node("/root/X").is_stepping()`), a snake_case member of a
// capitalised type (`SurfaceTool.append_from`), or a member named by its
// type (`MasterPty::resize`).
var srfCodeMember = regexp.MustCompile(`(?:[A-Za-z_]\w*|\))\.[A-Za-z_]\w*\(|\b[A-Z]\w*\.[a-z][a-z0-9]*_\w+|\b[A-Za-z_]\w*::[A-Za-z_]\w*`)

// srfCodeSentence reports whether the sentence around s[from:to] writes
// code beside the name: a member of an object or type (srfCodeMember).
// Sentences end at a newline, or at a full stop, question or exclamation
// mark followed by a space or the end (the dot of `GDScript.new()` ends
// none); they are read at most 240 bytes either side.
func srfCodeSentence(s string, from, to int) bool {
	lo, hi := max(0, from-240), min(len(s), to+240)
	start := lo
	for i := from - 1; i >= lo; i-- {
		if s[i] == '\n' || i+1 < len(s) && strings.IndexByte(".!?", s[i]) >= 0 && strings.IndexByte(srfSpace, s[i+1]) >= 0 {
			start = i + 1
			break
		}
	}
	end := hi
	for i := to; i < hi; i++ {
		if s[i] == '\n' || strings.IndexByte(".!?", s[i]) >= 0 && (i+1 == len(s) || strings.IndexByte(srfSpace, s[i+1]) >= 0) {
			end = i
			break
		}
	}
	return srfCodeMember.MatchString(s[start:end])
}

// srfHedged reports whether the text after a reference says the tool may
// not be there.
func srfHedged(after string) bool {
	return srfHedgedAfter.MatchString(after[:min(len(after), 80)])
}

// srfToolListNames returns the byte offsets at which an identifier of a
// list of tools starts in s: an inline list after "tools:" or "tools such
// as" whose every item is an identifier, or the bullet lines after a
// "tools:" that ends its line. A list names tools as plainly as "call X".
func srfToolListNames(s string) map[int]bool {
	out := map[int]bool{}
	for _, loc := range srfListIntro.FindAllStringIndex(s, 64) {
		rest := s[loc[1]:]
		if strings.HasPrefix(rest, "\n") || strings.HasPrefix(rest, "\r\n") {
			off := loc[1]
			lines := strings.SplitAfter(rest, "\n")[1:]
			off += len(rest) - len(strings.Join(lines, ""))
			for _, line := range lines {
				m := srfBullet.FindStringSubmatchIndex(line)
				if m == nil {
					break
				}
				out[off+m[2]] = true
				off += len(line)
			}
			continue
		}
		end := strings.IndexAny(rest, ".!?\n")
		if end < 0 {
			end = len(rest)
		}
		// A name may end with a dot only at the sentence's end.
		list := strings.TrimRight(rest[:end], " \t")
		items := srfListSplit.Split(list, -1)
		if len(items) < 2 {
			continue
		}
		all := true
		for _, it := range items {
			if !srfListItem.MatchString(it) {
				all = false
				break
			}
		}
		if !all {
			continue
		}
		pos := 0
		for _, it := range items {
			k := strings.Index(list[pos:], it)
			out[loc[1]+pos+k] = true
			pos += k + len(it)
		}
	}
	return out
}
