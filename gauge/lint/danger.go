package lint

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// This file holds the default profile's (mcpgauge's) checks for dangers
// found on real servers and missed by the phrase lists (issue 10 §3):
// steering and coercion, destruction named only in the description,
// configuration tools that lift the server's own guardrails, tools that
// return credentials, code execution a tool declares unsafe itself,
// boilerplate repeated in every description, and descriptions naming tools
// the server does not have. Every check here runs only when ctx.Precise(),
// so the toolgauge profile stays byte for byte upstream's.

// secCoercePrecise extends SEC004 in the default profile: steering
// phrases that demand the tool be used first, always, proactively or
// before any work, and directives that make the agent act on a tool's
// output. They run on the prose (code spans and fenced blocks blanked).
var secCoercePrecise = concatPatterns(
	secRe("first-choice steering", 0,
		`\b(?:use|call|treat|choose|pick|try)\s+(?:this\s+(?:tool|server|function|mcp(?:\s+server)?)\s+|it\s+|me\s+)?as\s+(?:your\s+|the\s+|a\s+)?(?:very\s+)?(?:first|primary|default|preferred|go-to|main)\s+(?:choice|option|tool|resort)\b`,
		`\b(?:this\s+(?:tool|server|function)|it)\s+(?:is|should\s+be)\s+(?:always\s+)?(?:your|the)\s+(?:first|primary|preferred|go-to|default)\s+(?:choice|tool|option)\b`),
	secRe("proactive-use coercion", 0,
		`\b(?:use|call|invoke|run|trigger)\s+(?:this\s+(?:tool|server|function)\s+|it\s+|these\s+tools\s+)?proactively\b`,
		`\bproactively\s+(?:use|call|invoke|run|trigger)\b`,
		`\buse\s+(?:this\s+(?:tool|server|function)\s+|it\s+)?even\s+(?:when|if)\s+you\s+(?:think\s+(?:that\s+)?you\s+)?(?:already\s+)?(?:know|are\s+(?:sure|confident)|don'?t\s+need|do\s+not\s+need)\b`),
	secRe("call-before-work coercion", 0,
		`\b(?:always|must|first)\s+(?:\w+\s+){0,3}?(?:call|use|run|invoke|consult)\s+(?:this|it)\b[^.!?\n]{0,80}?\bbefore\s+(?:\w+\s+){0,2}?(?:any|every|all)\b`,
		`\bbefore\s+(?:implementing|making|writing|starting|doing|editing|changing|modifying|coding|answering|responding\s+to)\s+(?:any|every|all)\b[^.!?\n]{0,60}?\b(?:call|use|run|invoke|consult)\s+(?:this|it)\b`),
	secRe("call-always coercion", 0,
		`\balways\s+(?:use|call|invoke|run|consult)\s+this\s+(?:tool|server|function|mcp)\b\s*(?:[.!]|$|first\b|whenever\b|before\b|for\s+(?:all|any|every)\b)`),
	secRe("directive to act on its output", 0,
		`\b(?:agent|assistant|llm|ai|model)s?\b[^.!?\n]{0,40}?\b(?:must|shall|needs?\s+to|is\s+(?:required|expected)\s+to)\s+(?:\w+\s+){0,8}?(?:implement|apply|make|write|commit|push|deploy)\s+(?:the\s+|all\s+|any\s+)?(?:\w+\s+){0,2}?(?:fix(?:es)?|changes|patch(?:es)?)\b`,
		`\byou\s+must\s+(?:\w+\s+){0,8}?(?:implement|apply)\s+(?:the\s+|all\s+|appropriate\s+|any\s+)?(?:fix(?:es)?|changes|patch(?:es)?)\b`),
)

// secShadowPrecise extends SEC005 in the default profile: steering away
// from tools the server does not own (web search, the agent's shell,
// "other tools") and telling the agent to run commands in its own shell.
var secShadowPrecise = concatPatterns(
	secRe("steering away from other tools", 0,
		`\b(?:prefer|use|choose|call)\s+(?:this|it|me|these)\s+(?:tools?\s+|server\s+|function\s+|mcp\s+)?(?:over|instead\s+of|rather\s+than)\s+(?:the\s+|any\s+|your\s+|a\s+)?(?:other|built-?in|native|generic|default|standard|regular|web|internet|google|bing|search|bash|shell|terminal|command[- ]line|cli|grep|cat|curl|wget|browser)\b`,
		`\bprefer\s+(?:this|it|me|these)\s+(?:tools?\s+|server\s+|function\s+|mcp\s+)?over\b`),
	secRe("fallback steering", 0,
		`\b(?:fall\s*-?\s*back|resort)\s+to\s+(?:using\s+)?(?:the\s+|your\s+|any\s+)?(?:other|built-?in|native|generic|default|standard|web|bash|shell|terminal)\s+(?:tools?|search|commands?|methods?|utilities|functions?)\b`,
		`\b(?:fall\s*-?\s*back|resort)\s+to\s+(?:using\s+)?(?:the\s+)?(?:websearch|webfetch|bash|grep|glob|[a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b`,
		`\b(?:use|try|call)\s+(?:any\s+)?other\s+tools?\s+only\s+(?:if|when|as\s+a\s+(?:fallback|last\s+resort))\b`,
		`\bother\s+tools?\s+(?:only\s+)?as\s+a\s+(?:fallback|last\s+resort)\b`),
	secRe("shell command for the agent", 0,
		`\b(?:run|execute|type|paste|enter)\s+(?:[^.!?\n]{0,60}?\s)?(?:in|into|from|on)\s+(?:your|the\s+user'?s?|a|the)\s+(?:own\s+|local\s+)?(?:terminal|shell|console|command\s+line|command\s+prompt|bash)\b`,
		`\b(?:in|from|using|with)\s+your\s+(?:own\s+)?(?:terminal|shell|bash|command\s+line)\b[^.!?\n]{0,20}?\b(?:run|execute)\b`),
)

// secRunnerCommand is an imperative to run a third-party package runner or
// installer ("Run `npx -y some-cli init`"): it reads the text with code
// spans kept, since the command is usually in one.
var secRunnerCommand = regexp.MustCompile("(?:^|[.!?:,;\\n]\\s*|\\bthen\\s+|\\bfirst\\s+|\\bplease\\s+)(?:run|execute)\\s+(?:the\\s+command\\s+|this\\s+command\\s*:?\\s*)?`?(?:npx|npm\\s+(?:i|install|exec)|pnpm\\s+dlx|yarn\\s+dlx|bunx|uvx|pipx\\s+run|pip3?\\s+install|curl|wget|brew\\s+install|sudo)\\b[^`\\n]{0,60}")

// secSentenceNamesOwnTool reports whether the folded sentence names one of
// the server's tools as a word ('fill' or 'click' calls): steering between
// a server's own tools is routing advice, not shadowing.
func secSentenceNamesOwnTool(ctx *Context, sentence string) bool {
	own := ctx.Memo("danger.ownTools", func() any {
		m := map[string]bool{}
		for i := range ctx.Tools {
			if name := strings.ToLower(ctx.Tools[i].Name); len(name) >= 3 {
				m[name] = true
			}
		}
		return m
	}).(map[string]bool)
	for start := 0; start < len(sentence); {
		for start < len(sentence) && !secWordByte(sentence[start]) {
			start++
		}
		end := start
		for end < len(sentence) && secWordByte(sentence[end]) {
			end++
		}
		if end > start && own[sentence[start:end]] {
			return true
		}
		start = end
	}
	return false
}

func secWordByte(c byte) bool {
	return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}

// secFixingTool reports whether applying changes is the tool's own job
// (fix_lint, apply_patch), so telling the agent to apply them is no
// steering.
func secFixingTool(words []string) bool {
	return secHasWord(words, "fix", "fixes", "apply", "patch", "edit", "write", "refactor", "format", "autofix")
}

// secCoerceKeep filters SEC004's default-profile hits that are the tool's
// purpose rather than steering.
func secCoerceKeep(ctx *Context, s secSurface, m secMatch) bool {
	if m.what != "directive to act on its output" || s.Tool == "" {
		return true
	}
	return !secFixingTool(secIdentifierWords(s.Tool))
}

// secShadowExtra is SEC005's default-profile extension beyond its
// patterns: an imperative to run a package runner or installer.
func secShadowExtra(s secSurface) (secMatch, bool) {
	if !strings.Contains(s.folded, "run") && !strings.Contains(s.folded, "execute") {
		return secMatch{}, false
	}
	folded, starts := secFold(preciseFence.ReplaceAllString(s.Text, " "))
	text := preciseFence.ReplaceAllString(s.Text, " ")
	loc := secRunnerCommand.FindStringIndex(folded)
	if loc == nil {
		return secMatch{}, false
	}
	from := loc[0]
	for from < loc[1] && !strings.HasPrefix(folded[from:], "run") && !strings.HasPrefix(folded[from:], "execute") {
		from++
	}
	return secMatch{what: "shell command for the agent", text: secSnippet(text[starts[from]:starts[loc[1]]])}, true
}

// secUnsafeTalk matches a tool calling itself unsafe: the tool's own
// warning that it runs arbitrary code outside any sandbox.
var secUnsafeTalk = regexp.MustCompile(`\b(?:unsafe|rce[- ]equivalent|remote\s+code\s+execution|executes?\s+arbitrary\s+(?:code|javascript|js|python|shell\s+commands?|commands?)|runs?\s+arbitrary\s+(?:code|javascript|js|python|shell\s+commands?|commands?)|(?:not|no|un)[- ]?sandbox(?:ed|ing)?|without\s+(?:any\s+)?sandbox(?:ing)?)\b`)

// secNegatedBefore matches a denial just before a hit ("never runs
// arbitrary code", "prevents remote code execution").
var secNegatedBefore = regexp.MustCompile(`\b(?:never|not|no|cannot|can't|won't|prevents?|blocks?|refuses?|rejects?|disallows?|forbids?|safe\s+from)\s+(?:\w+\s+){0,2}$`)

// secRunsArbitrary is the strong form of secUnsafeTalk: the description
// says the tool runs arbitrary code, whatever its name.
var secRunsArbitrary = regexp.MustCompile(`^(?:rce|remote|executes?|runs?)`)

// secSelfDeclaredUnsafe returns what a tool says of itself that makes it
// an unsafe code-execution surface ("unsafe", "RCE-equivalent", "executes
// arbitrary JavaScript in the server process"), or "", and whether the
// words say outright that it runs arbitrary code.
func secSelfDeclaredUnsafe(words []string, desc string) (string, bool) {
	prose := preciseCodeOnly(desc)
	folded, starts := secFold(prose)
	var said []string
	arbitrary := false
	for _, loc := range secUnsafeTalk.FindAllStringIndex(folded, -1) {
		if secNegatedBefore.MatchString(folded[max(0, loc[0]-40):loc[0]]) {
			continue
		}
		if len(said) < 2 {
			said = append(said, fmt.Sprintf("%q", secSnippet(prose[starts[loc[0]]:starts[loc[1]]])))
		}
		arbitrary = arbitrary || secRunsArbitrary.MatchString(folded[loc[0]:loc[1]])
	}
	if len(said) > 0 {
		return "its description says " + strings.Join(said, " and "), arbitrary
	}
	if secHasWord(words, "unsafe", "dangerous", "insecure") {
		return "its name calls it unsafe", false
	}
	return "", false
}

// secCredentialReturn matches a description whose opening sentence says
// the tool returns credentials: a kubeconfig, tokens, API keys, passwords.
var secCredentialReturn = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:gets?|returns?|shows?|views?|prints?|outputs?|exports?|reveals?|retrieves?|reads?|dumps?|fetch(?:es)?|displays?|lists?)\b[^.\n]{0,80}?\b(kubeconfig|kube\s+config|credentials|access\s+tokens?|refresh\s+tokens?|auth(?:entication)?\s+tokens?|bearer\s+tokens?|api\s+keys?|secret\s+values?|secrets|passwords?|private\s+keys?|session\s+cookies?|cookies)\b`)

// secRedacted marks a sentence saying the secret parts are left out.
var secRedacted = regexp.MustCompile(`\b(?:redact\w*|mask\w*|omit\w*|without\s+(?:the\s+)?(?:secret|token|credential|password|key)s?|names?\s+only|never\s+(?:returns?|includes?|shows?))\b`)

// secReturnsCredentials returns the credential a tool's description says
// it returns, or "".
func secReturnsCredentials(desc string) string {
	prose, _ := secFold(preciseCodeOnly(desc))
	first := prose
	if k := strings.IndexAny(prose, ".\n"); k >= 0 && strings.TrimSpace(prose[:k]) != "" {
		first = prose[:k]
	} else if k >= 0 {
		first = strings.TrimLeft(prose, " \n")
		if j := strings.IndexAny(first, ".\n"); j >= 0 {
			first = first[:j]
		}
	}
	m := secCredentialReturn.FindStringSubmatch(first)
	if m == nil || secRedacted.MatchString(first) {
		return ""
	}
	return strings.Join(strings.Fields(m[1]), " ")
}

// secCredentialWhat names a credential for a message.
func secCredentialWhat(cred string) string {
	switch cred {
	case "kubeconfig", "kube config":
		return "a kubeconfig, which holds cluster credentials (tokens, client keys)"
	case "cookies":
		return "cookies, which carry session credentials"
	}
	return cred
}

// preciseDestructiveModes are the values of an action parameter that make
// the tool destroy something.
var preciseDestructiveModes = map[string]bool{
	"delete": true, "remove": true, "drop": true, "clear": true, "destroy": true, "purge": true, "wipe": true,
	"prune": true, "uninstall": true, "erase": true, "truncate": true, "hard": true, "discard": true,
}

// preciseActionParams are parameter names whose enum picks the operation.
var preciseActionParams = map[string]bool{
	"mode": true, "action": true, "operation": true, "op": true, "command": true, "subcommand": true, "method": true,
}

// preciseFlagParams are boolean parameter names that switch a tool into a
// destructive mode when their description says so.
var preciseFlagParams = map[string]bool{
	"force": true, "overwrite": true, "prune": true, "delete": true, "hard": true, "purge": true, "cascade": true,
	"replace": true, "clobber": true,
}

var (
	// preciseDestroysTalk is what a flag's description says when setting it
	// destroys something.
	preciseDestroysTalk = regexp.MustCompile(`(?i)\b(?:overwrit\w*|delet\w*|remov\w*|discard\w*|destroy\w*|purg\w*|wip(?:e|es|ing)|eras\w*|force[- ]push\w*|rewrit\w+\s+(?:the\s+)?history)\b`)
	// preciseDestructiveOpening is a description opening on an act of
	// destruction: "Remove untracked files", "Replaces the content of one page".
	preciseDestructiveOpening = regexp.MustCompile(`(?i)^\s*(?:this\s+tool\s+)?(?:permanently\s+|irreversibly\s+|completely\s+)?(?:(?:remove|delete|destroy|drop|purge|wipe|erase|truncate|overwrite|discard)s?\b|replaces?\s+(?:the\s+)?(?:entire\s+|whole\s+|full\s+|existing\s+)?(?:content|contents|body|data|file)\b)`)
)

// preciseDescribesDestruction says why a tool destroys data although its
// name does not say so, or "": its description opens on an act of
// destruction (git_clean: "Remove untracked files ..."; set_page:
// "Replaces the content of one page ..."), an operation parameter offers a
// destructive value (git_branch mode "delete"), or a flag's description
// says it overwrites or deletes (git_push force: "Force push (overwrites
// remote history)").
func preciseDescribesDestruction(t *tgTool) string {
	first := strings.TrimSpace(preciseProse(t.desc))
	if preciseDestructiveOpening.MatchString(first) {
		return "its description opens with what it destroys"
	}
	props := t.t.Params()
	for _, name := range t.t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		if obj == nil {
			continue
		}
		lname := strings.ToLower(name)
		if preciseActionParams[lname] {
			for _, v := range preciseEnumValues(obj) {
				if preciseDestructiveModes[strings.ToLower(v)] {
					return fmt.Sprintf("its `%s` parameter takes %q", name, v)
				}
			}
		}
		if preciseFlagParams[lname] && obj["type"] == "boolean" {
			if d, _ := obj["description"].(string); preciseDestroysTalk.MatchString(d) {
				return fmt.Sprintf("its `%s` flag %q", name, secSnippet(d))
			}
		}
	}
	return ""
}

// secRemoteSend is prose saying the tool sends data to a service outside
// the user's machine.
var secRemoteSend = regexp.MustCompile(`\b(?:sends?|uploads?|posts?|submits?|transmits?|forwards?|shares?)\s+(?:the\s+|your\s+|its\s+|all\s+|a\s+copy\s+of\s+the\s+)?(?:[\w'-]+\s+){0,3}?(?:to|with)\s+(?:the\s+|a\s+|an\s+)?(?:[\w-]+\s+)?(?:remote|external|third[- ]party|cloud|hosted|public|online|[\w-]+'s)\s+(?:[\w-]+\s+)?(?:servers?|services?|apis?|endpoints?|backends?|platforms?|renderers?)\b` +
	`|\b(?:is|are|gets?|get|will\s+be)\s+(?:sent|uploaded|posted|transmitted|forwarded|shared)\s+to\s+(?:the\s+|a\s+|an\s+)?(?:remote|external|third[- ]party|cloud|hosted|[\w-]+'s|[\w.-]+\.(?:com|io|net|org|ai|dev|app)\b)` +
	`|\b(?:sends?|uploads?|posts?|submits?|transmits?|forwards?)\s+[^.\n]{0,60}?\bto\s+https?://`)

// secSendsRemote returns what a read-only tool's prose says it sends to a
// remote service, or "".
func secSendsRemote(desc string) string {
	prose := preciseCodeOnly(desc)
	folded, starts := secFold(prose)
	for _, loc := range secRemoteSend.FindAllStringIndex(folded, -1) {
		if secNegatedBefore.MatchString(folded[max(0, loc[0]-40):loc[0]]) {
			continue
		}
		return secSnippet(prose[starts[loc[0]]:starts[loc[1]]])
	}
	return ""
}

// preciseWriteModes are the values of an action parameter that make the
// tool change state (kubectl_context operation "set").
var preciseWriteModes = map[string]bool{
	"set": true, "create": true, "update": true, "write": true, "add": true, "apply": true, "patch": true, "put": true,
	"edit": true, "rename": true, "move": true, "enable": true, "disable": true, "switch": true, "use": true,
}

// preciseMutatingMode says which operation of a tool changes state (its
// `operation` parameter takes "set"), or "".
func preciseMutatingMode(t *tgTool) string {
	props := t.t.Params()
	for _, name := range t.t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		if obj == nil || !preciseActionParams[strings.ToLower(name)] {
			continue
		}
		for _, v := range preciseEnumValues(obj) {
			if preciseWriteModes[strings.ToLower(v)] || preciseDestructiveModes[strings.ToLower(v)] {
				return fmt.Sprintf("its `%s` parameter takes %q", name, v)
			}
		}
	}
	return ""
}

// preciseEnumValues returns the string enum values of a schema or of its
// array items.
func preciseEnumValues(obj map[string]any) []string {
	var out []string
	for _, src := range []map[string]any{obj, func() map[string]any { m, _ := obj["items"].(map[string]any); return m }()} {
		if src == nil {
			continue
		}
		list, _ := src["enum"].([]any)
		for _, v := range list {
			if s, ok := v.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// secGuardrailTalk names a setting that limits what the server lets the
// model do: allowed directories, blocked commands, allow/deny lists, a
// read-only or safe mode, confirmation prompts, sandboxing.
var secGuardrailTalk = regexp.MustCompile(`(?i)\b(?:allowed[\s_-]?(?:directories|dirs|paths|roots|commands|hosts|domains|origins|tools|urls)|allowed(?:Directories|Dirs|Paths|Roots|Commands|Hosts|Domains|Origins|Tools|Urls)|blocked[\s_-]?(?:commands|paths|directories|hosts|domains|tools|urls)|blocked(?:Commands|Paths|Directories|Hosts|Domains|Tools|Urls)|(?:allow|deny|block|white|black)[\s_-]?list(?:ed)?|read[\s_-]?only[\s_-]?mode|safe[\s_-]?mode|sandbox(?:ing|ed)?|require[sd]?[\s_-]?(?:confirmation|approval)|(?:confirmation|approval)[\s_-]?(?:prompts?|required|mode)|auto[\s_-]?approv\w*)\b`)

// secSetterWords mark a tool that changes settings.
var secSetterWords = []string{"set", "update", "edit", "change", "configure", "modify", "unset", "disable", "enable", "toggle", "unblock", "allow", "add", "remove", "write", "put", "patch"}

// secConfigWords mark what a setter tool changes.
var secConfigWords = []string{"config", "configuration", "setting", "settings", "option", "options", "policy", "permission", "permissions", "preference", "preferences", "guardrail", "guardrails", "sandbox", "allowlist", "denylist", "blocklist", "whitelist", "blacklist", "confirmation", "allowed", "blocked"}

// checkSEC013 finds a tool that lets the model change the server's own
// guardrails (desktop-commander's set_config_value sets allowedDirectories
// and blockedCommands).
func checkSEC013(ctx *Context) []Problem {
	if !ctx.Precise() {
		return nil
	}
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if a := t.Annotations; a != nil && a.ReadOnlyHint != nil && *a.ReadOnlyHint {
			continue
		}
		words := facts[i].words
		if !secHasWord(words, secSetterWords...) || !secHasWord(words, secConfigWords...) {
			continue
		}
		var texts []string
		texts = append(texts, t.RawDescription)
		props := t.Params()
		for _, name := range t.ParamNames() {
			texts = append(texts, name)
			secSchemaText(props[name], func(_, s string) { texts = append(texts, s) }, 0)
		}
		seen := map[string]bool{}
		var keys []string
		for _, s := range texts {
			for _, k := range secGuardrailTalk.FindAllString(preciseCodeOnly(s), -1) {
				if !seen[strings.ToLower(k)] {
					seen[strings.ToLower(k)] = true
					keys = append(keys, k)
				}
			}
		}
		if len(keys) == 0 {
			continue
		}
		if len(keys) > 4 {
			keys = keys[:4]
		}
		out = append(out, Problem{Tool: t.Name,
			Message: fmt.Sprintf("Tool `%s` lets the model change the server's own guardrails (%s): one injected instruction can lift the limits the user chose.",
				t.Name, strings.Join(keys, ", ")),
			Suggestion: "Keep guardrail settings (allowed directories, blocked commands, confirmation, sandboxing) out of the tools: read them from the server's configuration, which only the user edits, or refuse to widen them from a tool call."})
	}
	return out
}

// Boilerplate (MCP016): text repeated verbatim in most descriptions.
const (
	// bpMinTools and bpShare: a sentence counts as boilerplate when at
	// least bpMinTools tools and bpShare of the described tools carry it.
	bpMinTools = 3
	bpShare    = 0.6
	// bpMinSentence skips short repeats ("Error Responses:", "400: Bad request").
	bpMinSentence = 20
	// bpMinChars is how long the repeated text must be to be worth a finding.
	bpMinChars = 80
)

var bpSplit = regexp.MustCompile(`\n+|[.!?]\s+`)

// checkMCP016 finds text repeated in most of a server's descriptions: it
// costs its length on every tool, on every request, and says the same
// thing to the model again and again.
func checkMCP016(ctx *Context) []Problem {
	if !ctx.Precise() {
		return nil
	}
	type entry struct {
		first int
		count int
	}
	counts := map[string]*entry{}
	described := 0
	for i := range ctx.Tools {
		d := ctx.Tools[i].RawDescription
		if strings.TrimSpace(d) == "" {
			continue
		}
		described++
		seen := map[string]bool{}
		for _, part := range bpSplit.Split(d, -1) {
			s := strings.Join(strings.Fields(part), " ")
			if len(s) < bpMinSentence || seen[s] {
				continue
			}
			seen[s] = true
			e := counts[s]
			if e == nil {
				e = &entry{first: len(counts)}
				counts[s] = e
			}
			e.count++
		}
	}
	if described < bpMinTools {
		return nil
	}
	type rep struct {
		s string
		entry
	}
	var reps []rep
	chars, most := 0, 0
	for s, e := range counts {
		if e.count >= bpMinTools && float64(e.count) >= bpShare*float64(described) {
			reps = append(reps, rep{s, *e})
			chars += len(s)
			most = max(most, e.count)
		}
	}
	if chars < bpMinChars {
		return nil
	}
	sort.Slice(reps, func(i, j int) bool { return reps[i].first < reps[j].first })
	return []Problem{{
		Message: fmt.Sprintf("Up to %d of %d tool descriptions repeat the same text (%d characters in %d %s, such as %q): about %d characters of every tools/list say the same thing again.",
			most, described, chars, len(reps), plural(len(reps), "sentence", "sentences"), secSnippet(reps[0].s), chars*most),
		Suggestion: "Say it once: put server-wide notes (paths, ID formats, error conventions, deprecation notices) in the server's instructions, and keep each description to what that tool does.",
	}}
}

// Unknown tool names (MCP017).
var (
	// unkPrevWord is a word that makes the identifier after it a tool.
	unkPrevWord = regexp.MustCompile(`(?i)\b(?:call|calls|calling|use|uses|using|invoke|invokes|invoking|run|running|try|instead\s+of)\s+(?:the\s+)?$`)
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

// unkKnown lists every name of the server: tools, parameters (at any
// depth), prompts and their arguments, resources.
func unkKnown(ctx *Context) map[string]bool {
	return ctx.Memo("danger.known", func() any {
		known := map[string]bool{strings.ToLower(ctx.Snap.Server.Name): true}
		var walk func(v any, depth int)
		walk = func(v any, depth int) {
			if depth > 32 {
				return
			}
			switch x := v.(type) {
			case map[string]any:
				if props, ok := x["properties"].(map[string]any); ok {
					for k := range props {
						known[strings.ToLower(k)] = true
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
			known[strings.ToLower(ctx.Tools[i].Name)] = true
			walk(ctx.Tools[i].InputSchema, 0)
		}
		for _, p := range ctx.Snap.Prompts {
			known[strings.ToLower(p.Name)] = true
			for _, a := range p.Arguments {
				known[strings.ToLower(a.Name)] = true
			}
		}
		for _, r := range ctx.Snap.Resources {
			known[strings.ToLower(r.Name)] = true
		}
		for _, r := range ctx.Snap.Templates {
			known[strings.ToLower(r.Name)] = true
		}
		return known
	}).(map[string]bool)
}

// unkNormal is a name with case and separators dropped, to suggest the
// tool a stale or re-cased name means (listFollowedProjects is
// list_followed_projects).
func unkNormal(name string) string {
	return strings.Join(secIdentifierWords(name), "")
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
	known := unkKnown(ctx)
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
		reported := map[string]bool{}
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
			toolContext := srfToolAfter(desc[m[1]:]) || unkPrevWord.MatchString(before[max(0, len(before)-24):])
			if !toolContext || known[strings.ToLower(name)] || reported[name] || !unkToolLike(ctx, name) {
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
			Message:    fmt.Sprintf("The description of `%s` refers to %s as a tool, but this server has no tool of that name.", t.Name, strings.Join(parts, ", ")),
			Suggestion: "Name the server's tools exactly as tools/list lists them; a model told to call a missing tool wastes a turn or calls another server's tool of that name."})
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
