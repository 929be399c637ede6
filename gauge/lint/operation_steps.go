package lint

import (
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// A description that lays out a process as steps for the model ("1. Get
// upload URL (GET /v2/kb/{id}/upload_url) 2. Upload file to the URL 3.
// Register file (POST /v2/kb/{id}/register_file)") or as a chain of arrows
// ("get_upload_url -> upload to S3 -> register_file") names, in each step,
// an operation the model is to perform. When a step names it as an HTTP
// method and path, or as a tool's name written in another separator or
// shortened, the model is sent to something it cannot call: it calls tools,
// by the names tools/list gives them. MCP017 (and SRF011 for the
// instructions) read such steps here.
//
// A step that says what the tool itself does ("1. Fetches a ticket from
// POST /api/ticket", "2. The hash is submitted via POST /api/launch") opens
// with no imperative and stays silent; so does a step whose path is the
// tool's own (every word of the path is a word of the tool's name), a path
// on a server with a tool that takes a free path or URL, and a name in a
// chain that is a real tool of the server or means none of them.

// stepNumbered is a numbered step line ("1. ", "2) ", "Step 3: ", "- 1. ")
// with its first word and the rest of its line.
var stepNumbered = regexp.MustCompile(`(?m)^[ \t]*(?:[-*][ \t]+)?(?:[Ss]tep[ \t]*)?(\d{1,2})[.):][ \t]+([A-Za-z]+)([^\n]*)`)

// stepMethodPath is an HTTP method in capitals and the path after it.
var stepMethodPath = regexp.MustCompile("\\b(?:GET|POST|PUT|PATCH|DELETE)\\s+`?(/[A-Za-z0-9_{}<>:.\\-]+(?:/[A-Za-z0-9_{}<>:.\\-]+)*)")

// stepVerbs are imperatives that open a step the model performs.
var stepVerbs = func() map[string]bool {
	m := map[string]bool{"register": true, "call": true, "poll": true, "confirm": true, "submit": true, "request": true,
		"obtain": true, "retrieve": true, "complete": true, "finalize": true, "commit": true, "initiate": true,
		"invoke": true, "use": true, "make": true, "put": true, "patch": true, "attach": true, "publish": true, "finish": true}
	for v := range unkVerbs {
		m[v] = true
	}
	return m
}()

// stepEndpointRefs returns the endpoint paths a tool's description gives
// as steps for the model: an HTTP method and path in a numbered step that
// opens with an imperative, or right beside an arrow of a chain of steps.
// A path that is the tool's own (tool names the tool) stays silent, and so
// does every path when some tool of the server takes a free path or URL.
func stepEndpointRefs(ctx *Context, tool, desc string) []string {
	if !strings.Contains(desc, "/") || serverTakesFreePath(ctx) {
		return nil
	}
	desc = desc[:min(len(desc), endpointScanLimit)]
	own := singularWordSet(secIdentifierWords(tool))
	var out []string
	seen := map[string]bool{}
	add := func(path string) {
		if seen[path] || stepOwnPath(path, own) {
			return
		}
		seen[path] = true
		out = append(out, path)
	}
	// A numbered list whose header (the line before its step 1) says the
	// steps are the tool's own process or the user's ("Steps performed:",
	// "Typical flow a user follows:", "with curl:") gives the model no step.
	others := false
	for _, m := range stepNumbered.FindAllStringSubmatchIndex(desc, -1) {
		if desc[m[2]:m[3]] == "1" {
			others = stepOthersList(desc[max(0, m[0]-200):m[0]])
		}
		if others || !stepVerbs[strings.ToLower(desc[m[4]:m[5]])] {
			continue
		}
		for _, p := range stepMethodPath.FindAllStringSubmatch(desc[m[6]:m[7]], -1) {
			add(stepTrimPath(p[1]))
		}
	}
	if stepHasArrow(desc) {
		for _, p := range stepMethodPath.FindAllStringSubmatchIndex(desc, -1) {
			if stepArrowItem(desc, p[0], p[1]) && stepArrowStep(ctx, desc, p[0], p[1]) {
				add(stepTrimPath(desc[p[2]:p[3]]))
			}
		}
	}
	return out
}

// stepTrimPath drops the sentence's full stop or colon from a path.
func stepTrimPath(path string) string {
	return strings.TrimRight(path, ".:")
}

// stepOthersHeader are the words of a list's header that make its steps
// the tool's own process or the user's, not the model's.
var stepOthersHeader = regexp.MustCompile(`(?i)\b(?:performed|internally|what this tool does|under the hood|user|curl)\b`)

// stepOthersList reports whether the line that ends before (the header of
// a numbered list) says its steps are not the model's.
func stepOthersList(before string) bool {
	before = strings.TrimRight(before, " \t\n")
	if i := strings.LastIndexByte(before, '\n'); i >= 0 {
		before = before[i+1:]
	}
	return stepOthersHeader.MatchString(before)
}

// stepArrowStep reports whether the item of a chain beside the method and
// path desc[from:to], across an arrow, is a step too: another method and
// path (not the same method on a path with the same last word: "GET
// /old/users -> GET /v2/users" maps an endpoint to its new one), or a
// clause that opens with an imperative. A status, a number, a reply ("->
// 200", "-> you reply 200") or a tool of the server ("list_users -> GET
// /v1/users" says which endpoint a tool wraps) is no step.
func stepArrowStep(ctx *Context, desc string, from, to int) bool {
	const pad = " \t`'\"()"
	// The method and the path around any white space (a tab, a CR).
	f := strings.Fields(desc[from:to])
	method, path := f[0], f[len(f)-1]
	last := stepLastWord(path)
	step := func(item string) bool {
		item = strings.Trim(item, pad)
		if m := stepMethodPath.FindStringSubmatchIndex(item); m != nil {
			if m[0] == 0 || m[1] == len(strings.TrimRight(item, pad+".,;:")) {
				other := strings.Fields(item[m[0]:m[1]])[0]
				return other != method || stepLastWord(stepTrimPath(item[m[2]:m[3]])) != last
			}
		}
		w := item
		if i := strings.IndexFunc(item, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') }); i >= 0 {
			if item[i] != ' ' {
				return false
			}
			w = item[:i]
		}
		return stepVerbs[strings.ToLower(w)] && !knownNames(ctx).tools[strings.ToLower(w)]
	}
	before := strings.TrimRight(desc[max(0, from-120):from], pad)
	for _, a := range stepArrows {
		if strings.HasSuffix(before, a) {
			item := strings.TrimSuffix(before, a)
			if i := strings.LastIndexAny(item, "\n>→⟶⇒:;,"); i >= 0 {
				item = item[i+1:]
			}
			if step(item) {
				return true
			}
		}
	}
	after := strings.TrimLeft(desc[to:min(len(desc), to+120)], pad)
	for _, a := range stepArrows {
		if strings.HasPrefix(after, a) {
			item := strings.TrimPrefix(after, a)
			if i := strings.IndexAny(item, "\n;,"); i >= 0 {
				item = item[:i]
			}
			for _, b := range stepArrows {
				if i := strings.Index(item, b); i >= 0 {
					item = item[:i]
				}
			}
			if step(item) {
				return true
			}
		}
	}
	return false
}

// stepLastWord is the last literal word of a path, singular.
func stepLastWord(path string) string {
	words := stepPathWords(path)
	if len(words) == 0 {
		return ""
	}
	return words[len(words)-1]
}

// stepOwnPath reports whether every word of a path's literal segments (its
// parameters, an "api" segment and version segments left out) is a word of
// the tool's name: the tool's own endpoint, not one the model is sent to.
func stepOwnPath(path string, own map[string]bool) bool {
	words := stepPathWords(path)
	if len(words) == 0 {
		return true
	}
	for _, w := range words {
		if !own[w] {
			return false
		}
	}
	return true
}

// stepPathWords are the words of a path's literal segments, singular.
func stepPathWords(path string) []string {
	var out []string
	for _, seg := range strings.Split(path, "/") {
		if seg == "" || strings.ContainsAny(seg[:1], "{<:") || stepVersion.MatchString(seg) || strings.EqualFold(seg, "api") {
			continue
		}
		for _, w := range secIdentifierWords(seg) {
			out = append(out, text.Singular(w))
		}
	}
	return out
}

// stepVersion is a version segment of a path (v2, v1beta).
var stepVersion = regexp.MustCompile(`^v\d+[a-z0-9]*$`)

// stepPathTool is the one tool of the server whose name holds every word
// of a path's literal segments, for the message; "" when none or several.
// It reads the word index of the tool names (stepToolWords, built once per
// run): the tools of the path's rarest word are the candidates, and at
// most stepPathCandidates of them are checked, so each path costs a
// bounded amount however many tools share its words (a path whose every
// word is in more tools than that names no one tool reliably anyway).
func stepPathTool(ctx *Context, path string) string {
	words := stepPathWords(path)
	if len(words) == 0 {
		return ""
	}
	idx := stepToolWords(ctx)
	var cands []int
	for i, w := range words {
		if ts := idx.byWord[w]; i == 0 || len(ts) < len(cands) {
			cands = ts
		}
	}
	if len(cands) > stepPathCandidates {
		return ""
	}
	found := -1
	for _, t := range cands {
		all := true
		for _, w := range words {
			all = all && idx.words[t][w]
		}
		if !all {
			continue
		}
		if found >= 0 {
			return ""
		}
		found = t
	}
	if found < 0 {
		return ""
	}
	return serverToolShape(ctx).tools[found].name
}

// stepPathCandidates bounds the tools stepPathTool checks for one path.
const stepPathCandidates = 64

// stepWordIndex indexes the singular words of the server's tool names.
type stepWordIndex struct {
	// byWord lists, for each word, the tools (indices into
	// serverToolShape's tools) whose name holds it, each once.
	byWord map[string][]int
	// words is each tool's set of singular name words.
	words []map[string]bool
}

// stepToolWords is the word index of the server's tool names, built once
// per run.
func stepToolWords(ctx *Context) *stepWordIndex {
	return ctx.Memo("tool.shape.words", func() any {
		tools := serverToolShape(ctx).tools
		idx := &stepWordIndex{byWord: map[string][]int{}, words: make([]map[string]bool, len(tools))}
		for i, t := range tools {
			have := map[string]bool{}
			for _, w := range t.words {
				sw := text.Singular(w)
				if !have[sw] {
					have[sw] = true
					idx.byWord[sw] = append(idx.byWord[sw], i)
				}
			}
			idx.words[i] = have
		}
		return idx
	}).(*stepWordIndex)
}

// stepArrows are the arrows that chain steps. "=>" is left out (a
// JavaScript arrow function), and "->" counts only set off by a space
// from the step (PHP's $obj->get_x() is a member call).
var stepArrows = []string{"->", "→", "⟶", "⇒"}

// stepHasArrow reports whether a text holds any arrow of a chain.
func stepHasArrow(desc string) bool {
	for _, a := range stepArrows {
		if strings.Contains(desc, a) {
			return true
		}
	}
	return false
}

// stepArrowItem reports whether desc[from:to] is an item of a chain of
// steps: an arrow right before or right after it, past at most a few
// spaces, quotes, backticks or a parenthesis. Only a bounded stretch on
// either side is read.
func stepArrowItem(desc string, from, to int) bool {
	// A name that is part of a longer token (hosting_x in
	// agency-hosting_x, get_x in obj.get_x) is no item of its own.
	if from > 0 && stepTokenByte(desc[from-1]) || to < len(desc) && stepTokenByte(desc[to]) && (to+1 < len(desc) && stepTokenByte(desc[to+1]) || strings.IndexByte("-./", desc[to]) < 0) {
		return false
	}
	const pad = " \t`'\"()"
	before := strings.TrimRight(desc[max(0, from-12):from], pad)
	after := strings.TrimLeft(desc[to:min(len(desc), to+12)], pad)
	spacedBefore := len(before) < len(desc[max(0, from-12):from])
	spacedAfter := len(after) < len(desc[to:min(len(desc), to+12)])
	for _, a := range stepArrows {
		spaced := a != "->"
		if strings.HasSuffix(before, a) && (spaced || spacedBefore) || strings.HasPrefix(after, a) && (spaced || spacedAfter) {
			return true
		}
	}
	return false
}

// stepRunTool is the one tool of the server whose name holds a name's words
// (two or more) as a run of consecutive words, with words of the tool left
// out before or after it: get_upload_url and register_file for
// knowledge-get-upload-url and knowledge-register-file-upload. The runs of
// every tool are indexed once per run.
func stepRunTool(ctx *Context, name string) (string, bool) {
	words := secIdentifierWords(name)
	if len(words) < 2 || len(words) > shapeTailMax {
		return "", false
	}
	runs := ctx.Memo("tool.shape.runs", func() any {
		idx := map[string]string{}
		for _, t := range serverToolShape(ctx).tools {
			n := len(t.words)
			mine := map[string]bool{}
			for k := 2; k < n && k <= shapeTailMax; k++ {
				for i := 0; i+k <= n; i++ {
					key := strings.Join(t.words[i:i+k], " ")
					if mine[key] {
						continue
					}
					mine[key] = true
					claimName(idx, key, t.name)
				}
			}
		}
		return idx
	}).(map[string]string)
	real := runs[strings.Join(words, " ")]
	return real, real != ""
}

// stepTokenByte reports whether a byte continues an identifier or a path
// (a letter, a digit, -, _, . or /).
func stepTokenByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || strings.IndexByte("-_./", b) >= 0
}

// stepChainLeads are the first words of a chain, or of the line before it,
// that make its items states, fields or the tool's own process rather than
// steps for the model ("Lifecycle: order_created -> payment_captured",
// "Internally: get_upload_url -> upload to S3 -> register_file").
var stepChainLeads = regexp.MustCompile(`(?i)^[ \t*_#>-]*(?:internally|lifecycle|states?|status(?:es)?|transitions?|under the hood)\b`)

// stepChainSteps reports whether the chain that desc[from:to] is an item
// of reads as steps for the model: no lead word makes it states or the
// tool's own process, and at most half of its items (their first
// identifier) resolve to no tool of the server. Only the sentence of the
// item on its line, bounded on both sides, and the line before it are read.
func stepChainSteps(ctx *Context, desc string, from, to int) bool {
	lo := max(0, from-300)
	if i := strings.LastIndexByte(desc[lo:from], '\n'); i >= 0 {
		lo += i + 1
	}
	if i := strings.LastIndex(desc[lo:from], ". "); i >= 0 {
		lo += i + 2
	}
	hi := min(len(desc), to+300)
	if i := strings.IndexAny(desc[to:hi], "\n"); i >= 0 {
		hi = to + i
	}
	if i := strings.Index(desc[to:hi], ". "); i >= 0 {
		hi = to + i
	}
	line := desc[lo:hi]
	head := line
	for _, a := range stepArrows {
		if i := strings.Index(head, a); i >= 0 {
			head = head[:i]
		}
	}
	if stepChainLeads.MatchString(head) {
		return false
	}
	if len(stepChainIdent.FindAllString(head, 2)) <= 1 {
		// The chain opens its line: its header is the line before.
		prev := strings.TrimRight(desc[max(0, lo-200):lo], " \t\n")
		if i := strings.LastIndexByte(prev, '\n'); i >= 0 {
			prev = prev[i+1:]
		}
		if stepChainLeads.MatchString(prev) {
			return false
		}
	}
	items, none := 0, 0
	for _, seg := range stepSplitArrows(line) {
		name := stepChainIdent.FindString(seg)
		if items == 0 {
			// The first item is the last name before the first arrow.
			all := stepChainIdent.FindAllString(seg, -1)
			if len(all) == 0 {
				continue
			}
			name = all[len(all)-1]
		}
		if name == "" {
			continue
		}
		items++
		if knownNames(ctx).tools[strings.ToLower(name)] {
			continue
		}
		if _, ok := shapeSuggest(ctx, name); !ok {
			none++
		}
		if items >= 12 {
			break
		}
	}
	return 2*none <= items
}

// stepChainIdent is an identifier in an item of a chain.
var stepChainIdent = regexp.MustCompile(`[A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)*`)

// stepSplitArrows splits a line at every arrow of a chain.
func stepSplitArrows(line string) []string {
	for _, a := range stepArrows[1:] {
		line = strings.ReplaceAll(line, a, stepArrows[0])
	}
	return strings.Split(line, stepArrows[0])
}
