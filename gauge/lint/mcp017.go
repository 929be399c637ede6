package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// mcp017 is MCP017 description-names-unknown-tool.
func mcp017() Rule {
	return Rule{
		ID: "MCP017", Name: "description-names-unknown-tool", Family: "Description",
		Summary: "A description tells the model to use a tool the server does not have.",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge,
		Revision: 5, Check: checkMCP017,
	}
}

// checkMCP017 finds a tool description that tells the model to call a tool
// the server does not have.
func checkMCP017(ctx *Context) []Problem {
	if !ctx.Precise() {
		return nil
	}
	for i := range ctx.Tools {
		if unkActivates.MatchString(ctx.Tools[i].RawDescription) {
			return nil
		}
	}
	names := knownNames(ctx)
	byNormal := map[string]string{}
	for i := range ctx.Tools {
		byNormal[unkNormal(ctx.Tools[i].Name)] = ctx.Tools[i].Name
	}
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		// Names shown in fenced blocks are examples, not references.
		desc := preciseFence.ReplaceAllString(t.RawDescription, " ")
		var unknown []string
		self := unkNormal(t.Name)
		prevTool := -1
		reported := map[string]bool{}
		listed := srfToolListNames(desc)
		for _, m := range srfIdentifier.FindAllStringSubmatchIndex(desc, -1) {
			g := 1
			if m[2] < 0 {
				g = 2
			}
			name := strings.Trim(desc[m[2*g]:m[2*g+1]], "'\"")
			before := desc[:m[0]]
			if k := len(before); k > 0 && (before[k-1] == '\'' || before[k-1] == '"') {
				before = before[:k-1]
			}
			after := desc[m[1]:]
			verb := unkPrevWord.MatchString(before[max(0, len(before)-32):])
			paren := strings.HasPrefix(after, "(")
			// "replaces get_a, get_b, and get_c": the items joined to a
			// tool reference are tools too.
			joined := prevTool >= 0 && prevTool <= m[0] && unkJoin.MatchString(desc[prevTool:m[0]])
			toolContext := verb || joined || listed[m[0]] || srfToolAfter(after) && !(paren && srfInCode(before))
			prevTool = -1
			if toolContext {
				prevTool = m[1]
			}
			if unkNormal(name) == self {
				continue // the tool itself, or the API function it wraps (findMeetingTimes in find-meeting-times)
			}
			if !toolContext || srfNotTool(after) || names.has(name, true, false) || reported[name] || !(unkToolLike(ctx, name) || listed[m[0]] && unkListedName(name)) {
				continue
			}
			reported[name] = true
			unknown = append(unknown, name)
		}
		if len(unknown) == 0 {
			continue
		}
		var parts []string
		for _, n := range unknown {
			if real, ok := byNormal[unkNormal(n)]; ok {
				parts = append(parts, fmt.Sprintf("`%s` (did you mean `%s`?)", n, real))
			} else {
				parts = append(parts, fmt.Sprintf("`%s`", n))
			}
		}
		out = append(out, Problem{Tool: t.Name,
			Message:    fmt.Sprintf("The description of `%s` refers to %s as %s, but this server has no tool of that name.", t.Name, strings.Join(parts, ", "), map[bool]string{true: "tools", false: "a tool"}[len(parts) > 1]),
			Suggestion: "Name the server's tools exactly as tools/list lists them; a model told to call a missing tool wastes a turn or calls another server's tool of that name."})
	}
	return out
}

var (
	// unkPrevWord is a word that makes the identifier after it a tool.
	unkPrevWord = regexp.MustCompile(`(?i)\b(?:call|calls|calling|use|uses|using|invoke|invokes|invoking|run|running|try|instead\s+of|rather\s+than|replaces|replace|replacing|supersedes|this\s+(?:tool\s+)?over)\s+(?:the\s+)?$`)
	// unkJoin is what joins one item of a list of names to the next.
	unkJoin = regexp.MustCompile("^[`'\"]?(?:,\\s*(?:and\\s+|or\\s+)?|\\s+(?:and|or)\\s+)[`'\"]?$")
	// unkActivates marks a server that adds tools at run time (a tool
	// that activates more tool categories): a name it does not list now
	// may be one it lists later.
	unkActivates = regexp.MustCompile(`(?i)\b(?:activat|enabl|load|register|expos|unlock)\w*\s+(?:\w+\s+){0,3}?(?:tools?|toolsets?|tool\s+categor\w*)\b`)
	// unkVerbs are first words of a tool name.
	unkVerbs = map[string]bool{
		"get": true, "list": true, "search": true, "find": true, "read": true, "fetch": true, "query": true, "create": true,
		"update": true, "delete": true, "remove": true, "add": true, "set": true, "run": true, "rerun": true, "execute": true,
		"exec": true, "start": true, "stop": true, "write": true, "edit": true, "move": true, "copy": true, "send": true,
		"post": true, "open": true, "close": true, "resolve": true, "download": true, "upload": true, "generate": true,
		"describe": true, "show": true, "view": true, "check": true, "validate": true, "analyze": true, "analyse": true,
		"browser": true, "navigate": true, "click": true, "take": true, "kill": true, "install": true, "deploy": true,
	}
)

// unkToolLike reports whether an identifier reads as a tool name: its
// first word is a verb, or it shares the server's name prefix.
func unkToolLike(ctx *Context, name string) bool {
	words := secIdentifierWords(name)
	if len(words) < 2 || strings.ContainsAny(name, "./:=") || strings.ToUpper(name) == name {
		return false
	}
	if unkVerbs[words[0]] {
		return true
	}
	prefix := preciseSharedPrefix(ctx)
	return prefix != "" && text.Singular(words[0]) == prefix
}

// unkListedName reports whether an identifier in an explicit list of
// tools ("TOOLS: mastraDocs, mastraBlog") reads as a name: two words or
// more, no path or value, not a constant. The list says it is a tool, so
// its first word need not be a verb.
func unkListedName(name string) bool {
	return len(secIdentifierWords(name)) >= 2 && !strings.ContainsAny(name, "./:=") && strings.ToUpper(name) != name
}

// unkNormal is a name with case and separators dropped, to suggest the
// tool a stale or re-cased name means (listFollowedProjects is
// list_followed_projects).
func unkNormal(name string) string {
	return strings.Join(secIdentifierWords(name), "")
}
