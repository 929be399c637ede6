package lint

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// mcp026 is MCP026 empty-schema.
func mcp026() Rule {
	return Rule{
		ID: "MCP026", Name: "empty-schema", Family: "Parameters",
		Summary: "The tool's input schema declares no parameters, yet its name or description says it needs some.",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge, Revision: 7, Check: checkMCP026,
	}
}

// checkMCP026 finds a tool whose input schema declares no properties
// although its name (create_issue, push_files, get_file_contents,
// search_repositories) or its description ("the given project", "by ID")
// says it needs inputs: a model can only guess them, and a client that
// validates arguments sends none. A tool that truly needs nothing
// (list_projects, get_status, whoami, ping) is silent.
func checkMCP026(ctx *Context) []Problem {
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if mcp026Declares(t) {
			continue
		}
		why := mcp026Needs(facts[i], facts)
		if why == "" && mcp026Unread(t) && !mcp026Nothing(facts[i]) {
			why = mcp026UnreadWhy
		}
		if why == "" {
			continue
		}
		if ctx.Precise() && strings.HasPrefix(why, mcp026ByName) && mcp026HandsBackGuide.MatchString(facts[i].desc) && mcp026DescNeeds(facts[i]) == "" && !mcp026Chosen.MatchString(facts[i].desc) {
			// add-accessibility "CALL THIS TOOL to get full workflow
			// instructions": the call hands back fixed guidance for
			// the model to follow; the verb in its name is the
			// guidance's subject, and there is nothing to choose.
			continue
		}
		byName := mcp026BySeekVerb(why) && mcp026DeclaredEmpty(t) && !mcp026Chosen.MatchString(facts[i].desc) && !mcp026SeekBy.MatchString(facts[i].desc)
		if d := mcp026DescNeeds(facts[i]); byName && d != "" {
			why, byName = d, false
		}
		pr := Problem{Tool: t.Name,
			Message:    fmt.Sprintf("`%s`'s input schema declares no parameters, yet %s, so a model can only guess what to send.", t.Name, why),
			Suggestion: fmt.Sprintf("Declare every input `%s` reads under inputSchema.properties, each with a type and a description, and list the ones it cannot do without under `required`. A client shows the model the schema, not the handler.", t.Name),
		}
		if byName {
			// The author wrote an empty object on purpose and only a
			// seeking verb in the name says otherwise: find_issues
			// ("Scan infrastructure for problems") and find_internal_db
			// ("Auto-detect … from connected databases") seek on their
			// own. A creating or changing verb keeps its warning.
			pr.Severity = Info
		}
		out = append(out, pr)
	}
	return out
}

// mcp026ByName opens every reason mcp026Needs gives from the tool's name.
const mcp026ByName = "its name says"

// mcp026SeekVerbs look for something, which a tool may find by itself
// (detect the running instance, scan the estate, look up this machine's
// address) rather than be told.
var mcp026SeekVerbs = []string{"find", "search", "lookup", "query"}

// mcp026SeekBy is prose naming what a search goes by ("by a name or
// regex", "by title"): the caller must give it.
var mcp026SeekBy = regexp.MustCompile(`(?i)\bby\s+(?:an?\s+|the\s+|its\s+|their\s+)?(?:name|id|key|title|email|query|keyword|regex|pattern|text|term|tag|path|url|number|type|date)s?\b`)

// mcp026BySeekVerb reports whether a reason of mcp026Needs comes from a
// seeking verb of the tool's name ("its name says it finds …").
func mcp026BySeekVerb(why string) bool {
	for _, v := range mcp026SeekVerbs {
		if strings.HasPrefix(why, mcp026ByName+" it "+mcp026Third(v)+" ") {
			return true
		}
	}
	return false
}

// mcp026DeclaredEmpty reports whether a tool's input schema is an object
// that declares its properties, and declares none: `"properties": {}`
// (an empty z.object(), often with additionalProperties: false). Its
// author said, in the schema, that the tool takes nothing; a schema with
// no properties key at all (only "$schema", the mark of a failed
// conversion) says nothing either way.
func mcp026DeclaredEmpty(t *model.Tool) bool {
	props, ok := t.InputSchema["properties"].(map[string]any)
	return ok && len(props) == 0
}

// mcp026UnreadWhy is the reason given for a schema mcp026Unread reads as
// a failed conversion.
const mcp026UnreadWhy = "the schema is only a `$schema` line (no type, no properties), the mark of a schema its converter could not read, and nothing says the tool takes no input"

// mcp026Unread reports whether a tool's input schema holds nothing but
// the `$schema` keyword: not even `"type": "object"`. A server builder
// writes that when it cannot read the schema the author wrote (a zod 4
// object handed to a zod 3 converter, say), for every tool of the server
// alike, so it says nothing about what the tool takes, and the tools of
// such servers need inputs (a query, a table, a file, a repository).
func mcp026Unread(t *model.Tool) bool {
	s := t.InputSchema
	if len(s) == 0 {
		return false
	}
	for k := range s {
		if k != "$schema" {
			return false
		}
	}
	return true
}

// mcp026Nothing reports whether a tool's name or description says it
// needs no input: prose saying so, all of a kind with nothing to choose,
// or a name of the server's or the caller's own state (list_tables,
// get_status, whoami) or of a thing made blank (create_session).
func mcp026Nothing(f secTool) bool {
	return strings.TrimSpace(f.desc) == "" || mcp026NoInput.MatchString(f.desc) || mcp026TakesNothing(f) ||
		secHasWord(f.words, mcp026SelfWords...) || secHasWord(f.words, mcp026Blank...)
}

// mcp026Declares reports whether a tool's input schema declares any input:
// a property, a union or reference that may carry some, or a typed map.
func mcp026Declares(t *model.Tool) bool {
	if len(t.Params()) > 0 {
		return true
	}
	s := t.InputSchema
	for _, k := range []string{"anyOf", "oneOf", "allOf", "$ref", "patternProperties", "propertyNames"} {
		if s[k] != nil {
			return true
		}
	}
	if m, ok := s["additionalProperties"].(map[string]any); ok && len(m) > 0 {
		return true
	}
	return false
}

var (
	// mcp026ActVerbs act on something the caller must name.
	mcp026ActVerbs = []string{"create", "update", "delete", "remove", "search", "find", "push", "fork", "add", "set", "send", "post",
		"edit", "write", "upload", "move", "rename", "merge", "comment", "reply", "assign", "insert", "upsert", "patch", "put",
		"translate", "convert", "publish", "archive", "approve", "invite", "query", "lookup"}
	// mcp026GetVerbs read one thing, which the caller names unless it is
	// the caller's own or the server's state.
	mcp026GetVerbs = []string{"get", "fetch", "read", "show", "describe", "retrieve", "view", "inspect"}
	// mcp026SelfWords name what a tool can return with no input: the
	// server's or the caller's own state, or everything.
	mcp026SelfWords = []string{"status", "current", "me", "my", "all", "config", "configuration", "settings", "version", "versions",
		"info", "information", "time", "now", "health", "stats", "statistics", "summary", "profile", "account", "context",
		"environment", "env", "capabilities", "help", "tools", "usage", "whoami", "session", "today", "latest", "recent",
		"list", "overview", "schema", "server", "system", "state", "quota", "limits", "balance", "instructions", "guide",
		"docs", "documentation", "random", "default", "active", "workspace", "auth", "login", "user", "identity", "self"}
	// mcp026Blank are things a tool can create or open blank.
	mcp026Blank = []string{"session", "snapshot", "backup", "checkpoint", "tab", "page", "window", "thread", "conversation",
		"chat", "sandbox", "context", "id", "uuid", "random", "timestamp", "new", "blank", "empty", "temp", "temporary", "browser"}
	// mcp026Items are objects of which a server holds many, so reading
	// one needs its identity (a path, an ID).
	mcp026Items = []string{"file", "issue", "repository", "repo", "branch", "commit", "message", "email", "document", "record",
		"ticket", "order", "invoice", "comment", "post", "pull", "merge", "contents", "content", "row", "entry", "item"}
	// mcp026NamesInputs is prose naming an input the caller supplies.
	mcp026NamesInputs = regexp.MustCompile(`\bby\s+(?:its\s+|their\s+)?(?:id|ids|name|key|slug|path|url|number)\b` +
		`|\b(?:parameters?|arguments?|args|inputs?)\s*:\s*\S` +
		`|\brequires?\s+(?:an?|the)\s+[a-z]+\s+(?:id|name|path|url|parameter|argument)\b`)
	// mcp026Dispatch is prose naming the operations a multiplexed tool
	// dispatches on, or an argument set to a value: "Project ops:
	// list/get/delete", "Actions: create, update, delete", "operation
	// (list|get)", "(action: infer)", "Default mode=fast", "set
	// full=true", "pass limit=10". With no declared property the model
	// can only guess the name of the switch and of every argument. A bare
	// "x=y" is not enough: it names a response field ("If
	// authenticated=false") or another tool's argument ("run_scene with
	// wait_for_runtime=true").
	mcp026Dispatch = regexp.MustCompile(`\b(?:ops|operations|actions|commands|op|operation|action|command|methods)\s*[:=(]\s*["'\x60]?[a-z_]+["'\x60]?(?:\s*(?:/|\||,|\bor\b)\s*["'\x60]?[a-z_]+["'\x60]?)+` +
		`|\b(?:op|operation|action|command)\s*[:=]\s*["'\x60]?[a-z_]+\b` +
		`|\b(?:set|pass|use|default|specify|supply|provide)\s+\x60?[a-z_][a-z0-9_]*\s*=\s*(?:true|false|\d+|["'\x60][^"'\x60]+["'\x60]|[a-z_]+)\b`)
	// mcp026NoInput is prose saying the tool takes nothing.
	mcp026NoInput = regexp.MustCompile(`\b(?:takes|needs|requires|accepts|has)\s+no\s+(?:arguments?|parameters?|inputs?|args)\b|\bno\s+(?:arguments?|parameters?|inputs?)\s+(?:are\s+)?(?:needed|required)\b|\bwithout\s+(?:any\s+)?(?:arguments?|parameters?)\b`)
	// mcp026Everything is prose saying a find, get or list returns all of
	// a kind, with nothing to choose ("Find all seller standards
	// profiles", "Returns every configured webhook"); a search keeps its
	// query, and a filter ("all issues matching …", "every file in a
	// given folder") names an input.
	mcp026Everything = regexp.MustCompile(`^(?:\W*)(?:finds?|gets?|lists?|fetch(?:es)?|retrieves?|returns?|shows?|reads?)\s+(?:back\s+)?(?:all|every|each)\b`)
	// mcp026Chosen is prose that narrows what the tool returns to what the
	// caller picks.
	mcp026Chosen = regexp.MustCompile(`\b(?:matching|that\s+match\w*|filter\w*|given|specified|provided|selected|chosen|where|query|keyword\w*|search\s+terms?)\b`)
	// mcp026Fixed is prose or a name word for a thing the server supplies
	// itself (a built-in sample, demo or default data set), which the
	// caller need not name.
	mcp026Fixed = regexp.MustCompile(`\b(?:built[\s-]?in|bundled|sample|demo|default)\b`)
	// mcp026Own is prose saying the tool works on the caller's own state.
	mcp026Own = regexp.MustCompile(`\b(?:current|currently|authenticated|logged[- ]in|your\s+own|the\s+caller|this\s+server|connected|active)\b`)
)

// mcp026Needs says why a tool needs inputs, from its name or description,
// or "". A get needs one when it reads one item of a collection: an item
// of many by nature (a file, an issue), or one another tool of the server
// lists (get_issue beside list_issues); get_shop and get_imap read the
// account's own state.
func mcp026Needs(f secTool, all []secTool) string {
	if mcp026NoInput.MatchString(f.desc) || mcp026TakesNothing(f) {
		return ""
	}
	words := f.words
	if len(words) > 1 && !secHasWord(words, mcp026Blank...) && !secHasWord(words, mcp026SelfWords...) {
		for i, w := range words[:min(2, len(words)-1)] {
			rest := words[i+1:]
			if len(rest) > 2 && rest[0] == "or" {
				rest = rest[2:] // create_or_update_file
			}
			obj := strings.Join(rest, " ")
			if secHasWord([]string{w}, mcp026ActVerbs...) {
				return fmt.Sprintf("its name says it %s %s", mcp026Third(w), obj)
			}
			if secHasWord([]string{w}, mcp026GetVerbs...) && !mcp026Own.MatchString(f.desc) {
				head := words[len(words)-1]
				if why := mcp026OneItem(mcp026Third(w), words[i+1:]); why != "" {
					return why
				}
				if text.Singular(head) == head && mcp026Listed(head, all) {
					return fmt.Sprintf("its name says it %s one %s", mcp026Third(w), obj)
				}
			}
		}
	}
	return mcp026DescNeeds(f)
}

// mcp026DescNeeds says why a tool needs inputs from its description alone
// (it names an input, or operations and arguments to set), or "".
func mcp026DescNeeds(f secTool) string {
	if loc := mcp026NamesInputs.FindStringIndex(f.desc); loc != nil {
		return fmt.Sprintf("its description names an input (%q)", strings.TrimSpace(f.desc[loc[0]:loc[1]]))
	}
	if loc := mcp026Dispatch.FindStringIndex(f.desc); loc != nil {
		return fmt.Sprintf("its description names operations or arguments to set (%q)", strings.TrimSpace(f.desc[loc[0]:loc[1]]))
	}
	return ""
}

// mcp026TakesNothing reports whether the tool's name and description say
// it works on what needs no choosing: all of a kind with no filter ("Find
// all seller standards profiles"), or a thing the server supplies itself
// ("Add the built-in sample database").
func mcp026TakesNothing(f secTool) bool {
	if mcp026Chosen.MatchString(f.desc) || mcp026NamesInputs.MatchString(f.desc) || mcp026Dispatch.MatchString(f.desc) {
		return false
	}
	if mcp026Everything.MatchString(strings.TrimSpace(f.desc)) {
		return true
	}
	return secHasWord(f.words, "sample", "demo", "builtin", "default") && mcp026Fixed.MatchString(f.desc)
}

// mcp026Listed reports whether another tool lists or searches the plural
// of noun (list_issues for issue).
func mcp026Listed(noun string, all []secTool) bool {
	for _, o := range all {
		if len(o.words) < 2 || !secHasWord(o.words[:min(2, len(o.words))], "list", "search", "find", "get", "query") {
			continue
		}
		for _, w := range o.words {
			if w != noun && text.Singular(w) == noun {
				return true
			}
		}
	}
	return false
}

// mcp026Third is a verb in the third person ("searches", "pushes").
func mcp026Third(v string) string {
	switch {
	case strings.HasSuffix(v, "sh"), strings.HasSuffix(v, "ch"), strings.HasSuffix(v, "s"), strings.HasSuffix(v, "x"):
		return v + "es"
	case strings.HasSuffix(v, "y") && len(v) > 1 && !strings.ContainsRune("aeiou", rune(v[len(v)-2])):
		return v[:len(v)-1] + "ies"
	}
	return v + "s"
}

// mcp026OneItem says why a get of the object words obj reads one item of a
// collection, or "". The object names an item of many (a file, an issue)
// and its head, the last word, is singular (get_file) or a mass noun the
// item list holds (get_file_contents). A plural head reads many: of a kind
// the server holds as a whole ("message types", "ticket fields": nothing
// to name), or the items of one parent ("issue comments": the parent must
// be named).
func mcp026OneItem(verb string, obj []string) string {
	if !secHasWord(obj, mcp026Items...) {
		return ""
	}
	head := obj[len(obj)-1]
	phrase := strings.Join(obj, " ")
	one := text.Singular(head)
	if one == head || slices.Contains(mcp026Items, head) {
		return fmt.Sprintf("its name says it %s one %s", verb, phrase)
	}
	parent := obj[:len(obj)-1]
	if !slices.Contains(mcp026Items, one) || !secHasWord(parent, mcp026Items...) {
		return ""
	}
	return fmt.Sprintf("its name says it %s the %s of one %s", verb, head, strings.Join(parent, " "))
}

// mcp026HandsBackGuide is a description saying the call returns guidance
// for the model to follow: "to get full workflow instructions", "Returns
// a step-by-step guide for …", "Provides the checklist to …", "Loads the
// playbook for …".
var mcp026HandsBackGuide = regexp.MustCompile(`(?i)\b(?:to\s+(?:get|receive|obtain|load|fetch|read)|returns?|provides?|gives?|loads?|fetch(?:es)?|outputs?|hands?\s+back)\s+(?:you\s+)?(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,3}?(?:instructions|workflow|guide|guidance|checklist|playbook|runbook|walkthrough)s?\b`)
