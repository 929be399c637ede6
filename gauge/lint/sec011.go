package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// sec011 is SEC011 code-execution-surface.
func sec011() Rule {
	return Rule{
		ID: "SEC011", Name: "code-execution-surface", Family: "Security",
		Summary: "The tool runs code, shell commands or raw SQL supplied by the model.",
		Default: Info, Scope: ScopeTool, Origin: OriginMcpgauge, Revision: 3, Check: checkSEC011,
	}
}

// checkSEC011 finds a tool that runs code, shell commands or raw SQL from
// the model (secCodeSurface). The default profile reports it at warning
// with its reach (raw SQL the tool calls read-only at info), and at error
// one that calls itself unsafe while marked read-only.
func checkSEC011(ctx *Context) []Problem {
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		why := secCodeSurface(t, facts[i])
		var sev Severity
		if ctx.Precise() {
			// A tool that calls itself unsafe (RCE-equivalent, arbitrary
			// code outside a sandbox) is not polish: warning, and error
			// when its annotations call it read-only.
			if said, arbitrary := secSelfDeclaredUnsafe(facts[i].words, t.RawDescription); said != "" && (why != "" || arbitrary) {
				if why == "" {
					why = said
				} else {
					why += ", and " + said
				}
				sev = Warning
				if a := t.Annotations; a != nil && a.ReadOnlyHint != nil && *a.ReadOnlyHint {
					sev = Error
				}
			}
		}
		if why == "" {
			continue
		}
		msg := fmt.Sprintf("Tool `%s` is a code-execution surface: %s.", t.Name, why)
		if ctx.Precise() {
			// An execution surface is high-risk whatever its text says: at
			// warning with its reach, so a user sees it at a glance; raw
			// SQL the tool itself calls read-only stays at info.
			reach := secExecutionReach(t, facts[i])
			msg += " Reach: " + reach + "."
			// Raw SQL that may write runs whatever the description's verb
			// ("Query the database with a SQL statement").
			runs := secSaysItRuns(facts[i]) || reach == reachDatabase && !secNoRunTalk.MatchString(facts[i].desc)
			if sev == Off && reach != reachReadOnlySQL && runs && secTakesCode(t, facts[i]) {
				sev = Warning
			}
		}
		out = append(out, Problem{Tool: t.Name, Severity: sev,
			Message:    msg,
			Suggestion: "Run the input in a sandbox, say so in the description, and mark the tool destructiveHint: true and openWorldHint as appropriate so clients ask before calling it; prefer narrow, parameterised tools where you can."})
	}
	return out
}

// Reaches of an execution surface: what the model's input can touch.
const (
	reachLocalShell  = "a shell on the server's host"
	reachRemoteHost  = "a remote host over SSH"
	reachContainer   = "a shell in a running container"
	reachDatabase    = "the database, writes included"
	reachReadOnlySQL = "the database, through queries the tool calls read-only"
	reachAgent       = "another coding agent with its permission checks off"
	reachBrowser     = "the open browser page and its session"
	reachCluster     = "the Kubernetes cluster, through any kubectl command"
	reachCLI         = "any command of the command-line tool it wraps"
	reachProcess     = "code wherever the server runs it"
	reachSandbox     = "a sandboxed shell, as its description says"
	reachIPC         = "the application's backend commands over IPC"
)

var (
	secReachSSH         = regexp.MustCompile(`\bssh\b|\bremote\s+(?:host|server|machine)s?\b`)
	secReachContainer   = regexp.MustCompile(`\b(?:pods?|containers?)\b`)
	secReachAgentTalk   = regexp.MustCompile(`dangerously[- ]skip[- ]permissions|bypass\s*permissions|skip(?:s|ping)?\s+(?:all\s+)?permission|--yolo\b|full[- ]auto\b`)
	secReachBrowser     = regexp.MustCompile(`\b(?:page|browser|dom|tab|webpage)\b`)
	secReachReadOnly    = regexp.MustCompile(`\bread[- ]only\b|\bonly\s+(?:select|read)\b|^(?:execute|run)s?\s+an?\s+select\s+(?:query|statement)\b`)
	secReachIPC         = regexp.MustCompile(`\bipc\b|\binvoke\s+(?:rust\s+)?backend\b`)
	secReachSandbox     = regexp.MustCompile(`\bsandbox(?:ed)?\b`)
	secReachUnsandboxed = regexp.MustCompile(`\b(?:not|no|un|without(?:\s+any)?)[- ]?sandbox`)
	secReachCLI         = regexp.MustCompile(`\bcli\b|\bcommand[- ]line\b`)
	secReachLanguages   = regexp.MustCompile(`\b(?:bash|python|node(?:\.js)?|shell)\b`)
	secReachShellWords  = []string{"shell", "bash", "zsh", "powershell", "cmd", "command", "commands", "terminal", "process", "subprocess"}
)

// secRunsTalk is a name or description saying the tool runs its input.
var secRunsTalk = regexp.MustCompile(`\b(?:run|runs|running|execute|executes|executing|exec|eval|evaluate|evaluates|interpret|interprets|start|starts|cron|schedules?|scheduled)\b`)

// secNoRunTalk is a description saying the tool does not run its input
// (just-bash's bash_transform: "without executing it").
var secNoRunTalk = regexp.MustCompile(`\bwithout\s+(?:executing|running|evaluating)\b|\b(?:does\s+not|doesn't|never)\s+(?:execute|run|evaluate)\b`)

// secAssessTalk is "evaluates X against ...": an assessment, not a run.
var secAssessTalk = regexp.MustCompile(`\bevaluates?\s+(?:a|an|the|your)?\s*(?:[\w-]+\s+){0,3}?against\b`)

// secSaysItRuns reports whether the tool's name or description says it
// runs, executes or evaluates something: a linter that takes source code
// to read is not an execution surface.
func secSaysItRuns(facts secTool) bool {
	if secNoRunTalk.MatchString(facts.desc) {
		return false
	}
	// "Evaluates a design against the framework ... returns a score"
	// assesses the code it is given; it runs nothing.
	if secAssessTalk.MatchString(facts.desc) && !secRunsTalk.MatchString(secAssessTalk.ReplaceAllString(facts.desc, "")) && !secHasWord(facts.words, "run", "exec", "execute", "shell", "bash", "terminal") {
		return false
	}
	return secRunsTalk.MatchString(strings.Join(facts.words, " ")) || secRunsTalk.MatchString(facts.desc) ||
		secHasWord(facts.words, "shell", "bash", "terminal", "repl", "sql", "kubectl", "powershell", "cmd")
}

// secCodeParams are names of a parameter that carries what a tool runs.
var secCodeParams = map[string]bool{
	"command": true, "commands": true, "cmd": true, "script": true, "code": true, "source": true, "sql": true, "query": true,
	"statement": true, "function": true, "expression": true, "expr": true, "program": true, "snippet": true, "prompt": true,
	"input": true, "args": true, "arguments": true, "task": true,
}

// secCommandRouter is a tool whose "command" is one of the server's own
// sub-commands (Azure MCP's hierarchical tools), not a shell command.
var secCommandRouter = regexp.MustCompile(`\bcommand\s+router\b|\bsub[- ]?commands?\s+are\s+routed\b`)

// secTakesCode reports whether the model supplies what the tool runs: a
// free-text parameter named for a command, script, code, SQL or prompt.
// A bash_read_file that takes a path runs nothing the model wrote.
func secTakesCode(t *model.Tool, facts secTool) bool {
	if secCommandRouter.MatchString(facts.desc) {
		return false
	}
	props := t.Params()
	for _, name := range t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		if obj == nil || !secIsFreeText(obj) {
			continue
		}
		if pw := secIdentifierWords(name); len(pw) > 0 && secCodeParams[pw[len(pw)-1]] {
			return true
		}
	}
	return false
}

// secExecutionReach says what an execution surface reaches, from its name,
// description and parameters.
func secExecutionReach(t *model.Tool, facts secTool) string {
	words, desc := facts.words, facts.desc
	params := strings.ToLower(strings.Join(t.ParamNames(), " "))
	switch {
	case secReachAgentTalk.MatchString(desc):
		return reachAgent
	case secHasWord(words, "ssh") || secReachSSH.MatchString(desc):
		return reachRemoteHost
	case secHasWord(words, "sql", "query", "queries") || secSQLTalk.MatchString(desc) || strings.Contains(params, "sql"):
		if secReachReadOnly.MatchString(desc) {
			return reachReadOnlySQL
		}
		return reachDatabase
	case secHasWord(words, "kubectl"):
		return reachCluster
	case secHasWord(words, "pod", "pods", "container", "containers") || secHasWord(words, "exec", "run", "command") && secReachContainer.MatchString(desc):
		return reachContainer
	case !secHasWord(words, "shell", "bash", "terminal") && secReachCLI.MatchString(desc):
		return reachCLI
	case !secHasWord(words, secReachShellWords...) && secReachLanguages.MatchString(desc):
		return reachProcess
	case secHasWord(words, "evaluate", "browser", "page", "playwright", "puppeteer") || secReachBrowser.MatchString(desc) && !secHasWord(words, secReachShellWords...):
		return reachBrowser
	case secReachIPC.MatchString(desc):
		return reachIPC
	case secReachSandbox.MatchString(desc) && !secReachUnsandboxed.MatchString(desc):
		return reachSandbox
	case secHasWord(words, secReachShellWords...) || strings.Contains(params, "command") || strings.Contains(desc, "shell") || strings.Contains(desc, "command"):
		return reachLocalShell
	}
	return reachProcess
}

var (
	secCodeObjects    = []string{"code", "script", "command", "commands", "shell", "sql", "query", "python", "js", "javascript", "snippet", "cell", "expression", "bash", "cmd", "program"}
	secNotCodeContext = regexp.MustCompile(`\b(?:country|zip|postal|language|currency|status|error|auth|authori[sz]ation|verification|promo|coupon|discount|datacenter|data\s+center|iso|area|airport|product|access|confirmation|otp|colou?r|region|locale|http|response|invite|referral|two-factor|2fa|mfa|sms|qr|bar|postcode|discount|voucher|exit)\b`)
	secCodeTalk       = regexp.MustCompile(`\b(?:javascript|js|python|code|function\s+body|arrow\s+function|script|expression)\b|=>`)
	secSQLTalk        = regexp.MustCompile(`\bsql\b|\bselect\s+\S+\s+from\b`)
)

// secCodeSurface says why a tool is a code-execution surface, or "".
func secCodeSurface(t *model.Tool, facts secTool) string {
	words, desc := facts.words, facts.desc
	if secReachAgentTalk.MatchString(desc) {
		return "its description says it runs an agent with its permission checks skipped"
	}
	if secHasWord(words, "eval", "exec", "repl", "shell", "bash", "powershell", "zsh", "subprocess", "cmd") {
		return fmt.Sprintf("its name `%s` says it evaluates or executes input", t.Name)
	}
	for i, w := range words {
		if (w == "run" || w == "execute" || w == "exec" || w == "eval" || w == "evaluate") && i+1 < len(words) && secHasWord(words[i+1:i+2], secCodeObjects...) {
			return fmt.Sprintf("its name `%s` says it runs %s", t.Name, words[i+1])
		}
		// run-gcp-code: a qualifier between the verb and the code.
		if (w == "run" || w == "execute" || w == "exec") && i+2 < len(words) && secHasWord(words[i+2:i+3], "code", "script", "sql", "command", "commands") {
			return fmt.Sprintf("its name `%s` says it runs %s", t.Name, words[i+2])
		}
	}
	if len(words) == 1 && (words[0] == "runcode" || words[0] == "execute") {
		return fmt.Sprintf("its name `%s` says it executes input", t.Name)
	}
	sqlTool := secHasWord(words, "sql") || secSQLTalk.MatchString(desc)
	props := t.Params()
	for _, name := range t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		if obj == nil || !secIsFreeText(obj) {
			continue
		}
		pdesc := ""
		if d, ok := obj["description"].(string); ok {
			pdesc, _ = secFold(d)
		}
		pw := secIdentifierWords(name)
		last := ""
		if len(pw) > 0 {
			last = pw[len(pw)-1]
		}
		switch {
		case len(pw) == 1 && secHasWord(pw, "script", "command", "cmd", "expression", "expr", "eval", "shell", "javascript", "python", "snippet", "program"):
			return fmt.Sprintf("its free-text parameter `%s` takes %s to run", name, last)
		case (last == "code" && len(pw) <= 2 || strings.Join(pw, "_") == "source_code") && !secNotCodeContext.MatchString(pdesc+" "+strings.Join(pw, " ")):
			return fmt.Sprintf("its free-text parameter `%s` takes source code", name)
		case last == "function" && len(pw) == 1 && secCodeTalk.MatchString(pdesc):
			return fmt.Sprintf("its parameter `%s` takes a function body to evaluate", name)
		case last == "sql" || (last == "query" && sqlTool):
			return fmt.Sprintf("its free-text parameter `%s` takes raw SQL", name)
		}
	}
	return ""
}

// secUnsafeTalk matches a tool calling itself unsafe: the tool's own
// warning that it runs arbitrary code outside any sandbox.
var secUnsafeTalk = regexp.MustCompile(`\b(?:unsafe|rce[- ]equivalent|remote\s+code\s+execution|executes?\s+arbitrary\s+(?:code|javascript|js|python|shell\s+commands?|commands?)|runs?\s+arbitrary\s+(?:code|javascript|js|python|shell\s+commands?|commands?)|(?:not|no|un)[- ]?sandbox(?:ed|ing)?|without\s+(?:any\s+)?sandbox(?:ing)?)\b`)

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
