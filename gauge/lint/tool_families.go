package lint

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// Names shaped like the server's own tools (revision 20 of MCP017). A
// server's tool names have a shape of their own: families that
// share a leading word and a separator (claims_claim, claims_release, …;
// browser_act, browser_session_end, …), namespaces in front of a name
// (x_federation_admit, qe/planning/goap_plan). A token in that shape that
// is no tool of the server, standing where a tool is meant, sends the model
// to a tool it cannot call:
//
//   - a family name: the leading word and separator of two or more of the
//     server's tools, in their separators ("Pair claims_grant +
//     claims_check" beside twelve claims_* tools; "chaining
//     browser_snapshot + browser_click" beside six browser_* tools), read
//     only where the text calls it (famCalledBefore, a join by + or / to a
//     tool, "tool"/"result" after it): a bare claims_count is a field;
//   - a tool's name with its leading segments dropped, written as the tool
//     ends ("`federation_admit`" for x_federation_admit, "from goap_plan
//     result" for qe/planning/goap_plan, "the canva-app-ui-kit-patterns-
//     catalog" for read-canva-app-ui-kit-patterns-catalog): read where the
//     text calls it, in backticks, or, when three words or more are left,
//     wherever it stands in prose.
//
// Both stay silent on the server's own names (parameters, fields, enum
// values), on one-word names, on names the text gives to another product
// or to the client ("your editor's read_file"), on a command line in
// backticks (`hs project list-builds`), and on parts of paths, URLs, file
// names and members.

// famIndex holds the shapes of a server's tool names, built once per run.
type famIndex struct {
	// families maps a lowercased leading word and its separator ("claims_")
	// to how many tools start with it.
	families map[string]int
	// seps maps a family key to the separators its tools use after it.
	seps map[string]string
	// suffixes maps the lowercased end of a tool name after a separator,
	// two words or more, to the tool ("" when two tools end so).
	suffixes map[string]string
	// pairs maps the lowercased first two segments of a tool name of
	// three segments or more, with the separator after each
	// ("manage_jira_", "boond_contracts_"), to how many tools start so.
	pairs map[string]int
	// tails maps a lowercased separator and last word ("_tool") to how
	// many tools end with it.
	tails map[string]int
	// total is how many tools the server lists.
	total int
}

// famMaxSuffixes bounds how many ends of one tool name are indexed.
const famMaxSuffixes = 8

// famNameSeps are the separators between the segments of a tool name.
const famNameSeps = "_-./:"

// serverFamilies returns the server's family and suffix index.
func serverFamilies(ctx *Context) *famIndex {
	return ctx.Memo("tool.families", func() any {
		ix := &famIndex{families: map[string]int{}, seps: map[string]string{}, suffixes: map[string]string{}, pairs: map[string]int{}, tails: map[string]int{}, total: len(ctx.Tools)}
		for i := range ctx.Tools {
			name := strings.ToLower(ctx.Tools[i].Name)
			if key, ok := famPairKey(name); ok {
				ix.pairs[key]++
			}
			if k := strings.LastIndexAny(name, famNameSeps); k > 0 && k+1 < len(name) {
				ix.tails[name[k:]]++
			}
			if k := strings.IndexAny(name, famNameSeps); k > 0 && k+1 < len(name) {
				key := name[:k+1]
				ix.families[key]++
				for _, c := range name[k+1:] {
					if strings.ContainsRune(famNameSeps, c) && !strings.ContainsRune(ix.seps[key], c) {
						ix.seps[key] += string(c)
					}
				}
			}
			n := 0
			for k := 0; k < len(name) && n < famMaxSuffixes; k++ {
				if !strings.ContainsRune(famNameSeps, rune(name[k])) || k == 0 {
					continue
				}
				n++
				if tail := name[k+1:]; len(secIdentifierWords(tail)) >= 2 {
					claimName(ix.suffixes, tail, ctx.Tools[i].Name)
				}
			}
		}
		return ix
	}).(*famIndex)
}

// family reports whether name is written as a family of the server's
// tools: its leading word and separator start two or more tools, it has
// two words or more, and it uses no separator those tools do not.
func (ix *famIndex) family(name string) bool {
	low := strings.ToLower(name)
	k := strings.IndexAny(low, famNameSeps)
	if k <= 0 || k+1 >= len(low) || len(secIdentifierWords(name)) < 2 {
		return false
	}
	key := low[:k+1]
	if ix.families[key] < 2 {
		return false
	}
	allowed := ix.seps[key] + key[k:]
	for _, c := range low[k+1:] {
		if strings.ContainsRune(famNameSeps, c) && !strings.ContainsRune(allowed, c) {
			return false
		}
	}
	return true
}

// famPairKey is the first two segments of a lowercased name of three
// segments or more, each with its separator ("manage_jira_" of
// manage_jira_issue), when the name uses one separator throughout.
func famPairKey(low string) (string, bool) {
	k := strings.IndexAny(low, famNameSeps)
	if k <= 0 {
		return "", false
	}
	sep := low[k]
	for i := 0; i < len(low); i++ {
		if strings.IndexByte(famNameSeps, low[i]) >= 0 && low[i] != sep {
			return "", false
		}
	}
	j := strings.IndexByte(low[k+1:], sep)
	if j <= 0 || k+1+j+1 >= len(low) {
		return "", false
	}
	return low[:k+1+j+1], true
}

// pairMember reports whether name is a missing member of a two-segment
// family of the server's tools: three segments or more in one separator,
// its first two segments (lowercased, with their separators) the start of
// two or more tools of three segments or more ("manage_jira_plan" beside
// manage_jira_issue and manage_jira_filter; "boond_contracts_search"
// beside boond_contracts_get and boond_contracts_create). Two shared
// segments are a namespace and a noun, or a verb and a noun, the way the
// server names its tools; a name in that namespace is a tool's name.
func (ix *famIndex) pairMember(name string) bool {
	key, ok := famPairKey(strings.ToLower(name))
	return ok && ix.pairs[key] >= 2
}

// suffixTool returns the one tool whose name ends with name after a
// separator (x_federation_admit for federation_admit). When the part
// dropped ends with a verb the name must keep three words or more: the
// rest of get_user_id or manage_enqueued_messages is the thing the tool
// acts on (a user id, a queue), while read-canva-app-ui-kit-patterns-catalog
// shortened to canva-app-ui-kit-patterns-catalog still names the tool.
func (ix *famIndex) suffixTool(name string) (string, bool) {
	real := ix.suffixes[strings.ToLower(name)]
	if real == "" || len(real) <= len(name) {
		return "", false
	}
	kept := len(secIdentifierWords(name))
	dropped := secIdentifierWords(real[:len(real)-len(name)])
	if len(dropped) > 0 && famVerb(dropped[len(dropped)-1]) && kept < 3 {
		return "", false
	}
	return real, true
}

var (
	// famCalledBefore ends the text before a name the model is told to
	// call: call (to), use, invoke, run, try, pair (with), chain(ing),
	// prefer, instead of, replaced by, imperative or gerund. A third
	// person ("Runs dolt_tests via …", "uses X") says what the tool itself
	// does.
	famCalledBefore = regexp.MustCompile(`(?i)\b(?:call(?:ing)?(?:\s+to)?|calls\s+to|use|using|invok(?:e|ing)|run(?:ning)?|try|pair(?:ing)?(?:\s+\w+)?(?:\s+with)?|chain(?:ing)?|prefer(?:ring)?|instead\s+of|rather\s+than|replaced\s+by|followed\s+by)\s+(?:the\s+|a\s+)?$`)
	// famFromBefore ends the text before a name whose output the text
	// takes ("available from list-routes").
	famFromBefore = regexp.MustCompile(`(?i)\bfrom\s+(?:the\s+|a\s+)?$`)
	// famToolAfter follows a name given as a tool.
	famToolAfter = regexp.MustCompile(`(?i)^\s*tools?\b`)
	// famOutputAfter follows a name given as a tool's output ("from
	// goap_plan result"); it places a tool's end, not a family name (a
	// "respira_approval_required response" is a kind of response).
	famOutputAfter = regexp.MustCompile(`(?i)^\s*(?:results?|output)\b`)
	// famNounAfter follows a name the text gives to something other than a
	// tool: the create-a-data-source endpoint, the dolt_tests table.
	famNounAfter = regexp.MustCompile(`(?i)^\s*(?:endpoints?|routes?|apis?|urls?|uris?|paths?|files?|folders?|director(?:y|ies)|views?|pages?|responses?|status|errors?|codes?|queues?|tables?)\b`)
	// famJoin joins one name of a run of tools to the next ("a + b",
	// "a/b", "a, b and c").
	famJoin = regexp.MustCompile("^[`'\"]?(?:\\s*[+/]\\s*|,\\s*(?:and\\s+|or\\s+)?|\\s+(?:and|or|then)\\s+)[`'\"]?$")
	// famClientBefore gives a name to the client or another host ("your
	// editor's read_file", "the built-in read_file").
	famClientBefore = regexp.MustCompile(`(?i)(?:\b(?:your|client|editor|ide|host|agent|assistant)(?:'s|\x{2019}s)?|\b(?:built-?in|native))\s+(?:\w+\s+)?$`)
)

// famPlace is where a name stands: how the text around it calls it.
type famPlace struct {
	// called: a call verb before it, "tool"/"result" after it, or a join
	// to a name that is called or is a tool.
	called bool
	// from: "from" before it, or "result" or "output" after it.
	from bool
	// ticked: in backticks of its own.
	ticked bool
}

// famPlaceOf reads how desc calls the name at desc[from:to]; joined says a
// join ties it to a tool or a called name before it.
func famPlaceOf(desc string, from, to int, joined bool) famPlace {
	before := desc[max(0, from-40):from]
	before = strings.TrimRight(before, "`'\"")
	after := desc[to:min(len(desc), to+24)]
	after = strings.TrimLeft(after, "`'\"")
	return famPlace{
		called: joined || famCalledBefore.MatchString(before) || famToolAfter.MatchString(after),
		from:   famFromBefore.MatchString(before) || famOutputAfter.MatchString(after),
		ticked: from > 0 && desc[from-1] == '`' && to < len(desc) && desc[to] == '`',
	}
}

// famOther reports whether the name at desc[from:to] is not this server's
// tool whatever its shape: part of a path, URL, file name, member or key,
// an environment variable, a command line in backticks, the client's or
// another product's.
func famOther(desc, name string, from, to int) bool {
	if strings.ToUpper(name) == name {
		return true // an environment variable or a constant
	}
	lo := from
	for lo > 0 && desc[lo-1] == '`' {
		lo--
	}
	if lo > 0 && desc[lo-1] == '/' && !famSlashPath(desc, lo-1) {
		// browser_open/browser_screenshot: alternatives, not a path; the
		// words before the first of them say what they are.
		lo = strings.LastIndexAny(desc[max(0, lo-unkWindow):lo], srfSpace+"(`'\"") + max(0, lo-unkWindow) + 1
	} else if lo > 0 && strings.IndexByte("/.\\$@#:=~<{[", desc[lo-1]) >= 0 {
		return true
	}
	hi := to
	for hi < len(desc) && desc[hi] == '`' {
		hi++
	}
	if hi < len(desc) {
		next := desc[hi]
		if next == '.' && hi+1 < len(desc) && (desc[hi+1] >= 'a' && desc[hi+1] <= 'z' || desc[hi+1] >= 'A' && desc[hi+1] <= 'Z') {
			return true // a file name or a member: claims_grant.json, channel_sync.run
		}
		if strings.IndexByte(":=[{\\", next) >= 0 {
			return true
		}
		if next == '-' && hi+1 < len(desc) && (desc[hi+1] >= 'a' && desc[hi+1] <= 'z' || desc[hi+1] >= '0' && desc[hi+1] <= '9') {
			return true // the snake_case start of a longer name: hooks_post in hooks_post-task
		}
	}
	if famNounAfter.MatchString(desc[hi:min(len(desc), hi+24)]) || unkInCommand(desc, from) || famClientBefore.MatchString(desc[max(0, lo-40):lo]) ||
		unkOtherBefore.MatchString(desc[max(0, lo-24):lo]) {
		return true
	}
	return unkAttributed(desc, from, to)
}

// famSlashPath reports whether the slash at desc[slash] is part of a path
// or URL rather than a choice between two names (a/b): the token it lies in
// starts with a slash or a dot, holds "://", or has another slash before.
func famSlashPath(desc string, slash int) bool {
	start := slash
	for start > 0 && start > slash-unkWindow && !strings.ContainsRune(srfSpace+"(`'\"", rune(desc[start-1])) {
		start--
	}
	tok := desc[start:slash]
	return tok == "" || tok[0] == '.' || tok[0] == '~' || strings.Contains(tok, "/") || strings.Contains(tok, ":")
}

// unkInCommand reports whether the name at desc[from] is a word of a
// command line in backticks (`hs project list-builds`): a backtick is open
// before it on its line, and a space lies between that backtick and it.
func unkInCommand(desc string, from int) bool {
	lo := max(0, from-unkWindow)
	line := desc[lo+strings.LastIndexByte(desc[lo:from], '\n')+1 : from]
	if strings.Count(line, "`")%2 == 0 {
		return false
	}
	open := strings.LastIndexByte(line, '`')
	return strings.ContainsAny(line[open+1:], " \t")
}

// famMissingTool reports whether a name no rule before it read names a
// missing tool by its shape and place: a family name the text calls, or a
// tool's name with its leading segments dropped where the text calls it,
// ticks it or, three words or more, wherever it stands. self is the
// normalised name of the tool whose text it is.
// A bare kebab-case name (bare) is read as a family name only when it ends
// its phrase ("pair with browser-open for navigation"): "use read-only
// access" uses it as a modifier.
func famMissingTool(ctx *Context, desc, name, self string, from, to int, place famPlace, bare bool) bool {
	if len(secIdentifierWords(name)) < 2 || famOther(desc, name, from, to) {
		return false
	}
	ix := serverFamilies(ctx)
	if real, ok := ix.suffixTool(name); ok {
		if unkNormal(real) == self {
			return false
		}
		return place.called || place.from || place.ticked || len(secIdentifierWords(name)) >= 3
	}
	if bare && !unkPhraseEnd.MatchString(desc[to:min(len(desc), to+16)]) && !famToolAfter.MatchString(desc[to:min(len(desc), to+24)]) {
		return false
	}
	return place.called && (ix.family(name) || ix.tailFamily(name)) || ix.namespaceVerbName(name)
}

// tailFamily reports whether name ends as the server ends every tool
// name: its separator and last word ("_tool") end most of the server's
// tools, five at least (mapbox's category_search_tool, search_and_geocode_tool,
// ...), and it has two words or more besides. "use the category_list_tool"
// on such a server names a tool in the server's own shape (MCP017
// revision 27); a bare word that ends so ("the_tool") names nothing.
func (ix *famIndex) tailFamily(name string) bool {
	low := strings.ToLower(name)
	k := strings.LastIndexAny(low, famNameSeps)
	if k <= 0 || k+1 >= len(low) || len(secIdentifierWords(low[:k])) < 2 {
		return false
	}
	n := ix.tails[low[k:]]
	return n >= famNamespaceMin && float64(n) >= famNamespaceShare*float64(ix.total)
}

// famNamespaceMin is the fewest tools, and famNamespaceShare the least
// share of all of them, whose names must open on one word and separator
// for that word to be the server's namespace.
const (
	famNamespaceMin   = 5
	famNamespaceShare = 0.8
)

// namespaceVerbName reports whether name is written as the server writes
// every tool: the server's namespace (the leading word and separator of
// most of its tools, five at least: `tm1_` of every tm1 tool), then a verb
// a tool name opens with, then the words it acts on (`tm1_write_cells`,
// `tm1_upsert_process`), in the family's separators. Such a name names a
// tool wherever it stands in prose ("Related: … tm1_write_cells for the
// inverse operation", "Pre-flight check before tm1_upsert_process"): the
// namespace is the server's, and nothing else it names opens with a verb.
// A field or value under the namespace (`tm1_user_id`) opens with a noun
// and stays silent (round 47).
func (ix *famIndex) namespaceVerbName(name string) bool {
	low := strings.ToLower(name)
	k := strings.IndexAny(low, famNameSeps)
	if k <= 0 || !ix.family(name) {
		return false
	}
	n := ix.families[low[:k+1]]
	if n < famNamespaceMin || float64(n) < famNamespaceShare*float64(ix.total) {
		return false
	}
	words := secIdentifierWords(name)
	return len(words) >= 3 && famVerb(words[1]) && !unkValueName(name)
}

// famPairMissing reports whether the name at desc[from:to] is a missing
// member of a two-segment family of the server's tools (pairMember) that
// the text gives to nothing else: no path, URL, file, member, key, command
// line, the client's or another product's (famOther), no quoted value, no
// hedged name ("if available"), no field of a response or of an object in
// braces, no value (an id, a url) and no item of a list of fields. A slash
// after it joins an alternative name ("like get_flag_details/
// get_experiment_details") unless the token is a path (get_x_y/1).
func famPairMissing(ctx *Context, desc, name string, from, to int) bool {
	if !serverFamilies(ctx).pairMember(name) || famOther(desc, name, from, to) || unkValueName(name) || unkQuoted(desc, from) ||
		srfHedged(desc[to:]) || unkResponseField(desc, from) || unkFieldList(desc, from, to) {
		return false
	}
	hi := to
	for hi < len(desc) && desc[hi] == '`' {
		hi++
	}
	if hi < len(desc) && desc[hi] == '/' && (famSlashPath(desc, hi) || hi+1 >= len(desc) || !unicode.IsLetter(rune(desc[hi+1]))) {
		return false
	}
	window := desc[max(0, from-unkWindow):from]
	open := unkOpenGroup(window)
	return open < 0 || window[open] != '{'
}

// unkToolNameParam is a parameter that takes a tool's name: tool,
// toolName, tool_name, tool-name.
func unkToolNameParam(name string) bool {
	w := secIdentifierWords(name)
	return len(w) == 1 && w[0] == "tool" || len(w) == 2 && w[0] == "tool" && w[1] == "name"
}

// toolNameValues returns the names a tool's tool-name parameter lists as
// the values it takes ("Tool name (read_file, write_file, list_files)" on
// a tool that runs a tool inside a sandbox), lowercased: they are values
// of that parameter, an enum in prose, not this server's tools, in every
// text of the tool. A parameter whose text gives examples of a tool's name
// ("Tool name, e.g. 'input_tap'") lists none: revision 16 reads those.
func toolNameValues(t *model.Tool) map[string]bool {
	out := map[string]bool{}
	for _, pn := range t.ParamNames() {
		if !unkToolNameParam(pn) {
			continue
		}
		sub, ok := t.Params()[pn].(map[string]any)
		if !ok {
			continue
		}
		d, _ := sub["description"].(string)
		if d == "" || instrToolNameField.MatchString(d) {
			continue
		}
		for _, m := range srfIdentifier.FindAllStringSubmatch(d, 64) {
			name := m[1] + m[2]
			if len(secIdentifierWords(name)) >= 2 {
				out[strings.ToLower(name)] = true
			}
		}
	}
	return out
}

// famMoreVerbs are first words of tool names beyond unkVerbs and
// stepVerbs that act on the words after them.
var famMoreVerbs = map[string]bool{"manage": true, "handle": true, "process": true, "track": true, "monitor": true,
	"inspect": true, "configure": true, "toggle": true, "enable": true, "disable": true, "apply": true, "save": true,
	"load": true, "restore": true, "preview": true, "build": true, "test": true, "verify": true, "approve": true,
	"reject": true, "cancel": true, "wait": true, "scan": true, "parse": true, "convert": true, "render": true,
	"import": true, "export": true, "sync": true, "schedule": true, "trigger": true, "watch": true}

// famVerb reports whether a word is a verb a tool name opens with.
func famVerb(w string) bool {
	return unkVerbs[w] || stepVerbs[w] || famMoreVerbs[w]
}
