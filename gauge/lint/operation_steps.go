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
var stepNumbered = regexp.MustCompile(`(?m)^[ \t]*(?:[-*][ \t]+)?(?:[Ss]tep[ \t]*)?\d{1,2}[.):][ \t]+([A-Za-z]+)([^\n]*)`)

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
	own := map[string]bool{}
	for _, w := range secIdentifierWords(tool) {
		own[text.Singular(w)] = true
	}
	var out []string
	seen := map[string]bool{}
	add := func(path string) {
		if seen[path] || stepOwnPath(path, own) {
			return
		}
		seen[path] = true
		out = append(out, path)
	}
	for _, m := range stepNumbered.FindAllStringSubmatch(desc, -1) {
		if !stepVerbs[strings.ToLower(m[1])] {
			continue
		}
		for _, p := range stepMethodPath.FindAllStringSubmatch(m[2], -1) {
			add(p[1])
		}
	}
	if stepHasArrow(desc) {
		for _, p := range stepMethodPath.FindAllStringSubmatchIndex(desc, -1) {
			if stepArrowItem(desc, p[0], p[1]) {
				add(desc[p[2]:p[3]])
			}
		}
	}
	return out
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
func stepPathTool(ctx *Context, path string) string {
	words := stepPathWords(path)
	if len(words) == 0 {
		return ""
	}
	found := ""
	for _, t := range serverToolShape(ctx).tools {
		have := map[string]bool{}
		for _, w := range t.words {
			have[text.Singular(w)] = true
		}
		all := true
		for _, w := range words {
			all = all && have[w]
		}
		if all {
			if found != "" {
				return ""
			}
			found = t.name
		}
	}
	return found
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
