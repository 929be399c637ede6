package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// sec012 is SEC012 annotation-contradiction.
func sec012() Rule {
	return Rule{
		ID: "SEC012", Name: "annotation-contradiction", Family: "Security",
		Summary: "The tool's behaviour hints contradict its name or description.",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge, Revision: 2, Check: checkSEC012,
	}
}

// checkSEC012 finds behaviour hints that contradict the tool's name or the
// opening of its description: readOnlyHint on a tool that changes things,
// destructiveHint: false on one that destroys, both at once, and
// idempotentHint on one that adds something each call. The default profile
// also reads destructive and mutating modes, remote sends and read-named
// tools. A contradiction that hides no destructive action is marked Design.
func checkSEC012(ctx *Context) []Problem {
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		a := t.Annotations
		if a == nil {
			continue
		}
		words, desc := facts[i].words, facts[i].desc
		// Only the description's opening verb counts: descriptions often
		// mention destruction to steer away from it ("To permanently remove a
		// ticket, use archive_ticket").
		destructiveText := secDestructiveOpening.MatchString(desc)
		if ctx.Precise() && !destructiveText {
			// The default profile also reads an operation or flag that
			// destroys (git_branch mode "delete", git_push force).
			destructiveText = preciseDescribesDestruction(&tgTools(ctx)[i]) != ""
		}
		// design marks a contradiction that hides no destructive action: the
		// mcpgauge score counts it as tool design, not security.
		design := true
		add := func(msg, fix string) {
			out = append(out, Problem{Tool: t.Name, Message: msg, Suggestion: fix, Design: design})
		}
		readNamed := ctx.Precise() && secReadNamed(words) && !secMutatingOpening.MatchString(desc)
		if ctx.Precise() && destructiveText && secHasWord(words[:min(2, len(words))], secCheckVerbs...) {
			// DNS_validateDNSRecords: a check of a change destroys nothing,
			// whatever the flag it validates says.
			destructiveText = false
		}
		// saysReadOnly: the description says it only reads ("runs saved
		// queries in read-only transactions") or only hands back
		// instructions ("Provide installation instructions"), so a write
		// word in its name is what it is about, not what it does.
		saysReadOnly := ctx.Precise() && secSaysReadOnly.MatchString(desc)
		if a.ReadOnlyHint != nil && *a.ReadOnlyHint {
			design = secDestructiveVerb(words) == "" && !destructiveText && (a.DestructiveHint == nil || !*a.DestructiveHint)
			switch {
			case (readNamed || saysReadOnly) && (a.DestructiveHint == nil || !*a.DestructiveHint):
				// get_merge_request_commits: a verb inside a read tool's name
				// names what is read, not an action.
			case secDestructiveVerb(words) != "" || secHasWord(words, secWriteVerbs...):
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but its name says it changes things.", t.Name),
					"Set readOnlyHint: false (and destructiveHint to match), or rename the tool if it really only reads. Clients skip confirmation for read-only tools.")
			case secMutatingOpening.MatchString(desc):
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but its description says it modifies or deletes data.", t.Name),
					"Set readOnlyHint: false (and destructiveHint to match), or fix the description. Clients skip confirmation for read-only tools.")
			case ctx.Precise() && destructiveText && (a.DestructiveHint == nil || !*a.DestructiveHint):
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but it can destroy data (%s).", t.Name, preciseDescribesDestruction(&tgTools(ctx)[i])),
					"Set readOnlyHint: false and destructiveHint: true, or split the destructive operation into its own tool. Clients skip confirmation for read-only tools.")
			case ctx.Precise() && secSendsRemote(t.RawDescription) != "":
				design = false // the hint hides data leaving the machine
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but its description says it sends data to a remote service: %q. Clients run read-only tools without asking, so the user's data leaves without a prompt.", t.Name, secSendsRemote(t.RawDescription)),
					"Set readOnlyHint: false and openWorldHint: true so clients ask before the data leaves, and say in the description what is sent and where.")
			case ctx.Precise() && preciseMutatingMode(&tgTools(ctx)[i]) != "":
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but it can change state (%s).", t.Name, preciseMutatingMode(&tgTools(ctx)[i])),
					"Set readOnlyHint: false, or move the changing operation into its own tool so the reads can stay read-only. Clients skip confirmation for read-only tools.")
			case a.DestructiveHint != nil && *a.DestructiveHint:
				add(fmt.Sprintf("Tool `%s` sets both readOnlyHint: true and destructiveHint: true.", t.Name),
					"A read-only tool cannot be destructive: decide which it is and drop the other hint.")
			}
		}
		design = false
		if a.DestructiveHint != nil && !*a.DestructiveHint && (secDestructiveVerb(words) != "" && !readNamed || destructiveText) {
			add(fmt.Sprintf("Tool `%s` is marked destructiveHint: false, but its name or description says it deletes or irreversibly changes data.", t.Name),
				"Set destructiveHint: true so clients ask the user before calling it.")
		}
		design = true
		// The default profile needs the description to say each call adds
		// something: creating an association twice, or an entity keyed by
		// name, leaves one (issue 21), and "post" in read_post or
		// PostInstallScript is a noun.
		if a.IdempotentHint != nil && *a.IdempotentHint && secHasWord(words, secNonIdempotent...) && !secIdempotentTalk.MatchString(desc) &&
			(!ctx.Precise() || secEachCallAdds.MatchString(desc)) {
			add(fmt.Sprintf("Tool `%s` is marked idempotentHint: true, but its name says each call adds something new.", t.Name),
				"Set idempotentHint: false, or make repeated calls really have no extra effect (for example with an idempotency key) and say so in the description.")
		}
	}
	return out
}

var (
	secWriteVerbs         = []string{"create", "update", "write", "set", "insert", "modify", "send", "post", "upload", "put", "patch", "edit", "move", "rename", "add", "save", "publish", "deploy", "execute", "exec", "run", "append", "merge", "push", "commit", "install", "transfer", "pay", "cancel", "close", "archive"}
	secMutatingOpening    = regexp.MustCompile(`^\s*(?:deletes|removes|destroys|drops|purges|wipes|erases|truncates|overwrites|creates|updates|writes|modifies|sends|uploads|inserts|moves|renames|publishes|deploys|executes|cancels|archives|resets|revokes|terminates|kills)\b`)
	secDestructiveOpening = regexp.MustCompile(`^\s*(?:permanently\s+|irreversibly\s+)?(?:deletes|removes|destroys|drops|purges|wipes|erases|truncates|overwrites|resets|revokes|terminates|kills|uninstalls)\b`)
	secIdempotentTalk     = regexp.MustCompile(`\balready\s+exists?\b|\bsucceeds?\s+silently\b|\bno-?op\b|\bidempoten|\bif\s+(?:it|they)\s+(?:does|do)\s+not\s+(?:already\s+)?exist|\bupsert|\bcreates?\s+or\s+(?:updates?|replaces?)\b|\bidempotency\s+key\b`)
	secNonIdempotent      = []string{"append", "create", "add", "insert", "post", "send", "push", "increment", "enqueue", "submit", "publish", "comment", "reply", "duplicate", "clone", "fork"}
)

var (
	// secCheckVerbs open the name of a tool that checks a change rather
	// than making it.
	secCheckVerbs = []string{"validate", "check", "verify", "preview", "simulate", "test", "dry", "lint", "diff", "plan"}
	// secSaysReadOnly is a description saying the tool only reads or only
	// returns instructions.
	secSaysReadOnly = regexp.MustCompile(`\bread[- ]only\b|^\s*(?:provides?|returns?|gets?|shows?|gives?|lists?)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}(?:instructions|steps|guide|guidance)\b`)
	// secEachCallAdds is a description saying every call adds something.
	secEachCallAdds = regexp.MustCompile(`\b(?:each|every)\s+(?:call|time|invocation|run|request)\b|\balways\s+(?:creates?|adds?|appends?)\b|\bappends?\b|\bduplicates?\b`)
)

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

// secReadNamed reports whether a name's words open with a read verb (in
// the first or second place, after a namespace such as git_ or gitlab_),
// with no destructive verb before it.
func secReadNamed(words []string) bool {
	for i, w := range words {
		if i > 1 {
			return false
		}
		if text.IsDestructiveVerb(w) {
			return false
		}
		if text.IsReadVerb(w) {
			return true
		}
	}
	return false
}
